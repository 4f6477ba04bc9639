import { z } from "zod";

/** Bindings and variables of the Worker, checked once per isolate. A bad config fails loudly at start. */
const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
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

const cache = new WeakMap<object, AppEnv>();

export function parseEnv(bindings: Bindings): AppEnv {
  const hit = cache.get(bindings);
  if (hit) return hit;
  const result = envSchema.safeParse(bindings);
  if (!result.success) {
    const fields = result.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid Worker configuration: ${fields}`);
  }
  cache.set(bindings, result.data);
  return result.data;
}
