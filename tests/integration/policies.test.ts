import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE, freshIp } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, createUser, impersonatedToken, PASSWORD, servicePayload, signIn, uniqueEmail } from "../helpers/factories";

/**
 * issue 11, decision 0025: each shared policy (app/domain/policy.server.ts), allowed and refused, through a
 * page and through the API alike. The services decide; a page and an API call reach the same rule, so they
 * must agree (the API answers 401/403, a page sends a guest to sign-in and an unverified user to /verify).
 */

/** A page as the browser asks for it, with the session cookie (GET, or a form POST from our own origin). */
async function page(path: string, token: string | null, form?: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: {
      Host: "localhost",
      "CF-Connecting-IP": freshIp(),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE } : {}),
      ...(token ? { Cookie: `session=${token}` } : {}),
    },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("Location"), text: await res.text() };
}

beforeAll(() => ensureReference());

const NEW_PASSWORD = "Other_Pass2";
const passwordHash = async (id: number) => (await rows<{ password_hash: string }>("select password_hash from users where id = ?", id))[0]!.password_hash;
const linksMade = (operatorId: number) => count("select count(*) as n from audit_log where action = 'impersonate.link_created' and actor_user_id = ?", operatorId);

describe("requireOperator: an operator's own session, never an impersonated one", () => {
  /**
   * The refused "operator" is an operator acting as a user who has the admin role (given while the operator
   * was viewing: an operator cannot open another operator's session): the impersonated session must still
   * not have the console (spec README: impersonation).
   */
  async function callers() {
    const operator = await createOperator();
    const shownOperator = await createUser({ name: "Вера", lastName: "Лебедева" });
    const token = await impersonatedToken(shownOperator);
    await rows("insert into user_roles (user_id, role) values (?, 'admin')", shownOperator.id);
    return {
      operator: { id: operator.id, token: await signIn(operator) },
      impersonating: { id: shownOperator.id, token },
      user: await createSignedInUser(),
    };
  }

  it("lets an operator make an impersonation link through the API, and refuses an impersonated operator, a user and a guest", async () => {
    const { operator, impersonating, user } = await callers();
    const target = await createUser();
    const link = (token: string | null) => api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token });

    const allowed = await link(operator.token);
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.url).toContain(`/impersonate/${target.id}-`);

    for (const [who, token, status] of [["impersonating", impersonating.token, 403], ["user", user.token, 403], ["guest", null, 401]] as const) {
      const res = await link(token);
      expect(res.status, `${who}: ${res.text}`).toBe(status);
      expect(res.body.url, who).toBeUndefined();
    }
    // Only the operator's own call left a trace: the refused ones made no link.
    expect(await linksMade(impersonating.id)).toBe(0);
    expect(await linksMade(user.id)).toBe(0);
  });

  it("opens the /admin page to an operator, and refuses it to an impersonated operator and a user (403) and a guest (sign-in)", async () => {
    const { operator, impersonating, user } = await callers();
    const allowed = await page("/admin", operator.token);
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('href="/admin"');

    for (const [who, token] of [["impersonating", impersonating.token], ["user", user.token]] as const) {
      const res = await page("/admin", token);
      expect(res.status, who).toBe(403);
    }
    const guest = await page("/admin", null);
    expect(guest.status).toBe(302);
    expect(guest.location).toBe("/auth?redirectTo=%2Fadmin");
  });

  it("shows the console link only where the console opens: not to an impersonated operator", async () => {
    const { operator, impersonating } = await callers();
    expect((await page("/profile/settings", operator.token)).text).toContain('href="/admin"');
    const shown = await page("/profile/settings", impersonating.token);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain('href="/admin"');
  });

  it("lets the operator's page action make a link, and refuses the impersonated operator's", async () => {
    const { operator, impersonating } = await callers();
    const target = await createUser();
    const allowed = await page("/admin", operator.token, { user_id: String(target.id) });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain(`/impersonate/${target.id}-`);
    const refused = await page("/admin", impersonating.token, { user_id: String(target.id) });
    expect(refused.status).toBe(403);
    expect(await linksMade(impersonating.id)).toBe(0);
  });
});

describe("requireVerifiedEmail: inviting needs a verified e-mail", () => {
  const payload = () => ({ name: "Олег", lastName: "Морозов", email: uniqueEmail("invitee") });
  const invitesBy = (id: number) => count("select count(*) as n from invites where inviter_user_id = ?", id);

  it("lets a verified user invite through POST /api/invite, and refuses an unverified one with the invite's own 403", async () => {
    const verified = await createSignedInUser();
    const ok = await api("/api/invite", { token: verified.token, json: { expert_type: "individual", ...payload() } });
    expect(ok.status, ok.text).toBe(201);

    const unverified = await createSignedInUser({ verified: false });
    const refused = await api("/api/invite", { token: unverified.token, json: { expert_type: "individual", ...payload() } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ message: "Приглашать можно после подтверждения e-mail", needsVerification: true });
    expect(await invitesBy(unverified.id)).toBe(0);
  });

  it("lets a verified user invite from the invitation page, and sends an unverified one to /verify without inviting", async () => {
    const verified = await createSignedInUser();
    const ok = await page("/invite/expert", verified.token, payload());
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    expect(await invitesBy(verified.id)).toBe(1);

    const unverified = await createSignedInUser({ verified: false });
    for (const res of [await page("/invite/expert", unverified.token, payload()), await page("/invite/expert", unverified.token)]) {
      expect(res.status).toBe(302);
      expect(res.location).toBe("/verify");
    }
    expect(await invitesBy(unverified.id)).toBe(0);
  });

  it("publishing a service, editing it and looking people up for its team need a verified e-mail through the API, as the pages' /verify does", async () => {
    const colleague = await createSignedInUser({ name: "Всеволод", lastName: "Проверкин" });
    const verified = await createSignedInUser();
    const mine = await createServiceFor(verified);
    const unverified = await createSignedInUser({ verified: false });
    const before = await count("select count(*) as n from services where user_id = ?", unverified.id);
    const team = { users: [{ id: colleague.id, type: "user" }] };
    const refusedText = "Чтобы опубликовать услугу и собрать команду, подтвердите e-mail: ссылка в письме, отправленном при регистрации";
    for (const res of [
      await api("/api/service", { token: unverified.token, json: servicePayload("company", team) }),
      await api("/api/service/team-search?search=Проверкин", { token: unverified.token }),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ message: refusedText, needsVerification: true });
    }
    expect(await count("select count(*) as n from services where user_id = ?", unverified.id)).toBe(before);
    expect(await count("select count(*) as n from service_members where user_id = ?", colleague.id)).toBe(0);
    // One who lost his proof (a changed address not yet confirmed) keeps his service as it is.
    await rows("update users set email_verified_at = null where id = ?", verified.id);
    const edit = await api(`/api/service/${mine.id}`, { token: verified.token, json: servicePayload("company", { ...team, name: "Другое название" }) });
    expect(edit.status, edit.text).toBe(403);
    expect((await rows("select name from services where id = ?", mine.id))[0]).toEqual({ name: mine.name });
    expect((await page("/services", unverified.token)).location).toBe("/verify");
    // Verified, the same calls pass.
    const found = await api("/api/service/team-search?search=Проверкин", { token: (await createSignedInUser()).token });
    expect(found.status, found.text).toBe(200);
  });

  it("lets an unverified user open the pages the auth policy allows (spec 1 §2), and no other", async () => {
    const unverified = await createSignedInUser({ verified: false });
    expect((await page("/profile/information", unverified.token)).status).toBe(200);
    const settings = await page("/profile/settings", unverified.token);
    expect(settings.status).toBe(302);
    expect(settings.location).toBe("/verify");
  });
});

describe("requireOwnSession: the password is changed only from the user's own session", () => {
  const form = { intent: "password", old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

  it("changes the password through POST /api/user/password from the own session, and refuses an impersonated one", async () => {
    const user = await createSignedInUser();
    const before = await passwordHash(user.id);
    const refused = await api("/api/user/password", { token: await impersonatedToken(user), json: form });
    expect(refused.status, refused.text).toBe(403);
    expect(await passwordHash(user.id)).toBe(before);

    const ok = await api("/api/user/password", { token: user.token, json: form });
    expect(ok.status, ok.text).toBe(200);
    expect(await passwordHash(user.id)).not.toBe(before);
  });

  it("changes the password from the settings page's own session, and refuses an impersonated one", async () => {
    const user = await createSignedInUser();
    const before = await passwordHash(user.id);
    const refused = await page("/profile/settings", await impersonatedToken(user), form);
    expect(refused.status).toBe(403);
    expect(await passwordHash(user.id)).toBe(before);

    const ok = await page("/profile/settings", user.token, form);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Пароль успешно изменен!");
    expect(await passwordHash(user.id)).not.toBe(before);
  });
});
