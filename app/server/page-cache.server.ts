/**
 * A per-isolate micro-cache of the public pages a guest opens first (the landing, sign-in, registration,
 * FAQ, /mock): the same HTML for every guest of one language, mode and country, rendered once per
 * `PAGE_CACHE_TTL_MS` instead of on every request (docs/decisions/0018-guest-page-cache.md).
 *
 * Only what is the same for every such guest is kept: a GET without a query and without a session, a 200
 * HTML answer that sets no cookie. The CSP nonce is per response: the stored HTML's nonce is replaced by
 * the new request's one, so a cached page still carries an unpredictable nonce.
 */
export const PAGE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 64;
export const GUEST_CACHE_PATHS: ReadonlySet<string> = new Set(["/", "/auth", "/sign-up", "/faq", "/mock"]);

type Entry = { until: number; status: number; headers: [string, string][]; body: string; nonce: string };
const entries = new Map<string, Entry>();

/** The key of a guest request that may be served from the cache, or null. */
export function guestPageKey(request: Request, parts: { signedIn: boolean; hasSessionCookie: boolean; lang: string; mode: string; country: string | null }) {
  if (request.method !== "GET" || parts.signedIn || parts.hasSessionCookie) return null;
  const url = new URL(request.url);
  if (url.search || !GUEST_CACHE_PATHS.has(url.pathname)) return null;
  return `${parts.lang}|${parts.mode}|${parts.country ?? "-"}|${url.pathname}`;
}

/** A stored page with the nonce of this request, or null. */
export function cachedPage(key: string, nonce: string, now = Date.now()): Response | null {
  const hit = entries.get(key);
  if (!hit || hit.until <= now) return null;
  const headers = new Headers(hit.headers);
  headers.set("X-Page-Cache", "hit");
  return new Response(hit.body.replaceAll(hit.nonce, nonce), { status: hit.status, headers });
}

/** Keeps a page if it is the same for every guest (200, HTML, no cookie); returns the response to send. */
export async function storePage(key: string, response: Response, nonce: string, now = Date.now()): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.includes("text/html") || response.headers.has("Set-Cookie")) return response;
  const body = await response.text();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { until: now + PAGE_CACHE_TTL_MS, status: response.status, headers: [...response.headers], body, nonce });
  const headers = new Headers(response.headers);
  headers.set("X-Page-Cache", "miss");
  return new Response(body, { status: response.status, headers });
}

/** Empties the cache (tests, and an operator's change to what guests see). */
export function clearPageCache() {
  entries.clear();
}
