import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimitName } from "~/server/rate-limit.server";
import { api, freshIp, withinOneWindow, type ApiOptions } from "../helpers/api";
import { ensureReference } from "../helpers/db";
import { uniqueEmail } from "../helpers/factories";

beforeAll(ensureReference);

// The per-address limits not covered next to their calls elsewhere: each call is well-formed, so the
// limit — not validation — is what finally refuses it.
const cases: [RateLimitName, string, (i: number) => ApiOptions][] = [
  ["forgot_ip", "/api/forgot-password", () => ({ json: { email: uniqueEmail("forgot") } })],
  ["reset_ip", "/api/reset-password", () => ({ json: { email: uniqueEmail("reset"), token: "123456", password: "Secret_Pass1", password_confirmation: "Secret_Pass1" } })],
  ["verify_ip", "/api/email/verify", () => ({ json: { token: "not-a-real-verification-token" } })],
  ["social_ip", "/api/auth/social", () => ({ method: "GET" })],
  ["impersonate_ip", "/api/impersonate", () => ({ json: { id: 1, hash: "not-a-real-impersonation-hash" } })],
];

describe("rate limits per address (429 with Retry-After, in the user's language)", () => {
  it.each(cases)("%s on %s", async (name, path, call) => {
    const { limit, window } = RATE_LIMITS[name];
    await withinOneWindow(window, async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) {
        const res = await api(path, { ...call(i), ip });
        expect(res.status, `call ${i + 1}: ${res.text}`).not.toBe(429);
      }
      const refused = await api(path, { ...call(limit), ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ минут[уы]?$/);
      // Another address is not affected.
      expect((await api(path, { ...call(limit + 1), ip: freshIp() })).status).not.toBe(429);
    });
  });
});
