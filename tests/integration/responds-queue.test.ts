import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, toFormData } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, giveRespondChoices, signIn } from "../helpers/factories";
import { mailsTo as allMailsTo } from "../helpers/mail";

/** The mails of responses only (the customer also gets his request's approval). */
const mailsTo = async (to: string) => (await allMailsTo(to)).filter((m) => /отклик|response/i.test(m.subject));

// The operators' switch `moderate_responds` and the `responds` queue (README "Responses", "The operator's calls").
beforeAll(() => ensureReference());

let operatorToken: string;
let ref: { expertise: number; option: number };

beforeAll(async () => {
  operatorToken = await signIn(await createOperator());
  const [e] = await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 1");
  const [o] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
  ref = { expertise: e!.id, option: o!.id };
  const on = await api("/api/admin/settings", { token: operatorToken, json: { moderate_responds: true } });
  expect(on.status, on.text).toBe(200);
});
afterAll(async () => {
  await api("/api/admin/settings", { token: operatorToken, json: { moderate_responds: false } });
});

/** A response to a fresh searching request, sent while moderation is on (with a file when asked). */
async function moderatedRespond({ file = false } = {}) {
  const customer = await createSignedInUser({ name: "Заказчица", lastName: "Очередная" });
  const demandId = await searchingDemand(customer.token, operatorToken, { name: "Заявка для очереди откликов" });
  const ex = await createSignedInUser({ name: "Эксперт", lastName: "Очередной" });
  await giveRespondChoices(ex.id, { expertises: [ref.expertise], options: [ref.option] });
  const s = await createServiceFor(ex, "individual", {}, "active");
  const [c] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс', 'З', 'Р', 'Р') returning id", ex.id);
  const form = toFormData({ demand_id: demandId, salary: "70000", description: "Готов", cases: [c!.id], expertises: [ref.expertise], options: [ref.option], services: [s.id] });
  if (file) form.append("attachments[0]", new File(["план работ"], "plan.txt"));
  const res = await api("/api/respond", { token: ex.token, form });
  expect(res.status, res.text).toBe(201);
  return { customer, ex, demandId, id: res.body.id as number, status: res.body.status as string };
}

const decide = (id: number, decision: "approve" | "reject", reason?: string) => api("/api/admin/moderation", { token: operatorToken, json: { kind: "responds", id, decision, reason } });

describe("responds queue", () => {
  it("a response sent while moderation is on waits in `moderation`, unseen by the customer and not mailed; the queue lists it", async () => {
    const r = await moderatedRespond();
    expect(r.status).toBe("moderation");
    expect(await mailsTo(r.customer.email)).toHaveLength(0);
    const page = await api("/api/admin/queues/responds?filter=" + encodeURIComponent("очереди откликов"), { token: operatorToken });
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.find((i: { id: number }) => i.id === r.id)).toMatchObject({ title: "Заявка для очереди откликов", userId: r.ex.id, userName: "Эксперт Очередной", details: { demand_id: r.demandId, salary: 70000 } });
    const summary = (await api("/api/admin/queues", { token: operatorToken })).body.find((q: { name: string }) => q.name === "responds");
    expect(summary.count).toBeGreaterThanOrEqual(1);
    expect((await api("/api/admin/queues/responds", { token: r.ex.token })).status).toBe(403);
    expect((await api("/api/admin/queues/responds")).status).toBe(401);
  });

  it("approval makes it `sent` and e-mails the customer; a second decision is 409 and leaves no audit row", async () => {
    const r = await moderatedRespond();
    expect((await decide(r.id, "approve")).status).toBe(200);
    expect((await rows<{ status: string }>("select status from responds where id = ?", r.id))[0]!.status).toBe("sent");
    const mails = await mailsTo(r.customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/request-list/${r.demandId}`);
    const again = await decide(r.id, "reject", "Поздно");
    expect(again.status).toBe(409);
    expect(await count("select count(*) as n from audit_log where target_type = 'respond' and target_id = ?", String(r.id))).toBe(1);
    expect((await rows<{ status: string }>("select status from responds where id = ?", r.id))[0]!.status).toBe("sent");
  });

  it("rejection needs a reason; it makes the response `rejected` with it and e-mails the expert in his language", async () => {
    const r = await moderatedRespond();
    expect((await decide(r.id, "reject")).status).toBe(422);
    await rows("update users set locale = 'en' where id = ?", r.ex.id);
    // The customer's renaming waits in moderation: the expert's mail names the request as approved (decision 0068).
    await rows("update demands set approved_name = name, name = 'Черновик переименования' where id = ?", r.demandId);
    expect((await decide(r.id, "reject", "Нет опыта в отрасли")).status).toBe(200);
    expect((await rows<Record<string, unknown>>("select status, reject_reason from responds where id = ?", r.id))[0]).toEqual({ status: "rejected", reject_reason: "Нет опыта в отрасли" });
    const mail = (await mailsTo(r.ex.email))[0]!;
    expect(mail.subject).toBe("Your response did not pass moderation");
    expect(mail.text).toContain("Нет опыта в отрасли");
    expect(mail.text).toContain("Заявка для очереди откликов");
    expect(mail.text).not.toContain("Черновик переименования");
    expect(await mailsTo(r.customer.email)).toHaveLength(0);
    const mine = await api("/api/respond", { token: r.ex.token });
    expect(mine.body.data[0]).toMatchObject({ status: "rejected", reject_reason: "Нет опыта в отрасли" });
    expect((await decide(r.id, "approve")).status).toBe(409);
  });

  // A rejection in moderation is `rejected`, as is a response passed over when the project starts; only the
  // second was ever the customer's to see (the security review of session 15).
  it("a response rejected in moderation never reaches the customer: not among his responses, nor its file, nor its expert's contacts, nor a reason to ask for a contract", async () => {
    const r = await moderatedRespond({ file: true });
    const [file] = await rows<{ id: number }>("select file_id as id from respond_files where respond_id = ?", r.id);
    // The operator sees the file he decides on, and opens it.
    const listed = (await api("/api/admin/queues/responds?sort=created_at&dir=desc", { token: operatorToken })).body.items.find((i: { id: number }) => i.id === r.id);
    expect(listed.files).toEqual([{ id: file!.id, name: "plan.txt", url: `/api/files/${file!.id}` }]);
    expect((await api(listed.files[0].url, { token: operatorToken })).status).toBe(302);
    expect((await decide(r.id, "reject", "Реклама вместо отклика")).status).toBe(200);
    const manage = await api(`/api/demand/${r.demandId}/manage`, { token: r.customer.token });
    expect(manage.status, manage.text).toBe(200);
    expect(manage.body.responds).toEqual([]);
    expect((await api(`/api/files/${file!.id}`, { token: r.customer.token })).status).toBe(404);
    const seen = await api("/api/view-flags", { token: r.customer.token, json: { model: "respond", ids: [r.id] } });
    expect(seen.body).toEqual({ model: "respond", ids: [] });
    expect((await rows<{ viewed_at: string | null }>("select viewed_at from responds where id = ?", r.id))[0]!.viewed_at).toBeNull();
    const payment = await api("/api/demand/request-payment", { token: r.customer.token, json: { demand_id: r.demandId } });
    expect(payment.status, payment.text).toBe(422);
    // Even on a paid request, the expert's contacts stay his own.
    await rows("update demands set is_paid = 1 where id = ?", r.demandId);
    const contacts = await api(`/api/demand/${r.demandId}/contacts`, { token: r.customer.token });
    expect(contacts.status, contacts.text).toBe(200);
    expect(contacts.body).toEqual([]);
    expect((await api(`/profile/${r.ex.id}/expert`, { cookie: `session=${r.customer.token}` })).text).toContain('data-testid="contacts-hidden"');
    // The expert still sees his response, rejected, with the operator's reason.
    expect((await api("/api/respond", { token: r.ex.token })).body.data[0]).toMatchObject({ id: r.id, status: "rejected", reject_reason: "Реклама вместо отклика" });
  });

  it("approval waits for a searching request: once the search is over it is refused (409) and changes nothing; rejection still works", async () => {
    const r = await moderatedRespond();
    await rows("update demands set search_finish = '2020-01-01' where id = ?", r.demandId);
    const late = await decide(r.id, "approve");
    expect(late.status, late.text).toBe(409);
    expect(late.body.message).toBe("Поиск по заявке уже завершён: отклик можно только отклонить");
    const bulk = await api("/api/admin/moderation", { token: operatorToken, json: { kind: "responds", ids: [r.id], decision: "approve" } });
    expect(bulk.body.results).toEqual([{ id: r.id, status: "invalid", message: "Поиск по заявке уже завершён: отклик можно только отклонить" }]);
    expect((await rows<{ status: string }>("select status from responds where id = ?", r.id))[0]!.status).toBe("moderation");
    expect(await mailsTo(r.customer.email)).toHaveLength(0);
    expect(await count("select count(*) as n from audit_log where target_type = 'respond' and target_id = ?", String(r.id))).toBe(0);
    expect((await decide(r.id, "reject", "Поиск завершён")).status).toBe(200);
    expect((await rows<{ status: string }>("select status from responds where id = ?", r.id))[0]!.status).toBe("rejected");
  });

  it("a response to a request its customer deleted leaves the queue and its count; deciding it is refused (409) and mails nobody", async () => {
    const r = await moderatedRespond();
    const countOf = async () => (await api("/api/admin/queues", { token: operatorToken })).body.find((q: { name: string }) => q.name === "responds").count as number;
    const before = await countOf();
    const deleted = await api(`/api/demand/${r.demandId}`, { method: "DELETE", token: r.customer.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await countOf()).toBe(before - 1);
    const page = await api("/api/admin/queues/responds?filter=" + encodeURIComponent("очереди откликов"), { token: operatorToken });
    expect(page.body.items.some((i: { id: number }) => i.id === r.id)).toBe(false);
    for (const decision of ["approve", "reject"] as const) {
      const res = await decide(r.id, decision, "Заявка удалена");
      expect(res.status, res.text).toBe(409);
    }
    expect(await allMailsTo(r.ex.email).then((m) => m.filter((x) => /отклон/i.test(x.subject)))).toHaveLength(0);
    expect(await count("select count(*) as n from audit_log where target_type = 'respond' and target_id = ?", String(r.id))).toBe(0);
  });

  it("an unknown id, or an invitation, is 404", async () => {
    expect((await decide(99_999_999, "approve")).status).toBe(404);
    const r = await moderatedRespond();
    const [inv] = await rows<{ id: number }>("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z') returning id", r.demandId, r.customer.id);
    expect((await decide(inv!.id, "approve")).status).toBe(404);
  });
});
