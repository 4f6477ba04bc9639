import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import * as build from "remix-server-build";
import type { createApp as CreateApp } from "../../functions/app";

// The same Worker (the built bundle, wired as functions/index.ts does) under another configuration.
const createApp = (build as unknown as { entry: { module: { createApp: typeof CreateApp } } }).entry.module.createApp;
const app = createApp(build as never);

/** A production configuration as a deployment has it: real-looking secrets, https, no local stand-ins. */
export const productionVars: Record<string, string | undefined> = {
  APP_ENV: "production",
  APP_URL: "https://expert.example",
  MAIL_DRIVER: "resend",
  RESEND_API_KEY: "re_live_7bY3kQ9mW2xV5nC8pL4tR6sD1fG0hJ",
  RESEND_BASE_URL: undefined,
  S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
  S3_ACCESS_KEY_ID: "4f1c9e2a7b3d8e6f0a5c",
  S3_SECRET_ACCESS_KEY: "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c",
  SESSION_SECRET: "Qm3vX8pL2rT7wK9zN4bH6jF1sD5gA0cE-session",
  RATE_LINK_SECRET: "Zy5uW3eR8tI1oP6aS9dF2gH7jK4lM0nB-ratelink",
  OAUTH_YANDEX_CLIENT_SECRET: undefined,
  OAUTH_YANDEX_AUTH_URL: undefined,
  OAUTH_YANDEX_TOKEN_URL: undefined,
  OAUTH_YANDEX_USERINFO_URL: undefined,
  OAUTH_VK_CLIENT_SECRET: undefined,
  OAUTH_VK_AUTH_URL: undefined,
  OAUTH_VK_TOKEN_URL: undefined,
  OAUTH_VK_USERINFO_URL: undefined,
};

/**
 * A request to the Worker with the test bindings changed by `vars` (production by default). Each distinct
 * bindings object is parsed afresh, so a configuration cannot leak into another test's.
 */
export async function callWith(vars: Record<string, unknown>, path: string, init: RequestInit = {}, origin = "https://expert.example") {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${origin}${path}`, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export const callProduction = (path: string, init: RequestInit = {}) => callWith(productionVars, path, init);
