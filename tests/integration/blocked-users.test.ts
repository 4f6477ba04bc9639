import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createDemand, searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, giveRespondChoices, servicePayload, signIn } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";
import { insertRespond } from "../helpers/responds";

// What an operator's block does to the marketplace (decision 0051): read where it matters, so an unblock
// gives everything back. A blocked customer's requests stop searching for experts; a blocked expert's sent
// responses leave the customer's view; neither a blocked user's request, response nor service is approved.

let op: string;
let ref: { expertise: number; option: number };
beforeAll(async () => {
  await ensureReference();
  op = await signIn(await createOperator());
  const [e] = await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 1");
  const [o] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
  ref = { expertise: e!.id, option: o!.id };
});

const block = async (userId: number) => {
  const res = await api(`/api/admin/users/${userId}/block`, { token: op, json: { reason: "Спам в заявках" } });
  expect(res.status, res.text).toBe(200);
};
const unblock = async (userId: number) => {
  const res = await api(`/api/admin/users/${userId}/unblock`, { token: op, json: {} });
  expect(res.status, res.text).toBe(200);
};
const moderate = (kind: string, id: number, decision: "approve" | "reject") =>
  api("/api/admin/moderation", { token: op, json: { kind, id, decision, ...(decision === "reject" ? { reason: "Нарушает правила" } : {}) } });

async function expertWithService() {
  const u = await createSignedInUser({ name: "Пётр", lastName: "Откликов" });
  await giveRespondChoices(u.id, { expertises: [ref.expertise], options: [ref.option] });
  const s = await createServiceFor(u, "individual", {}, "active");
  const [c] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс', 'Задача', 'Решение', 'Результат') returning id", u.id);
  return { ...u, serviceId: s.id, caseId: c!.id };
}
const respondForm = (demandId: number, ex: { serviceId: number; caseId: number }) => ({
  demand_id: demandId,
  salary: "50000",
  description: "Сделаю модель за две недели",
  expertises: [ref.expertise],
  options: [ref.option],
  services: [ex.serviceId],
  cases: [ex.caseId],
});
const SEARCH_OVER = "Заказчик завершил поиск, отклики больше не принимаются";
const page = (path: string, token: string) => api(path, { cookie: `session=${token}; mode=executor`, headers: { "X-Page-Cache": "bypass" } });

describe("a blocked customer's requests", () => {
  it("stop searching for experts while the block lasts: no reading, no response, the invitation marked over; an unblock gives the search back", async () => {
    const customer = await createSignedInUser();
    const demandId = await searchingDemand(customer.token, op);
    const ex = await expertWithService();
    const invite = await insertRespond(demandId, ex.id, { status: "invite" });
    expect((await api(`/api/demand/short/${demandId}`, { token: ex.token })).status).toBe(200);

    await block(customer.id);
    const short = await api(`/api/demand/short/${demandId}`, { token: ex.token });
    expect(short.status).toBe(403);
    expect(short.body.message).toBe(SEARCH_OVER);
    const refused = await api("/api/respond", { token: ex.token, form: respondForm(demandId, ex) });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toBe(SEARCH_OVER);
    expect(await count("select count(*) as n from responds where id = ? and status = 'invite'", invite.id)).toBe(1);
    const lists = await api("/api/demands-services", { token: ex.token });
    expect(lists.body.request.data).toEqual([expect.objectContaining({ id: invite.id, demand_is_finished: true })]);
    const pageView = await page(`/response-request/${demandId}`, ex.token);
    expect(pageView.status).toBe(200);
    expect(pageView.text).toContain(SEARCH_OVER);
    expect(pageView.text).not.toContain("Сделаю модель");
    // Its status stays the customer's: nothing was written onto the request.
    expect((await rows<{ status: string }>("select status from demands where id = ?", demandId))[0]!.status).toBe("searching");

    await unblock(customer.id);
    expect((await api(`/api/demand/short/${demandId}`, { token: ex.token })).status).toBe(200);
    const sent = await api("/api/respond", { token: ex.token, form: respondForm(demandId, ex) });
    expect(sent.status, sent.text).toBe(201);
  });

  it("is not approved by an operator (409, nothing changes), and a rejection still is", async () => {
    const customer = await createSignedInUser();
    const first = await createDemand(customer.token);
    const second = await createDemand(customer.token, { name: "Вторая заявка" });
    await block(customer.id);
    const approved = await moderate("demands", first.id, "approve");
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe("Автор заблокирован: можно только отклонить");
    expect((await rows<{ status: string }>("select status from demands where id = ?", first.id))[0]!.status).toBe("moderation");
    expect(await count("select count(*) as n from audit_log where action = 'demand.approve' and target_id = ?", String(first.id))).toBe(0);
    expect(await mailsTo(customer.email)).toHaveLength(0);
    // A bulk approval reports the item's own refusal.
    const bulk = await api("/api/admin/moderation", { token: op, json: { kind: "demands", ids: [first.id, second.id], decision: "approve" } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([
      { id: first.id, status: "invalid", message: "Автор заблокирован: можно только отклонить" },
      { id: second.id, status: "invalid", message: "Автор заблокирован: можно только отклонить" },
    ]);
    expect((await moderate("demands", first.id, "reject")).status).toBe(200);
    expect((await rows<{ status: string }>("select status from demands where id = ?", first.id))[0]!.status).toBe("rejected");
  });
});

describe("a blocked expert's responses", () => {
  it("leave the customer's view while sent: not listed, counted, chosen nor their contacts given; a chosen one stays; an unblock gives them back", async () => {
    const customer = await createSignedInUser();
    const demandId = await searchingDemand(customer.token, op);
    const blocked = await createSignedInUser({ name: "Борис", lastName: "Заблокированный", phone: "+7 916 333-33-33" });
    const other = await createSignedInUser({ name: "Вера", lastName: "Вторая" });
    const hidden = await insertRespond(demandId, blocked.id);
    const shown = await insertRespond(demandId, other.id);
    await block(blocked.id);

    const manage = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(manage.status, manage.text).toBe(200);
    expect(manage.body.responds.map((r: { id: number }) => r.id)).toEqual([shown.id]);
    const viewed = await api("/api/view-flags", { token: customer.token, json: { model: "respond", ids: [hidden.id, shown.id] } });
    expect(viewed.body.ids).toEqual([shown.id]);
    // His unopened response is no news on the customer's list either.
    const list = await api("/projects/request", { cookie: `session=${customer.token}; mode=customer`, headers: { "X-Page-Cache": "bypass" } });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain("signal-chip--fresh");

    // Paid, the project cannot start with him.
    expect((await api(`/api/admin/demands/${demandId}/paid`, { token: op, json: { paid: true } })).status).toBe(200);
    const contacts = await api(`/api/demand/${demandId}/contacts`, { token: customer.token });
    expect(JSON.stringify(contacts.body)).not.toContain("333-33-33");
    const start = await api("/api/demand/shortlist", { token: customer.token, json: { demand_id: demandId, responds: [hidden.id] } });
    expect(start.status).toBe(422);
    expect((await rows<{ status: string }>("select status from demands where id = ?", demandId))[0]!.status).toBe("searching");

    await unblock(blocked.id);
    const back = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(back.body.responds.map((r: { id: number }) => r.id).sort()).toEqual([hidden.id, shown.id].sort());
    const started = await api("/api/demand/shortlist", { token: customer.token, json: { demand_id: demandId, responds: [hidden.id] } });
    expect(started.status, started.text).toBe(200);
    // Blocked again once chosen: the project under way keeps him.
    await block(blocked.id);
    const running = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(running.body.responds.map((r: { id: number }) => r.id)).toContain(hidden.id);
  });

  it("stay out of view once the project starts with another expert: passed over, not listed, and no contacts", async () => {
    const customer = await createSignedInUser();
    const demandId = await searchingDemand(customer.token, op);
    const blocked = await createSignedInUser({ name: "Борис", lastName: "Заблокированный", phone: "+7 916 444-44-44" });
    const other = await createSignedInUser({ name: "Вера", lastName: "Вторая" });
    const hidden = await insertRespond(demandId, blocked.id);
    const chosen = await insertRespond(demandId, other.id);
    expect((await api(`/api/admin/demands/${demandId}/paid`, { token: op, json: { paid: true } })).status).toBe(200);
    await block(blocked.id);
    const started = await api("/api/demand/shortlist", { token: customer.token, json: { demand_id: demandId, responds: [chosen.id] } });
    expect(started.status, started.text).toBe(200);
    expect((await rows<{ status: string }>("select status from responds where id = ?", hidden.id))[0]!.status).toBe("rejected");
    const manage = await api(`/api/demand/${demandId}/manage`, { token: customer.token });
    expect(manage.body.responds.map((r: { id: number }) => r.id)).toEqual([chosen.id]);
    const contacts = await api(`/api/demand/${demandId}/contacts`, { token: customer.token });
    expect(JSON.stringify(contacts.body)).not.toContain("444-44-44");
  });

  it("cannot be chosen when the block lands between the customer's choice and the start: 422, nothing starts", async () => {
    const customer = await createSignedInUser();
    const demandId = await searchingDemand(customer.token, op);
    const expert = await createSignedInUser();
    const respond = await insertRespond(demandId, expert.id);
    expect((await api(`/api/admin/demands/${demandId}/paid`, { token: op, json: { paid: true } })).status).toBe(200);
    // The block lands inside the start's batch, right after the request becomes active.
    await rows(`create trigger block_${expert.id} after update of status on demands when new.id = ${demandId} and new.status = 'active' begin update users set blocked_at = '2026-01-01T00:00:00Z' where id = ${expert.id}; end`);
    try {
      const start = await api("/api/demand/shortlist", { token: customer.token, json: { demand_id: demandId, responds: [respond.id] } });
      expect(start.status, start.text).toBe(422);
    } finally {
      await rows(`drop trigger block_${expert.id}`);
    }
    expect((await rows<{ status: string }>("select status from demands where id = ?", demandId))[0]!.status).toBe("searching");
    expect((await rows<{ status: string }>("select status from responds where id = ?", respond.id))[0]!.status).toBe("sent");
  });

  it("are not approved in moderation (409), nor are his services; rejections still are", async () => {
    const customer = await createSignedInUser();
    const demandId = await searchingDemand(customer.token, op);
    const ex = await expertWithService();
    const waiting = await insertRespond(demandId, ex.id, { status: "moderation" });
    const service = await createServiceFor(ex, "individual", { name: "Услуга на проверке" });
    expect(service.status).toBe("moderation");
    await block(ex.id);

    for (const [kind, id] of [["responds", waiting.id], ["services", service.id]] as const) {
      const res = await moderate(kind, id, "approve");
      expect(res.status, `${kind}: ${res.text}`).toBe(409);
      expect(res.body.message).toBe("Автор заблокирован: можно только отклонить");
    }
    expect((await rows<{ status: string }>("select status from responds where id = ?", waiting.id))[0]!.status).toBe("moderation");
    expect((await rows<{ status: string }>("select status from services where id = ?", service.id))[0]!.status).toBe("moderation");
    expect((await mailsTo(customer.email)).map((m) => m.subject)).not.toContain("Новый отклик на вашу заявку");

    expect((await moderate("responds", waiting.id, "reject")).status).toBe(200);
    expect((await moderate("services", service.id, "reject")).status).toBe(200);
  });
});

describe("a blocked person's profile (decision 0056)", () => {
  it("is closed to other users, page and API, cases and their files too, and out of the team and colleague searches; the operator still opens it; an unblock opens it again", async () => {
    const tag = `Блоков${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const person = await createSignedInUser({ name: "Глеб", lastName: tag });
    const other = await createSignedInUser();
    const profilePage = (token: string) => api(`/profile/${person.id}`, { cookie: `session=${token}`, headers: { "X-Page-Cache": "bypass" } });
    const card = (token: string) => api(`/api/user/${person.id}`, { token });
    const teamSearch = async () => (await api(`/api/service/team-search?search=${encodeURIComponent(tag)}`, { token: other.token })).body.map((u: { id: number }) => u.id);
    const colleagueSearch = async () => (await api(`/api/user/search?search=${encodeURIComponent(tag)}`, { token: other.token })).body.map((u: { id: number }) => u.id);
    expect((await profilePage(other.token)).text).toContain(tag);
    expect((await card(other.token)).body).toMatchObject({ id: person.id, lastName: tag });
    expect(await teamSearch()).toEqual([person.id]);
    expect(await colleagueSearch()).toEqual([person.id]);
    // His case, with an attachment: as visible as the profile.
    const [kase] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс Блокова', 'Задача', 'Решение', 'Результат') returning id", person.id);
    const [file] = await rows<{ id: number }>("insert into files (owner_user_id, kind, key, name, mime, size) values (?, 'case', ?, 'plan.pdf', 'application/pdf', 10) returning id", person.id, `case/${person.id}/${crypto.randomUUID()}.pdf`);
    await rows("insert into case_attachments (case_id, file_id) values (?, ?)", kase!.id, file!.id);
    const casesOf = () => api(`/api/user/cases/by-user/${person.id}`, { token: other.token });
    const oneCase = () => api(`/api/user/cases/${kase!.id}`, { token: other.token });
    const attachment = () => api(`/api/files/${file!.id}`, { token: other.token });
    expect((await casesOf()).body.map((c: { id: number }) => c.id)).toEqual([kase!.id]);
    expect((await oneCase()).status).toBe(200);
    expect((await attachment()).status).toBe(302);

    await block(person.id);
    const closedPage = await profilePage(other.token);
    expect(closedPage.status).toBe(404);
    expect(closedPage.text).not.toContain(tag);
    const closedCard = await card(other.token);
    expect(closedCard.status).toBe(404);
    expect(closedCard.text).not.toContain(tag);
    expect(await teamSearch()).toEqual([]);
    expect(await colleagueSearch()).toEqual([]);
    // Nor is he named in a team by his id.
    const named = await api("/api/service", { token: other.token, json: servicePayload("company", { users: [{ id: person.id, type: "user" }] }) });
    expectFieldError(named, "users", "Сотрудник не найден");
    for (const res of [await casesOf(), await oneCase(), await attachment()]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("Кейс Блокова");
    }
    // The operator, settling what the block was for, still sees the profile.
    const forOperator = await profilePage(op);
    expect(forOperator.status).toBe(200);
    expect(forOperator.text).toContain(tag);
    expect((await card(op)).status).toBe(200);

    await unblock(person.id);
    expect((await profilePage(other.token)).status).toBe(200);
    expect((await card(other.token)).status).toBe(200);
    expect(await teamSearch()).toEqual([person.id]);
    expect((await oneCase()).status).toBe(200);
    expect((await attachment()).status).toBe(302);
  });
});
