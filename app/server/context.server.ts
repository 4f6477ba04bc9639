import type { TFunction } from "i18next";
import { createDb, type Db } from "../../db/client";
import { createStorage, type ObjectStorage } from "../../storage/s3.server";
import type { Lang } from "~/i18n";
import { countingD1, type QueryCounter } from "./d1-counter.server";
import { sessionStart } from "./d1-start";
import { speculativeD1, type Speculation } from "./speculation.server";
import { parseEnv, type AppEnv, type Bindings } from "./env.server";
import { detectLang } from "./i18n.server";
import { getT } from "./texts.server";
import { createMailer, type Mailer } from "./mail/mailer.server";

export type AppContext = {
  env: AppEnv;
  bindings: Bindings;
  db: Db;
  /**
   * The D1 binding behind `db` (counted outside production): for the few statements on every request's
   * path that are written as SQL once instead of built per request (the session's, decision 0034).
   */
  d1: D1Database;
  /**
   * The request's D1 session itself, under the counting and speculative layers of `d1`: runBatch prepares
   * its statements here and runs them with `speculation.batch`, which counts them and carries the rider.
   * Never run a statement on it directly (it would skip both).
   */
  d1Binding: D1Database;
  storage: ObjectStorage;
  mailer: Mailer;
  lang: Lang;
  t: TFunction;
  now: () => Date;
  requestId: string;
  ip: string;
  /** Cloudflare's country of the request (spec README: default phone country), null locally. */
  country: string | null;
  userAgent: string | null;
  waitUntil: (promise: Promise<unknown>) => void;
  /** D1 round trips of this request (counted outside production only). */
  queries: QueryCounter;
  /**
   * The request's D1 session (read replication, decision 0034): the bookmark it started from (the
   * client's, or null) and where it stands now, to hand back so the client's next request reads at
   * least this.
   */
  d1Session: { from: string | null; bookmark: () => string | null };
  /**
   * A signed-in read that starts on the actor this isolate resolved before for the same session (decision
   * 0043): `d1` carries the session's statement in its first read batch and holds writes until it holds.
   */
  speculation: Speculation;
  /**
   * The operator behind the request's session when it is an impersonated one (set by resolveActor):
   * every audit row the request writes carries him (auditInsert), whichever code path writes it.
   */
  impersonatorUserId?: number | null;
};

type ExecutionLike = { waitUntil(promise: Promise<unknown>): void };

/** Where a client hands back the bookmark of its last request: API clients by header, pages by cookie. */
export const D1_BOOKMARK_HEADER = "X-D1-Bookmark";
export const D1_BOOKMARK_COOKIE = "d1b";
/** A bookmark is four hex groups (D1's format, locally and at Cloudflare); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function requestBookmark(request: Request): string | null {
  const header = request.headers.get(D1_BOOKMARK_HEADER);
  if (header && BOOKMARK.test(header)) return header;
  const cookies = request.headers.get("Cookie");
  const at = cookies?.indexOf(`${D1_BOOKMARK_COOKIE}=`) ?? -1;
  if (at < 0) return null;
  for (const part of cookies!.split(";")) {
    const p = part.trim();
    if (p.startsWith(`${D1_BOOKMARK_COOKIE}=`) && BOOKMARK.test(p.slice(D1_BOOKMARK_COOKIE.length + 1))) return p.slice(D1_BOOKMARK_COOKIE.length + 1);
  }
  return null;
}

/**
 * D1's Sessions API: with read replication on, a session reads from a nearby replica that is at least as
 * new as its bookmark; without a bookmark a read may go to any replica ("first-unconstrained") and a state
 * change starts at the primary ("first-primary"), so its own reads before its writes are current. Writes
 * always go to the primary. A runtime without sessions gets the binding itself.
 */
function openSession(db: D1Database, start: string): { d1: D1Database; bookmark: () => string | null } {
  const withSession = (db as { withSession?: (s: string) => D1DatabaseSession }).withSession;
  if (typeof withSession !== "function") return { d1: db, bookmark: () => null };
  const session = withSession.call(db, start);
  return { d1: session as unknown as D1Database, bookmark: () => session.getBookmark() };
}

export async function createContext(
  bindings: Bindings,
  request: Request,
  executionCtx: ExecutionLike | undefined,
  opts: { requestId?: string; lang?: Lang; primary?: boolean } = {},
): Promise<AppContext> {
  const env = parseEnv(bindings);
  const queries: QueryCounter = { n: 0, statements: 0 };
  const from = requestBookmark(request);
  const session = openSession(bindings.DB, sessionStart(request.method, from, opts.primary, new URL(request.url).pathname));
  const { d1, speculation } = speculativeD1(env.APP_ENV === "production" ? session.d1 : countingD1(session.d1, queries));
  // Built on first use: a Drizzle database object makes a query builder per table, and many requests
  // (a signed-in page whose only statement is the session's, a cached page) never use it.
  let db: ReturnType<typeof createDb> | undefined;
  const lang = opts.lang ?? (await detectLang(request));
  let storage: ObjectStorage | undefined;
  let mailer: Mailer | undefined;
  const cf = (request as Request & { cf?: { country?: string } }).cf;
  return {
    env,
    bindings,
    get db() {
      return (db ??= createDb(d1));
    },
    d1,
    d1Binding: session.d1,
    // Built on first use: most requests touch neither storage nor mail.
    get storage() {
      return (storage ??= createStorage({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      }));
    },
    get mailer() {
      return (mailer ??= createMailer(env, (db ??= createDb(d1))));
    },
    lang,
    t: getT(lang),
    now: () => new Date(),
    requestId: opts.requestId ?? crypto.randomUUID(),
    // Cloudflare's edge sets CF-Connecting-IP and overwrites one sent by the client; X-Forwarded-For is the
    // client's to write, so it counts only in development (rate limits key on this: ASVS 15.3.4).
    ip: request.headers.get("CF-Connecting-IP") ?? (env.APP_ENV === "production" ? null : request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim()) ?? "127.0.0.1",
    country: cf?.country ?? null,
    userAgent: request.headers.get("User-Agent"),
    queries,
    d1Session: { from, bookmark: session.bookmark },
    speculation,
    waitUntil: (p) => (executionCtx ? executionCtx.waitUntil(p) : void p.catch(() => {})),
  };
}
