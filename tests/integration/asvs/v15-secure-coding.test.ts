import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { api, toFormData } from "../../helpers/api";
import { createSignedInUser, createUser } from "../../helpers/factories";
import { count } from "../../helpers/db";

// ASVS 5.0 V15 Secure Coding and Architecture: prototype pollution (issue 10, finding 1), the caller's
// address for rate limits, and no development functionality in production.

const proto = Object.prototype as Record<string, unknown>;
const hostileKeys = ["__proto__[zzz]", "__proto__", "constructor[prototype][zzz]", "email[__proto__][zzz]", "new_option[0][__proto__][zzz]"];

describe("V15.3.6 prototype pollution", () => {
  it.each(hostileKeys)("refuses a url-encoded sign-in carrying %s, with no session, and the isolate keeps working", async (key) => {
    const body = new URLSearchParams({ email: "a@example.ru", password: "x" });
    body.append(key, "polluted");
    const res = await api("/api/login", { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось прочитать данные запроса");
    expect(proto.zzz).toBeUndefined();
    expect(({} as Record<string, unknown>).zzz).toBeUndefined();
    // Every JSON call of the isolate still answers.
    const next = await api("/api/industries");
    expect(next.status).toBe(200);
    expect(Array.isArray(next.body)).toBe(true);
  });

  it.each(hostileKeys)("refuses a multipart registration carrying %s and writes no account", async (key) => {
    const email = `proto-${crypto.randomUUID().slice(0, 8)}@example.ru`;
    const form = toFormData({ name: "Иван", lastName: "Петров", email, phone: "+7 916 123-45-67", password: "Secret_Pass1", is_subscribe: "1" });
    form.append(key, "polluted");
    const res = await api("/api/register", { form });
    expect(res.status).toBe(422);
    expect(proto.zzz).toBeUndefined();
    expect(await count("select count(*) as n from users where email = ?", email)).toBe(0);
  });

  it("refuses a page form carrying __proto__[x] too (the pages share the parser)", async () => {
    const user = await createUser();
    const body = new URLSearchParams({ email: user.email, password: user.password, "__proto__[zzz]": "x" });
    const res = await api("/auth", { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(422);
    expect(proto.zzz).toBeUndefined();
  });

  it("reads the Worker's configuration from its own bindings only, never from a polluted prototype", () => {
    // What the review showed: an unset RESEND_BASE_URL taken from Object.prototype would send a reset code
    // and the API key to another server.
    const bindings = { ...env } as Record<string, unknown>;
    delete bindings.RESEND_BASE_URL;
    delete bindings.OPERATOR_EMAIL;
    proto.RESEND_BASE_URL = "https://evil.example";
    proto.OPERATOR_EMAIL = "evil@evil.example";
    try {
      const parsed = parseEnv(bindings as never);
      expect(parsed.RESEND_BASE_URL).toBeUndefined();
      expect(parsed.OPERATOR_EMAIL).toBeUndefined();
      expect(Object.isFrozen(parsed)).toBe(true);
    } finally {
      delete proto.RESEND_BASE_URL;
      delete proto.OPERATOR_EMAIL;
    }
  });

  it("answers JSON bodies with __proto__ keys without polluting anything", async () => {
    const res = await api("/api/login", { body: '{"email":"a@example.ru","password":"x","__proto__":{"zzz":"polluted"},"constructor":{"prototype":{"zzz":"x"}}}', headers: { "Content-Type": "application/json" } });
    expect(res.status).toBeLessThan(500);
    expect(proto.zzz).toBeUndefined();
  });
});

describe("V15.3.4 the caller's address", () => {
  it("counts sign-in attempts per CF-Connecting-IP, whatever X-Forwarded-For says (in production X-Forwarded-For is ignored)", async () => {
    // The limit is 30 per IP per 10 minutes (app/server/rate-limit.server.ts); a spoofed X-Forwarded-For
    // must not give each try a fresh address.
    const ip = `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await api("/api/login", { ip, json: { email: `nobody-${i}@example.ru`, password: "Wrong_Pass1" }, headers: { "X-Forwarded-For": `203.0.113.${i}` } });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});

describe("V15.3.1 only the fields a caller may see", () => {
  it("never answers a password hash, a session id or a token in the user's own data", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/user", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/password|pbkdf2|session_?id|token_?hash/i);
  });
});
