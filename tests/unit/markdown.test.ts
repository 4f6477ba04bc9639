import { describe, expect, it } from "vitest";
import { renderMarkdown, safeHref } from "~/domain/faq/markdown.server";

/** Every opening tag of the output: name and raw attributes. */
const tags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({ name: m[1]!.toLowerCase(), attrs: m[2]! }));

describe("renderMarkdown", () => {
  it("renders the Markdown of the FAQ answers: emphasis, lists, paragraphs", () => {
    const html = renderMarkdown("Нажмите **«Создать запрос»**:\n\n- опишите задачу;\n- задайте бюджет.\n\n1. раз\n2. два");
    expect(html).toContain("<strong>«Создать запрос»</strong>");
    expect(html).toContain("<ul>\n<li>опишите задачу;</li>");
    expect(html).toContain("<ol>\n<li>раз</li>");
  });

  it("shows an inline <script> as text", () => {
    const html = renderMarkdown("Ответ <script>alert(1)</script> здесь");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows a block of raw HTML as text", () => {
    const html = renderMarkdown("<div onclick=\"alert(1)\">\n<script>alert(2)</script>\n</div>\n\nдальше");
    expect(tags(html).map((t) => t.name)).toEqual(["p"]);
    expect(html).toContain("&lt;div onclick=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("<p>дальше</p>");
  });

  it("neutralises <img onerror>, <iframe>, <svg onload> and HTML comments", () => {
    for (const src of ['<img src=x onerror="alert(1)">', "<iframe src=\"https://evil.example\"></iframe>", "<svg onload=alert(1)>", "text <!-- <img src=x onerror=alert(1)> -->", "<a href=\"javascript:alert(1)\">x</a>"]) {
      const html = renderMarkdown(src);
      expect(tags(html).every((t) => t.name === "p"), `${src} → ${html}`).toBe(true);
      expect(html).not.toMatch(/<(img|iframe|svg|a)\b/i);
      expect(html).not.toMatch(/<!--/);
    }
  });

  it("does not load Markdown images, keeps their alt text", () => {
    const html = renderMarkdown('![схема <b>](https://tracker.example/p.png "t") и ![x](javascript:alert(1))');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain("схема &lt;b&gt;");
  });

  it("drops javascript:, data: and other schemes from links, keeping the text", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#115;cript:alert(1)", "java%73cript:alert(1)", "&#106;avascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)", "//evil.example/path", "/relative/path", "ftp://files.example/x"]) {
      const html = renderMarkdown(`[нажмите](${href})`);
      expect(html, href).toBe("<p>нажмите</p>\n");
    }
    expect(renderMarkdown("[x](<javascript:alert(1)>)")).toBe("<p>x</p>\n");
    expect(renderMarkdown("<javascript:alert(1)>")).not.toMatch(/<a\b/);
    expect(renderMarkdown("[x]: javascript:alert(1)\n\n[нажмите][x]")).toBe("<p>нажмите</p>\n");
  });

  it("keeps http(s) and mailto links, opening them in a new tab without opener or referrer", () => {
    const html = renderMarkdown("Пишите на [support@expert-market.ru](mailto:support@expert-market.ru) или [сайт](https://example.ru/a?b=1&c=2 \"Сайт\").");
    expect(html).toContain('<a href="mailto:support@expert-market.ru" target="_blank" rel="noopener noreferrer">support@expert-market.ru</a>');
    expect(html).toContain('<a href="https://example.ru/a?b=1&amp;c=2" title="Сайт" target="_blank" rel="noopener noreferrer">сайт</a>');
    for (const t of tags(html).filter((t) => t.name === "a")) expect(t.attrs).toContain('rel="noopener noreferrer"');
  });

  it("makes bare URLs links only with the same safeguards", () => {
    const html = renderMarkdown("См. https://example.ru/faq и support@expert-market.ru");
    expect(html).toContain('<a href="https://example.ru/faq" target="_blank" rel="noopener noreferrer">https://example.ru/faq</a>');
    expect(html).toContain('<a href="mailto:support@expert-market.ru" target="_blank" rel="noopener noreferrer">support@expert-market.ru</a>');
  });

  it("cannot break out of an attribute through the title or the address", () => {
    const html = renderMarkdown('[x](https://example.ru/"onmouseover="alert(1) "a\\" onfocus=\\"alert(1)")');
    const link = tags(html).find((t) => t.name === "a")!;
    // Every attribute is a quoted name="value" pair, and the names are only ours.
    expect(link.attrs.replace(/\s[a-z]+="[^"]*"/g, "")).toBe("");
    expect([...link.attrs.matchAll(/\s([a-z]+)="/g)].map((m) => m[1])).toEqual(["href", "title", "target", "rel"]);
  });

  it("escapes text and code", () => {
    expect(renderMarkdown("1 < 2 & 3 > 2 `<b>`")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2 <code>&lt;b&gt;</code></p>\n");
    expect(renderMarkdown("```\n<script>alert(1)</script>\n```")).not.toMatch(/<script/);
  });

  it("moves headings below the page's h1 and the group's h2", () => {
    expect(renderMarkdown("# Шаги\n\n### Детали")).toBe("<h3>Шаги</h3>\n<h5>Детали</h5>\n");
  });
});

describe("safeHref", () => {
  it("allows http, https and mailto only", () => {
    expect(safeHref("https://example.ru")).toBe("https://example.ru");
    expect(safeHref(" HTTP://example.ru ")).toBe("HTTP://example.ru");
    expect(safeHref("mailto:a@b.ru")).toBe("mailto:a@b.ru");
    for (const bad of ["javascript:alert(1)", "java\tscript:alert(1)", "https://\u0000x", "data:,x", "#support", "", null]) expect(safeHref(bad)).toBeNull();
  });
});
