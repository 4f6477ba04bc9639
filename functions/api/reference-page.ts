type Doc = { info: { title: string; description?: string }; paths?: Record<string, Record<string, Operation> | undefined> };
type Operation = { summary?: string; description?: string; tags?: string[]; security?: unknown[]; requestBody?: { content?: Record<string, unknown> }; responses?: Record<string, { description?: string }> };

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The reference page of /api/docs, rendered on the server from the OpenAPI document: no script, so the CSP
 * and an offline machine are no obstacle. It lists each operation with its body types and answers; the
 * schemas themselves are in /api/openapi.json.
 */
export function referencePage(document: unknown): string {
  const doc = document as Doc;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops ?? {})) {
      const tag = op.tags?.[0] ?? "other";
      const bodies = Object.keys(op.requestBody?.content ?? {}).join(", ");
      const answers = Object.entries(op.responses ?? {})
        .map(([status, r]) => `<li><code>${esc(status)}</code> ${esc(r.description ?? "")}</li>`)
        .join("");
      const auth = op.security?.length ? (op.security.some((s) => s && Object.keys(s as object).length === 0) ? "session optional" : "session required") : "public";
      const item = `<article><h3><code>${esc(method.toUpperCase())} /api${esc(path)}</code></h3><p>${esc(op.summary ?? "")} <small>(${auth})</small></p>${
        op.description ? `<p>${esc(op.description)}</p>` : ""
      }${bodies ? `<p>Body: <code>${esc(bodies)}</code></p>` : ""}<ul>${answers}</ul></article>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), item]);
    }
  }
  const sections = [...byTag].map(([tag, items]) => `<section><h2>${esc(tag)}</h2>${items.join("")}</section>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}article{border-top:1px solid #ddd;padding:8px 0}h3{margin:4px 0;font-size:1rem}ul{margin:4px 0}</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? "")}</p><p><a href="/api/openapi.json">openapi.json</a></p>${sections}</body></html>`;
}
