/**
 * ASVS 5.0 level 2, V16 Security Logging, for this product's audit log (audit_log, app/server/audit.server.ts):
 * who (actor, and the operator behind an impersonated session), what (action, target), when (UTC), where
 * (ip) and which request, written in the same batch as the change it records.
 */
import { describe, expect, it } from "vitest";
import { api, freshIp } from "../../helpers/api";
import { rows } from "../../helpers/db";
import { createOperator, createSignedInUser, createUser, customerPayload, PASSWORD, signIn, uniqueEmail } from "../../helpers/factories";
import { mailsTo, resetCodeFrom, waitForMails } from "../../helpers/mail";

type AuditRow = { action: string; actor_user_id: number | null; impersonator_user_id: number | null; target_id: string | null; meta: string | null; ip: string | null; request_id: string | null; created_at: string };
const auditOf = (where: string, ...params: unknown[]) =>
  rows<AuditRow>(`select action, actor_user_id, impersonator_user_id, target_id, meta, ip, request_id, created_at from audit_log where ${where} order by id`, ...params);

describe("ASVS V16 Security Logging", () => {
  it("V16.3.1 V16.2.1 logs a successful password sign-in with who, when (UTC), from where and in which request", async () => {
    const user = await createUser();
    const ip = freshIp();
    const res = await api("/api/login", { json: { email: user.email, password: PASSWORD }, ip, headers: { "X-Request-Id": "req-v16-login" } });
    expect(res.status).toBe(200);
    const [row] = await auditOf("action = 'user.login' and actor_user_id = ?", user.id);
    expect(row).toMatchObject({ actor_user_id: user.id, target_id: String(user.id), ip, request_id: "req-v16-login", impersonator_user_id: null });
    expect(JSON.parse(row!.meta!)).toEqual({ method: "password" });
    // V16.2.2: UTC with an explicit Z.
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(row!.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it("V16.3.1 logs a failed sign-in for a known and for an unknown e-mail, never with the password", async () => {
    const user = await createUser();
    const ghost = uniqueEmail("ghost");
    await api("/api/login", { json: { email: user.email, password: "Wrong_Pass_v16" } });
    await api("/api/login", { json: { email: ghost, password: "Wrong_Pass_v16" } });
    const known = await auditOf("action = 'user.login_failed' and target_id = ?", String(user.id));
    const unknown = await auditOf("action = 'user.login_failed' and target_id = ?", ghost);
    expect(known).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(JSON.parse(known[0]!.meta!)).toEqual({ email: user.email, known: true });
    expect(JSON.parse(unknown[0]!.meta!)).toEqual({ email: ghost, known: false });
    expect(known[0]!.ip).toBeTruthy();
    for (const r of [...known, ...unknown]) expect(JSON.stringify(r)).not.toContain("Wrong_Pass_v16");
  });

  it("V16.3.1 logs a failed social sign-in with its reason, never with the code or the state", async () => {
    const state = `made-up-state-${crypto.randomUUID()}`;
    const res = await api(`/api/auth/social/callback?code=secret-code-v16&state=${state}`, { headers: { "X-Request-Id": "req-v16-social" } });
    expect(res.status).toBe(422);
    const [row] = await auditOf("action = 'user.social_login_failed' and request_id = ?", "req-v16-social");
    expect(JSON.parse(row!.meta!)).toEqual({ reason: "state", provider: null });
    expect(JSON.stringify(row)).not.toContain("secret-code-v16");
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it("V16.2.1 records the operator behind every action of an impersonated session", async () => {
    const operator = await createOperator();
    const operatorToken = await signIn(operator);
    const target = await createUser();
    const link = await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: operatorToken });
    const hash = /\/impersonate\/\d+-(.+)$/.exec(link.body.url)![1]!;
    const asUser = (await api("/api/impersonate", { json: { id: target.id, hash }, token: operatorToken })).body.token as string;
    expect((await api("/api/user/profile", { token: asUser, json: { phone: "+7 916 222-33-44" } })).status).toBe(200);
    const [row] = await auditOf("action = 'profile.updated' and actor_user_id = ?", target.id);
    expect(row).toMatchObject({ actor_user_id: target.id, impersonator_user_id: operator.id });
    // The user's own action, in his own session, names nobody else.
    const own = await signIn(target);
    expect((await api("/api/user/profile", { token: own, json: { phone: "+7 916 333-44-55" } })).status).toBe(200);
    const rowsNow = await auditOf("action = 'profile.updated' and actor_user_id = ?", target.id);
    expect(rowsNow.at(-1)).toMatchObject({ impersonator_user_id: null });
  });

  it("V16.3.1 V16.3.3 logs a password change, a reset and an e-mail change", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Changed_Pass2", password_confirmation: "Changed_Pass2" } })).status).toBe(200);
    await api("/api/forgot-password", { json: { email: user.email } });
    const code = resetCodeFrom((await waitForMails(user.email))[0]!);
    expect((await api("/api/reset-password", { json: { email: user.email, token: code, password: "Reset_Pass3", password_confirmation: "Reset_Pass3" } })).status).toBe(200);
    const token = await signIn({ email: user.email, password: "Reset_Pass3" });
    expect((await api("/api/user/profile", { token, json: { email: uniqueEmail("v16"), current_password: "Reset_Pass3" } })).status).toBe(200);
    const actions = (await auditOf("actor_user_id = ?", user.id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["user.password_changed", "user.password_reset", "user.email_changed", "user.login"]));
  });

  it("V16.2.5 never writes a password, a session token or a reset code into the audit log", async () => {
    const payload = customerPayload({ password: "Audit_Secret_Pass7" });
    const reg = await api("/api/register", { form: payload });
    expect(reg.status).toBe(201);
    const login = await api("/api/login", { json: { email: payload.email, password: "Audit_Secret_Pass7" } });
    await api("/api/forgot-password", { json: { email: payload.email } });
    const code = resetCodeFrom((await waitForMails(payload.email, 2)).find((m) => /\d{6}/.test(m.text) && m.subject.includes("Код"))!);
    expect((await api("/api/reset-password", { json: { email: payload.email, token: code, password: "Audit_New_Pass8", password_confirmation: "Audit_New_Pass8" } })).status).toBe(200);
    const all = JSON.stringify(await auditOf("actor_user_id = ? or target_id = ? or target_id = ?", reg.body.user.id, String(reg.body.user.id), payload.email));
    expect(all).toContain("user.password_reset");
    for (const secret of ["Audit_Secret_Pass7", "Audit_New_Pass8", reg.body.token, login.body.token, code]) expect(all).not.toContain(secret);
    expect(await mailsTo(payload.email)).not.toHaveLength(0);
  });
});
