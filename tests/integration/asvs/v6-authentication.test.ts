/**
 * ASVS 5.0 level 2, V6 Authentication, for this product: e-mail + password (PBKDF2), a mailed 6-digit
 * reset code, and sign-in through Yandex ID / VK ID (docs/decisions/0002, 0003, 0006, 0022).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, expectFieldError, freshIp, withinOneWindow } from "../../helpers/api";
import { count, rows } from "../../helpers/db";
import { createSignedInUser, createUser, customerPayload, PASSWORD, signIn, uniqueEmail, yandexEmail } from "../../helpers/factories";
import { mailsTo, resetCodeFrom, verifyTokenFrom, waitForMails } from "../../helpers/mail";
import { approveAtProvider } from "../../helpers/oauth";

async function requestCode(email: string) {
  const before = (await mailsTo(email)).length;
  expect((await api("/api/forgot-password", { json: { email } })).status).toBe(200);
  return resetCodeFrom((await waitForMails(email, before + 1)).at(-1)!);
}
const reset = (email: string, token: string, password = "Fresh_Pass2") => api("/api/reset-password", { json: { email, token, password, password_confirmation: password } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The local OAuth stand-in (scripts/oauth-provider-lib.mjs): approve on its consent form, return to the API callback. */
async function socialSignIn(code: "yandex" | "vk", person: { uid: string; email: string }) {
  const list = (await api<{ code: string; url: string }[]>("/api/auth/social")).body;
  const authUrl = list.find((p) => p.code === code)!.url;
  const { back } = await approveAtProvider(authUrl, person);
  return api(`/api/auth/social/callback${back.search}`);
}

describe("ASVS V6 Authentication", () => {
  it("V6.2.4 refuses one of the 3,000 most common passwords, whatever its letter case, and changes nothing", async () => {
    const payload = customerPayload({ password: "Password1" });
    expectFieldError(await api("/api/register", { form: payload }), "password", "Этот пароль слишком распространён, придумайте другой");
    expect(await count("select count(*) as n from users where email = ?", payload.email)).toBe(0);
    const user = await createSignedInUser();
    const res = await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Qwerty123", password_confirmation: "Qwerty123" } });
    expectFieldError(res, "password", "Этот пароль слишком распространён, придумайте другой");
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    // English too, and an uncommon password of the same shape passes.
    const en = await api("/api/register", { form: customerPayload({ password: "Football1" }), lang: "en" });
    expectFieldError(en, "password", "This password is too common: choose another one");
    expect((await api("/api/register", { form: customerPayload({ password: "Vetka_Lipy7" }) })).status).toBe(201);
  });

  it("V6.2.1 refuses a password under 8 characters at registration and at a password change", async () => {
    expectFieldError(await api("/api/register", { form: customerPayload({ password: "Ab_1234" }) }), "password", "Пароль должен содержать не менее 8 символов");
    const user = await createSignedInUser();
    const res = await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Ab_1234", password_confirmation: "Ab_1234" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toBeTruthy();
  });

  it("V6.2.2 V6.2.3 lets the user change the password, only with the current one", async () => {
    const user = await createSignedInUser();
    const wrong = await api("/api/user/password", { token: user.token, json: { old_password: "Not_The_One1", password: "Changed_Pass2", password_confirmation: "Changed_Pass2" } });
    expectFieldError(wrong, "old_password", "Неверный текущий пароль");
    expect((await api("/api/login", { json: { email: user.email, password: "Changed_Pass2" } })).status).toBe(422);
    const ok = await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Changed_Pass2", password_confirmation: "Changed_Pass2" } });
    expect(ok.status, ok.text).toBe(200);
    expect((await api("/api/login", { json: { email: user.email, password: "Changed_Pass2" } })).status).toBe(200);
  });

  it("V6.2.8 checks the password exactly as typed: no trimming, no change of case", async () => {
    const user = await createUser();
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD.toLowerCase() } })).status).toBe(422);
    expect((await api("/api/login", { json: { email: user.email, password: `${PASSWORD} ` } })).status).toBe(422);
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD.slice(0, -1) } })).status).toBe(422);
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it("V6.2.9 accepts a 64-character password and signs in with it", async () => {
    const password = `Long_${"x".repeat(59)}`;
    expect(password).toHaveLength(64);
    const payload = customerPayload({ password });
    const res = await api("/api/register", { form: payload });
    expect(res.status, res.text).toBe(201);
    expect((await api("/api/login", { json: { email: payload.email, password } })).status).toBe(200);
  });

  it("V6.3.1 limits password guessing on one account from one network (from many: tests/integration/login.test.ts)", () =>
    withinOneWindow(RATE_LIMITS.login_email_net.window, async () => {
      const user = await createUser();
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.login_email_net.limit; i++) expect((await api("/api/login", { json: { email: user.email, password: `Guess_${i}xx` }, ip })).status).toBe(422);
      const right = await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip });
      expect(right.status).toBe(429);
      expect(right.body.token).toBeUndefined();
    }));

  it("V6.3.8 answers an unknown e-mail and a wrong password with the same status and message", async () => {
    const user = await createUser();
    const wrong = await api("/api/login", { json: { email: user.email, password: "Wrong_Pass9" } });
    const unknown = await api("/api/login", { json: { email: uniqueEmail("nobody"), password: "Wrong_Pass9" } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.errors.password).toEqual(["Неверный e-mail или пароль"]);
  });

  it("V6.4.3 resets a forgotten password through a mailed code: the old password and every session stop working", async () => {
    const user = await createSignedInUser();
    const code = await requestCode(user.email);
    expect((await reset(user.email, code)).status).toBe(200);
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(422);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    expect((await api("/api/login", { json: { email: user.email, password: "Fresh_Pass2" } })).status).toBe(200);
  });

  it("V6.5.1 a reset code works once", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    expect((await reset(user.email, code)).status).toBe(200);
    expectFieldError(await reset(user.email, code, "Other_Pass3"), "token", "Неверный или просроченный код доступа");
    expect((await api("/api/login", { json: { email: user.email, password: "Other_Pass3" } })).status).toBe(422);
  });

  it("V6.5.2 V6.5.3 V6.5.4 V6.5.5 a reset code is 6 random digits, stored as a keyed hash, living 10 minutes", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await rows<{ token_hash: string; ttl: number }>("select token_hash, expires_at - created_at as ttl from tokens where kind = 'password_reset' and user_id = ? order by id desc limit 1", user.id);
    expect(row!.ttl).toBe(10 * 60 * 1000);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(code);
    // V6.5.2: keyed with a server secret, so a copy of the table does not let anyone try the million codes.
    const bare = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`password_reset:${user.email}:${code}`)))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(row!.token_hash).not.toBe(bare);
    await env.DB.prepare("update tokens set expires_at = ? where kind = 'password_reset' and user_id = ?").bind(Date.now() - 1, user.id).run();
    expectFieldError(await reset(user.email, code), "token", "Неверный или просроченный код доступа");
  });

  it("V6.6.3 protects the reset code against brute force: 40 parallel wrong codes get at most 5 checks, and the right one is refused after", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    await Promise.all(Array.from({ length: 40 }, () => reset(user.email, wrongCode(code))));
    expect(await count("select attempts as n from tokens where kind = 'password_reset' and email = ? order by id desc limit 1", user.email)).toBe(5);
    expect((await reset(user.email, code)).status).not.toBe(200);
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it("V6.8.1 keys a social identity by provider and the provider's user id: the same id at another provider is another person", async () => {
    const uid = String(Math.floor(Math.random() * 1e12));
    const viaYandex = await socialSignIn("yandex", { uid, email: yandexEmail("ya") });
    expect(viaYandex.body.status).toBe("register");
    const done = await api("/api/completeSocialReg", { json: { token: viaYandex.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    const viaVk = await socialSignIn("vk", { uid, email: uniqueEmail("vk") });
    expect(viaVk.body.status).toBe("register");
  });

  it("V6.3.3 the provider pathway cannot share an account with a password nobody proved: an unverified account is taken over cleanly", async () => {
    const email = yandexEmail("prehijack");
    const reg = await api("/api/register", { form: customerPayload({ email, password: "Attacker_Pass1" }) });
    expect(reg.status, reg.text).toBe(201);
    const res = await socialSignIn("yandex", { uid: String(Math.floor(Math.random() * 1e12)), email });
    expect(res.body.status).toBe("login");
    expect((await api("/api/user", { token: reg.body.token })).status).toBe(401);
    expect((await api("/api/login", { json: { email, password: "Attacker_Pass1" } })).status).toBe(422);
    expect((await api("/api/user", { token: res.body.token })).body).toMatchObject({ email, isVerified: true });
  });

  it("V6.4.1 an e-mail verification link is random, single use and expires", async () => {
    const payload = customerPayload();
    const reg = await api("/api/register", { form: payload });
    expect(reg.status).toBe(201);
    const token = verifyTokenFrom((await waitForMails(payload.email))[0]!);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await api("/api/email/verify", { json: { token }, token: reg.body.token })).status).toBe(200);
    expect((await api("/api/email/verify", { json: { token }, token: reg.body.token })).status).toBe(422);
    const [row] = await rows<{ ttl: number }>("select expires_at - created_at as ttl from tokens where kind = 'email_verify' and email = ?", payload.email);
    expect(row!.ttl).toBe(24 * 60 * 60 * 1000);
    expect(await signIn({ email: payload.email, password: PASSWORD })).toBeTruthy();
  });
});
