import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, withinOneWindow, expectFieldError } from "../helpers/api";
import { count } from "../helpers/db";
import { createSignedInUser, customerPayload } from "../helpers/factories";
import { lastMailTo, mailsTo, verifyTokenFrom } from "../helpers/mail";

/** A freshly registered (unverified) user with the link from the welcome mail. */
async function registered() {
  const payload = customerPayload();
  const res = await api("/api/register", { json: payload });
  expect(res.status, res.text).toBe(201);
  return { email: payload.email, id: res.body.user.id as number, token: res.body.token as string, link: verifyTokenFrom(await lastMailTo(payload.email)) };
}

/** The link opened where `session` is signed in (decision 0055: only the account's own session confirms); a guest without. */
const verify = (token: string, session?: string) => api("/api/email/verify", { json: { token }, token: session });

describe("POST /api/email/verify", () => {
  it("verifies the address with the mailed token", async () => {
    const user = await registered();
    const res = await verify(user.link, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: true, message: "E-mail подтверждён" });
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(true);
    expect(await count("select count(*) as n from audit_log where action = 'user.email_verified' and target_id = ?", String(user.id))).toBe(1);
  });

  it("refuses the same token a second time", async () => {
    const user = await registered();
    expect((await verify(user.link, user.token)).status).toBe(200);
    expectFieldError(await verify(user.link, user.token), "token", "Ссылка недействительна или устарела");
  });

  it("verifies once when the link is opened twice at once: the other use is refused and writes nothing", async () => {
    const user = await registered();
    const both = await Promise.all([verify(user.link, user.token), verify(user.link, user.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await count("select count(*) as n from audit_log where action = 'user.email_verified' and target_id = ?", String(user.id))).toBe(1);
  });

  it("refuses a link mailed to an address the account no longer has, writing nothing of it", async () => {
    const user = await registered();
    await env.DB.prepare("update users set email = ? where id = ?").bind(`moved.${user.email}`, user.id).run();
    expectFieldError(await verify(user.link, user.token), "token", "Ссылка недействительна или устарела");
    expect(await count("select count(*) as n from audit_log where action = 'user.email_verified' and target_id = ?", String(user.id))).toBe(0);
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(false);
  });

  it("refuses an expired token and leaves the address unverified", async () => {
    const user = await registered();
    await env.DB.prepare("update tokens set expires_at = ? where kind = 'email_verify' and user_id = ?").bind(Date.now() - 1, user.id).run();
    expectFieldError(await verify(user.link, user.token), "token", "Ссылка недействительна или устарела");
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(false);
  });

  it("confirms only in the account's own session: a guest 401, another account 403, and the link still works for its account", async () => {
    const user = await registered();
    const guest = await verify(user.link);
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe("Войдите в аккаунт, чтобы подтвердить e-mail");
    const other = await createSignedInUser();
    const foreign = await verify(user.link, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("Ссылка подтверждает e-mail другого аккаунта: выйдите и войдите в него");
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(false);
    expect((await api("/api/user", { token: other.token })).body.isVerified).toBe(true);
    expect((await verify(user.link, user.token)).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(true);
  });

  it("shows a guest who opens the link the way to sign in and come back, and confirms nothing", async () => {
    const user = await registered();
    const page = await api(`/email/verify?token=${encodeURIComponent(user.link)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Войдите в аккаунт, который подтверждаете");
    expect(page.text).toContain(`href="/auth?redirectTo=${encodeURIComponent(`/email/verify?token=${user.link}`).replace(/&/g, "&amp;")}"`);
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(false);
  });

  it("tells a guest at once that a dead link no longer works, without asking him to sign in for it", async () => {
    const page = await api(`/email/verify?token=${"x".repeat(43)}`);
    expect(page.text).toContain("Ссылка недействительна или устарела");
    expect(page.text).not.toContain("Войдите в аккаунт, который подтверждаете");
  });

  it("offers another account's session to sign out and sign in to the right one, coming back to the link", async () => {
    const user = await registered();
    const other = await createSignedInUser();
    const answer = await api(`/email/verify?token=${encodeURIComponent(user.link)}`, { method: "POST", form: { token: user.link }, cookie: `session=${other.token}` });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("Ссылка подтверждает e-mail другого аккаунта: выйдите и войдите в него");
    expect(answer.text).toContain("Выйти и войти в этот аккаунт");
    const back = `/auth?redirectTo=${encodeURIComponent(`/email/verify?token=${user.link}`)}`;
    const out = await api("/logout", { method: "POST", form: { redirectTo: back }, cookie: `session=${other.token}` });
    expect(out.headers.get("location")).toBe(back);
    expect((await api("/api/user", { token: other.token })).status).toBe(401);
    // Only the sign-in page: any other address is the start page, as for every sign-out.
    const elsewhere = await api("/logout", { method: "POST", form: { redirectTo: "https://evil.example/" }, cookie: `session=${(await createSignedInUser()).token}` });
    expect(elsewhere.headers.get("location")).toBe("/");
  });

  it("leads the own session of a dead link to /verify for a new one, and tells a proven account it has nothing to confirm", async () => {
    const user = await registered();
    const dead = "x".repeat(43);
    const failed = await api(`/email/verify?token=${dead}`, { method: "POST", form: { token: dead }, cookie: `session=${user.token}` });
    expect(failed.status).toBe(422);
    expect(failed.text).toContain("Ссылка недействительна или устарела");
    expect(failed.text).toContain('href="/verify"');
    expect(failed.text).toContain("Получить новую ссылку");
    expect(failed.text).not.toContain("Подтвердить e-mail</button>");
    // Once confirmed, the old link (or any) says so, and /verify has nothing to hold him at.
    expect((await verify(user.link, user.token)).status).toBe(200);
    const again = await api(`/email/verify?token=${encodeURIComponent(user.link)}`, { cookie: `session=${user.token}` });
    expect(again.status).toBe(200);
    expect(again.text).toContain("E-mail уже подтверждён.");
    expect(again.text).toContain('href="/profile/information"');
    // Another account's live link, opened in this proven account's session: not 'already confirmed', the
    // confirmation goes on (and answers with the switch of accounts).
    const other = await registered();
    const theirs = await api(`/email/verify?token=${encodeURIComponent(other.link)}`, { cookie: `session=${user.token}` });
    // The page's own markup (its texts also travel in the loader data).
    const main = theirs.text.split('<main id="main"')[1]!.split("</main>")[0]!;
    expect(main).not.toContain("E-mail уже подтверждён.");
    expect(main).toContain(`name="token" value="${other.link}"`);
    const placeholder = await api("/verify", { cookie: `session=${user.token}` });
    expect(placeholder.status).toBe(302);
    expect(placeholder.headers.get("Location")).toBe("/profile/information");
  });

  it("gives the link 24 hours", async () => {
    const user = await registered();
    const [row] = (await env.DB.prepare("select expires_at - created_at as ttl from tokens where kind = 'email_verify' and user_id = ?").bind(user.id).all<{ ttl: number }>()).results;
    expect(row!.ttl).toBe(24 * 60 * 60 * 1000);
  });

  it.each([["made-up-token-that-is-long-enough"], ["short"], [""], ["x".repeat(5000)]])("refuses the token %#", async (token) => {
    expectFieldError(await verify(token), "token", "Ссылка недействительна или устарела");
  });

  it("refuses a missing token with 422", async () => {
    const res = await api("/api/email/verify", { json: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors.token).toHaveLength(1);
  });
});

describe("GET /api/email/verification-notification", () => {
  it("is refused to a guest with 401", async () => {
    const res = await api("/api/email/verification-notification");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Требуется авторизация" });
  });

  it("mails a new link, and the old one stops working", async () => {
    const user = await registered();
    const res = await api("/api/email/verification-notification", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, verified: false });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    const fresh = verifyTokenFrom(mails[0]!);
    expect(fresh).not.toBe(user.link);

    expectFieldError(await verify(user.link, user.token), "token", "Ссылка недействительна или устарела");
    expect((await verify(fresh, user.token)).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(true);
  });

  it("is refused (403) with only the page cookie: a cross-site link must not make us send mail", async () => {
    const user = await registered();
    const res = await api("/api/email/verification-notification", { cookie: `session=${user.token}` });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("sends nothing to a verified user", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/email/verification-notification", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: false, verified: true });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS.verify_resend_user.limit} resends`, () =>
    withinOneWindow(RATE_LIMITS.verify_resend_user.window, async () => {
      const user = await registered();
      for (let i = 0; i < RATE_LIMITS.verify_resend_user.limit; i++) {
        expect((await api("/api/email/verification-notification", { token: user.token })).status).toBe(200);
      }
      const res = await api("/api/email/verification-notification", { token: user.token });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(res.body.message).toMatch(/^Слишком много попыток/);
      expect(await mailsTo(user.email)).toHaveLength(1 + RATE_LIMITS.verify_resend_user.limit);
    }));

  it(`mails one address at most ${RATE_LIMITS.verify_resend_email.limit} resends a day, whichever account asks`, async () => {
    const user = await registered();
    const { limit, window } = RATE_LIMITS.verify_resend_email;
    const now = Math.floor(Date.now() / 1000);
    const start = now - (now % window);
    // The address's day so far: resends asked by the accounts that held it before.
    await env.DB.prepare("insert into rate_limits (key, count, expires_at) values (?, ?, ?)").bind(`verify_resend_email:${user.email.toLowerCase()}:${start}`, limit, start + window).run();
    const res = await api("/api/email/verification-notification", { token: user.token });
    expect(res.status).toBe(429);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
