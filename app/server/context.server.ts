import type { TFunction } from "i18next";
import { createDb, type Db } from "../../db/client";
import { createStorage, type ObjectStorage } from "../../storage/s3.server";
import type { Lang } from "~/i18n";
import { countingD1, type QueryCounter } from "./d1-counter.server";
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
   * The operator behind the request's session when it is an impersonated one (set by resolveActor):
   * every audit row the request writes carries him (auditInsert), whichever code path writes it.
   */
  impersonatorUserId?: number | null;
};

type ExecutionLike = { waitUntil(promise: Promise<unknown>): void };

export async function createContext(
  bindings: Bindings,
  request: Request,
  executionCtx: ExecutionLike | undefined,
  opts: { requestId?: string; lang?: Lang } = {},
): Promise<AppContext> {
  const env = parseEnv(bindings);
  const queries: QueryCounter = { n: 0 };
  const d1 = env.APP_ENV === "production" ? bindings.DB : countingD1(bindings.DB, queries);
  const db = createDb(d1);
  const lang = opts.lang ?? (await detectLang(request));
  let storage: ObjectStorage | undefined;
  let mailer: Mailer | undefined;
  const cf = (request as Request & { cf?: { country?: string } }).cf;
  return {
    env,
    bindings,
    db,
    d1,
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
      return (mailer ??= createMailer(env, db));
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
    waitUntil: (p) => (executionCtx ? executionCtx.waitUntil(p) : void p.catch(() => {})),
  };
}
