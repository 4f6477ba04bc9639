import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, giveRespondChoices, signIn } from "../helpers/factories";
import { pdfBytes } from "../helpers/files";
import { mailsTo } from "../helpers/mail";
import { BODY_LIMITS, bodyLimit } from "../../functions/http";
import { RATE_LIMITS } from "~/server/rate-limit.server";

// POST /api/respond and GET /api/respond (spec README "Responses", spec 3 §3, §5 Response, §8; app/domain/responds).
beforeAll(() => ensureReference());

type Expert = Awaited<ReturnType<typeof createSignedInUser>> & { serviceId: number; caseId: number };

let operatorToken: string;
let ref: { expertise: number; option: number; company: number };

beforeAll(async () => {
  operatorToken = await signIn(await createOperator());
  const [e] = await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 1");
  const [o] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
  const [c] = await rows<{ id: number }>("select id from companies where status = 'active' order by id limit 1");
  ref = { expertise: e!.id, option: o!.id, company: c!.id };
});

async function addCase(userId: number, name = "Кейс: финансовая модель") {
  const [row] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, ?, 'Задача', 'Решение', 'Результат') returning id", userId, name);
  return row!.id;
}

/** A verified expert with one active service and one case. */
async function expert(opts: Parameters<typeof createSignedInUser>[0] = {}): Promise<Expert> {
  const u = await createSignedInUser({ name: "Пётр", lastName: "Откликов", ...opts });
  await giveRespondChoices(u.id, { expertises: [ref.expertise], options: [ref.option], companies: [ref.company] });
  const s = await createServiceFor(u, "individual", {}, "active");
  return { ...u, serviceId: s.id, caseId: await addCase(u.id) };
}

async function customerWithDemand() {
  const customer = await createSignedInUser({ name: "Заказчица", lastName: "Ответова" });
  const demandId = await searchingDemand(customer.token, operatorToken);
  return { customer, demandId };
}

function form(demandId: number, ex: Expert, over: Record<string, unknown> = {}) {
  return { demand_id: demandId, salary: "50000", description: "Сделаю модель за две недели", cases: [ex.caseId], expertises: [ref.expertise], options: [ref.option], services: [ex.serviceId], ...over };
}

/** `member` asked into a company service of `owner`'s and accepting (POST /api/service/participate): the service. */
async function acceptedMember(owner: { id: number; token: string }, member: { id: number; token: string }) {
  const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] });
  const res = await api("/api/service/participate", { token: member.token, json: { service_id: svc.id, isParticipate: 1 } });
  expect(res.status, res.text).toBe(200);
  return svc;
}

/** Everything a response writes, for an expert: nothing of a refused one may stay. */
async function writtenBy(userId: number) {
  const n = (table: string) => count(`select count(*) as n from ${table} where respond_id in (select id from responds where user_id = ?)`, userId);
  return {
    responds: await count("select count(*) as n from responds where user_id = ? and status not in ('invite', 'declined')", userId),
    parts: (await n("respond_cases")) + (await n("respond_services")) + (await n("respond_expertises")) + (await n("respond_options")) + (await n("respond_members")) + (await n("respond_companies")) + (await n("respond_files")),
    files: await count("select count(*) as n from files where owner_user_id = ? and kind = 'respond'", userId),
    invites: await count("select count(*) as n from invites where inviter_user_id = ?", userId),
  };
}
const NOTHING = { responds: 0, parts: 0, files: 0, invites: 0 };

describe("POST /api/respond", () => {
  it("sends a response of an expert who was not invited: one row with every part, the customer e-mailed with a link to the responses", async () => {
    const { customer, demandId } = await customerWithDemand();
    const ex = await expert();
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { companies: [ref.company], tax_id: "1" }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ demand_id: demandId, status: "sent" });
    expect(res.body.message).toMatch(/от 3 до 7 дней/);
    const [row] = await rows<Record<string, unknown>>("select * from responds where demand_id = ? and user_id = ?", demandId, ex.id);
    expect(row).toMatchObject({ id: res.body.id, status: "sent", salary: 50000, tax_id: 1, description: "Сделаю модель за две недели", invited_at: null, is_new: 0 });
    expect(row!.responded_at).toBeTruthy();
    expect(await count("select count(*) as n from respond_cases where respond_id = ?", res.body.id)).toBe(1);
    expect(await count("select count(*) as n from respond_services where respond_id = ? and service_id = ?", res.body.id, ex.serviceId)).toBe(1);
    expect(await count("select count(*) as n from respond_companies where respond_id = ?", res.body.id)).toBe(1);
    const mail = (await mailsTo(customer.email))[0]!;
    expect(mail.subject).toBe("Новый отклик на вашу заявку");
    expect(mail.text).toContain(`/request-list/${demandId}`);
    expect(mail.text).toContain("Пётр Откликов");
  });

  it("turns the invitation's row into the response (the same row, the invitation's time kept)", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const [inv] = await rows<{ id: number }>("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z') returning id", demandId, ex.id);
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).toBe(inv!.id);
    const all = await rows<Record<string, unknown>>("select * from responds where demand_id = ? and user_id = ?", demandId, ex.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: "sent", is_new: 0, invited_at: "2026-11-01T10:00:00.000Z", salary: 50000 });
  });

  it("takes files of any type inline (≤ 5), stores them as the response's, and the customer may read them", async () => {
    const { customer, demandId } = await customerWithDemand();
    const ex = await expert();
    const fd = new FormData();
    for (const [k, v] of Object.entries(form(demandId, ex))) {
      if (Array.isArray(v)) v.forEach((x, i) => fd.append(`${k}[${i}]`, String(x)));
      else fd.append(k, String(v));
    }
    fd.append("attachments[0]", new File([pdfBytes("respond-pdf") as BlobPart], "plan.pdf"));
    fd.append("attachments[1]", new File(["просто текст"], "notes.txt"));
    const res = await api("/api/respond", { token: ex.token, form: fd });
    expect(res.status, res.text).toBe(201);
    const stored = await rows<{ id: number; name: string; mime: string }>("select f.id, f.name, f.mime from respond_files rf join files f on f.id = rf.file_id where rf.respond_id = ? order by f.id", res.body.id);
    expect(stored.map((f) => [f.name, f.mime])).toEqual([
      ["plan.pdf", "application/pdf"],
      ["notes.txt", "application/octet-stream"],
    ]);
    expect((await api(`/api/files/${stored[0]!.id}`, { token: customer.token })).status).toBe(302);
    // The customer's manage view gives them by that checked path, never as a bare signed storage URL.
    const manage = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(manage.status, manage.text).toBe(200);
    expect(manage.body.responds.find((r: { id: number }) => r.id === res.body.id).files).toEqual(stored.map((f) => ({ id: f.id, name: f.name, filepath: `/api/files/${f.id}` })));
    const stranger = await createSignedInUser();
    expect((await api(`/api/files/${stored[0]!.id}`, { token: stranger.token })).status).toBe(404);
    const list = await api("/api/respond", { token: ex.token });
    expect(list.body.data[0].files.map((f: { name: string }) => f.name)).toEqual(["plan.pdf", "notes.txt"]);
  });

  it("adds registered users and new employees to the team: the employee gets an invitation of kind 'employee' and its e-mail", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const mate = await createSignedInUser({ name: "Ирина", lastName: "Командная" });
    // She accepted a place in his company service's team: a colleague he may name (decision 0064).
    await acceptedMember(ex, mate);
    const email = `new-employee-${crypto.randomUUID().slice(0, 8)}@example.ru`;
    const res = await api("/api/respond", {
      token: ex.token,
      form: form(demandId, ex, { users: [mate.id], invite_users: [{ name: "Олег", lastName: "Новенький", email, phone: "+7 916 555-44-33", direction_years: "5", projects: "10" }] }),
    });
    expect(res.status, res.text).toBe(201);
    const members = await rows<{ type: string; user_id: number | null; invite_id: number | null }>("select type, user_id, invite_id from respond_members where respond_id = ? order by id", res.body.id);
    expect(members).toHaveLength(2);
    expect(members[0]).toMatchObject({ type: "user", user_id: mate.id, invite_id: null });
    expect(members[1]).toMatchObject({ type: "invited", user_id: null });
    const [inv] = await rows<{ kind: string; email: string; direction_years: number }>("select kind, email, direction_years from invites where id = ?", members[1]!.invite_id);
    expect(inv).toMatchObject({ kind: "employee", email, direction_years: 5 });
    const mails = await mailsTo(email);
    expect(mails.length).toBe(1);
    // Invited to a response's team, not to a service's.
    expect(mails[0]!.text).toContain("Пётр Откликов приглашает вас в свою команду для работы над заявкой заказчика на Экспертной бирже.");
    const mine = await api("/api/respond", { token: ex.token });
    expect(mine.body.data[0].users).toEqual([
      { id: mate.id, type: "user", name: "Ирина Командная" },
      { id: members[1]!.invite_id, type: "invited", name: "Олег Новенький" },
    ]);
  });

  it("names in the team only people who agreed to work with the expert, and the team search finds only them (decision 0064)", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const tag = `Коллегов${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const person = (name: string) => createSignedInUser({ name, lastName: tag });
    const [accepted, asked, stranger, ownerOfMine] = [await person("Анна"), await person("Борис"), await person("Вадим"), await person("Галина")];
    await acceptedMember(ex, accepted);
    // Asked into his team but not answered yet: not a colleague.
    await createServiceFor(ex, "company", { users: [{ id: asked.id, type: "user" }] });
    // He accepted a place in her service: she may be named too.
    const hers = await acceptedMember(ownerOfMine, ex);
    const notColleague = "В команду отклика можно добавить только участников ваших командных услуг, согласившихся в них участвовать";
    for (const who of [asked, stranger]) {
      expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [accepted.id, who.id] }) }), "users", notColleague);
      expect(await writtenBy(ex.id)).toEqual(NOTHING);
    }
    const search = async (scope?: string) =>
      (await api(`/api/service/team-search?search=${encodeURIComponent(tag)}${scope ? `&scope=${scope}` : ""}`, { token: ex.token })).body.map((u: { id: number }) => u.id).sort();
    expect(await search("colleagues")).toEqual([accepted.id, ownerOfMine.id].sort());
    // A service team's own search still finds anyone (its members are asked first).
    expect(await search()).toEqual([accepted.id, asked.id, stranger.id, ownerOfMine.id].sort());
    expectFieldError(await api(`/api/service/team-search?search=${tag}&scope=everyone`, { token: ex.token }), "scope", "Некорректное значение");
    // A deleted service ends what it gave.
    expect((await api(`/api/service/${hers.id}`, { token: ownerOfMine.token, method: "DELETE" })).status).toBe(200);
    expect(await search("colleagues")).toEqual([accepted.id]);
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [ownerOfMine.id] }) }), "users", notColleague);
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [accepted.id] }) });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select user_id from respond_members where respond_id = ?", res.body.id)).toEqual([{ user_id: accepted.id }]);
  });

  it("takes a whole team of new employees (the team's limit, 20), each invited by mail", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const emails = Array.from({ length: 20 }, (_, i) => `team-${i}-${crypto.randomUUID().slice(0, 8)}@example.ru`);
    const res = await api("/api/respond", {
      token: ex.token,
      form: form(demandId, ex, { invite_users: emails.map((email) => ({ name: "Олег", lastName: "Новенький", email, phone: "+7 916 555-44-33", direction_years: "5", projects: "10" })) }),
    });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from respond_members where respond_id = ? and type = 'invited'", res.body.id)).toBe(20);
    for (const email of [emails[0]!, emails[19]!]) expect(await mailsTo(email)).toHaveLength(1);
  });

  it("takes a new employee invited beforehand through POST /api/invite as users[i][type]=invited (the page's dialog), only the caller's own", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const invited = await api("/api/invite", { token: ex.token, json: { name: "Вера", lastName: "Заранее", email: `pre-${crypto.randomUUID().slice(0, 8)}@example.ru`, phone: "+7 916 555-44-32", direction_years: 3, projects: 4 } });
    expect(invited.status, invited.text).toBe(201);
    const inviteId = invited.body.invite.id as number;
    const other = await expert();
    expectFieldError(await api("/api/respond", { token: other.token, form: form(demandId, other, { users: [{ id: inviteId, type: "invited" }] }) }), "users", "Сотрудник не найден");
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [{ id: inviteId, type: "invited" }] }) });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select type, user_id, invite_id from respond_members where respond_id = ?", res.body.id)).toEqual([{ type: "invited", user_id: null, invite_id: inviteId }]);
  });

  it("does not put on a team the blocked account an invitation turned into", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const invited = await api("/api/invite", { token: ex.token, json: { name: "Глеб", lastName: "Закрытый", email: `blocked-${crypto.randomUUID().slice(0, 8)}@example.ru`, phone: "+7 916 555-44-31", direction_years: 3, projects: 4 } });
    expect(invited.status, invited.text).toBe(201);
    const inviteId = invited.body.invite.id as number;
    const member = await createSignedInUser({ name: "Глеб", lastName: "Закрытый" });
    await rows("update invites set registered_user_id = ? where id = ?", member.id, inviteId);
    await rows("update users set blocked_at = ? where id = ?", new Date().toISOString(), member.id);
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [{ id: inviteId, type: "invited" }] }) }), "users", "Сотрудник не найден");
    // Nothing but the invitation made beforehand.
    expect(await writtenBy(ex.id)).toEqual({ ...NOTHING, invites: 1 });
    // Unblocked, the same invitation names him again.
    await rows("update users set blocked_at = null where id = ?", member.id);
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { users: [{ id: inviteId, type: "invited" }] }) });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select user_id, invite_id from respond_members where respond_id = ?", res.body.id)).toEqual([{ user_id: member.id, invite_id: inviteId }]);
  });

  it("refuses a new employee by the services' rules and an address that has an account, writing nothing", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const bad = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { invite_users: [{ name: "Олег", lastName: "Новенький", email: "x@example.ru", phone: "+7 916 555-44-33", direction_years: "51", projects: "10" }] }) });
    expectFieldError(bad, "invite_users", "Максимальное количество лет в области 50");
    const other = await createSignedInUser({ name: "Ирина", lastName: "Занятая" });
    const taken = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { invite_users: [{ name: "Олег", lastName: "Новенький", email: other.email, phone: "+7 916 555-44-33", direction_years: "5", projects: "10" }] }) });
    // README 'Document 2 details': the invitations' own text, naming the account.
    expectFieldError(taken, "invite_users", "Почта привязана к существующему аккаунту — Ирина Занятая");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
  });

  it("counts the new employees' address lookups even when the response is refused, and mails one address at most `invite_email` times a day", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const other = await createSignedInUser();
    const employee = (email: string) => ({ name: "Олег", lastName: "Новенький", email, phone: "+7 916 555-44-33", direction_years: "5", projects: "10" });
    // A refused call (an unknown case) still learns whether the address has an account: it is counted.
    const probe = () => api("/api/respond", { token: ex.token, form: form(demandId, ex, { cases: ["999999999"], invite_users: [employee(other.email)] }) });
    for (let i = 0; i < RATE_LIMITS.invite_user.limit; i++) expect((await probe()).status).toBe(422);
    const refused = await probe();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Слишком много попыток/);
    expect(JSON.stringify(refused.body)).not.toContain(other.lastName);
    // The address's own daily limit: three responses by three experts invite it, the fourth is refused.
    const target = `employee-${crypto.randomUUID().slice(0, 8)}@example.ru`;
    for (let i = 0; i < RATE_LIMITS.invite_email.limit; i++) {
      const { demandId: d } = await customerWithDemand();
      const e = await expert();
      expect((await api("/api/respond", { token: e.token, form: form(d, e, { invite_users: [employee(target)] }) })).status).toBe(201);
    }
    const { demandId: last } = await customerWithDemand();
    const fourth = await expert();
    expect((await api("/api/respond", { token: fourth.token, form: form(last, fourth, { invite_users: [employee(target)] }) })).status).toBe(429);
    expect(await mailsTo(target)).toHaveLength(RATE_LIMITS.invite_email.limit);
  });

  it("answers the caller's responses on GET /api/respond with the customer's price, not invitations", async () => {
    const { demandId } = await customerWithDemand();
    const other = await customerWithDemand();
    const ex = await expert();
    await rows("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z')", other.demandId, ex.id);
    const [tax] = await rows<{ id: number; percent: number }>("select id, percent from taxes order by id desc limit 1");
    expect((await api("/api/respond", { token: ex.token, form: form(demandId, ex, { salary: "10001", tax_id: String(tax!.id) }) })).status).toBe(201);
    const res = await api("/api/respond", { token: ex.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    const item = res.body.data[0];
    expect(item).toMatchObject({ demand_id: demandId, status: "sent", salary: 10001, tax: { id: tax!.id, percent: tax!.percent }, is_viewed: false, viewed_by_customer: null, is_invited: false, reject_reason: null });
    expect(item.price).toBe(Math.round((10001 * (100 + tax!.percent)) / 100));
    expect(item.services).toEqual([{ id: ex.serviceId, name: expect.any(String) }]);
    expect(item.cases).toEqual([{ id: ex.caseId, name: "Кейс: финансовая модель" }]);
    expect((await api("/api/respond")).status).toBe(401);
  });
});

describe("GET /api/respond", () => {
  it("drops a response to a request its customer deleted, from the list and its count", async () => {
    const { customer, demandId } = await customerWithDemand();
    const ex = await expert();
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex) });
    expect(res.status, res.text).toBe(201);
    expect((await api("/api/respond", { token: ex.token })).body).toMatchObject({ total: 1, data: [expect.objectContaining({ id: res.body.id })] });
    expect((await api(`/api/demand/${demandId}`, { method: "DELETE", token: customer.token })).status).toBe(200);
    expect((await api("/api/respond", { token: ex.token })).body).toMatchObject({ total: 0, data: [] });
  });

  it("lists by the time each was sent: an invitation answered last comes first, though its row is older", async () => {
    const invited = await customerWithDemand();
    const other = await customerWithDemand();
    const ex = await expert();
    const [inv] = await rows<{ id: number }>("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z') returning id", invited.demandId, ex.id);
    const first = await api("/api/respond", { token: ex.token, form: form(other.demandId, ex) });
    expect(first.status, first.text).toBe(201);
    expect(first.body.id).toBeGreaterThan(inv!.id);
    await new Promise((r) => setTimeout(r, 5));
    const last = await api("/api/respond", { token: ex.token, form: form(invited.demandId, ex) });
    expect(last.status, last.text).toBe(201);
    expect(last.body.id).toBe(inv!.id);
    const mine = await api("/api/respond", { token: ex.token });
    expect(mine.body.data.map((r: { demand_id: number }) => r.demand_id)).toEqual([invited.demandId, other.demandId]);
    // The expert's projects list (GET /api/demands-services and /projects/response) keeps the same order.
    const groups = await api("/api/demands-services", { token: ex.token });
    expect(groups.body.sent.data.map((r: { demand_id: number }) => r.demand_id)).toEqual([invited.demandId, other.demandId]);
  });
});

describe("a service hidden while the response is written", () => {
  it("is refused (422 on the services) and nothing of the response stays", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    // The expert hides his service between the call's check and its batch: a trigger does it inside the batch,
    // right after the response's row is written.
    await rows(`create trigger hide_${ex.id} after insert on responds when new.user_id = ${ex.id} begin update services set status = 'not_active' where user_id = ${ex.id}; end`);
    try {
      const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex) });
      expectFieldError(res, "services", "Выберите свои активные услуги");
      expect(await writtenBy(ex.id)).toEqual(NOTHING);
    } finally {
      await rows(`drop trigger hide_${ex.id}`);
    }
  });
});

describe("what a response names", () => {
  it("only his own competences, functions of the request or of his profile, companies of his works; the customer sees no proposal in moderation", async () => {
    const { customer, demandId } = await customerWithDemand();
    const ex = await expert();
    const check = async (over: Record<string, unknown>, field: string, message: string) => expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, over) }), field, message);
    const [notHis] = await rows<{ id: number }>("select id from expertises where status = 'active' and id <> ? order by id limit 1", ref.expertise);
    const [foreignOption] = await rows<{ id: number }>(
      "select id from options where status = 'active' and id <> ? and id not in (select option_id from demand_options where demand_id = ?) and id not in (select option_id from demand_sub_options where demand_id = ?) order by id limit 1",
      ref.option,
      demandId,
      demandId,
    );
    const [otherCompany] = await rows<{ id: number }>("select id from companies where status = 'active' and id <> ? order by id limit 1", ref.company);
    await check({ expertises: [notHis!.id] }, "expertises", "Выберите компетенции из своего профиля");
    await check({ options: [foreignOption!.id] }, "options", "Выберите функции заявки или своего профиля");
    await check({ companies: [otherCompany!.id] }, "companies", "Выберите компании из своего опыта работы");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);

    // His own competence still in moderation may go with it (it is his), but only he sees its name.
    // (as a save of his competences leaves it: the proposal, held on his profile)
    const [mine] = await rows<{ id: number }>("insert into expertises (name, status, created_by) values ('Моделирование спроса кофеен', 'moderation', ?) returning id", ex.id);
    await giveRespondChoices(ex.id, { expertises: [mine!.id] });
    const sent = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { expertises: [ref.expertise, mine!.id], companies: [ref.company] }) });
    expect(sent.status, sent.text).toBe(201);
    const manage = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    const seen = manage.body.responds.find((r: { id: number }) => r.id === sent.body.id);
    expect(seen.expertises.map((e: { id: number }) => e.id)).toEqual([ref.expertise]);
    expect(JSON.stringify(manage.body)).not.toContain("Моделирование спроса кофеен");
  });
});

describe("a case deleted after it was sent", () => {
  it("keeps its name in the response the customer compares and in the expert's own, and leaves his profile and his next response", async () => {
    const { customer, demandId } = await customerWithDemand();
    const ex = await expert();
    const sent = await api("/api/respond", { token: ex.token, form: form(demandId, ex) });
    expect(sent.status, sent.text).toBe(201);
    expect((await api(`/api/user/cases/${ex.caseId}`, { method: "DELETE", token: ex.token })).status).toBe(200);

    const manage = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(manage.body.responds[0].cases).toEqual([{ id: ex.caseId, name: "Кейс: финансовая модель" }]);
    const own = await api("/api/respond", { token: ex.token });
    expect(JSON.stringify(own.body)).toContain("Кейс: финансовая модель");
    // Gone from his profile, from editing and from a new response.
    expect((await api("/api/user/cases", { token: ex.token })).body).toEqual([]);
    expect((await api(`/api/user/cases/${ex.caseId}`, { method: "DELETE", token: ex.token })).status).toBe(404);
    const other = await customerWithDemand();
    const again = await api("/api/respond", { token: ex.token, form: form(other.demandId, ex) });
    expectFieldError(again, "cases", "Выберите свои кейсы");
  });
});

describe("POST /api/respond refuses", () => {
  it("a guest (401) and an expert whose e-mail is not verified (403)", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    expect((await api("/api/respond", { form: form(demandId, ex) })).status).toBe(401);
    const unverified = await createSignedInUser({ verified: false });
    const res = await api("/api/respond", { token: unverified.token, form: form(demandId, ex) });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/подтвердите e-mail/);
  });

  it("the customer's response to his own request", async () => {
    const customer = await expert();
    const demandId = await searchingDemand(customer.token, operatorToken);
    const res = await api("/api/respond", { token: customer.token, form: form(demandId, customer) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("На свою заявку откликнуться нельзя");
    expect(await writtenBy(customer.id)).toEqual(NOTHING);
  });

  it("a request in moderation (404), stopped (403) or expired by time (403, 'Заказчик завершил поиск…')", async () => {
    const customer = await createSignedInUser();
    const ex = await expert();
    const waiting = await api("/api/demand", { token: customer.token, form: { name: "Ждёт", service_type_id: 1, duration_id: 3, expert_type: "ordinary", description: "Описание", industries: [1], options: [ref.option], budget: "50000", execution_period: "01.06.2028" } });
    expect((await api("/api/respond", { token: ex.token, form: form(waiting.body.id, ex) })).status).toBe(404);

    const stopped = await searchingDemand(customer.token, operatorToken);
    expect((await api("/api/demand/stop", { token: customer.token, json: { id: stopped } })).status).toBe(200);
    const r1 = await api("/api/respond", { token: ex.token, form: form(stopped, ex) });
    expect(r1.status).toBe(403);
    expect(r1.body.message).toBe("Заказчик завершил поиск, отклики больше не принимаются");

    const expired = await searchingDemand(customer.token, operatorToken);
    await rows("update demands set search_finish = '2020-01-01' where id = ?", expired);
    const r2 = await api("/api/respond", { token: ex.token, form: form(expired, ex), lang: "en" });
    expect(r2.status).toBe(403);
    expect(r2.body.message).toBe("The customer has ended the search; responses are no longer accepted");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
  });

  it("a second response (409), and of two at once one is kept with one set of parts", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const both = await Promise.all([api("/api/respond", { token: ex.token, form: form(demandId, ex) }), api("/api/respond", { token: ex.token, form: form(demandId, ex) })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { salary: "1" }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Вы уже откликнулись на эту заявку");
    expect(await count("select count(*) as n from responds where user_id = ?", ex.id)).toBe(1);
    expect(await count("select count(*) as n from respond_cases where respond_id in (select id from responds where user_id = ?)", ex.id)).toBe(1);
    expect(await count("select salary as n from responds where user_id = ?", ex.id)).toBe(50000);
  });

  it("an expert without an active service: 422 'У вас нет активных услуг' with the hint, in Russian and English", async () => {
    const { demandId } = await customerWithDemand();
    const u = await createSignedInUser();
    const s = await createServiceFor(u, "individual", {}, "not_active");
    const ex = { ...u, serviceId: s.id, caseId: await addCase(u.id) };
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex) });
    expectFieldError(res, "services", "У вас нет активных услуг");
    expect(res.body.hint).toBe("Создайте услугу от себя или от компании, и попробуйте откликнуться на заявку еще раз");
    const en = await api("/api/respond", { token: ex.token, form: form(demandId, ex), lang: "en" });
    expectFieldError(en, "services", "You have no active services");
    // With none to name, his form names none: the same answer, not the form's "choose a service".
    const none = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { services: [] }) });
    expectFieldError(none, "services", "У вас нет активных услуг");
    expect(none.body.hint).toBe("Создайте услугу от себя или от компании, и попробуйте откликнуться на заявку еще раз");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
  });

  it("someone else's case or service, an inactive own service, more than 3 services, 20+ team, 10+ companies, 5+ files, a bad tax", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const other = await expert();
    const hidden = await createServiceFor(ex, "individual", {}, "not_active");
    const extra = await Promise.all([1, 2, 3].map(() => createServiceFor(ex, "individual", {}, "active")));
    const people = await Promise.all(Array.from({ length: 21 }, () => createSignedInUser()));
    const check = async (over: Record<string, unknown>, field: string, message: string) => expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, over) }), field, message);
    await check({ cases: [other.caseId] }, "cases", "Выберите свои кейсы");
    await check({ services: [other.serviceId] }, "services", "Выберите свои активные услуги");
    await check({ services: [hidden.id] }, "services", "Выберите свои активные услуги");
    await check({ services: [ex.serviceId, ...extra.map((s) => s.id)] }, "services", "Можно прикрепить не больше 3 услуг");
    await check({ services: [] }, "services", "Выберите хотя бы одну услугу");
    await check({ users: people.map((p) => p.id) }, "users", "Максимальное количество сотрудников 20");
    await check({ companies: Array.from({ length: 11 }, (_, i) => i + 1) }, "companies", "Максимальное количество компаний 10");
    await check({ tax_id: "999999" }, "tax_id", "Выберите налог из списка");
    await check({ users: [ex.id] }, "users", "Вы уже в команде отклика");
    const [owner] = await rows<{ user_id: number }>("select user_id from demands where id = ?", demandId);
    await check({ users: [owner!.user_id] }, "users", "Заказчик заявки не может быть в команде отклика");
    const fd = new FormData();
    for (const [k, v] of Object.entries(form(demandId, ex))) {
      if (Array.isArray(v)) v.forEach((x, i) => fd.append(`${k}[${i}]`, String(x)));
      else fd.append(k, String(v));
    }
    for (let i = 0; i < 6; i++) fd.append(`attachments[${i}]`, new File([`file ${i}`], `f${i}.txt`));
    expectFieldError(await api("/api/respond", { token: ex.token, form: fd }), "attachments", "Добавьте не более 5 файлов");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
  });

  it("every §5 text: required comment, its limit, the cost range, cases, competences and functions", async () => {
    const { demandId } = await customerWithDemand();
    const ex = await expert();
    const check = async (over: Record<string, unknown>, field: string, ru: string, en: string) => {
      expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, over) }), field, ru);
      expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, over), lang: "en" }), field, en);
    };
    await check({ description: "  " }, "description", "Поле обязательно для заполнения", "This field is required");
    await check({ description: "я".repeat(2001) }, "description", "Превышен лимит символов", "The text is too long");
    await check({ salary: "" }, "salary", "Поле обязательно для заполнения", "This field is required");
    for (const salary of ["-1", "2000000001", "abc", "1.5"]) await check({ salary }, "salary", "Некорректная сумма (0 - 2 000 000 000)", "Invalid amount (0 - 2,000,000,000)");
    await check({ cases: [] }, "cases", "Поле обязательно для заполнения", "This field is required");
    await check({ expertises: [] }, "expertises", "Выберите хотя бы одну компетенцию", "Choose at least one competence");
    await check({ options: [] }, "options", "Выберите хотя бы одну функцию", "Choose at least one function");
    // The edges of the cost are allowed.
    expect((await api("/api/respond", { token: ex.token, json: { ...form(demandId, ex, { salary: 0 }) } })).status).toBe(201);
    const other = await customerWithDemand();
    expect((await api("/api/respond", { token: ex.token, form: form(other.demandId, ex, { salary: "2 000 000 000" }) })).status).toBe(201);
  });
});

describe("the body limit of a response", () => {
  it("lets POST /api/respond and the page's form carry five 50 MB files, and nothing else under them", () => {
    const type = "multipart/form-data; boundary=x";
    const five = 5 * 52_428_800 + BODY_LIMITS.multipart;
    expect(bodyLimit("POST", "/api/respond", type)).toBe(five);
    expect(bodyLimit("POST", "/response-request/17", type)).toBe(five);
    expect(bodyLimit("POST", "/response-request/17.data", type)).toBe(five);
    expect(bodyLimit("POST", "/api/respond/x", type)).toBe(BODY_LIMITS.multipart);
    expect(bodyLimit("POST", "/api/respond", "application/json")).toBe(BODY_LIMITS.json);
  });
});
