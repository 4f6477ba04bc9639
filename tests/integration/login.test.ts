import { describe, expect, it } from "vitest";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, withinOneWindow, expectFieldError, freshIp } from "../helpers/api";
import { count, rows } from "../helpers/db";
import { createUser, PASSWORD, uniqueEmail } from "../helpers/factories";

// The pages' texts and the server's own (e-mails, domain errors), as the server answers with them.
const en = withServerTexts(enPage, enServer);

describe("POST /api/login", () => {
  it("returns a token that works as a bearer token on GET /api/user", async () => {
    const user = await createUser({ name: "Мария", lastName: "Иванова" });
    const res = await api("/api/login", { json: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));

    const me = await api("/api/user", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: user.email, name: "Мария", lastName: "Иванова", isVerified: true });
  });

  it("accepts the e-mail in another case and with spaces around it", async () => {
    const user = await createUser();
    const res = await api("/api/login", { json: { email: `  ${user.email.toUpperCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
  });

  it("signs in from a url-encoded form too", async () => {
    const user = await createUser();
    const res = await api("/api/login", {
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it("refuses a wrong password with 'Неверный e-mail или пароль' under password, and opens no session", async () => {
    const user = await createUser();
    const sessionsBefore = await count("select count(*) as n from sessions where user_id = ?", user.id);
    const res = await api("/api/login", { json: { email: user.email, password: "Wrong_Pass1" } });
    expectFieldError(res, "password", "Неверный e-mail или пароль");
    expect(res.body.message).toBe("Неверный e-mail или пароль");
    expect(res.body.token).toBeUndefined();
    expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(sessionsBefore);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await api("/api/login", { json: { email: uniqueEmail("nobody"), password: PASSWORD } });
    expectFieldError(res, "password", "Неверный e-mail или пароль");
    expect(Object.keys(res.body.errors)).toEqual(["password"]);
  });

  it("speaks English under Content-Language: en", async () => {
    const res = await api("/api/login", { json: { email: uniqueEmail("nobody"), password: PASSWORD }, lang: "en" });
    expectFieldError(res, "password", en.auth.invalid_credentials);
    expect(res.headers.get("Content-Language")).toBe("en");
  });

  it.each([
    ["a missing e-mail", { password: PASSWORD }, "email", "E-mail обязателен"],
    ["an empty e-mail", { email: "  ", password: PASSWORD }, "email", "E-mail обязателен"],
    ["an e-mail without @", { email: "ivan.example.ru", password: PASSWORD }, "email", "некорректный E-mail"],
    ["an e-mail without a domain", { email: "ivan@example", password: PASSWORD }, "email", "некорректный E-mail"],
    ["a missing password", { email: "ivan@example.ru" }, "password", "пароль обязателен"],
    ["an empty password", { email: "ivan@example.ru", password: "" }, "password", "пароль обязателен"],
  ])("refuses %s with the spec's message", async (_case, payload, field, message) => {
    const res = await api("/api/login", { json: payload });
    expectFieldError(res, field, message);
  });

  it("gives the English validation messages under Content-Language: en", async () => {
    const res = await api("/api/login", { json: { email: "", password: "" }, lang: "en" });
    expectFieldError(res, "email", en.validation.email_required);
    expectFieldError(res, "password", en.validation.password_required);
  });

  it("the sign-in page ends the session the browser had: signing in again leaves no valid session behind", async () => {
    const first = await createUser();
    const second = await createUser();
    const old = (await api("/api/login", { json: { email: first.email, password: PASSWORD } })).body.token as string;
    const form = new URLSearchParams({ intent: "login", email: second.email, password: PASSWORD });
    const res = await api("/auth", { method: "POST", body: form, cookie: `session=${encodeURIComponent(old)}`, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("session="))).not.toContain(encodeURIComponent(old));
    expect((await api("/api/user", { token: old })).status).toBe(401);
    expect(await count("select count(*) as n from sessions where user_id = ?", second.id)).toBe(1);
  });

  it("refuses a 10 000-character password with 422, not a crash", async () => {
    const res = await api("/api/login", { json: { email: uniqueEmail(), password: "A".repeat(10_000) } });
    expectFieldError(res, "password", "Пароль слишком длинный");
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS.login_email_net.limit} failures on one e-mail from one network, even with the right password; its owner elsewhere still signs in`, () =>
    withinOneWindow(RATE_LIMITS.login_email_net.window, async () => {
      const user = await createUser();
      const { limit, window } = RATE_LIMITS.login_email_net;
      const guesser = freshIp();
      for (let i = 0; i < limit; i++) {
        const res = await api("/api/login", { json: { email: user.email, password: "Wrong_Pass1" }, ip: guesser });
        expect(res.status).toBe(422);
      }
      const blocked = await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip: guesser });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(window);
      expect(blocked.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ минут/);
      expect(blocked.body.token).toBeUndefined();

      // The guesser does not lock the owner out: from his own network he signs in.
      expect((await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip: freshIp() })).status).toBe(200);
      // Nor is another account affected.
      const other = await createUser();
      expect((await api("/api/login", { json: { email: other.email, password: PASSWORD }, ip: guesser })).status).toBe(200);
    }));

  it("counts failures only: signing in again and again never locks an account", () =>
    withinOneWindow(RATE_LIMITS.login_email_net.window, async () => {
      const user = await createUser();
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.login_email_net.limit + 2; i++) expect((await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip })).status).toBe(200);
    }));

  it(`refuses an account's sign-in from everywhere after ${RATE_LIMITS.login_email.limit} failures spread over many networks`, () =>
    withinOneWindow(RATE_LIMITS.login_email.window, async () => {
      const user = await createUser();
      for (let i = 0; i < RATE_LIMITS.login_email.limit; i++) expect((await api("/api/login", { json: { email: user.email, password: `Spread_${i}x` }, ip: freshIp() })).status).toBe(422);
      const right = await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip: freshIp() });
      expect(right.status).toBe(429);
      expect(right.body.token).toBeUndefined();
    }));

  it(`answers 429 after ${RATE_LIMITS.login_ip.limit} attempts from one address`, () =>
    withinOneWindow(RATE_LIMITS.login_ip.window, async () => {
      const ip = freshIp();
      const { limit } = RATE_LIMITS.login_ip;
      for (let i = 0; i < limit; i++) {
        const res = await api("/api/login", { json: { email: uniqueEmail("spray"), password: "Wrong_Pass1" }, ip });
        expect(res.status).toBe(422);
      }
      const blocked = await api("/api/login", { json: { email: uniqueEmail("spray"), password: "Wrong_Pass1" }, ip });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    }));
});

describe("the account's language (the one other people's acts write to him in)", () => {
  const locale = async (id: number) => (await rows<{ locale: string }>("select locale from users where id = ?", id))[0]!.locale;

  it("becomes the language he signs in with", async () => {
    const user = await createUser();
    expect(await locale(user.id)).toBe("ru");
    expect((await api("/api/login", { lang: "en", json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    expect(await locale(user.id)).toBe("en");
  });

  it("follows the language switch of a signed-in person; a guest's switch changes no account", async () => {
    const user = await createUser();
    const token = (await api("/api/login", { json: { email: user.email, password: PASSWORD } })).body.token;
    const res = await api("/lang", { cookie: `session=${token}`, form: { lng: "en" } });
    expect(res.status).toBe(302);
    expect(await locale(user.id)).toBe("en");
    expect((await api("/lang", { form: { lng: "ru" } })).status).toBe(302);
    expect(await locale(user.id)).toBe("en");
  });
});
