import { Marked } from "marked";

/**
 * FAQ answers are Markdown written by operators (spec 1 §2). They are rendered to HTML on the server,
 * in the loader, so `marked` never reaches the browser bundle, and the result is safe to inject:
 * - raw HTML, block or inline, is shown as text, never passed through (no <script>, no onerror=…);
 * - links keep only http(s) and mailto addresses and open in a new tab without an opener or referrer;
 *   any other scheme (javascript:, data:, vbscript:, relative tricks) leaves the link text alone;
 * - images are not loaded (an answer must not pull a tracker or a broken picture): their alt text stays;
 * - headings move two levels down so they sit under the page's h1 and the group's h2.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SAFE_HREF = /^(?:https?:\/\/[^\s]|mailto:[^\s])/i;

/** The address as written, when it is one we allow; null otherwise. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const value = href.trim();
  // Control characters and whitespace inside a scheme are how `java\tscript:` slips past filters.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return SAFE_HREF.test(value) ? value : null;
}

const markdown = new Marked({
  async: false,
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      const url = safeHref(href);
      if (!url) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(url)}"${titleAttr} target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    image({ text }) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }) {
      const level = Math.min(6, depth + 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** Markdown → HTML that is safe to put into the page as is. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source ?? "", { async: false }) as string;
}
