import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { ConfigError, parseEnv } from "~/server/env.server";
import { expectErrorLog } from "../../helpers/console";
import { createSignedInUser } from "../../helpers/factories";
import { callProduction, callWith, productionVars } from "../../helpers/production";

// ASVS 5.0 V13 Configuration, and the configuration parts of V15.2 (issue 10, finding 2: the configuration
// failed open). What a deployment gets when it follows the README, or forgets a step.

/** The top level of wrangler.toml: what `npx wrangler deploy` uses. */
const topLevel = wranglerToml.slice(0, wranglerToml.search(/^\[env\./m));

describe("V13.3 secret management", () => {
  it("V13.3.1 keeps every secret out of the configuration `wrangler deploy` uses", () => {
    expect(topLevel).toMatch(/^APP_ENV = "production"$/m);
    for (const name of ["SESSION_SECRET", "RATE_LINK_SECRET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "RESEND_API_KEY", "CLIENT_SECRET"]) {
      expect(topLevel, name).not.toContain(name);
    }
  });

  it("V13.3.1 refuses to serve in production with the committed development secrets (503, no page, no API)", async () => {
    expectErrorLog(/refusing to serve: invalid configuration/);
    const devVars = { APP_ENV: "production", APP_URL: "https://expert.example", MAIL_DRIVER: "resend", RESEND_API_KEY: "re_live_x1y2z3", RESEND_BASE_URL: undefined, S3_ENDPOINT: "https://r2.example" };
    for (const path of ["/", "/api/industries", "/auth", "/dev/mail.json"]) {
      const res = await callWith(devVars, path);
      expect(res.status, path).toBe(503);
      const text = await res.text();
      expect(text).not.toContain(env.SESSION_SECRET as string);
      expect(text).not.toContain("SESSION_SECRET");
    }
    const seed = await callWith(devVars, "/dev/seed", { method: "POST" });
    expect(seed.status).toBe(503);
  });

  it("V13.2.3 refuses the local storage server's default credentials and local stand-ins in production", () => {
    const bindings = { ...env, ...productionVars };
    expect(() => parseEnv({ ...bindings, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" } as never)).toThrow(ConfigError);
    expect(() => parseEnv({ ...bindings, S3_ENDPOINT: "http://127.0.0.1:4569" } as never)).toThrow(ConfigError);
    expect(() => parseEnv({ ...bindings, OAUTH_YANDEX_TOKEN_URL: "http://localhost:4580/yandex/token" } as never)).toThrow(ConfigError);
    expect(() => parseEnv({ ...bindings, APP_URL: "http://expert.example" } as never)).toThrow(ConfigError);
    expect(() => parseEnv({ ...bindings, MAIL_DRIVER: "outbox" } as never)).toThrow(ConfigError);
    expect(() => parseEnv({ ...bindings, RESEND_API_KEY: undefined } as never)).toThrow(ConfigError);
    expect(parseEnv({ ...bindings } as never).APP_ENV).toBe("production");
  });

  it("V13.3.1 names the fields a deployment lacks, never their values, in the refusal", () => {
    try {
      parseEnv({ ...env, ...productionVars, SESSION_SECRET: "local-development-secret-change-me-in-production-0123456789" } as never);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).fields).toEqual(["SESSION_SECRET"]);
      expect((e as Error).message).not.toContain("change-me");
    }
  });
});

describe("V13.4 unintended information leakage", () => {
  it("V13.4.2 is in production, with no debug aid, when APP_ENV is not set at all (the safe default)", async () => {
    const { APP_ENV: _dropped, ...rest } = productionVars;
    const vars = { ...rest, APP_ENV: undefined };
    expect((await callWith(vars, "/dev/mail.json")).status).toBe(404);
    expect((await callWith(vars, "/dev/seed", { method: "POST" })).status).toBe(404);
    const res = await callWith(vars, "/api/industries");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-D1-Queries")).toBeNull();
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });

  it("V13.4.2 refuses to start with an APP_ENV it does not know (no dev routes for a typo)", async () => {
    expectErrorLog(/refusing to serve: invalid configuration.*APP_ENV/);
    for (const value of ["dev", "Production", "staging", ""]) {
      const res = await callWith({ ...productionVars, APP_ENV: value }, "/dev/mail.json");
      expect(res.status, value).toBe(503);
    }
  });

  it("V13.4.2 turns the debug aids off in production: D1 counts, the page-cache bypass, the bench route", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    const res = await callProduction("/api/user", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-D1-Queries")).toBeNull();
    expect((await callProduction("/bench/baseline")).status).toBe(404);
  });

  it("V13.4.5 exposes the local outbox and the seed only in development and tests", async () => {
    for (const path of ["/dev/mail", "/dev/mail.json"]) expect((await callProduction(path)).status, path).toBe(404);
    expect((await callProduction("/dev/seed", { method: "POST" })).status).toBe(404);
    expect((await callWith({ APP_ENV: "test" }, "/dev/mail.json", {}, "http://localhost")).status).toBe(200);
  });

  it("V13.4.4 does not answer TRACE", async () => {
    const res = await callProduction("/api/industries", { method: "TRACE" }).catch(() => null);
    // workerd refuses the method itself, or the app answers it as an unknown route; never an echo.
    if (res) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain("TRACE /api/industries");
    }
  });
});
