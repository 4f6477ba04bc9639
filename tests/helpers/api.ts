import { SELF } from "cloudflare:test";
import { expect } from "vitest";

export type ApiOptions = {
  method?: string;
  /** A JSON body (sets Content-Type: application/json). */
  json?: unknown;
  /** A multipart body: a FormData, or a plain object whose arrays become key[i] and objects key[i][field]. */
  form?: FormData | Record<string, unknown>;
  /** A raw body with its own Content-Type in `headers`. */
  body?: BodyInit;
  token?: string | null;
  cookie?: string;
  lang?: "ru" | "en";
  /** The caller's address (CF-Connecting-IP). Each call gets a fresh one unless given, so rate limits never leak. */
  ip?: string;
  headers?: Record<string, string>;
  /**
   * The Origin a browser sends with a cookie: a state change made with `cookie` gets our own origin unless
   * `headers` name one; `null` sends none (the Worker then refuses it, issue 10).
   */
  origin?: string | null;
};

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export const BASE = "http://localhost";

let ipCounter = 0;
/** A caller address no other test uses. */
export function freshIp(): string {
  ipCounter++;
  const r = crypto.getRandomValues(new Uint8Array(2));
  return `10.${r[0]}.${r[1]}.${ipCounter % 250}`;
}

/** Turns `{industry: [1, 2], new_option: [{name, parent_id}]}` into multipart fields `industry[0]`, `new_option[0][name]`. */
export function toFormData(data: Record<string, unknown>): FormData {
  const fd = new FormData();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof File) fd.append(key, value, value.name);
    else if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else fd.append(key, String(value));
  };
  for (const [k, v] of Object.entries(data)) add(k, v);
  return fd;
}

/**
 * A call to the Worker as an API client makes it. A 5xx answer fails the test: bad input must never cause
 * one. Only inside `whileInsertsFail`, where the test itself breaks a write, is a 5xx the expected answer.
 */
export async function api<T = any>(path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(opts.json);
  } else if (opts.form !== undefined) {
    body = opts.form instanceof FormData ? opts.form : toFormData(opts.form);
  }
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (opts.lang) headers.set("Content-Language", opts.lang);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", opts.ip ?? freshIp());
  const method = opts.method ?? (body !== undefined ? "POST" : "GET");
  if (opts.cookie && method !== "GET" && method !== "HEAD" && !headers.has("Origin") && opts.origin !== null) headers.set("Origin", opts.origin ?? BASE);
  // A browser always sends Host; Remix compares a page action's Origin with it.
  if (headers.has("Origin") && !headers.has("Host")) headers.set("Host", new URL(BASE).host);
  const res = await SELF.fetch(`${BASE}${path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get("Content-Type") ?? "").includes("application/json")) parsed = text ? JSON.parse(text) : null;
  // Except while a test makes the database refuse a write on purpose (whileInsertsFail).
  if (!(globalThis as { __serverFailureExpected?: boolean }).__serverFailureExpected) expect(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`).toBeLessThan(500);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** The spec README's validation answer: 422 with the field's messages (first one also as `message`). */
export function expectFieldError(res: ApiResponse, field: string, message: string) {
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors?.[field], `errors.${field} in ${res.text}`).toContain(message);
}

/**
 * Rate limits count in fixed windows (app/server/rate-limit.server.ts). A test that fills a window runs
 * again, once, if a window boundary passed while it ran and it failed: the counter was reset under it.
 */
export async function withinOneWindow(windowSeconds: number, body: () => Promise<void>) {
  const slot = () => Math.floor(Date.now() / 1000 / windowSeconds);
  for (let attempt = 0; ; attempt++) {
    const started = slot();
    try {
      await body();
      return;
    } catch (e) {
      if (attempt > 0 || slot() === started) throw e;
    }
  }
}
