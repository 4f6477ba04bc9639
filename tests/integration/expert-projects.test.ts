import { beforeAll, describe, expect, it } from "vitest";
import { expertBudget } from "~/domain/demands/money";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { approve, createExpert, createTribeDemand, freshTribe } from "../helpers/matching";
import { demandForm, searchingDemand } from "../helpers/demands";

let operatorToken: string;

beforeAll(async () => {
  await ensureReference();
  operatorToken = await signIn(await createOperator());
});

/** A searching request of a fresh customer that fits nobody (its own tribe), with the given budget. */
async function lonelyDemand(over: Record<string, unknown> = {}) {
  const c = await createSignedInUser();
  const id = await createTribeDemand(c.token, await freshTribe(), over);
  await approve(id, operatorToken);
  return { id, customer: c };
}

/** A response row as the respond call (another part of issue 13) would write it. */
async function insertRespond(demandId: number, userId: number, status: string, extra: { viewed_at?: string | null; reject_reason?: string | null; is_new?: number } = {}) {
  const [row] = await rows<{ id: number }>(
    "insert into responds (demand_id, user_id, status, is_new, invited_at, responded_at, salary, tax_id, viewed_at, reject_reason) values (?, ?, ?, ?, null, ?, 50000, 1, ?, ?) returning id",
    demandId,
    userId,
    status,
    extra.is_new ?? 0,
    status === "invite" ? null : new Date().toISOString(),
    extra.viewed_at ?? null,
    extra.reject_reason ?? null,
  );
  return row!.id;
}

const respondRow = async (id: number) => (await rows<{ status: string; is_new: number; viewed_at: string | null }>("select status, is_new, viewed_at from responds where id = ?", id))[0]!;
const audits = (action: string, target: number) => count("select count(*) as n from audit_log where action = ? and target_id = ?", action, String(target));

describe("GET /api/demands-services", () => {
  it("lists the expert's items by group with the request's name, type and expert-visible budget, never a declined one", async () => {
    const tribe = await freshTribe();
    const expert = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await createSignedInUser();
    const invited = await createTribeDemand(c.token, tribe, { budget: "123457", name: "Приглашение" });
    await approve(invited, operatorToken);
    const sent = await lonelyDemand({ name: "Отправлен" });
    const viewed = await lonelyDemand();
    const moderation = await lonelyDemand();
    const active = await lonelyDemand();
    const completed = await lonelyDemand();
    const chosenOther = await lonelyDemand();
    const byOperator = await lonelyDemand();
    const declined = await lonelyDemand();
    const sentId = await insertRespond(sent.id, expert.id, "sent");
    const viewedAt = new Date().toISOString();
    await insertRespond(viewed.id, expert.id, "sent", { viewed_at: viewedAt });
    await insertRespond(moderation.id, expert.id, "moderation");
    await insertRespond(active.id, expert.id, "active");
    await insertRespond(completed.id, expert.id, "completed");
    await insertRespond(chosenOther.id, expert.id, "rejected");
    await insertRespond(byOperator.id, expert.id, "rejected", { reject_reason: "Пустой комментарий" });
    await insertRespond(declined.id, expert.id, "declined");

    const res = await api("/api/demands-services", { token: expert.token });
    expect(res.status, res.text).toBe(200);
    const b = res.body;
    expect(Object.keys(b).sort()).toEqual(["active", "completed", "moderation", "rejected", "request", "sent"]);
    const [type] = await rows<{ id: number; name: string; type: string; fee: string; is_rounded_up: number; round_base: number }>("select * from service_types where id = 1");
    expect(b.request).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    const [invite] = b.request.data;
    expect(invite).toMatchObject({
      demand_id: invited,
      demand_name: "Приглашение",
      demand_service_type: { id: 1, name: type!.name, type: type!.type },
      demand_budget: expertBudget(123457, { fee: type!.fee, isRoundedUp: !!type!.is_rounded_up, roundBase: type!.round_base }),
      demand_is_finished: false,
      status: "invite",
      is_viewed: false,
      viewed_by_customer: null,
      reject_reason: null,
    });
    expect(invite.demand_budget).not.toBe(123457);
    expect(invite.created_at).toMatch(/^\d{4}-/);
    expect(b.sent.total).toBe(2);
    // Newest first: the viewed one was written after the first.
    expect(b.sent.data.map((x: any) => x.viewed_by_customer)).toEqual([viewedAt, null]);
    expect(b.sent.data[1]).toMatchObject({ id: sentId, demand_id: sent.id, demand_name: "Отправлен", status: "sent" });
    expect(b.moderation.data.map((x: any) => x.demand_id)).toEqual([moderation.id]);
    expect(b.active.data.map((x: any) => x.demand_id)).toEqual([active.id]);
    expect(b.completed.data.map((x: any) => x.demand_id)).toEqual([completed.id]);
    expect(b.rejected.data.map((x: any) => [x.demand_id, x.reject_reason])).toEqual([
      [byOperator.id, "Пустой комментарий"],
      [chosenOther.id, null],
    ]);
    const all = Object.values(b).flatMap((g: any) => g.data.map((x: any) => x.demand_id));
    expect(all).not.toContain(declined.id);
  });

  it("dates a response by when it was sent, not by when its invitation came (the customer's date)", async () => {
    const tribe = await freshTribe();
    const expert = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const d = await lonelyDemand({ name: "Приглашён, ответил позже" });
    const id = await insertRespond(d.id, expert.id, "sent");
    // The row was the invitation of 1 June; the expert answered on 10 June.
    await rows("update responds set created_at = '2026-06-01T09:00:00.000Z', invited_at = '2026-06-01T09:00:00.000Z', responded_at = '2026-06-10T12:00:00.000Z' where id = ?", id);
    const sent = (await api("/api/demands-services", { token: expert.token })).body.sent.data;
    expect(sent.find((x: { id: number }) => x.id === id).created_at).toBe("2026-06-10T12:00:00.000Z");
  });

  it("pages one group three at a time and shows the others' first pages", async () => {
    const expert = await createSignedInUser({ roles: ["customer", "executor"] });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await lonelyDemand()).id);
    for (const id of ids) await insertRespond(id, expert.id, "invite", { is_new: 1 });
    const first = await api("/api/demands-services", { token: expert.token });
    expect(first.body.request).toMatchObject({ current_page: 1, last_page: 2, total: 4 });
    expect(first.body.request.data.map((x: any) => x.demand_id)).toEqual(ids.slice(1).reverse());
    const second = await api("/api/demands-services?group=request&page=2", { token: expert.token });
    expect(second.body.request).toMatchObject({ current_page: 2, last_page: 2, total: 4 });
    expect(second.body.request.data.map((x: any) => x.demand_id)).toEqual([ids[0]]);
    expect(second.body.sent).toMatchObject({ current_page: 1, total: 0, data: [] });
  });

  it("drops a deleted request's items and marks a request whose search stopped as finished", async () => {
    const expert = await createSignedInUser({ roles: ["customer", "executor"] });
    const gone = await lonelyDemand();
    const stopped = await lonelyDemand();
    await insertRespond(gone.id, expert.id, "invite", { is_new: 1 });
    await insertRespond(stopped.id, expert.id, "invite", { is_new: 1 });
    expect((await api(`/api/demand/${gone.id}`, { method: "DELETE", token: gone.customer.token })).status).toBe(200);
    expect((await api("/api/demand/stop", { token: stopped.customer.token, json: { id: stopped.id } })).status).toBe(200);
    const res = await api("/api/demands-services", { token: expert.token });
    expect(res.body.request.data.map((x: any) => [x.demand_id, x.demand_is_finished])).toEqual([[stopped.id, true]]);
  });

  it("shows the request as last approved while the customer's edit waits in moderation, and after an operator rejects it", async () => {
    const customer = await createSignedInUser();
    const expert = await createSignedInUser({ roles: ["executor"] });
    const demandId = await searchingDemand(customer.token, operatorToken, { name: "Одобренное название", budget: "40000" });
    const rid = await insertRespond(demandId, expert.id, "sent");
    const [type] = await rows<{ fee: string; is_rounded_up: number; round_base: number }>("select * from service_types where id = 1");
    const shown = expertBudget(40000, { fee: type!.fee, isRoundedUp: !!type!.is_rounded_up, roundBase: type!.round_base });
    const seen = async () => {
      const list = (await api("/api/demands-services", { token: expert.token })).body.sent.data.find((x: any) => x.id === rid);
      const mine = (await api("/api/respond", { token: expert.token })).body.data.find((x: any) => x.id === rid);
      const page = (await api("/projects/response#sent", { cookie: `session=${expert.token}` })).text;
      return { name: list.demand_name, budget: list.demand_budget, mine: mine.demand_name, page: page.includes("Одобренное название") && !page.includes("Купите мой курс") };
    };
    const edit = async (name: string) => {
      const res = await api(`/api/demand/${demandId}`, { token: customer.token, form: await demandForm({ name, budget: "90000" }) });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe("moderation");
    };
    await edit("Купите мой курс");
    expect(await seen()).toEqual({ name: "Одобренное название", budget: shown, mine: "Одобренное название", page: true });

    const rejected = await api("/api/admin/moderation", { token: operatorToken, json: { kind: "demands", id: demandId, decision: "reject", reason: "Реклама в названии" } });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await seen()).toEqual({ name: "Одобренное название", budget: shown, mine: "Одобренное название", page: true });

    await edit("Новое название");
    expect((await api("/api/admin/moderation", { token: operatorToken, json: { kind: "demands", id: demandId, decision: "approve" } })).status).toBe(200);
    const after = await seen();
    expect([after.name, after.mine]).toEqual(["Новое название", "Новое название"]);
    expect(after.budget).toBe(expertBudget(90000, { fee: type!.fee, isRoundedUp: !!type!.is_rounded_up, roundBase: type!.round_base }));
  });

  it("answers 401 to a guest and 422 to a bad query, never 5xx", async () => {
    expect((await api("/api/demands-services")).status).toBe(401);
    const u = await createSignedInUser();
    for (const q of ["group=nope", "page=0", "page=abc", "page=-1", "page=99999999"]) {
      const res = await api(`/api/demands-services?${q}`, { token: u.token });
      expect(res.status, `${q}: ${res.text}`).toBe(422);
    }
    const empty = await api("/api/demands-services", { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.body.request).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
  });
});

describe("POST /api/reject-respond", () => {
  it("declines the caller's invitation once: it leaves his list and the decline is audited once", async () => {
    const tribe = await freshTribe();
    const expert = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await createSignedInUser();
    const id = await createTribeDemand(c.token, tribe);
    await approve(id, operatorToken);
    const res = await api("/api/reject-respond", { token: expert.token, json: { demand_id: id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ demand_id: id, status: "declined" });
    const [row] = await rows<{ status: string; is_new: number }>("select status, is_new from responds where demand_id = ? and user_id = ?", id, expert.id);
    expect(row).toEqual({ status: "declined", is_new: 0 });
    expect(await audits("respond.decline", id)).toBe(1);
    const again = await api("/api/reject-respond", { token: expert.token, json: { demand_id: id } });
    expect(again.status, again.text).toBe(422);
    expect(again.body.message).toBe("Приглашение уже недоступно: вы откликнулись на заявку или отказались от неё");
    expect(await audits("respond.decline", id)).toBe(1);
    const list = await api("/api/demands-services", { token: expert.token });
    expect(list.body.request.total).toBe(0);
  });

  it("takes a form body too", async () => {
    const expert = await createSignedInUser();
    const d = await lonelyDemand();
    const rid = await insertRespond(d.id, expert.id, "invite", { is_new: 1 });
    const res = await api("/api/reject-respond", { token: expert.token, form: { demand_id: String(d.id) } });
    expect(res.status, res.text).toBe(200);
    expect((await respondRow(rid)).status).toBe("declined");
  });

  it("refuses another user (404), a response that is no invitation (422) and a guest (401), changing nothing", async () => {
    const expert = await createSignedInUser();
    const other = await createSignedInUser();
    const d = await lonelyDemand();
    const rid = await insertRespond(d.id, expert.id, "invite", { is_new: 1 });
    expect((await api("/api/reject-respond", { token: other.token, json: { demand_id: d.id } })).status).toBe(404);
    expect((await api("/api/reject-respond", { token: d.customer.token, json: { demand_id: d.id } })).status).toBe(404);
    expect((await api("/api/reject-respond", { json: { demand_id: d.id } })).status).toBe(401);
    expect(await respondRow(rid)).toMatchObject({ status: "invite", is_new: 1 });
    const sentDemand = await lonelyDemand();
    const sentId = await insertRespond(sentDemand.id, expert.id, "sent");
    expect((await api("/api/reject-respond", { token: expert.token, json: { demand_id: sentDemand.id } })).status).toBe(422);
    expect((await respondRow(sentId)).status).toBe("sent");
    expect(await audits("respond.decline", d.id)).toBe(0);
  });

  it("answers 422 to bad input, never 5xx", async () => {
    const expert = await createSignedInUser();
    for (const json of [{}, { demand_id: "abc" }, { demand_id: -1 }, { demand_id: 0 }, { demand_id: 2 ** 40 }, { demand_id: [1, 2] }, { demand_id: null }, "x", [1]]) {
      const res = await api("/api/reject-respond", { token: expert.token, json });
      expect(res.status, `${JSON.stringify(json)}: ${res.text}`).toBe(422);
    }
    const raw = await api("/api/reject-respond", { token: expert.token, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
  });
});

describe("POST /api/view-flags", () => {
  it("{model: 'invite'} drops the expert's own invitations' new marks, not others'", async () => {
    const expert = await createSignedInUser();
    const other = await createSignedInUser();
    const d = await lonelyDemand();
    const d2 = await lonelyDemand();
    const mine = await insertRespond(d.id, expert.id, "invite", { is_new: 1 });
    const theirs = await insertRespond(d2.id, other.id, "invite", { is_new: 1 });
    const res = await api("/api/view-flags", { token: expert.token, json: { model: "invite", ids: [mine, theirs] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ model: "invite", ids: [mine] });
    expect((await respondRow(mine)).is_new).toBe(0);
    expect((await respondRow(theirs)).is_new).toBe(1);
    const list = await api("/api/demands-services", { token: expert.token });
    expect(list.body.request.data[0]).toMatchObject({ id: mine, is_viewed: true });
    expect((await api("/api/view-flags", { json: { model: "invite", ids: [theirs] } })).status).toBe(401);
    expect((await respondRow(theirs)).is_new).toBe(1);
    // No ids: the required field's own words, in either language.
    expectFieldError(await api("/api/view-flags", { token: expert.token, json: { model: "invite", ids: [] } }), "ids", "Поле обязательно для заполнения");
    expectFieldError(await api("/api/view-flags", { token: expert.token, lang: "en", json: { model: "invite", ids: [] } }), "ids", "This field is required");
  });

  it("{model: 'respond'} marks responses viewed for the request's customer only, once", async () => {
    const expert = await createSignedInUser();
    const d = await lonelyDemand();
    const sent = await insertRespond(d.id, expert.id, "sent");
    const stranger = await createSignedInUser();
    expect((await api("/api/view-flags", { token: stranger.token, json: { model: "respond", ids: [sent] } })).body.ids).toEqual([]);
    expect((await api("/api/view-flags", { token: expert.token, json: { model: "respond", ids: [sent] } })).body.ids).toEqual([]);
    expect((await respondRow(sent)).viewed_at).toBeNull();
    expect((await api("/api/view-flags", { json: { model: "respond", ids: [sent] } })).status).toBe(401);
    const res = await api("/api/view-flags", { token: d.customer.token, form: { model: "respond", ids: [String(sent)] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids).toEqual([sent]);
    const first = (await respondRow(sent)).viewed_at;
    expect(first).not.toBeNull();
    expect((await api("/api/view-flags", { token: d.customer.token, json: { model: "respond", ids: [sent] } })).body.ids).toEqual([]);
    expect((await respondRow(sent)).viewed_at).toBe(first);
    const list = await api("/api/demands-services", { token: expert.token });
    expect(list.body.sent.data[0].viewed_by_customer).toBe(first);
  });

  it("answers 422 to bad input, never 5xx, and changes nothing", async () => {
    const expert = await createSignedInUser();
    const d = await lonelyDemand();
    const rid = await insertRespond(d.id, expert.id, "invite", { is_new: 1 });
    const bad = [{}, { model: "invite" }, { model: "invite", ids: [] }, { model: "nope", ids: [rid] }, { model: "invite", ids: ["x"] }, { model: "invite", ids: [-1] }, { model: "invite", ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { model: ["invite"], ids: [rid] }];
    for (const json of bad) {
      const res = await api("/api/view-flags", { token: expert.token, json });
      expect(res.status, `${JSON.stringify(json).slice(0, 80)}: ${res.text}`).toBe(422);
    }
    expect((await respondRow(rid)).is_new).toBe(1);
  });
});

describe("/projects/response", () => {
  const page = (path: string, token: string, form?: Record<string, unknown>) => api(path, { cookie: `session=${token}`, ...(form ? { form } : {}) });

  it("shows the empty state with the profile hint to an expert without items", async () => {
    const u = await createSignedInUser();
    const res = await page("/projects/response", u.token);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).toContain("У вас еще нет подходящих проектов");
    expect(res.text).toContain('href="/profile/information"');
  });

  it("lists an invitation with its new mark, the expert-visible budget and its link, and declines it by a plain form post", async () => {
    const tribe = await freshTribe();
    const expert = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await createSignedInUser();
    const id = await createTribeDemand(c.token, tribe, { name: "Стратегия выхода на рынок", budget: "115000" });
    await approve(id, operatorToken);
    const res = await page("/projects/response", expert.token);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Новые приглашения");
    expect(res.text).toContain("Стратегия выхода на рынок");
    expect(res.text).toContain(`/response-request/${id}?respond=true`);
    expect(res.text).toContain("Новое");
    expect(res.text).toContain("Не интересно");
    const [type] = await rows<{ fee: string; is_rounded_up: number; round_base: number }>("select * from service_types where id = 1");
    const shown = new Intl.NumberFormat("ru-RU").format(expertBudget(115000, { fee: type!.fee, isRoundedUp: !!type!.is_rounded_up, roundBase: type!.round_base }));
    expect(res.text).toContain(`Бюджет: ${shown} ₽`);
    // The invitation's link opens the response form, and 'Не интересно' is there beside it (spec 3 §2).
    const opened = await page(`/response-request/${id}?respond=true`, expert.token);
    const aside = opened.text.slice(opened.text.indexOf('<main id="main"'), opened.text.indexOf("</main>"));
    expect(aside).toContain('id="respond-form-title"');
    expect(aside).toMatch(/href="[^"]*\?decline=1"[^>]*>Не интересно</);
    const confirm = await page(`/projects/response?decline=${id}`, expert.token);
    expect(confirm.text).toContain("Удалить");
    const posted = await page("/projects/response", expert.token, { intent: "decline", demand_id: String(id) });
    expect(posted.status, posted.text.slice(0, 300)).toBe(200);
    expect((await rows<{ status: string }>("select status from responds where demand_id = ? and user_id = ?", id, expert.id))[0]!.status).toBe("declined");
    const after = await page("/projects/response", expert.token);
    expect(after.text).not.toContain("Стратегия выхода на рынок");
  });

  it("shows 'Просмотрено' for a viewed response and 'Выбран другой исполнитель' for one rejected by the choice", async () => {
    const expert = await createSignedInUser();
    const viewed = await lonelyDemand({ name: "Просмотренная заявка" });
    const other = await lonelyDemand({ name: "Заявка с другим исполнителем" });
    await insertRespond(viewed.id, expert.id, "sent", { viewed_at: new Date().toISOString() });
    await insertRespond(other.id, expert.id, "rejected");
    const res = await page("/projects/response?group=sent", expert.token);
    expect(res.text).toContain("Просмотрено");
    const rejected = await page("/projects/response?group=rejected", expert.token);
    expect(rejected.text).toContain("Выбран другой исполнитель");
  });

  it("sends a guest to sign in", async () => {
    const res = await api("/projects/response");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/auth");
  });
});
