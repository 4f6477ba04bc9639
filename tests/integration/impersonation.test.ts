import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../functions/index";
import { mailsTo, resetCodeFrom, waitForMails } from "../helpers/mail";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, rows, whileInsertsFail } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, PASSWORD, signIn } from "../helpers/factories";

/** An operator (signed in), a target user, and a fresh link from the operator console's call. */
async function setup() {
  const operator = await createOperator();
  const operatorToken = await signIn(operator);
  const target = await createUser({ name: "Пётр", lastName: "Сидоров", phone: "+7 903 111-22-33" });
  const link = await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: operatorToken });
  expect(link.status, link.text).toBe(200);
  const m = /^http:\/\/localhost\/impersonate\/(\d+)-(.+)$/.exec(link.body.url);
  expect(m, link.body.url).not.toBeNull();
  expect(Number(m![1])).toBe(target.id);
  return { operator, operatorToken, target, hash: m![2]!, link: link.body };
}

const impersonate = (token: string | null, id: number, hash: string) => api("/api/impersonate", { json: { id, hash }, token });

describe("impersonation link", () => {
  it("is made for an operator, valid 5 minutes, and audited", async () => {
    const { operator, target, link } = await setup();
    expect(link.expiresInSeconds).toBe(300);
    const audit = await rows<{ actor_user_id: number; target_id: string }>("select actor_user_id, target_id from audit_log where action = 'impersonate.link_created'");
    expect(audit).toContainEqual({ actor_user_id: operator.id, target_id: String(target.id) });
  });

  it("is refused to a user without the operator role (403) and to a guest (401)", async () => {
    const user = await createSignedInUser();
    const target = await createUser();
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: user.token })).status).toBe(403);
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST" })).status).toBe(401);
  });

  it("answers 404 for a user that does not exist and 422 for the operator's own account", async () => {
    const operator = await createOperator();
    const token = await signIn(operator);
    expect((await api("/api/admin/users/999999/impersonation-link", { method: "POST", token })).status).toBe(404);
    expect((await api("/api/admin/users/abc/impersonation-link", { method: "POST", token })).status).toBe(404);
    const self = await api(`/api/admin/users/${operator.id}/impersonation-link`, { method: "POST", token });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe("Нельзя войти от своего имени");
  });

  it("is refused for another operator (403), and a link made before the user became one opens nothing", async () => {
    const token = await signIn(await createOperator());
    const other = await createOperator();
    const refused = await api(`/api/admin/users/${other.id}/impersonation-link`, { method: "POST", token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Нельзя войти от имени другого оператора");
    expect((await api(`/api/admin/users/${other.id}`, { token })).body.can_impersonate).toBe(false);

    const { operatorToken, target, hash } = await setup();
    await env.DB.prepare("insert into user_roles (user_id, role) values (?, 'admin')").bind(target.id).run();
    const late = await impersonate(operatorToken, target.id, hash);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe("Нельзя войти от имени другого оператора");
    expect(await count("select count(*) as n from sessions where user_id = ? and impersonator_user_id is not null", target.id)).toBe(0);
  });
});

describe("POST /api/impersonate", () => {
  it("gives the operator a token acting as the user, marked as impersonated", async () => {
    const { operatorToken, target, hash } = await setup();
    const res = await impersonate(operatorToken, target.id, hash);
    expect(res.status, res.text).toBe(200);
    const me = await api("/api/user", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: target.id, email: target.email, name: "Пётр", impersonated_by: "Ольга Кузнецова", is_admin: false });
  });

  it("works once: the same link is refused the second time", async () => {
    const { operatorToken, target, hash } = await setup();
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(200);
    const again = await impersonate(operatorToken, target.id, hash);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe("Ссылка недействительна или устарела");
    expect(again.body.token).toBeUndefined();
  });

  it("opens one session when the link is used twice at once: the other use is refused", async () => {
    const { operatorToken, target, hash } = await setup();
    const before = await count("select count(*) as n from sessions where user_id = ?", target.id);
    const both = await Promise.all([impersonate(operatorToken, target.id, hash), impersonate(operatorToken, target.id, hash)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await count("select count(*) as n from sessions where user_id = ?", target.id)).toBe(before + 1);
  });

  it("uses the link in the batch that opens the session: when the session cannot be written, the link still works", async () => {
    const { operatorToken, target, hash } = await setup();
    const failed = await whileInsertsFail("sessions", `new.user_id = ${target.id}`, () => impersonate(operatorToken, target.id, hash));
    expect(failed.status).toBe(500);
    expect(failed.body.token).toBeUndefined();
    expect(await count("select count(*) as n from audit_log where action = 'impersonate.start' and target_id = ?", String(target.id))).toBe(0);
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(200);
  });

  it("refuses a user without the operator role and a guest with 403, and the link still works for its operator", async () => {
    const { operatorToken, target, hash } = await setup();
    const user = await createSignedInUser();
    for (const token of [user.token, null]) {
      const res = await impersonate(token, target.id, hash);
      expect(res.status).toBe(403);
      expect(res.body.token).toBeUndefined();
    }
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(200);
  });

  it("refuses another operator with 403, and the link still works for its operator", async () => {
    const { operatorToken, target, hash } = await setup();
    const other = await createOperator();
    const res = await impersonate(await signIn(other), target.id, hash);
    expect(res.status).toBe(403);
    expect(res.body.token).toBeUndefined();
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(200);
  });

  it("refuses a link used with another user's id, and the link still works with the right one", async () => {
    const { operatorToken, target, hash } = await setup();
    const someoneElse = await createUser();
    const res = await impersonate(operatorToken, someoneElse.id, hash);
    expect(res.status).toBe(403);
    expect(res.body.token).toBeUndefined();
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(200);
  });

  it("refuses a link whose user was blocked after it was made (409), opening no session", async () => {
    const { operatorToken, target, hash } = await setup();
    const blocked = await api(`/api/admin/users/${target.id}/block`, { json: { reason: "Спам в откликах" }, token: operatorToken });
    expect(blocked.status, blocked.text).toBe(200);
    const res = await impersonate(operatorToken, target.id, hash);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Пользователь заблокирован: войти от его имени нельзя");
    expect(await count("select count(*) as n from sessions where user_id = ?", target.id)).toBe(0);
  });

  it("refuses an expired link", async () => {
    const { operatorToken, target, hash } = await setup();
    await env.DB.prepare("update tokens set expires_at = ? where kind = 'impersonate' and user_id = ?").bind(Date.now() - 1, target.id).run();
    expect((await impersonate(operatorToken, target.id, hash)).status).toBe(403);
  });

  it("refuses a made-up hash and a malformed body", async () => {
    const { operatorToken, target } = await setup();
    expect((await impersonate(operatorToken, target.id, "made-up-hash-value-0123456789")).status).toBe(403);
    expect((await api("/api/impersonate", { json: { id: "x", hash: 1 }, token: operatorToken })).status).toBe(422);
  });

  it("does not let an impersonated session impersonate further", async () => {
    const { operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
    const victim = await createUser();
    expect((await api(`/api/admin/users/${victim.id}/impersonation-link`, { method: "POST", token: asUser })).status).toBe(403);
  });
});

describe("while impersonating", () => {
  it("cannot change the user's password (403) and the password stays", async () => {
    const { operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
    const res = await api("/api/user/password", { json: { old_password: PASSWORD, password: "Taken_Over1", password_confirmation: "Taken_Over1" }, token: asUser });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("В режиме просмотра это действие недоступно");
    expect((await api("/api/login", { json: { email: target.email, password: PASSWORD } })).status).toBe(200);
  });

  it("records every request that may change something with the operator and the user, refused ones too; reads and visit stamps are not recorded", async () => {
    const { operator, operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token as string;
    expect((await api("/api/user/status", { json: { text: "Статус от оператора" }, token: asUser })).status).toBe(200);
    expect((await api("/api/user/password", { json: { old_password: PASSWORD, password: "Taken_Over1", password_confirmation: "Taken_Over1" }, token: asUser })).status).toBe(403);
    expect((await api("/api/user", { token: asUser })).status).toBe(200);
    expect((await api("/api/client/storage", { json: { customer: { search: new Date().toISOString() } }, token: asUser })).status).toBe(200);
    // The user's own requests are his alone.
    const own = await signIn(target);
    expect((await api("/api/user/status", { json: { text: "Мой статус" }, token: own })).status).toBe(200);
    const recorded = await rows<{ actor_user_id: number; impersonator_user_id: number; target_id: string; meta: string }>(
      "select actor_user_id, impersonator_user_id, target_id, meta from audit_log where action = 'impersonated.request' and actor_user_id = ? order by id",
      target.id,
    );
    expect(recorded.map((r) => ({ ...r, meta: JSON.parse(r.meta) }))).toEqual([
      { actor_user_id: target.id, impersonator_user_id: operator.id, target_id: String(target.id), meta: { method: "POST", path: "/api/user/status", status: 200 } },
      { actor_user_id: target.id, impersonator_user_id: operator.id, target_id: String(target.id), meta: { method: "POST", path: "/api/user/password", status: 403 } },
    ]);
    // The console names the operator behind them, and its filter by who acted finds them under him.
    const byOperator = await api(`/api/admin/audit?actor=${operator.id}`, { token: operatorToken });
    const status = byOperator.body.items.find((i: { action: string; meta: { path?: string } }) => i.action === "impersonated.request" && i.meta.path === "/api/user/status");
    expect(status).toMatchObject({ actor: { id: target.id, email: target.email }, impersonator: { id: operator.id, email: operator.email } });
    const page = await api(`/admin/audit?actor=${operator.id}`, { cookie: `session=${operatorToken}` });
    expect(page.text).toContain(`Ольга Кузнецова (${operator.email}, #${operator.id}) от имени Пётр Сидоров (${target.email}, #${target.id})`);
  });

  it("POST /api/impersonate/leave ends the impersonated session; the operator's own token still works; all is audited", async () => {
    const { operator, operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
    const res = await api("/api/impersonate/leave", { method: "POST", token: asUser });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ left: true });

    expect((await api("/api/user", { token: asUser })).status).toBe(401);
    const me = await api("/api/user", { token: operatorToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: operator.id, impersonated_by: null, is_admin: true });

    const audit = await rows<{ action: string; actor_user_id: number; target_id: string }>(
      "select action, actor_user_id, target_id from audit_log where action like 'impersonate.%' and target_id = ? order by id",
      String(target.id),
    );
    expect(audit).toEqual([
      { action: "impersonate.link_created", actor_user_id: operator.id, target_id: String(target.id) },
      { action: "impersonate.start", actor_user_id: operator.id, target_id: String(target.id) },
      { action: "impersonate.end", actor_user_id: operator.id, target_id: String(target.id) },
    ]);
  });

  it("signing out of an impersonated session ends it and is audited as its end", async () => {
    const { operator, operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
    expect((await api("/api/logout", { method: "POST", token: asUser })).status).toBeLessThan(300);
    expect((await api("/api/user", { token: asUser })).status).toBe(401);
    expect(await rows("select actor_user_id from audit_log where action = 'impersonate.end' and target_id = ?", String(target.id))).toEqual([{ actor_user_id: operator.id }]);
  });

  it("audits the end of an impersonation however it ends: its hour over (the Cron Trigger), the user blocked, his password reset", async () => {
    const ends = async (targetId: number) =>
      (await rows<{ actor_user_id: number; meta: string }>("select actor_user_id, meta from audit_log where action = 'impersonate.end' and target_id = ?", String(targetId))).map((r) => ({ actor: r.actor_user_id, via: JSON.parse(r.meta).via }));

    const lapsed = await setup();
    const asLapsed = (await impersonate(lapsed.operatorToken, lapsed.target.id, lapsed.hash)).body.token as string;
    await rows("update sessions set expires_at = ? where user_id = ? and impersonator_user_id is not null", Date.now() - 1000, lapsed.target.id);
    const cronCtx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "5 * * * *" }), env as never, cronCtx);
    await waitOnExecutionContext(cronCtx);
    expect(await ends(lapsed.target.id)).toEqual([{ actor: lapsed.operator.id, via: "expired" }]);
    expect(await count("select count(*) as n from sessions where user_id = ? and impersonator_user_id is not null", lapsed.target.id)).toBe(0);
    expect((await api("/api/user", { token: asLapsed })).status).toBe(401);

    const blocked = await setup();
    await impersonate(blocked.operatorToken, blocked.target.id, blocked.hash);
    expect((await api(`/api/admin/users/${blocked.target.id}/block`, { token: blocked.operatorToken, json: { reason: "Спам" } })).status).toBe(200);
    expect(await ends(blocked.target.id)).toEqual([{ actor: blocked.operator.id, via: "blocked" }]);

    const reset = await setup();
    await impersonate(reset.operatorToken, reset.target.id, reset.hash);
    const before = (await mailsTo(reset.target.email)).length;
    await api("/api/forgot-password", { json: { email: reset.target.email } });
    const code = resetCodeFrom((await waitForMails(reset.target.email, before + 1))[0]!);
    expect((await api("/api/reset-password", { json: { email: reset.target.email, token: code, password: "Owner_Pass9", password_confirmation: "Owner_Pass9" } })).status).toBe(200);
    expect(await ends(reset.target.id)).toEqual([{ actor: reset.operator.id, via: "password_reset" }]);
  });

  it("signing out of an impersonated session in the browser ends the operator's session kept aside too, and forgets it", async () => {
    for (const [path, headers] of [
      ["/logout", {}],
      ["/api/logout", { Origin: "http://localhost" }],
    ] as const) {
      const { operatorToken, target, hash } = await setup();
      const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
      const out = await api(path, { method: "POST", headers, cookie: `session=${encodeURIComponent(asUser)}; prev_session=${encodeURIComponent(operatorToken)}` });
      expect(out.status, `${path}: ${out.text.slice(0, 200)}`).toBeLessThan(400);
      const cleared = out.headers.getSetCookie();
      for (const name of ["session=", "prev_session="]) expect(cleared.find((c) => c.startsWith(name)), `${path} ${name}`).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect((await api("/api/user", { token: asUser })).status).toBe(401);
      expect((await api("/api/user", { token: operatorToken })).status, path).toBe(401);
    }
    // Outside impersonation a sign-out ends that session only: another of the operator's stays.
    const operator = await createOperator();
    const [one, two] = [await signIn(operator), await signIn(operator)];
    expect((await api("/logout", { method: "POST", cookie: `session=${encodeURIComponent(one)}; prev_session=${encodeURIComponent(two)}` })).status).toBeLessThan(400);
    expect((await api("/api/user", { token: one })).status).toBe(401);
    expect((await api("/api/user", { token: two })).status).toBe(200);
  });

  it("ends the sessions an operator opened as others when his password changes, and when he is blocked", async () => {
    const first = await setup();
    const asUser = (await impersonate(first.operatorToken, first.target.id, first.hash)).body.token;
    const changed = await api("/api/user/password", { token: first.operatorToken, json: { old_password: PASSWORD, password: "Other_Pass9", password_confirmation: "Other_Pass9" } });
    expect(changed.status, changed.text).toBe(200);
    expect((await api("/api/user", { token: first.operatorToken })).status).toBe(200);
    expect((await api("/api/user", { token: asUser })).status).toBe(401);

    const second = await setup();
    const asUser2 = (await impersonate(second.operatorToken, second.target.id, second.hash)).body.token;
    expect((await api("/api/user", { token: asUser2 })).status).toBe(200);
    // A block that left the session row (written straight into the database) still ends it at once.
    await rows("update users set blocked_at = ? where id = ?", new Date().toISOString(), second.operator.id);
    expect((await api("/api/user", { token: asUser2 })).status).toBe(401);
  });

  it("the page's leave restores the operator's session only from a live impersonated one", async () => {
    const { operatorToken, target, hash } = await setup();
    const asUser = (await impersonate(operatorToken, target.id, hash)).body.token;
    const leave = (session: string) => api("/impersonate/leave", { method: "POST", cookie: `session=${encodeURIComponent(session)}; prev_session=${encodeURIComponent(operatorToken)}` });
    const live = await leave(asUser);
    expect(live.status).toBe(302);
    expect(live.headers.getSetCookie().find((c) => c.startsWith("session="))).toContain(encodeURIComponent(operatorToken));
    // The impersonated session has ended (its hour, a sign-out): the browser looks signed out, and a post
    // here must not hand the operator's session to whoever sits at it.
    const ended = await leave(asUser);
    expect(ended.headers.getSetCookie().some((c) => c.includes(encodeURIComponent(operatorToken)))).toBe(false);
    expect(ended.headers.getSetCookie().find((c) => c.startsWith("prev_session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("leave is refused outside impersonation (422) and to a guest (401)", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/impersonate/leave", { method: "POST", token: user.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Просмотр от имени пользователя не активен");
    expect((await api("/api/impersonate/leave", { method: "POST" })).status).toBe(401);
  });
});
