import { RATE_LIMITS } from "~/server/rate-limit.server";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeInviteHash } from "~/domain/auth/invite-hash";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createServiceFor, createSignedInUser, customerPayload, servicePayload, setServiceStatus, uniqueEmail } from "../helpers/factories";
import { actionData } from "../helpers/page-data";
import { lastMailTo, mailsTo, resetCodeFrom, verificationTokenTo, verifyByMail, waitForMails } from "../helpers/mail";

// spec 3 §3 'Team member', 'Invite user'; §4 (participation); §5 'New employee'; README 'Document 3 details'.

beforeAll(() => ensureReference());

const participate = (token: string | null, service_id: number, isParticipate: 0 | 1) => api("/api/service/participate", { json: { service_id, isParticipate }, token });
const memberRow = (serviceId: number, userId: number) => rows<{ need_approve: number; type: string }>("select need_approve, type from service_members where service_id = ? and user_id = ?", serviceId, userId);
const employee = (over: Record<string, unknown> = {}) => ({ name: "Олег", lastName: "Морозов", patronymic: "Ильич", email: uniqueEmail("employee"), phone: "+7 916 555-44-33", direction_years: 5, projects: 12, ...over });

describe("POST /api/service/participate", () => {
  it("lets a pending member accept; accepting again changes nothing", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] });
    const res = await participate(member.token, svc.id, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ service_id: svc.id, participate: true });
    expect((await memberRow(svc.id, member.id))[0]!.need_approve).toBe(0);
    expect((await participate(member.token, svc.id, 1)).status).toBe(200);
    const view = await api(`/api/service/${svc.id}`, { token: owner.token });
    expect(view.body.users).toEqual([expect.objectContaining({ id: member.id, need_approve: false, rating: 4.8 })]);
  });

  it("removes a member who refuses and e-mails the owner, once", async () => {
    const owner = await createSignedInUser({ name: "Ирина", lastName: "Белова" });
    const member = await createSignedInUser({ name: "Пётр", lastName: "Иванов" });
    const svc = await createServiceFor(owner, "company", { name: "Аудит для сделки", users: [{ id: member.id, type: "user" }] }, "active");
    const res = await participate(member.token, svc.id, 0);
    expect(res.status, res.text).toBe(200);
    expect(res.body.participate).toBe(false);
    expect(await memberRow(svc.id, member.id)).toEqual([]);
    const mail = await lastMailTo(owner.email);
    expect(mail.subject).toBe("Сотрудник отказывается от участия в услуге");
    expect(mail.text).toContain("Пётр Иванов отказывается от участия в услуге «Аудит для сделки».");
    // No longer a member: a second refusal is refused and mails nothing.
    expect((await participate(member.token, svc.id, 0)).status).toBe(403);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("lets a member who accepted leave later, which e-mails the owner", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] });
    await participate(member.token, svc.id, 1);
    expect((await participate(member.token, svc.id, 0)).status).toBe(200);
    expect(await memberRow(svc.id, member.id)).toEqual([]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("is refused to the owner, strangers and guests, who change nothing", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    const stranger = await createSignedInUser();
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] });
    expect((await participate(owner.token, svc.id, 1)).status).toBe(403);
    expect((await participate(stranger.token, svc.id, 0)).status).toBe(404);
    await setServiceStatus(svc.id, "active");
    expect((await participate(stranger.token, svc.id, 1)).status).toBe(403);
    expect((await participate(null, svc.id, 1)).status).toBe(401);
    expect((await participate(owner.token, 99999999, 1)).status).toBe(404);
    expect((await memberRow(svc.id, member.id))[0]!.need_approve).toBe(1);
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expectFieldError(await api("/api/service/participate", { json: { service_id: svc.id }, token: member.token }), "isParticipate", "Некорректное значение");
  });

  it("keeps the answer of members still in the team when the owner edits it, and drops the others", async () => {
    const owner = await createSignedInUser();
    const [a, b, c] = [await createSignedInUser(), await createSignedInUser(), await createSignedInUser()];
    const svc = await createServiceFor(owner, "company", { users: [a, b].map((u) => ({ id: u.id, type: "user" })) });
    await participate(a.token, svc.id, 1);
    const res = await api(`/api/service/${svc.id}`, { json: servicePayload("company", { users: [a, c].map((u) => ({ id: u.id, type: "user" })) }), token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.users.map((u: { id: number; need_approve: boolean }) => [u.id, u.need_approve])).toEqual([
      [a.id, false],
      [c.id, true],
    ]);
    expect(await memberRow(svc.id, b.id)).toEqual([]);
  });

  it("does not ask again a member who refused after the owner's form was loaded, but lets a later form add him back", async () => {
    const owner = await createSignedInUser();
    const [a, b] = [await createSignedInUser(), await createSignedInUser()];
    const svc = await createServiceFor(owner, "company", { users: [a, b].map((u) => ({ id: u.id, type: "user" })) });
    const loaded = new Date(Date.now() - 1000).toISOString();
    expect((await participate(a.token, svc.id, 0)).status).toBe(200);
    const team = [a, b].map((u) => ({ id: u.id, type: "user" }));
    // The owner saves the form he opened before the refusal: it still lists a.
    const stale = await api(`/api/service/${svc.id}`, { json: servicePayload("company", { name: "Имя после отказа", users: team, team_since: loaded }), token: owner.token });
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.name).toBe("Имя после отказа");
    expect(stale.body.users.map((u: { id: number }) => u.id)).toEqual([b.id]);
    expect(await memberRow(svc.id, a.id)).toEqual([]);
    // A form opened after the refusal shows the team without a: adding him there asks him again.
    const later = await api(`/api/service/${svc.id}`, { json: servicePayload("company", { users: team, team_since: new Date().toISOString() }), token: owner.token });
    expect(later.status, later.text).toBe(200);
    expect(await memberRow(svc.id, a.id)).toEqual([{ need_approve: 1, type: "user" }]);
    expectFieldError(await api(`/api/service/${svc.id}`, { json: servicePayload("company", { users: team, team_since: "вчера" }), token: owner.token }), "team_since", "Некорректное значение");
  });

  it("sends the edit page's load time with its form, so that the page's save leaves out a member who refused since", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const member = await createSignedInUser({ roles: ["customer", "executor"] });
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] }, "active");
    const edit = await api(`/service-add/${svc.id}`, { cookie: `session=${owner.token}` });
    const since = /name="team_since" value="([^"]+)"/.exec(edit.text)?.[1];
    expect(since).toBeDefined();
    expect((await participate(member.token, svc.id, 0)).status).toBe(200);
    const p = servicePayload("company");
    const form: Record<string, unknown> = { intent: "save", name: p.name, format: "company", description: p.description, type: 1, budget: 150000, performer_type: "company", "industries[0]": 1, "options[0]": 100, "users[0][id]": member.id, "users[0][type]": "user", team_since: since };
    const saved = await api(`/service-add/${svc.id}.data`, { cookie: `session=${owner.token}`, form });
    expect(saved.status, saved.text).toBe(200);
    // The page shows the team as saved, and counts the next save's refusals from this one.
    const answer = (await actionData(saved.text)) as { saved: boolean; id: number; team: unknown[]; teamSince: string };
    expect(answer).toMatchObject({ saved: true, id: svc.id, team: [] });
    expect(Date.parse(answer.teamSince)).toBeGreaterThan(Date.parse(since!));
    expect(await memberRow(svc.id, member.id)).toEqual([]);
  });

  it("keeps a member blocked since he joined: the owner's save with the same team succeeds, and nobody may add a blocked person", async () => {
    const owner = await createSignedInUser();
    const [a, b] = [await createSignedInUser(), await createSignedInUser()];
    const svc = await createServiceFor(owner, "company", { users: [{ id: a.id, type: "user" }] });
    await participate(a.token, svc.id, 1);
    await rows("update users set blocked_at = ? where id in (?, ?)", new Date().toISOString(), a.id, b.id);
    const same = await api(`/api/service/${svc.id}`, { json: servicePayload("company", { name: "Новое имя услуги", users: [{ id: a.id, type: "user" }] }), token: owner.token });
    expect(same.status, same.text).toBe(200);
    expect(await memberRow(svc.id, a.id)).toEqual([{ need_approve: 0, type: "user" }]);
    const added = await api(`/api/service/${svc.id}`, { json: servicePayload("company", { users: [a, b].map((u) => ({ id: u.id, type: "user" })) }), token: owner.token });
    expectFieldError(added, "users", "Сотрудник не найден");
    const fresh = await api("/api/service", { json: servicePayload("company", { users: [{ id: a.id, type: "user" }] }), token: owner.token });
    expectFieldError(fresh, "users", "Сотрудник не найден");
  });

  it("takes competences of the team that are approved or the owner's own proposal, never another member's proposal", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    const proposed = await api("/api/user/profile/expertises", { token: member.token, json: { expertises: { items: [], new_items: [{ name: `Чужое предложение ${Math.random()}` }] } } });
    expect(proposed.status, proposed.text).toBe(200);
    const [theirs] = await rows<{ id: number }>("select expertise_id as id from user_expertises where user_id = ?", member.id);
    const refused = await api("/api/service", { json: servicePayload("company", { users: [{ id: member.id, type: "user" }], expertises: [theirs!.id] }), token: owner.token });
    expectFieldError(refused, "expertises", "Выберите компетенции из компетенций команды");
  });

  it("allows at most 10 members, invited ones included", async () => {
    const owner = await createSignedInUser();
    const people = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser()));
    const ten = people.map((p) => ({ id: p.id, type: "user" }));
    const ok = await api("/api/service", { json: servicePayload("company", { users: ten }), token: owner.token });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.users_count).toBe(10);
    const inv = await api("/api/invite", { json: employee(), token: owner.token });
    expect(inv.status, inv.text).toBe(201);
    const eleven = await api("/api/service", { json: servicePayload("company", { users: [...ten, { id: inv.body.invite.id, type: "invited" }] }), token: owner.token });
    expectFieldError(eleven, "users", "Максимальное количество сотрудников 10");
  });
});

describe("a new employee (POST /api/invite with the spec 3 payload)", () => {
  it("checks every rule of spec 3 §5 'New employee' with its text", async () => {
    const { token } = await createSignedInUser();
    const check = async (over: Record<string, unknown>, field: string, text: string) => expectFieldError(await api("/api/invite", { json: employee(over), token }), field, text);
    await check({ name: "" }, "name", "Имя обязательно для заполнения");
    await check({ lastName: "" }, "lastName", "Фамилия обязательна для заполнения");
    await check({ name: "Я".repeat(31) }, "name", "Максимальная длина - 30 символов");
    await check({ lastName: "Smith1" }, "lastName", "Допустимы только буквы (кириллица или латиница) и дефис");
    await check({ patronymic: "Иль ич" }, "patronymic", "Допустимы только буквы (кириллица или латиница) и дефис");
    await check({ email: "not-an-email" }, "email", "некорректный E-mail");
    await check({ phone: "" }, "phone", "Телефон обязателен для заполнения");
    await check({ phone: "+7 12" }, "phone", "Некорректный номер телефона");
    await check({ direction_years: 0 }, "direction_years", "Минимальное количество лет в области 1");
    await check({ direction_years: 51 }, "direction_years", "Максимальное количество лет в области 50");
    await check({ projects: 0 }, "projects", "Минимальное количество проектов 1");
    await check({ projects: 101 }, "projects", "Максимальное количество проектов 100");
  });

  it("refuses an e-mail that already has an account, naming it", async () => {
    const { token } = await createSignedInUser();
    const known = await createSignedInUser({ name: "Мария", lastName: "Орлова" });
    const res = await api("/api/invite", { json: employee({ email: known.email }), token });
    expectFieldError(res, "email", "Почта привязана к существующему аккаунту — Мария Орлова");
  });

  it("joins the team when the person registers by the mailed link, pending approval, and can accept", async () => {
    const owner = await createSignedInUser({ name: "Ирина", lastName: "Белова" });
    const payload = employee();
    const inv = await api("/api/invite", { json: payload, token: owner.token });
    expect(inv.status, inv.text).toBe(201);
    expect(inv.body.link).toMatch(/^http:\/\/localhost\/sign-up\?hash=/);
    expect(inv.body.invite).toMatchObject({ type: "invited", name: "Олег", lastName: "Морозов" });
    const [row] = await rows<Record<string, unknown>>("select kind, direction_years, projects, inviter_user_id from invites where id = ?", inv.body.invite.id);
    expect(row).toEqual({ kind: "employee", direction_years: 5, projects: 12, inviter_user_id: owner.id });
    const mail = await lastMailTo(payload.email);
    expect(mail.text).toContain("Ирина Белова приглашает вас в команду своей услуги на Экспертной бирже.");
    expect(mail.text).toContain(inv.body.link);

    const svc = await api("/api/service", { json: servicePayload("company", { users: [{ id: inv.body.invite.id, type: "invited" }] }), token: owner.token });
    expect(svc.status, svc.text).toBe(201);
    expect(svc.body.users).toEqual([expect.objectContaining({ id: inv.body.invite.id, type: "invited", name: "Олег Морозов", need_approve: true })]);

    const prefill = decodeInviteHash(new URL(inv.body.link).searchParams.get("hash"))!;
    const reg = await api("/api/register", { form: customerPayload({ name: prefill.name, lastName: prefill.lastName, email: prefill.email, phone: prefill.phone, invite_id: prefill.invite_id, is_invited: "1" }) });
    expect(reg.status, reg.text).toBe(201);
    const newcomer = { id: reg.body.user.id as number, token: reg.body.token as string };
    // The team place is the account's once it proves the address the invitation was mailed to (decision 0055).
    expect(await memberRow(svc.body.id, newcomer.id)).toEqual([]);
    await verifyByMail(payload.email, newcomer.token);
    expect(await memberRow(svc.body.id, newcomer.id)).toEqual([{ need_approve: 1, type: "user" }]);

    const mine = await api("/api/service", { token: newcomer.token });
    expect(mine.body.company.find((s: { id: number }) => s.id === svc.body.id)).toMatchObject({ need_approve: true, is_member: true });
    expect((await participate(newcomer.token, svc.body.id, 1)).status).toBe(200);
    expect(await memberRow(svc.body.id, newcomer.id)).toEqual([{ need_approve: 0, type: "user" }]);
  });

  it("gives nobody the invitation's places for registering the invited address with its guessed id: the address's owner takes them", async () => {
    const owner = await createSignedInUser();
    const payload = employee();
    const inv = await api("/api/invite", { json: payload, token: owner.token });
    const svc = await api("/api/service", { json: servicePayload("company", { users: [{ id: inv.body.invite.id, type: "invited" }] }), token: owner.token });
    expect(svc.status, svc.text).toBe(201);
    const invitedRows = () => rows("select type, user_id from service_members where service_id = ? and invite_id = ?", svc.body.id, inv.body.invite.id);

    // Someone who knows the address and guesses the invitation's id (a small number) registers with them.
    const squatter = await api("/api/register", { form: customerPayload({ name: "Чужой", lastName: "Человек", email: payload.email, invite_id: inv.body.invite.id, is_invited: "1" }) });
    expect(squatter.status, squatter.text).toBe(201);
    expect(await invitedRows()).toEqual([{ type: "invited", user_id: null }]);
    const squatterList = await api("/api/service", { token: squatter.body.token });
    expect(squatterList.body.company.find((s: { id: number }) => s.id === svc.body.id)).toBeUndefined();
    expect((await participate(squatter.body.token, svc.body.id, 1)).status).not.toBe(200);
    expect(await count("select count(*) n from invites where id = ? and registered_user_id is not null", inv.body.invite.id)).toBe(0);

    // The address's owner opens the verification mail the registration sent him. The link confirms only in
    // the account's own session (decision 0055): his click proves the mailbox, not who registered it.
    const click = await api("/api/email/verify", { json: { token: await verificationTokenTo(payload.email) } });
    expect(click.status).toBe(401);
    expect(click.body.message).toBe("Войдите в аккаунт, чтобы подтвердить e-mail");
    expect((await api("/api/user", { token: squatter.body.token })).body.isVerified).toBe(false);
    expect(await invitedRows()).toEqual([{ type: "invited", user_id: null }]);
    expect(await count("select count(*) n from invites where id = ? and registered_user_id is not null", inv.body.invite.id)).toBe(0);

    // The address's owner reclaims the account with the code mailed to it: the place is now his.
    const before = (await mailsTo(payload.email)).length;
    expect((await api("/api/forgot-password", { json: { email: payload.email } })).status).toBe(200);
    const code = resetCodeFrom((await waitForMails(payload.email, before + 1))[0]!);
    const reset = await api("/api/reset-password", { json: { email: payload.email, token: code, password: "Fresh_Pass2", password_confirmation: "Fresh_Pass2" } });
    expect(reset.status, reset.text).toBe(200);
    expect(await invitedRows()).toEqual([{ type: "user", user_id: squatter.body.user.id }]);
    const owned = await api("/api/login", { json: { email: payload.email, password: "Fresh_Pass2" } });
    expect((await api("/api/service", { token: owned.body.token })).body.company.find((s: { id: number }) => s.id === svc.body.id)).toMatchObject({ need_approve: true, is_member: true });
  });

  it("lets only the inviter put an invitation in a team", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const inv = await api("/api/invite", { json: employee(), token: owner.token });
    const res = await api("/api/service", { json: servicePayload("company", { users: [{ id: inv.body.invite.id, type: "invited" }] }), token: other.token });
    expectFieldError(res, "users", "Сотрудник не найден");
  });

  it("needs a signed-in, verified inviter", async () => {
    expect((await api("/api/invite", { json: employee() })).status).toBe(401);
    const unverified = await createSignedInUser({ verified: false });
    const payload = employee();
    expect((await api("/api/invite", { json: payload, token: unverified.token })).status).toBe(403);
    expect(await count("select count(*) as n from invites where email = ?", payload.email)).toBe(0);
  });
});

describe("GET /api/service/team-search ('Из текущих')", () => {
  it("finds verified people by name or exact e-mail, never showing their e-mail or phone", async () => {
    const tag = `Зуев${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const me = await createSignedInUser({ lastName: tag });
    const found = await createSignedInUser({ name: "Глеб", lastName: tag });
    await createSignedInUser({ name: "Неподтверждённый", lastName: tag, verified: false });
    const res = await api(`/api/service/team-search?search=${encodeURIComponent(tag)}`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    // Nobody has rated Глеб yet: the default every list of people shows (spec 2 §9), as GET /api/user/search does.
    expect(res.body).toEqual([{ id: found.id, name: `Глеб ${tag}`, photo: null, rating: 4.8, user_company: { name: null } }]);
    const byEmail = await api(`/api/service/team-search?search=${encodeURIComponent(found.email)}`, { token: me.token });
    expect(byEmail.body.map((u: { id: number }) => u.id)).toEqual([found.id]);
    expect(byEmail.text).not.toContain(found.email);
    expect((await api(`/api/service/team-search?search=${encodeURIComponent(found.email.slice(0, 8))}@`, { token: me.token })).body).toEqual([]);
    expect((await api("/api/service/team-search?search=Глеб")).status).toBe(401);
  });

  it("looks an exact address up only for a proven account (403 otherwise, as any search), on the e-mail lookups' own limit", async () => {
    const found = await createSignedInUser();
    const unproven = await createSignedInUser({ verified: false });
    const refused = await api(`/api/service/team-search?search=${encodeURIComponent(found.email)}`, { token: unproven.token });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(String(found.id));
    // Nor a name: building a team is a proven account's act (tests/integration/policies.test.ts).
    expect((await api(`/api/service/team-search?search=${encodeURIComponent(found.lastName)}`, { token: unproven.token })).status).toBe(403);
    const me = await createSignedInUser();
    const limit = RATE_LIMITS.user_search_email_user.limit;
    for (let i = 0; i < limit; i++) expect((await api(`/api/service/team-search?search=${encodeURIComponent(found.email)}`, { token: me.token })).status).toBe(200);
    expect((await api(`/api/service/team-search?search=${encodeURIComponent(found.email)}`, { token: me.token })).status).toBe(429);
  });
});
