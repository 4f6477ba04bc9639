import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { createSignedInUser } from "../helpers/factories";
import { inlinedLoaderData } from "../helpers/page-data";

// Decision 0045: a page's loader data is written into it without reading back turbo-stream's stream; what
// the browser receives must be what it was, and the browser tests hydrate every page from it.
describe("a rendered page", () => {
  it("is the whole document, with its loader data and the stream's end", async () => {
    const res = await api("/auth", { headers: { "X-Page-Cache": "bypass" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.text.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(res.text).toContain("</html>");
    expect(res.text.split("window.__remixContext.streamController.close();")).toHaveLength(2);

    const { chunks, data } = await inlinedLoaderData(res.text);
    expect(chunks).toHaveLength(1);
    expect(data.loaderData.root).toMatchObject({ lang: "ru", user: null });
  });

  it("carries a signed-in page's own data, in the reader's language", async () => {
    const user = await createSignedInUser({ name: "Ярослава" });
    const res = await api("/profile/settings", { cookie: `session=${user.token}`, lang: "en", headers: { "X-Page-Cache": "bypass" } });
    expect(res.status).toBe(200);
    const { data } = await inlinedLoaderData(res.text);
    expect(data.loaderData.root).toMatchObject({ lang: "en", user: { id: user.id, name: "Ярослава" } });
    expect(data.loaderData["routes/profile.settings"]).toMatchObject({ email: user.email });
  });

  it.each([
    ["ru", "Более 1000 экспертов, 70 направлений бизнеса", "карусель", "дд.мм.гггг"],
    ["en", "More than 1000 experts, 70 business areas", "carousel", "dd.mm.yyyy"],
  ] as const)("speaks the reader's language (%s) also where only search engines and screen readers look", async (lang, description, carousel, datePlaceholder) => {
    const landing = await api("/", { lang, headers: { "X-Page-Cache": "bypass" } });
    expect(landing.text).toMatch(new RegExp(`<meta name="description" content="${description}[^"]*"/>`));
    expect(landing.text).toContain(`aria-roledescription="${carousel}"`);
    const user = await createSignedInUser();
    const form = await api("/request-add", { cookie: `session=${user.token}`, lang, headers: { "X-Page-Cache": "bypass" } });
    expect(form.status).toBe(200);
    expect(form.text).toContain(`placeholder="${datePlaceholder}"`);
  });

  // Decision 0047: a page is rendered to one string; a page with a part that suspends (a component loaded
  // lazily, on its first render in an isolate) is rendered again by the streaming renderer, which waits for
  // it. Either way the document is the whole page: the same on its first view as on the next, with no part
  // left for the browser to render (`<!--$!`) and its loader data inlined once.
  it.each([
    ["the landing", "/", false],
    // The promo block shown to a signed-in user loads its code lazily (app/components/promo-block.tsx).
    ["the landing with the promo block", "/", true],
    ["the service wizard", "/service-add", true],
  ])("is whole for %s on its first view and after", async (_name, path, signedIn) => {
    const cookie = signedIn ? `session=${(await createSignedInUser()).token}` : undefined;
    const views = [];
    for (let i = 0; i < 3; i++) {
      const res = await api(path, { cookie, headers: { "X-Page-Cache": "bypass" } });
      expect(res.status).toBe(200);
      expect(res.text.startsWith("<!DOCTYPE html><html")).toBe(true);
      expect(res.text).not.toContain("<!--$!");
      expect(res.text).not.toContain("<!--$?");
      expect(res.text.split("window.__remixContext.streamController.close();")).toHaveLength(2);
      const nonce = /nonce="([^"]+)"/.exec(res.text)![1]!;
      views.push(res.text.split(nonce).join("NONCE").replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME"));
    }
    expect(views[1]).toBe(views[0]);
    expect(views[2]).toBe(views[0]);
  });
});
