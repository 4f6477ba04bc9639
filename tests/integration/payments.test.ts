import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createDemand, searchingDemand } from "../helpers/demands";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";
import { demandRow, insertRespond } from "../helpers/responds";

let operator: Awaited<ReturnType<typeof createOperator>>;
let op: string;
beforeAll(async () => {
  await ensureReference();
  operator = await createOperator();
  op = await signIn(operator);
});

async function scene(opts: { responds?: number } = {}) {
  const customer = await createSignedInUser({ name: "Ирина", lastName: "Заказчикова" });
  const demandId = await searchingDemand(customer.token, op);
  const experts = [];
  for (let i = 0; i < (opts.responds ?? 1); i++) {
    const e = await createSignedInUser({ roles: ["executor"] });
    await insertRespond(demandId, e.id);
    experts.push(e);
  }
  return { customer, demandId, experts };
}

const ask = (token: string | undefined, demandId: unknown) => api("/api/demand/request-payment", { token, json: { demand_id: demandId } });
const paid = (token: string | undefined, id: number | string, body: unknown = { paid: true }) => api(`/api/admin/demands/${id}/paid`, { token, json: body });
const queue = async () => (await api("/api/admin/queues/payments?page=1", { token: op })).body as { ready: boolean; decidable: boolean; total: number; items: { id: number; title: string; details: Record<string, unknown> }[] };
const inQueue = async (id: number) => (await queue()).items.some((i) => i.id === id);

describe("POST /api/demand/request-payment", () => {
  it("records the customer's request for the contract once, e-mails every operator and puts the request in the payments queue", async () => {
    const s = await scene();
    const otherOperator = await createOperator();
    const res = await ask(s.customer.token, s.demandId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(s.demandId);
    expect((await demandRow(s.demandId)).payment_requested_at).toBe(res.body.payment_requested_at);
    expect(await count("select count(*) as n from audit_log where action = 'demand.payment_requested' and target_id = ?", String(s.demandId))).toBe(1);
    for (const o of [operator, otherOperator]) {
      const mail = (await mailsTo(o.email)).find((m) => m.text.includes(`№ ${s.demandId}`));
      expect(mail?.subject).toBe("Запрос договора по заявке «Финансовая модель для ритейлера»");
      expect(mail?.text).toContain(s.customer.email);
      expect(mail?.text).toContain("/admin/queues/payments");
    }
    // The customer has only the approval of his request.
    expect((await mailsTo(s.customer.email)).filter((m) => m.subject.startsWith("Запрос договора"))).toHaveLength(0);
    const q = await queue();
    expect(q.ready).toBe(true);
    expect(q.decidable).toBe(true);
    const item = q.items.find((i) => i.id === s.demandId);
    expect(item).toMatchObject({ title: "Финансовая модель для ритейлера", details: { responds: 1, deposit: 9_000, email: s.customer.email } });

    const again = await ask(s.customer.token, s.demandId);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("Запрос на договор уже отправлен, менеджер скоро свяжется с вами");
    expect((await demandRow(s.demandId)).payment_requested_at).toBe(res.body.payment_requested_at);
    expect(await count("select count(*) as n from audit_log where action = 'demand.payment_requested' and target_id = ?", String(s.demandId))).toBe(1);
  });

  it("counts the queue on the dashboard", async () => {
    const s = await scene();
    const before = (await api("/api/admin/queues", { token: op })).body.find((q: { name: string }) => q.name === "payments");
    await ask(s.customer.token, s.demandId);
    const after = (await api("/api/admin/queues", { token: op })).body.find((q: { name: string }) => q.name === "payments");
    expect(after.ready).toBe(true);
    expect(after.count).toBe(before.count + 1);
    expect(after.oldest).toBeTruthy();
  });

  it("is refused without a response the customer sees, in moderation, and once paid (422), changing nothing", async () => {
    const none = await scene({ responds: 0 });
    const e = await createSignedInUser({ roles: ["executor"] });
    await insertRespond(none.demandId, e.id, { status: "invite" });
    const r1 = await ask(none.customer.token, none.demandId);
    expect(r1.status).toBe(422);
    expect(r1.body.message).toBe("Договор можно запросить, когда на заявку придёт хотя бы один отклик");

    const customer = await createSignedInUser();
    const waiting = await createDemand(customer.token);
    const r2 = await ask(customer.token, waiting.id);
    expect(r2.status).toBe(422);
    expect(r2.body.message).toBe("Договор можно запросить только по заявке в поиске или с истёкшим сроком поиска");

    const s = await scene();
    expect((await paid(op, s.demandId)).status).toBe(200);
    const r3 = await ask(s.customer.token, s.demandId);
    expect(r3.status).toBe(422);
    expect(r3.body.message).toBe("Договор по этой заявке уже подписан");
    for (const id of [none.demandId, waiting.id, s.demandId]) expect((await demandRow(id)).payment_requested_at).toBeNull();
  });

  it("accepts an expired request", async () => {
    const s = await scene();
    await rows("update demands set status = 'search_expired' where id = ?", s.demandId);
    expect((await ask(s.customer.token, s.demandId)).status).toBe(200);
  });

  it("is 404 for another user and an operator, 401 for a guest; bad input is 422", async () => {
    const s = await scene();
    const stranger = await createSignedInUser();
    expect((await ask(stranger.token, s.demandId)).status).toBe(404);
    expect((await ask(op, s.demandId)).status).toBe(404);
    expect((await ask(undefined, s.demandId)).status).toBe(401);
    for (const bad of ["x", -1, null, { id: 1 }]) expect((await ask(s.customer.token, bad)).status).toBe(422);
    expect((await demandRow(s.demandId)).payment_requested_at).toBeNull();
    expect(await inQueue(s.demandId)).toBe(false);
  });
});

describe("POST /api/admin/demands/{id}/paid", () => {
  it("is the operator's only: 401 for a guest, 403 for the customer and an expert, nothing changes", async () => {
    const s = await scene();
    expect((await paid(undefined, s.demandId)).status).toBe(401);
    expect((await paid(s.customer.token, s.demandId)).status).toBe(403);
    expect((await paid(s.experts[0]!.token, s.demandId)).status).toBe(403);
    expect((await demandRow(s.demandId)).is_paid).toBe(0);
    expect(await count("select count(*) as n from audit_log where action like 'demand.%paid' and target_id = ?", String(s.demandId))).toBe(0);
  });

  it("marks the request paid (audited, the customer e-mailed, off the queue) and withdraws the mark", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    expect(await inQueue(s.demandId)).toBe(true);
    const res = await paid(op, s.demandId);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: s.demandId, is_paid: true, changed: true });
    const d = await demandRow(s.demandId);
    expect(d.is_paid).toBe(1);
    expect(d.paid_at).toBeTruthy();
    expect(await inQueue(s.demandId)).toBe(false);
    const [audit] = await rows<{ actor_user_id: number }>("select actor_user_id from audit_log where action = 'demand.paid' and target_id = ?", String(s.demandId));
    expect(audit?.actor_user_id).toBe(operator.id);
    expect((await mailsTo(s.customer.email))[0]?.subject).toBe("Договор подписан");

    const same = await paid(op, s.demandId);
    expect(same.body).toEqual({ id: s.demandId, is_paid: true, changed: false });
    expect(await count("select count(*) as n from audit_log where action = 'demand.paid' and target_id = ?", String(s.demandId))).toBe(1);

    const off = await paid(op, s.demandId, { paid: false });
    expect(off.body).toEqual({ id: s.demandId, is_paid: false, changed: true });
    const after = await demandRow(s.demandId);
    expect(after.is_paid).toBe(0);
    expect(after.paid_at).toBeNull();
    expect(await count("select count(*) as n from audit_log where action = 'demand.unpaid' and target_id = ?", String(s.demandId))).toBe(1);
    // The customer's request for the contract stands: the request is waiting again.
    expect(await inQueue(s.demandId)).toBe(true);
  });

  it("refuses a request in moderation or already started (422), and answers 404 for an unknown or bad id", async () => {
    const customer = await createSignedInUser();
    const waiting = await createDemand(customer.token);
    expect((await paid(op, waiting.id)).status).toBe(422);
    const s = await scene();
    await paid(op, s.demandId);
    const started = await api("/api/demand/shortlist", { token: s.customer.token, json: { demand_id: s.demandId, responds: [(await rows<{ id: number }>("select id from responds where demand_id = ?", s.demandId))[0]!.id] } });
    expect(started.status, started.text).toBe(200);
    const withdraw = await paid(op, s.demandId, { paid: false });
    expect(withdraw.status).toBe(422);
    expect((await demandRow(s.demandId)).is_paid).toBe(1);
    expect((await paid(op, 99999999)).status).toBe(404);
    expect((await paid(op, "abc")).status).toBe(404);
    for (const bad of [{}, { paid: "yes" }, { paid: null }]) expect((await paid(op, s.demandId, bad)).status).toBe(422);
  });
});

describe("the payments queue's decisions", () => {
  const decide = (id: number, decision: "approve" | "reject", reason?: string, token = op) => api("/api/admin/moderation", { token, json: { kind: "payments", id, decision, reason } });

  it("approves by marking the request paid, once (a second decision is 409)", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    const res = await decide(s.demandId, "approve");
    expect(res.status, res.text).toBe(200);
    expect((await demandRow(s.demandId)).is_paid).toBe(1);
    expect(await count("select count(*) as n from audit_log where action = 'demand.paid' and target_id = ?", String(s.demandId))).toBe(1);
    expect((await decide(s.demandId, "approve")).status).toBe(409);
    expect(await count("select count(*) as n from audit_log where action = 'demand.paid' and target_id = ?", String(s.demandId))).toBe(1);
  });

  it("refuses to mark paid on terms the operator did not see: the budget changed after the queue was read is 409, the new terms approve", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    const listed = async () => ((await api("/api/admin/queues/payments?page=1", { token: op })).body.items as { id: number; version: string }[]).find((i) => i.id === s.demandId)!;
    const seen = await listed();
    expect(seen.version).toEqual(expect.any(String));
    // The customer changes the budget meanwhile (moderation of requests off: it stays in the queue).
    await rows("update demands set budget = 45000, updated_at = ? where id = ?", new Date(Date.now() + 5).toISOString(), s.demandId);
    const stale = await api("/api/admin/moderation", { token: op, json: { kind: "payments", id: s.demandId, decision: "approve", version: seen.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Автор изменил это после того, как вы открыли очередь. Обновите очередь и проверьте снова");
    expect((await demandRow(s.demandId)).is_paid).toBe(0);
    const fresh = await listed();
    expect((await api("/api/admin/moderation", { token: op, json: { kind: "payments", id: s.demandId, decision: "approve", version: fresh.version } })).status).toBe(200);
    expect((await demandRow(s.demandId)).is_paid).toBe(1);
  });

  it("tells the operator the customer changed a request that went back to moderation since the queue was read, not that another operator decided it", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    const [seen] = ((await api("/api/admin/queues/payments?page=1", { token: op })).body.items as { id: number; version: string }[]).filter((i) => i.id === s.demandId);
    // The customer's edit sends it back to moderation (moderation of requests on), still asking for the contract.
    await rows("update demands set status = 'moderation', updated_at = ? where id = ?", new Date(Date.now() + 5).toISOString(), s.demandId);
    for (const decision of ["approve", "reject"] as const) {
      const res = await api("/api/admin/moderation", { token: op, json: { kind: "payments", id: s.demandId, decision, reason: "Нет реквизитов", version: seen!.version } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Автор изменил это после того, как вы открыли очередь. Обновите очередь и проверьте снова");
    }
    expect(await demandRow(s.demandId)).toMatchObject({ is_paid: 0, payment_requested_at: expect.any(String) });
  });

  it("refuses to approve a request nobody asked the contract for (409), and is 404 for an unknown one", async () => {
    const s = await scene();
    expect((await decide(s.demandId, "approve")).status).toBe(409);
    expect((await demandRow(s.demandId)).is_paid).toBe(0);
    expect((await decide(99999999, "approve")).status).toBe(404);
  });

  it("rejects with a reason the customer is e-mailed and shown on the request until he asks again", async () => {
    const s = await scene();
    const manage = async () => (await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token })).body as { payment_rejected: { reason: string; at: string } | null; can: { request_payment: boolean } };
    await ask(s.customer.token, s.demandId);
    expect((await decide(s.demandId, "reject")).status).toBe(422);
    expect(await inQueue(s.demandId)).toBe(true);
    expect((await manage()).payment_rejected).toBeNull();
    const res = await decide(s.demandId, "reject", "Заказчик не отвечает на звонки");
    expect(res.status, res.text).toBe(200);
    expect(await inQueue(s.demandId)).toBe(false);
    expect(await count("select count(*) as n from audit_log where action = 'demand.payment_rejected' and target_id = ?", String(s.demandId))).toBe(1);
    const mail = (await mailsTo(s.customer.email)).find((m) => m.subject.includes("отклонён"));
    expect(mail?.text).toContain("Причина: Заказчик не отвечает на звонки");
    const shown = await manage();
    expect(shown.payment_rejected?.reason).toBe("Заказчик не отвечает на звонки");
    expect(shown.can.request_payment).toBe(true);
    // Another customer's request page never shows it (the page is the owner's only).
    const other = await createSignedInUser();
    expect((await api(`/api/demand/${s.demandId}/manage`, { token: other.token })).status).toBe(404);

    expect((await ask(s.customer.token, s.demandId)).status).toBe(200);
    expect((await manage()).payment_rejected).toBeNull();
  });

  it("leaves exactly one decision when two operators decide at once", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    const other = await signIn(await createOperator());
    const answers = await Promise.all([decide(s.demandId, "approve"), decide(s.demandId, "reject", "Дубль", other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decisions = await count("select count(*) as n from audit_log where action in ('demand.paid', 'demand.payment_rejected') and target_id = ?", String(s.demandId));
    expect(decisions).toBe(1);
  });

  it("is the operator's only", async () => {
    const s = await scene();
    await ask(s.customer.token, s.demandId);
    expect((await decide(s.demandId, "approve", undefined, s.customer.token)).status).toBe(403);
    expect((await api("/api/admin/queues/payments", { token: s.customer.token })).status).toBe(403);
    expect((await api("/api/admin/queues/payments")).status).toBe(401);
    expect((await demandRow(s.demandId)).is_paid).toBe(0);
  });
});
