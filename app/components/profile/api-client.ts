/**
 * The profile sections talk to the same /api the mobile and API clients use (the session cookie
 * authenticates them; docs/decisions/0014-experience.md), then revalidate the page's loader.
 */
export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; errors: Record<string, string[]>; uploadsGone?: string[] };

export async function callApi<T = unknown>(path: string, opts: { method?: string; json?: unknown; form?: FormData } = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  try {
    const res = await fetch(path, { method: opts.method ?? (body ? "POST" : "GET"), headers, body, credentials: "same-origin" });
    const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]>; uploads_gone?: string[] };
    if (res.ok) return { ok: true, status: res.status, body: data as T };
    // spec 2 §8: the message if present, otherwise the values of the error object joined with commas.
    const message = data.message || Object.values(data.errors ?? {}).flat().join(", ");
    // Uploads the server refused for good (decision 0058): the form's upload field marks their files.
    return { ok: false, status: res.status, message, errors: data.errors ?? {}, ...(Array.isArray(data.uploads_gone) ? { uploadsGone: data.uploads_gone } : {}) };
  } catch {
    return { ok: false, status: 0, message: "", errors: {} };
  }
}

/** Field errors of works[0] keyed by the field alone ('company_id', 'workareas', …). */
export function stripPrefix(errors: Record<string, string[]>, prefix: string) {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) out[k.startsWith(prefix) ? k.slice(prefix.length) : k] = v;
  return out;
}
