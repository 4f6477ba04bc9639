import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, signIn } from "../helpers/factories";
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

/** A response to a fresh searching request, sent while moderation is on. */
async function moderatedRespond() {
  const customer = await createSignedInUser({ name: "Заказчица", lastName: "Очередная" });
  const demandId = await searchingDemand(customer.token, operatorToken, { name: "Заявка для очереди откликов" });
  const ex = await createSignedInUser({ name: "Эксперт", lastName: "Очередной" });
  const s = await createServiceFor(ex, "individual", {}, "active");
  const [c] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс', 'З', 'Р', 'Р') returning id", ex.id);
  const res = await api("/api/respond", { token: ex.token, form: { demand_id: demandId, salary: "70000", description: "Готов", cases: [c!.id], expertises: [ref.expertise], options: [ref.option], services: [s.id] } });
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
    expect((await decide(r.id, "reject", "Нет опыта в отрасли")).status).toBe(200);
    expect((await rows<Record<string, unknown>>("select status, reject_reason from responds where id = ?", r.id))[0]).toEqual({ status: "rejected", reject_reason: "Нет опыта в отрасли" });
    const mail = (await mailsTo(r.ex.email))[0]!;
    expect(mail.subject).toBe("Your response did not pass moderation");
    expect(mail.text).toContain("Нет опыта в отрасли");
    expect(await mailsTo(r.customer.email)).toHaveLength(0);
    const mine = await api("/api/respond", { token: r.ex.token });
    expect(mine.body.data[0]).toMatchObject({ status: "rejected", reject_reason: "Нет опыта в отрасли" });
    expect((await decide(r.id, "approve")).status).toBe(409);
  });

  it("an unknown id, or an invitation, is 404", async () => {
    expect((await decide(99_999_999, "approve")).status).toBe(404);
    const r = await moderatedRespond();
    const [inv] = await rows<{ id: number }>("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z') returning id", r.demandId, r.customer.id);
    expect((await decide(inv!.id, "approve")).status).toBe(404);
  });
});
