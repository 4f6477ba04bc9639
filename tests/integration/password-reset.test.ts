import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, withinOneWindow, expectFieldError } from "../helpers/api";
import { count, rows } from "../helpers/db";
import { createSignedInUser, createUser, PASSWORD, signIn, uniqueEmail } from "../helpers/factories";
import { lastMailTo, mailsTo, resetCodeFrom, waitForMails } from "../helpers/mail";

// The pages' texts and the server's own (e-mails, domain errors), as the server answers with them.
const en = withServerTexts(enPage, enServer);

const NEW_PASSWORD = "Fresh_Pass2";

/** Asks for a code and reads it from the mail, which is sent after the response. */
async function requestCode(email: string) {
  const before = (await mailsTo(email)).length;
  const res = await api("/api/forgot-password", { json: { email } });
  expect(res.status, res.text).toBe(200);
  return resetCodeFrom((await waitForMails(email, before + 1))[0]!);
}

const reset = (email: string, token: string, password = NEW_PASSWORD, confirmation = password) =>
  api("/api/reset-password", { json: { email, token, password, password_confirmation: confirmation } });

/** A code that is certainly not the mailed one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /api/forgot-password", () => {
  it("mails a 6-digit access code valid 10 minutes", async () => {
    const user = await createUser();
    const res = await api("/api/forgot-password", { json: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Мы отправили код доступа на вашу почту");
    // The code is mailed after the response (ctx.waitUntil).
    const mail = (await waitForMails(user.email))[0]!;
    expect(mail.subject).toBe("Код доступа для смены пароля");
    expect(resetCodeFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain("Код действует 10 минут.");
    const [row] = (await env.DB.prepare("select expires_at - created_at as ttl from tokens where kind = 'password_reset' and user_id = ?").bind(user.id).all<{ ttl: number }>()).results;
    expect(row!.ttl).toBe(10 * 60 * 1000);
  });

  it("answers an unknown address exactly like a known one, and mails nothing", async () => {
    const known = await createUser();
    const unknown = uniqueEmail("ghost");
    const b = await api("/api/forgot-password", { json: { email: unknown } });
    const a = await api("/api/forgot-password", { json: { email: known.email } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("Content-Type")).toBe(a.headers.get("Content-Type"));
    // The known address's code arrives after the answer; by then the unknown one has had all it will get.
    const code = resetCodeFrom((await waitForMails(known.email))[0]!);
    expect(await mailsTo(unknown)).toEqual([]);
    // The code mailed after the answer sets the password.
    expect((await reset(known.email, code)).status).toBe(200);
    expect((await api("/api/login", { json: { email: known.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("answers the sign-in page's form the same way for a known and an unknown address", async () => {
    const known = await createUser();
    const unknown = uniqueEmail("ghost-page");
    const send = (email: string) => api("/auth", { body: new URLSearchParams({ intent: "forgot", email }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: "http://localhost" } });
    const [b, a] = [await send(unknown), await send(known.email)];
    expect(b.status).toBe(a.status);
    expect(a.headers.get("Location")).toBe(`/reset-password?email=${encodeURIComponent(known.email)}`);
    expect(b.headers.get("Location")).toBe(`/reset-password?email=${encodeURIComponent(unknown)}`);
    expect(resetCodeFrom((await waitForMails(known.email))[0]!)).toMatch(/^\d{6}$/);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it.each([
    ["a missing e-mail", {}, "E-mail обязателен"],
    ["an empty e-mail", { email: "" }, "E-mail обязателен"],
    ["an invalid e-mail", { email: "ivan@" }, "некорректный E-mail"],
  ])("refuses %s with the sign-in messages", async (_case, payload, message) => {
    expectFieldError(await api("/api/forgot-password", { json: payload }), "email", message);
  });

  it(`answers 429 after ${RATE_LIMITS.forgot_email.limit} requests for one address, known or not`, () =>
    withinOneWindow(RATE_LIMITS.forgot_email.window, async () => {
      for (const email of [(await createUser()).email, uniqueEmail("ghost")]) {
        for (let i = 0; i < RATE_LIMITS.forgot_email.limit; i++) expect((await api("/api/forgot-password", { json: { email } })).status).toBe(200);
        const res = await api("/api/forgot-password", { json: { email } });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }));

  it("replaces the previous code: only the newest one works", async () => {
    const user = await createUser();
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    if (first !== second) expectFieldError(await reset(user.email, first), "token", "Неверный или просроченный код доступа");
    expect((await reset(user.email, second)).status).toBe(200);
  });
});

describe("POST /api/reset-password", () => {
  it("sets the new password, signs out every session, and the old password stops working", async () => {
    const user = await createSignedInUser();
    const otherSession = await signIn(user);
    const code = await requestCode(user.email);

    const res = await reset(user.email, code);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Новый пароль установлен");

    for (const token of [user.token, otherSession]) {
      const me = await api("/api/user", { token });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe("Требуется авторизация");
    }
    expectFieldError(await api("/api/login", { json: { email: user.email, password: PASSWORD } }), "password", "Неверный e-mail или пароль");
    expect((await api("/api/login", { json: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    expect((await lastMailTo(user.email)).subject).toBe("Пароль изменён");
  });

  it("confirms the address of an unverified user (the code was mailed to it)", async () => {
    const user = await createUser({ verified: false });
    expect((await reset(user.email, await requestCode(user.email))).status).toBe(200);
    const me = await api("/api/user", { token: await signIn({ email: user.email, password: NEW_PASSWORD }) });
    expect(me.body.isVerified).toBe(true);
  });

  it("uses a code once", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    expect((await reset(user.email, code)).status).toBe(200);
    expectFieldError(await reset(user.email, code, "Third_Pass3"), "token", "Неверный или просроченный код доступа");
    expect((await api("/api/login", { json: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("sets the password once when the code is sent twice at once: the other try is refused and writes nothing", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    const both = await Promise.all([reset(user.email, code), reset(user.email, code, "Third_Pass3")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    const won = both[0]!.status === 200 ? NEW_PASSWORD : "Third_Pass3";
    expect((await api("/api/login", { json: { email: user.email, password: won } })).status).toBe(200);
    expect(await count("select count(*) as n from audit_log where action = 'user.password_reset' and target_id = ?", String(user.id))).toBe(1);
  });

  it("refuses a code mailed to an address the account no longer has: its new address is neither reclaimed nor verified by it", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    // The address changed (to one never proven) and the code survived: the race of an e-mail change with
    // the code's request, set up directly.
    const next = uniqueEmail("changed");
    await rows("update users set email = ?, email_verified_at = null where id = ?", next, user.id);
    expectFieldError(await reset(user.email, code), "token", "Неверный или просроченный код доступа");
    const [row] = await rows<{ verified: string | null }>("select email_verified_at as verified from users where id = ?", user.id);
    expect(row!.verified).toBeNull();
    expect((await api("/api/login", { json: { email: next, password: PASSWORD } })).status).toBe(200);
  });

  it("refuses a wrong code and keeps the password", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    expectFieldError(await reset(user.email, wrongCode(code)), "token", "Неверный или просроченный код доступа");
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it("locks the code after 5 wrong tries ('Слишком много попыток. Запросите новый код'), even for the right code", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    for (let i = 1; i <= 4; i++) expectFieldError(await reset(user.email, wrongCode(code)), "token", "Неверный или просроченный код доступа");
    expectFieldError(await reset(user.email, wrongCode(code)), "token", "Слишком много попыток. Запросите новый код");
    expectFieldError(await reset(user.email, code), "token", "Слишком много попыток. Запросите новый код");
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);

    // A new code starts over.
    expect((await reset(user.email, await requestCode(user.email))).status).toBe(200);
  });

  it("answers wrong codes for an address without an account as for one with an account, the fifth included", async () => {
    const known = await createUser();
    const unknown = uniqueEmail("ghost-codes");
    const code = await requestCode(known.email);
    expect((await api("/api/forgot-password", { json: { email: unknown } })).status).toBe(200);
    // Its never-mailed token row is written after the answer, as a known address's is.
    for (let i = 0; i < 50 && (await count("select count(*) as n from tokens where email = ?", unknown)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    for (let i = 1; i <= 5; i++) {
      const [a, b] = [await reset(known.email, wrongCode(code)), await reset(unknown, wrongCode(code))];
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
    }
    expectFieldError(await reset(unknown, wrongCode(code)), "token", "Слишком много попыток. Запросите новый код");
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("checks at most 5 codes when 40 wrong ones arrive at once: the right one is refused afterwards", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    // Real parallel requests, each from its own address: the count is taken before the comparison.
    const answers = await Promise.all(Array.from({ length: 40 }, () => reset(user.email, wrongCode(code))));
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    const [row] = await rows<{ attempts: number }>("select attempts from tokens where kind = 'password_reset' and email = ? order by id desc limit 1", user.email);
    expect(row!.attempts).toBe(5);
    const right = await reset(user.email, code);
    expect([422, 429]).toContain(right.status);
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it(`answers 429 after ${RATE_LIMITS.reset_email.limit} tries on one address, whatever the caller's address`, () =>
    withinOneWindow(RATE_LIMITS.reset_email.window, async () => {
      const user = await createUser();
      for (let i = 0; i < RATE_LIMITS.reset_email.limit; i++) expect((await reset(user.email, "000000")).status).toBe(422);
      const res = await reset(user.email, "000000");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }));

  it("says so in English under Content-Language: en", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    for (let i = 0; i < 5; i++) await reset(user.email, wrongCode(code));
    const res = await api("/api/reset-password", { json: { email: user.email, token: code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, lang: "en" });
    expectFieldError(res, "token", en.auth.reset_too_many);
  });

  it("refuses an expired code", async () => {
    const user = await createUser();
    const code = await requestCode(user.email);
    await env.DB.prepare("update tokens set expires_at = ? where kind = 'password_reset' and user_id = ?").bind(Date.now() - 1000, user.id).run();
    expectFieldError(await reset(user.email, code), "token", "Неверный или просроченный код доступа");
    expect((await api("/api/login", { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it("refuses one account's code for another account", async () => {
    const a = await createUser();
    const b = await createUser();
    const codeA = await requestCode(a.email);
    await requestCode(b.email);
    const res = await reset(b.email, codeA);
    // Codes are 6 random digits: in the rare case both are equal the call is legitimately accepted.
    if (res.status !== 200) expectFieldError(res, "token", "Неверный или просроченный код доступа");
    expect((await api("/api/login", { json: { email: a.email, password: PASSWORD } })).status).toBe(200);
  });

  it.each([
    ["a missing code", { token: undefined }, "token", "код доступа обязателен"],
    ["an empty code", { token: "  " }, "token", "код доступа обязателен"],
    ["a missing e-mail", { email: undefined }, "email", "E-mail обязателен"],
    ["an invalid e-mail", { email: "ivan@@example.ru" }, "email", "Некорректный email"],
    ["a missing password", { password: undefined, password_confirmation: undefined }, "password", "пароль обязателен"],
    ["a repeat that differs", { password_confirmation: "Other_Pass2" }, "password_confirmation", "Пароли не совпадают"],
    ["a weak password", { password: "weak", password_confirmation: "weak" }, "password", "Пароль должен содержать не менее 8 символов"],
  ])("refuses %s with the spec's message", async (_case, overrides, field, message) => {
    const user = await createUser();
    const payload: Record<string, unknown> = { email: user.email, token: "123456", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...overrides };
    for (const [k, v] of Object.entries(payload)) if (v === undefined) delete payload[k];
    expectFieldError(await api("/api/reset-password", { json: payload }), field, message);
  });

  it("gives the reset form's messages in English", async () => {
    const res = await api("/api/reset-password", { json: { email: "x", token: "", password: NEW_PASSWORD, password_confirmation: "Other_Pass2" }, lang: "en" });
    expectFieldError(res, "email", en.validation.email_invalid_reset);
    expectFieldError(res, "token", en.validation.code_required);
    expectFieldError(res, "password_confirmation", en.validation.password_mismatch);
  });
});
