import { pageStateOf, type Actor, type PageState } from "~/server/session.server";

/**
 * A per-isolate micro-cache of rendered pages, in two kinds:
 *
 * - **Guest pages** (decision 0018): the public pages a guest opens first (the landing, sign-in,
 *   registration, FAQ, /mock), the same HTML for every guest of one language, mode and country, rendered
 *   once per `PAGE_CACHE_TTL_MS` instead of on every request.
 * - **Signed-in pages** (decision 0021): the profile pages, per viewer, kept only while nothing they show
 *   has changed. Every write to a table the pages read moves `data_version` on in the same statement (the
 *   triggers of migration 0004), and the session's statement reads it: the key holds that version, so the
 *   first request after any write renders afresh, whoever wrote (the user, another user's rating, an
 *   operator's moderation, a migration or a seed). The time limit, `ACCOUNT_CACHE_TTL_MS`, bounds what
 *   only time changes (the promo block's interval, the signed URLs' five minutes).
 *
 * Only a 200 answer that sets no cookie is kept: an HTML page, or a single-fetch `.data` answer (a client
 * navigation or a revalidation). The CSP nonce is per response: the stored HTML's nonce is replaced by the
 * new request's one, so a cached page still carries an unpredictable nonce.
 */
export const PAGE_CACHE_TTL_MS = 30_000;
export const ACCOUNT_CACHE_TTL_MS = 60_000;
/** What the cache may hold per isolate (a profile page is ≈ 100–250 KB of HTML). */
const MAX_BYTES = 8 * 1024 * 1024;
export const GUEST_CACHE_PATHS: ReadonlySet<string> = new Set(["/", "/auth", "/sign-up", "/faq", "/mock"]);
/** The own profile and someone else's (/profile/{id}, /profile/{id}/expert), their documents and `.data`. */
const ACCOUNT_CACHE_PATH = /^\/profile\/(?:information|\d{1,12}(?:\/expert)?)(?:\.data)?$/;

/**
 * The tables whose writes do not move data_version (no triggers in migration 0004), each with why no
 * cached page can show a stale value of it. `tests/integration/page-cache.test.ts` checks that every other
 * table has its three triggers.
 */
export const UNVERSIONED_TABLES: Readonly<Record<string, string>> = {
  data_version: "the version itself",
  sessions: "read afresh by every request (the session's statement), before the cache is asked",
  client_storage: "the visit record is read with the session and is part of the key",
  client_events: "a log of the promo block's events, shown nowhere",
  rate_limits: "counters, shown nowhere",
  audit_log: "a log, shown on no cached page",
  mail_outbox: "the development outbox, shown on no cached page",
  uploads: "direct uploads in progress, shown on no page until they become files",
};

type Entry = { until: number; status: number; headers: [string, string][]; body: string; nonce: string; bytes: number };
const entries = new Map<string, Entry>();
let bytes = 0;

/** The key of a guest request that may be served from the cache, or null. */
export function guestPageKey(request: Request, parts: { signedIn: boolean; hasSessionCookie: boolean; lang: string; mode: string; country: string | null }) {
  if (request.method !== "GET" || parts.signedIn || parts.hasSessionCookie) return null;
  const url = new URL(request.url);
  if (url.search || !GUEST_CACHE_PATHS.has(url.pathname)) return null;
  return `${parts.lang}|${parts.mode}|${parts.country ?? "-"}|${url.pathname}`;
}

/**
 * The key of a signed-in request that may be served from the cache, or null: everything the page depends
 * on besides the tables under data_version. The actor's own fields (name, roles, verification) come from
 * the users and user_roles tables, so the version covers them. `page` is the state read with the actor's
 * session (no state, no key: a page is never cached without its version).
 */
export function accountPageKey(
  request: Request,
  actor: Actor | null,
  parts: { lang: string; mode: string; country: string | null },
  page: PageState | null = pageStateOf(actor),
) {
  if (request.method !== "GET" || !actor || !page) return null;
  const url = new URL(request.url);
  if (!ACCOUNT_CACHE_PATH.test(url.pathname)) return null;
  return [
    "account",
    page.dataVersion,
    actor.user.id,
    actor.impersonator?.id ?? "-",
    parts.lang,
    parts.mode,
    parts.country ?? "-",
    url.pathname + url.search,
    page.visitRecord ?? "-",
  ].join("|");
}

/** A stored page with the nonce of this request, or null. */
export function cachedPage(key: string, nonce: string, now = Date.now()): Response | null {
  const hit = entries.get(key);
  if (!hit) return null;
  if (hit.until <= now) {
    forget(key, hit);
    return null;
  }
  // Most recently used last: the oldest use goes first when the cache is full.
  entries.delete(key);
  entries.set(key, hit);
  const headers = new Headers(hit.headers);
  headers.set("X-Page-Cache", "hit");
  return new Response(hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body, { status: hit.status, headers });
}

const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script)\b/;

/**
 * Keeps a page if it may be served again (200, HTML or single-fetch data, no cookie) for `ttlMs`;
 * returns the response to send.
 */
export async function storePage(key: string, response: Response, nonce: string, now = Date.now(), ttlMs = PAGE_CACHE_TTL_MS): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !CACHEABLE_TYPE.test(type) || response.headers.has("Set-Cookie")) return response;
  const body = await response.text();
  const size = body.length * 2;
  if (size <= MAX_BYTES / 4) {
    const old = entries.get(key);
    if (old) forget(key, old);
    while (bytes + size > MAX_BYTES && entries.size) {
      const [oldestKey, oldest] = entries.entries().next().value!;
      forget(oldestKey, oldest);
    }
    const html = type.startsWith("text/html");
    entries.set(key, { until: now + ttlMs, status: response.status, headers: [...response.headers], body, nonce: html ? nonce : "", bytes: size });
    bytes += size;
  }
  const headers = new Headers(response.headers);
  headers.set("X-Page-Cache", "miss");
  return new Response(body, { status: response.status, headers });
}

function forget(key: string, entry: Entry) {
  entries.delete(key);
  bytes -= entry.bytes;
}

/** Empties the cache (tests, and an operator's change to what guests see). */
export function clearPageCache() {
  entries.clear();
  bytes = 0;
}
