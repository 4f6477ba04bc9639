/**
 * ASVS 5.0 level 2, V7 Session Management, for this product's sessions (app/server/session.server.ts,
 * docs/decisions/0003 and 0022): random reference tokens kept hashed in D1, 30 days absolute, 7 days idle,
 * 1 hour for an impersonated session.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../functions/index";
import { describe, expect, it } from "vitest";
import { api } from "../../helpers/api";
import { rows } from "../../helpers/db";
import { createOperator, createSignedInUser, createUser, PASSWORD, signIn, uniqueEmail, impersonatedToken } from "../../helpers/factories";
import { resetCodeFrom, waitForMails, mailsTo } from "../../helpers/mail";

const DAY = 24 * 60 * 60 * 1000;
const sha256Hex = async (s: string) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)))].map((b) => b.toString(16).padStart(2, "0")).join("");
const sessionOf = async (token: string) =>
  (await rows<{ created_at: number; expires_at: number; last_seen_at: number | null; impersonator_user_id: number | null }>("select created_at, expires_at, last_seen_at, impersonator_user_id from sessions where id = ?", await sha256Hex(token)))[0];
const setSession = async (token: string, set: string, ...params: unknown[]) =>
  env.DB.prepare(`update sessions set ${set} where id = ?`).bind(...params, await sha256Hex(token)).run();

describe("ASVS V7 Session Management", () => {
  it("V7.2.1 verifies every session token on the server: a made-up or altered token is refused", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    const altered = user.token.slice(0, -1) + (user.token.endsWith("A") ? "B" : "A");
    expect((await api("/api/user", { token: altered })).status).toBe(401);
    expect((await api("/api/user", { token: "x".repeat(43) })).status).toBe(401);
    expect((await api("/api/user", { cookie: `session=${encodeURIComponent(altered)}` })).status).toBe(401);
  });

  it("V7.2.2 V7.2.3 makes each session a fresh random reference token of at least 128 bits, kept in D1 only as its SHA-256", async () => {
    const user = await createUser();
    const tokens = await Promise.all([signIn(user), signIn(user), signIn(user)]);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) {
      // base64url of 32 random bytes: 256 bits.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(await sessionOf(token)).toBeTruthy();
      expect(await rows("select id from sessions where id = ?", token)).toEqual([]);
    }
  });

  it("V7.2.4 issues a new session token at sign-in and never adopts one the client brings (no fixation)", async () => {
    const user = await createUser();
    const planted = "planted-session-token-0123456789abcdef";
    const res = await api("/api/login", { json: { email: user.email, password: PASSWORD }, cookie: `session=${planted}`, headers: { Origin: "http://localhost" } });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(planted);
    expect((await api("/api/user", { cookie: `session=${planted}` })).status).toBe(401);
  });

  it("V7.3.1 ends a session after 7 days without a request", async () => {
    const user = await createSignedInUser();
    await setSession(user.token, "last_seen_at = ?", Date.now() - 6 * DAY);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    await setSession(user.token, "last_seen_at = ?", Date.now() - 7 * DAY - 60_000);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("V7.3.1 moves the idle clock on use, at most once per 15 minutes and after the response", async () => {
    const user = await createSignedInUser();
    const fresh = Date.now() - 60_000;
    await setSession(user.token, "last_seen_at = ?", fresh);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect((await sessionOf(user.token))!.last_seen_at).toBe(fresh);
    const stale = Date.now() - 60 * 60_000;
    await setSession(user.token, "last_seen_at = ?", stale);
    const before = Date.now();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    let seen = stale;
    for (let i = 0; i < 100 && seen === stale; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = (await sessionOf(user.token))!.last_seen_at!;
    }
    expect(seen).toBeGreaterThanOrEqual(before - 1000);
  });

  it("V7.3.2 ends a session 30 days after sign-in however active it is", async () => {
    const user = await createSignedInUser();
    const s = (await sessionOf(user.token))!;
    expect(s.expires_at - s.created_at).toBe(30 * DAY);
    await setSession(user.token, "expires_at = ?, last_seen_at = ?", Date.now() - 1000, Date.now());
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("V7.3.1 V7.3.2 the hourly Cron Trigger deletes the sessions past their lifetimes and the spent single-use tokens; the console counts only live sessions", async () => {
    const op = await signIn(await createOperator());
    const user = await createSignedInUser();
    const idle = await signIn(user);
    const expired = await signIn(user);
    await setSession(idle, "last_seen_at = ?", Date.now() - 7 * DAY - 60_000);
    await setSession(expired, "expires_at = ?, last_seen_at = ?", Date.now() - 1000, Date.now());
    const consoleCount = async () => (await api(`/api/admin/users/${user.id}`, { token: op })).body.sessions.count;
    // The idle session no longer resolves, so the console does not count it as live either.
    expect(await consoleCount()).toBe(1);
    // A reset code for an address without an account, then expired; one used; one still valid.
    const nobody = uniqueEmail();
    await api("/api/forgot-password", { json: { email: nobody } });
    const spent = await rows<{ id: number }>("select id from tokens where email = ?", nobody);
    expect(spent).toHaveLength(1);
    await env.DB.prepare("update tokens set expires_at = ? where id = ?").bind(Date.now() - 1000, spent[0]!.id).run();
    const used = uniqueEmail();
    const valid = uniqueEmail();
    for (const email of [used, valid]) await api("/api/forgot-password", { json: { email } });
    await env.DB.prepare("update tokens set used_at = ? where email = ?").bind(Date.now(), used).run();

    // An impersonated session is ended only by the impersonations' sweep, which audits its end: this one,
    // within its hour, stays whatever its idle clock says.
    const viewed = await impersonatedToken(await createUser());
    await setSession(viewed, "last_seen_at = ?", Date.now() - 8 * DAY);

    const cron = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "5 * * * *" }), env as never, cron);
    await waitOnExecutionContext(cron);

    expect(await sessionOf(idle)).toBeUndefined();
    expect(await sessionOf(expired)).toBeUndefined();
    expect(await sessionOf(user.token)).toBeDefined();
    expect(await sessionOf(viewed)).toMatchObject({ impersonator_user_id: expect.any(Number) });
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect(await rows("select email from tokens where email in (?, ?, ?)", nobody, used, valid)).toEqual([{ email: valid }]);
    expect(await consoleCount()).toBe(1);
  });

  it("V7.3.2 ends an impersonated session 1 hour after it began", async () => {
    const target = await createUser();
    const token = await impersonatedToken(target);
    const s = (await sessionOf(token))!;
    expect(s.impersonator_user_id).not.toBeNull();
    expect(s.expires_at - s.created_at).toBe(60 * 60 * 1000);
  });

  it("V7.4.2 a blocked user's sessions no longer resolve, on the API and on the pages, even where a session row survived the block", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    await env.DB.prepare("update users set blocked_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') where id = ?").bind(user.id).run();
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    const page = await api("/profile/settings", { cookie: `session=${encodeURIComponent(user.token)}` });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/auth/);
    await env.DB.prepare("update users set blocked_at = null where id = ?").bind(user.id).run();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
  });

  it("V7.4.1 sign-out ends the session on the server, so a kept token or cookie no longer works", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/logout", { method: "POST", token: user.token })).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    expect((await api("/api/user", { cookie: `session=${encodeURIComponent(user.token)}` })).status).toBe(401);
    expect(await sessionOf(user.token)).toBeUndefined();
  });

  it("V7.4.3 ends the other sessions after a password change, and every session after a reset", async () => {
    const user = await createSignedInUser();
    const other = await signIn(user);
    const change = await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Changed_Pass2", password_confirmation: "Changed_Pass2" } });
    expect(change.status, change.text).toBe(200);
    expect((await api("/api/user", { token: other })).status).toBe(401);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);

    // The change's own notice ('Пароль изменён') arrives first.
    const before = (await waitForMails(user.email, 1)).length;
    await api("/api/forgot-password", { json: { email: user.email } });
    const code = resetCodeFrom((await waitForMails(user.email, before + 1)).find((m) => m.subject !== "Пароль изменён")!);
    const reset = await api("/api/reset-password", { json: { email: user.email, token: code, password: "Reset_Pass3", password_confirmation: "Reset_Pass3" } });
    expect(reset.status, reset.text).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("V7.5.1 asks for the current password before the e-mail, used for recovery, changes; an impersonating operator cannot change it", async () => {
    const user = await createSignedInUser();
    const next = uniqueEmail("v751");
    expect((await api("/api/user/profile", { token: user.token, json: { email: next } })).status).toBe(422);
    expect((await api("/api/user/profile", { token: await impersonatedToken(user), json: { email: next, current_password: PASSWORD } })).status).toBe(403);
    expect((await api("/api/user", { token: user.token })).body.email).toBe(user.email);
    expect((await api("/api/user/profile", { token: user.token, json: { email: next, current_password: PASSWORD } })).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).body.email).toBe(next);
  });
});
