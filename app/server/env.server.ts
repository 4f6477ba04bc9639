import { z } from "zod";

/**
 * Bindings and variables of the Worker, checked once per isolate. A bad config fails loudly at start.
 * The safe state is the default (issue 10, finding 2): without an APP_ENV the Worker is in production, and
 * only an explicit `development` or `test` opens the dev routes and the debug headers.
 */
const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  APP_URL: z.string().url(),
  MAIL_DRIVER: z.enum(["outbox", "resend"]).default("outbox"),
  MAIL_FROM: z.string().min(3),
  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.string().url().optional(),
  OPERATOR_EMAIL: z.string().email().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("auto"),
  S3_BUCKET: z.string().min(1),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  SESSION_SECRET: z.string().min(32),
  /** Signs the rating links (docs/decisions/0016-recommendations.md). */
  RATE_LINK_SECRET: z.string().min(32),
  OAUTH_YANDEX_CLIENT_ID: z.string().optional(),
  OAUTH_YANDEX_CLIENT_SECRET: z.string().optional(),
  OAUTH_YANDEX_AUTH_URL: z.string().url().default("https://oauth.yandex.ru/authorize"),
  OAUTH_YANDEX_TOKEN_URL: z.string().url().default("https://oauth.yandex.ru/token"),
  OAUTH_YANDEX_USERINFO_URL: z.string().url().default("https://login.yandex.ru/info?format=json"),
  OAUTH_VK_CLIENT_ID: z.string().optional(),
  OAUTH_VK_CLIENT_SECRET: z.string().optional(),
  OAUTH_VK_AUTH_URL: z.string().url().default("https://id.vk.com/authorize"),
  OAUTH_VK_TOKEN_URL: z.string().url().default("https://id.vk.com/oauth2/auth"),
  OAUTH_VK_USERINFO_URL: z.string().url().default("https://id.vk.com/oauth2/user_info"),
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_GOOGLE_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  OAUTH_GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  OAUTH_GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
});

export type AppEnv = z.infer<typeof envSchema>;

export type Bindings = {
  DB: D1Database;
  ASSETS?: Fetcher;
} & Record<string, unknown>;

/** The configuration is unusable: the Worker answers 503 and logs the names (never the values) of the fields. */
export class ConfigError extends Error {
  constructor(readonly fields: string[]) {
    super(`Invalid Worker configuration: ${fields.join(", ")}`);
  }
}

/** The dev-only routes (outbox, seed), debug headers and the page-cache bypass exist only here. */
export const isDevEnv = (env: Pick<AppEnv, "APP_ENV">) => env.APP_ENV === "development" || env.APP_ENV === "test";

const KEYS = Object.keys(envSchema.shape) as (keyof AppEnv)[];

/**
 * Values committed for local development (wrangler.toml [env.development]) or typical of a stand-in: a
 * production Worker that carries one of them was deployed with the dev settings, and refuses to serve.
 */
const DEV_MARKERS = /change-me|^local-|^S3RVER$|^re_test/i;
const LOCAL_URL = /^https?:\/\/(127\.|localhost|\[::1\]|0\.0\.0\.0)/i;

/** What production needs beyond the schema: real secrets, real mail, https, no local stand-ins. */
function productionProblems(env: AppEnv): string[] {
  const problems: string[] = [];
  for (const key of ["SESSION_SECRET", "RATE_LINK_SECRET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "RESEND_API_KEY", "OAUTH_YANDEX_CLIENT_SECRET", "OAUTH_VK_CLIENT_SECRET", "OAUTH_GOOGLE_CLIENT_SECRET"] as const) {
    const value = env[key];
    if (value && DEV_MARKERS.test(value)) problems.push(key);
  }
  if (env.MAIL_DRIVER !== "resend") problems.push("MAIL_DRIVER");
  if (!env.RESEND_API_KEY) problems.push("RESEND_API_KEY");
  if (!env.APP_URL.startsWith("https://")) problems.push("APP_URL");
  for (const key of KEYS) {
    const value = env[key];
    if (key.endsWith("_URL") && key !== "APP_URL" && typeof value === "string" && LOCAL_URL.test(value)) problems.push(key);
  }
  if (env.S3_ENDPOINT && LOCAL_URL.test(env.S3_ENDPOINT)) problems.push("S3_ENDPOINT");
  return [...new Set(problems)];
}

const cache = new WeakMap<object, AppEnv>();

/**
 * Only the bindings' own properties are read, into an object without a prototype, and the result has every
 * key of the schema as its own (undefined when unset): a polluted Object.prototype can never supply a value
 * such as the mailer's base URL (issue 10, finding 1).
 */
export function parseEnv(bindings: Bindings): AppEnv {
  const hit = cache.get(bindings);
  if (hit) return hit;
  const own: Record<string, unknown> = Object.create(null);
  for (const key of KEYS) if (Object.prototype.hasOwnProperty.call(bindings, key)) own[key] = bindings[key];
  const result = envSchema.safeParse(own);
  if (!result.success) throw new ConfigError([...new Set(result.error.issues.map((i) => i.path.join(".")))]);
  const env: Record<string, unknown> = Object.create(null);
  const data = result.data as Record<string, unknown>;
  for (const key of KEYS) env[key] = Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
  const parsed = Object.freeze(env) as AppEnv;
  if (parsed.APP_ENV === "production") {
    const problems = productionProblems(parsed);
    if (problems.length) throw new ConfigError(problems);
  }
  cache.set(bindings, parsed);
  return parsed;
}
