import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, expectFieldError, withinOneWindow } from "../helpers/api";
import { rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, PASSWORD, signIn, impersonatedToken } from "../helpers/factories";
import { mailsTo, resetCodeFrom, waitForMails } from "../helpers/mail";

// spec 2 §2 'Settings page', §5 password change, §8 'Пароль успешно изменен!'; spec README: password change
// path and impersonation; docs/decisions/0017-invite.md: POST /api/reset-password-profile.

const NEW_PASSWORD = "Fresh_Pass2";
const change = (token: string | null, json: Record<string, unknown>, lang?: "ru" | "en") => api("/api/user/password", { json, token, lang });
const passwordHash = async (id: number) => (await rows<{ password_hash: string }>("select password_hash from users where id = ?", id))[0]!.password_hash;

describe("POST /api/user/password", () => {
  it("changes the password with 'Пароль успешно изменен!' and signs out the other sessions, not this one", async () => {
    const user = await createSignedInUser();
    const other = await signIn(user);
    const res = await change(user.token, { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Пароль успешно изменен!");
    expect((await api("/api/user", { token: other })).status).toBe(401);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expectFieldError(await api("/api/login", { json: { email: user.email, password: PASSWORD } }), "password", "Неверный e-mail или пароль");
    expect((await api("/api/login", { json: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    // The owner is told by mail, as after a reset: a change he did not make does not go unseen.
    const [mail] = await waitForMails(user.email, 1);
    expect(mail!.subject).toBe("Пароль изменён");
  });

  it("refuses a guest (401) and an impersonated session (403), keeping the password", async () => {
    const user = await createUser();
    const before = await passwordHash(user.id);
    const payload = { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await change(null, payload)).status).toBe(401);
    const res = await change(await impersonatedToken(user), payload);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("В режиме просмотра это действие недоступно");
    expect(await passwordHash(user.id)).toBe(before);
  });

  it.each([
    ["a wrong current password", { old_password: "Wrong_Pass1" }, "old_password", "Неверный текущий пароль"],
    ["a missing current password", { old_password: "" }, "old_password", "пароль обязателен"],
    ["a missing new password", { password: "", password_confirmation: "" }, "password", "пароль обязателен"],
    ["a short new password", { password: "Ab_1", password_confirmation: "Ab_1" }, "password", "Пароль должен содержать не менее 8 символов"],
    ["no uppercase letter", { password: "secret_pass1", password_confirmation: "secret_pass1" }, "password", "Пароль должен содержать хотя бы одну заглавную букву"],
    ["other characters", { password: "Секрет_Pass1", password_confirmation: "Секрет_Pass1" }, "password", "Допустимы только латинские буквы, цифры и символы _ * @ ! #"],
    ["a repeat that differs", { password_confirmation: `${NEW_PASSWORD}x` }, "password_confirmation", "Пароли не совпадают"],
  ])("refuses %s with the registration's message, keeping the password", async (_case, over, field, message) => {
    const user = await createSignedInUser();
    const before = await passwordHash(user.id);
    expectFieldError(await change(user.token, { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...over }), field, message);
    expect(await passwordHash(user.id)).toBe(before);
  });

  it("answers in English under Content-Language: en", async () => {
    const user = await createSignedInUser();
    expectFieldError(await change(user.token, { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: "Other_Pass3" }, "en"), "password_confirmation", "Passwords do not match");
    const ok = await change(user.token, { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, "en");
    expect(ok.body.message).toBe("Password changed successfully!");
  });
});

describe("POST /api/reset-password-profile", () => {
  it("mails a reset code to the user's own address; the code sets a new password and signs every session out", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/reset-password-profile", { method: "POST", token: user.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ email: user.email, message: "Мы отправили код доступа на вашу почту" });
    // The code is mailed after the response (ctx.waitUntil).
    const mail = (await waitForMails(user.email))[0]!;
    expect(mail.subject).toBe("Код доступа для смены пароля");
    const reset = await api("/api/reset-password", { json: { email: user.email, token: resetCodeFrom(mail), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(reset.status, reset.text).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    expect((await api("/api/login", { json: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("ignores any address in the body: the code goes to the caller's own", async () => {
    const user = await createSignedInUser();
    const victim = await createUser();
    expect((await api("/api/reset-password-profile", { json: { email: victim.email }, token: user.token })).status).toBe(200);
    expect(await waitForMails(user.email)).toHaveLength(1);
    expect(await mailsTo(victim.email)).toEqual([]);
  });

  it("refuses a guest (401) and an impersonated session (403), mailing nothing", async () => {
    expect((await api("/api/reset-password-profile", { method: "POST" })).status).toBe(401);
    const user = await createUser();
    const res = await api("/api/reset-password-profile", { method: "POST", token: await impersonatedToken(user) });
    expect(res.status).toBe(403);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it(`shares the limit of ${RATE_LIMITS.forgot_email.limit} codes per address with /api/forgot-password`, () =>
    withinOneWindow(RATE_LIMITS.forgot_email.window, async () => {
      const user = await createSignedInUser();
      expect((await api("/api/forgot-password", { json: { email: user.email } })).status).toBe(200);
      for (let i = 1; i < RATE_LIMITS.forgot_email.limit; i++) expect((await api("/api/reset-password-profile", { method: "POST", token: user.token })).status).toBe(200);
      const res = await api("/api/reset-password-profile", { method: "POST", token: user.token });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await waitForMails(user.email, RATE_LIMITS.forgot_email.limit)).toHaveLength(RATE_LIMITS.forgot_email.limit);
    }));
});
