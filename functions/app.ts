import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { DomainError } from "~/domain/errors";
import { SpeculationFailed } from "~/server/speculation.server";
import { createContext, D1_BOOKMARK_COOKIE, D1_BOOKMARK_HEADER, type AppContext } from "~/server/context.server";
import { ConfigError, isDevEnv } from "~/server/env.server";
import { randomToken } from "~/server/crypto.server";
import { contentVersion } from "~/server/content-version.server";
import { navBadgeStatement } from "~/domain/visits/visits.server";
import { readMode } from "~/web/mode.server";
import { accountPageKey, ACCOUNT_CACHE_TTL_MS, cachedPage, guestPageKey, PAGE_CACHE_TTL_MS, storePage } from "~/web/page-cache.server";
import { readCookie, requestToken, resolveActor, serializeCookie, sessionCookieNames } from "~/server/session.server";
import { recordImpersonatedRequest } from "~/server/audit.server";
import { mayAct } from "~/server/d1-start";
import { createApi } from "./api";
import { devApp } from "./dev";
import { docsApp } from "./docs";
import { bodyLimit, errorBody, limitBody, type HonoEnv } from "./http";

/** Paths that never render a page (so never the root loader's menus). */
const NOT_PAGES = /^\/(api|dev|docs|bench)(\/|$)/;

/** Requests to run again without a guess (decision 0043), and those running again. */
const runAgain = new WeakSet<Request>();
const unguessed = new WeakSet<Request>();

/** Replicas lag the primary by seconds at most: five minutes of "at least this new" covers a user's next pages. */
const BOOKMARK_COOKIE_SECONDS = 300;

function log(entry: Record<string, unknown>) {
  console.log(JSON.stringify(entry));
}

/** Where the browser sends direct uploads: the S3 endpoint's origin (R2, s3rver), or AWS S3's own hosts. */
function storageOrigin(env: AppContext["env"]): string {
  if (!env.S3_ENDPOINT) return "https://*.amazonaws.com";
  // The endpoint is configuration: parsed once per isolate, not on every answer.
  if (storageOriginOf?.endpoint !== env.S3_ENDPOINT) {
    let origin = "";
    try {
      origin = new URL(env.S3_ENDPOINT).origin;
    } catch {
      // no origin: the pages may then PUT nowhere but to themselves
    }
    storageOriginOf = { endpoint: env.S3_ENDPOINT, origin };
  }
  return storageOriginOf.origin;
}
let storageOriginOf: { endpoint: string; origin: string } | undefined;

/** CSP with a per-request nonce: the only inline scripts are Remix's own, which carry it. */
function securityHeaders(headers: Headers, nonce: string, isHtml: boolean, production: boolean, storageOrigin: string) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (isHtml) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        // The local S3 server serves images over http in development only (issue 10: not in production).
        `img-src 'self' data: blob: https:${production ? "" : " http://127.0.0.1:* http://localhost:*"}`,
        "font-src 'self' data:",
        // The pages PUT files straight to storage (decision 0032): its origin, and nothing else.
        `connect-src 'self' ${storageOrigin}`,
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
      ].join("; "),
    );
  } else {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
}

/**
 * The Worker's Hono app. It is built into the Remix server bundle (exported from entry.server) so that
 * all server code is bundled once, by Vite; functions/index.ts only wires the two together.
 */
export function createApp(build: ServerBuild) {
let remixHandler: ReturnType<typeof createRequestHandler> | undefined;
const app = new Hono<HonoEnv>();

app.use(async (c, next) => {
  const started = Date.now();
  const raw = c.req.raw;
  const requestId = c.req.header("X-Request-Id")?.slice(0, 64) || crypto.randomUUID();
  const nonce = randomToken(16);
  c.set("requestId", requestId);
  c.set("nonce", nonce);
  let ctx: AppContext;
  try {
    ctx = await createContext(c.env, c.req.raw, safeExecutionCtx(c), { requestId });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // Fail closed (issue 10, finding 2): a Worker deployed without its real secrets serves nothing, the dev
    // routes included. The log names the fields, never their values.
    log({ level: "error", requestId, msg: "refusing to serve: invalid configuration", fields: e.fields });
    return new Response("Service unavailable: the server is not configured.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300", "X-Content-Type-Options": "nosniff", "X-Request-Id": requestId },
    });
  }
  c.set("ctx", ctx);
  await next();
  const isHtml = (c.res.headers.get("Content-Type") ?? "").includes("text/html");
  // A response made in this Worker has mutable headers; only one with immutable headers (a fetched one)
  // is copied. Hono's setter copies a response and its headers on every assignment, so the copy is put
  // in place through an unset (as the body-limit middleware does).
  try {
    c.res.headers.set("X-Request-Id", requestId);
  } catch {
    const copy = new Response(c.res.body, c.res);
    c.res = undefined as unknown as Response;
    c.res = copy;
  }
  securityHeaders(c.res.headers, nonce, isHtml, !isDevEnv(ctx.env), storageOrigin(ctx.env));
  c.res.headers.set("X-Request-Id", requestId);
  if (isDevEnv(ctx.env)) {
    c.res.headers.set("X-D1-Queries", String(ctx.queries.n));
    c.res.headers.set("X-D1-Statements", String(ctx.queries.statements));
  }
  handBackBookmark(c.req.raw, c.res.headers, ctx);
  if (c.req.path.startsWith("/api/")) c.res.headers.set("Content-Language", ctx.lang);
  const guess = runAgain.has(raw) ? { guess: "missed" } : {};
  log({ level: "info", requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Date.now() - started, d1: ctx.queries.n, ...guess });
});

/**
 * Read your own writes under D1 read replication (decision 0034): the API answers where its D1 session
 * stands in `X-D1-Bookmark` (a client sends it back with its next call), and a state change that moved it
 * sets a short-lived cookie so the pages the browser opens next read at least that far. Reads set no
 * cookie: an answer with Set-Cookie would never be kept by the page caches.
 */
function handBackBookmark(request: Request, headers: Headers, ctx: AppContext) {
  const bookmark = ctx.d1Session.bookmark();
  if (!bookmark) return;
  if (new URL(request.url).pathname.startsWith("/api/")) headers.set(D1_BOOKMARK_HEADER, bookmark);
  if (request.method === "GET" || request.method === "HEAD" || bookmark === ctx.d1Session.from) return;
  const secure = ctx.env.APP_ENV === "production" ? "; Secure" : "";
  headers.append("Set-Cookie", `${D1_BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_COOKIE_SECONDS}${secure}`);
}

/**
 * A state change may proceed: a bearer call (API clients send no cookies), a same-origin `Origin`, or, for a
 * request that carries no session, no Origin at all (a script or an old client). A state change made with
 * the session cookie must prove it comes from our pages: a same-origin Origin, or `Sec-Fetch-Site:
 * same-origin` where a browser left Origin out (issue 10: a cookie POST without Origin was accepted).
 */
function sameOriginOrBearer(request: Request, authVia: HonoEnv["Variables"]["authVia"], appUrl: string): boolean {
  const method = request.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || authVia === "bearer") return true;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === new URL(request.url).origin || origin === new URL(appUrl).origin;
  if (authVia !== "cookie") return true;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

function safeExecutionCtx(c: { executionCtx: { waitUntil(p: Promise<unknown>): void } }) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

// Who is asking: the bearer token (API clients) or the page cookie. A dead cookie is cleared.
app.use(async (c, next) => {
  const ctx = c.get("ctx");
  const { token, via } = requestToken(ctx, c.req.raw);
  // A page's request reads the menus' 'new' chip in the session's batch (navBadge): no round trip of its own.
  const page = c.req.method === "GET" && !NOT_PAGES.test(c.req.path);
  const mode = page ? readMode(c.req.raw) : undefined;
  // A read may start on the actor this isolate resolved before for the same session (decision 0043).
  const request = c.req.raw;
  const speculate = (c.req.method === "GET" || c.req.method === "HEAD") && !unguessed.has(request);
  const actor = await resolveActor(ctx, token, mode ? (sessionId) => navBadgeStatement(ctx, sessionId, mode) : undefined, { speculate, alongKey: mode });
  c.set("actor", actor);
  c.set("authVia", actor ? via : null);
  await next();
  if (actor?.impersonator && mayAct(c.req.method, c.req.path)) await recordImpersonatedRequest(ctx, actor.user.id, c.req.method, c.req.path, c.res.status);
  // Nothing made on a guess leaves before the session's statement has confirmed it; otherwise it runs again.
  if (ctx.speculation.armed && !(await ctx.speculation.settle())) runAgain.add(request);
  // A dead session cookie goes, and with it an operator's session kept aside while he impersonated: the
  // impersonation it belonged to has ended (POST /impersonate/leave restores only from a live one).
  if (token && !actor && via === "cookie") {
    c.res.headers.append("Set-Cookie", serializeCookie(ctx, sessionCookieNames(ctx).session, null));
    if (readCookie(request, sessionCookieNames(ctx).prev)) c.res.headers.append("Set-Cookie", serializeCookie(ctx, sessionCookieNames(ctx).prev, null));
  }
});

// Mutations from a browser must come from our own pages (cookies are sent cross-site on top-level POSTs).
app.use(async (c, next) => {
  if (!sameOriginOrBearer(c.req.raw, c.get("authVia"), c.get("ctx").env.APP_URL)) {
    return c.json({ message: c.get("ctx").t("errors.bad_origin") }, 403);
  }
  const declared = c.req.header("Content-Length");
  const type = c.req.header("Content-Type") ?? "";
  const max = bodyLimit(c.req.method, new URL(c.req.url).pathname, type);
  const tooLarge = () => c.json({ message: c.get("ctx").t("errors.payload_too_large") }, 413);
  if (declared !== undefined) {
    if (Number(declared) > max) return tooLarge();
    return next();
  }
  // No Content-Length (a chunked upload): the same limit, counted while the body is read. Whoever read it
  // failed on the cut-off body (a 422 or a page error); the answer is the Content-Length path's 413.
  const limited = limitBody(c.req.raw, max);
  c.req.raw = limited.request;
  await next();
  if (limited.exceeded()) {
    // Drop the failed answer whole (Hono would carry its headers over into the new one).
    c.res = undefined as unknown as Response;
    c.res = tooLarge();
  }
});

// Every area's routes with their OpenAPI definitions, and /api/openapi.json (decision 0024).
const api = createApi();
api.notFound((c) => c.json({ message: c.get("ctx").t("errors.not_found") }, 404));
// The bench's fixed-string route: development only, like the other debug aids (ASVS 15.2.3).
// `?d1=N` (at most 3) first makes N round trips of a trivial statement: the floor that D1 round trips set
// for any call that reads at all (bench/README.md).
app.get("/bench/baseline", async (c) => {
  const ctx = c.get("ctx");
  if (!isDevEnv(ctx.env)) return c.notFound();
  const trips = Math.min(3, Number(c.req.query("d1") ?? 0) || 0);
  for (let i = 0; i < trips; i++) await ctx.d1.prepare("select ?1 as n").bind(i).first();
  return c.text("ok");
});
app.route("/api", api);
// A sub-app's notFound is not consulted once it is mounted: without this, an unknown /api call (or a known
// path with the wrong method) fell through to Remix and got the HTML 404 page instead of the JSON error.
app.all("/api/*", (c) => c.json({ message: c.get("ctx").t("errors.not_found") }, 404));
app.route("/dev", devApp);
app.route("/docs", docsApp);

app.onError((err, c) => {
  const ctx = c.get("ctx");
  // A write refused on a guessed session: the request runs again (decision 0043), this answer is never seen.
  if (err instanceof SpeculationFailed) return c.body(null, 503);
  if (err instanceof DomainError && ctx) {
    if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
    if (err.kind === "unauthorized" && c.get("authVia") === "cookie") c.header("Set-Cookie", serializeCookie(ctx, sessionCookieNames(ctx).session, null));
    return c.json(errorBody(ctx, err), err.status as 400);
  }
  log({ level: "error", requestId: c.get("requestId"), path: c.req.path, error: String(err), stack: (err as Error)?.stack?.split("\n").slice(0, 5).join(" | ") });
  const message = ctx ? ctx.t("errors.unknown") : "неизвестная ошибка";
  return c.json({ message, requestId: c.get("requestId") }, 500);
});

// Everything else is a page: Remix renders it with the same context and the signed-in actor.
app.all("*", async (c) => {
  // Production mode everywhere: pages never carry error stacks, and the bench measures what ships.
  remixHandler ??= createRequestHandler(build, "production");
  const ctx = c.get("ctx");
  const nonce = c.get("nonce");
  const actor = c.get("actor");
  const mode = readMode(c.req.raw);
  // The public pages a guest opens first come from a short per-isolate cache (decision 0018); the
  // profile pages too, per viewer, while data_version is unchanged (decision 0021).
  const guestKey = guestPageKey(c.req.raw, {
    signedIn: !!actor,
    hasSessionCookie: readCookie(c.req.raw, sessionCookieNames(ctx).session) !== null,
    lang: ctx.lang,
    mode,
    country: ctx.country,
  });
  // Outside production `X-Page-Cache: bypass` renders afresh: the bench measures a page's full cost too.
  const bypass = isDevEnv(ctx.env) && c.req.header("X-Page-Cache") === "bypass";
  // A guest page shows the operator's content: its key holds the content version, so a page cached before
  // a content edit is never served after it, in any isolate (app/server/content-version.server.ts).
  const accountKey = () => accountPageKey(c.req.raw, actor, { lang: ctx.lang, mode, country: ctx.country });
  let key = bypass ? null : guestKey ? `${guestKey}|c${await contentVersion(ctx)}` : accountKey();
  if (key) {
    const hit = cachedPage(key, nonce);
    if (hit) {
      // On a guessed session (decision 0043) the key holds the guess's data_version: a hit is served once the
      // session's statement has confirmed the guess and the version still matches; it renders afresh if not.
      if (!ctx.speculation.armed) return hit;
      const held = await ctx.speculation.settle();
      const fresh = held ? accountKey() : key;
      if (!held || fresh === key) return hit;
      key = fresh;
    }
  }
  const response = await remixHandler(c.req.raw, { ctx, actor, nonce });
  if (!key) return response;
  if (!guestKey) {
    // Rendered on a guess (decision 0043): kept only once the guess held, under the key of the data_version
    // the session's statement answered with the page's own batch (the guess's may be older).
    if (ctx.speculation.armed && !(await ctx.speculation.settle())) return response;
    key = accountKey();
    if (!key) return response;
  }
  return storePage(key, response, nonce, Date.now(), guestKey ? PAGE_CACHE_TTL_MS : ACCOUNT_CACHE_TTL_MS);
});

// A request that ran on a guessed session which the session's statement did not confirm runs again, on
// the actor that statement answered; its first answer is thrown away unseen (decision 0043).
const dispatch = app.fetch;
app.fetch = (async (request: Request, env?: HonoEnv["Bindings"], executionCtx?: ExecutionContext) => {
  const response = await dispatch(request, env, executionCtx);
  if (!runAgain.has(request)) return response;
  runAgain.delete(request);
  await response.body?.cancel().catch(() => {});
  unguessed.add(request);
  return dispatch(request, env, executionCtx);
}) as typeof app.fetch;

return app;
}
