import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { demandForm, searchingDemand } from "../helpers/demands";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";
import { demandRow, insertRespond, respondRow } from "../helpers/responds";

let op: string;
beforeAll(async () => {
  await ensureReference();
  op = await signIn(await createOperator());
});

const queries = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Queries"));

/** A customer's searching request with two responses he sees, one invitation and one response in moderation. */
async function scene() {
  const customer = await createSignedInUser({ name: "Ирина", lastName: "Заказчикова" });
  const e1 = await createSignedInUser({ roles: ["executor"], name: "Пётр", lastName: "Первый", phone: "+7 916 111-11-11" });
  const e2 = await createSignedInUser({ roles: ["executor"], name: "Вера", lastName: "Вторая", phone: "+7 916 222-22-22" });
  const e3 = await createSignedInUser({ roles: ["executor"] });
  const e4 = await createSignedInUser({ roles: ["executor"] });
  const demandId = await searchingDemand(customer.token, op);
  const r1 = await insertRespond(demandId, e1.id, { salary: 100_000, taxId: 2, companyIds: [1], members: [e3.id] });
  const r2 = await insertRespond(demandId, e2.id, { salary: 80_000, taxId: 1 });
  const invite = await insertRespond(demandId, e3.id, { status: "invite" });
  const waiting = await insertRespond(demandId, e4.id, { status: "moderation" });
  return { customer, e1, e2, e3, e4, demandId, r1, r2, invite, waiting };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const markPaid = async (id: number) => {
  const res = await api(`/api/admin/demands/${id}/paid`, { token: op, json: { paid: true } });
  expect(res.status, res.text).toBe(200);
};
const view = (s: Scene, respondId: number) => rows("update responds set viewed_at = ? where id = ?", new Date().toISOString(), respondId);

describe("GET /api/demand/{id}/manage", () => {
  it("answers the request's customer its manage info, the responses he sees with prices, ratings and parts", async () => {
    const s = await scene();
    await rows("insert into ratings (rated_user_id, type, subject_key, rater_key, rating) values (?, 'expertise', 'expertise:1', 'u:1', 4), (?, 'expertise', 'expertise:2', 'u:1', 5)", s.e1.id, s.e1.id);
    const res = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(res.status, res.text).toBe(200);
    const m = res.body;
    expect(m).toMatchObject({ name: "Финансовая модель для ритейлера", is_paid: false, is_completed: false, execution_period: "01.06.2028", status: "searching", deposit: 9_000 });
    expect(m.search_finish).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(m.created_at).toBeTruthy();
    expect(m.responds.map((r: { id: number }) => r.id)).toEqual([s.r1.id, s.r2.id]);
    const [one, two] = m.responds;
    expect(one).toMatchObject({ user_id: s.e1.id, user_name: "Пётр Первый", salary: 100_000, tax: { id: 2, percent: 20 }, price: 120_000, is_viewed: false, is_favorite: false, rating: 4.5, rating_count: 2 });
    expect(one.comment).toContain("Сделаю модель");
    expect(one.companies).toHaveLength(1);
    expect(one.users).toEqual([expect.objectContaining({ id: s.e3.id, type: "user", rating: 4.8 })]);
    expect(one.user_company).toEqual({ name_ru: null });
    expect(two).toMatchObject({ user_id: s.e2.id, price: 80_000, rating: 4.8, rating_count: 0, tax: { id: 1, percent: 0 } });
    // Contacts are not part of the manage info.
    expect(JSON.stringify(m)).not.toContain("+7 916 111");
    expect(JSON.stringify(m)).not.toContain(s.e1.email);
  });

  it("lists the responses in the order they were sent, not by their rows (an invitation answered late came late)", async () => {
    const s = await scene();
    // r1's row is older, as an invitation's row is, but its response was sent after r2.
    await rows("update responds set responded_at = ? where id = ?", new Date(Date.now() + 60_000).toISOString(), s.r1.id);
    const res = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.responds.map((r: { id: number }) => r.id)).toEqual([s.r2.id, s.r1.id]);
  });

  it("is 404 for another user and an operator, 401 for a guest, 404 for a bad or unknown id", async () => {
    const s = await scene();
    const other = await createSignedInUser();
    expect((await api(`/api/demand/${s.demandId}/manage`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/demand/${s.demandId}/manage`, { token: s.e1.token })).status).toBe(404);
    expect((await api(`/api/demand/${s.demandId}/manage`, { token: op })).status).toBe(404);
    expect((await api(`/api/demand/${s.demandId}/manage`)).status).toBe(401);
    expect((await api(`/api/demand/abc/manage`, { token: s.customer.token })).status).toBe(404);
    expect((await api(`/api/demand/99999999/manage`, { token: s.customer.token })).status).toBe(404);
  });

  it("reads in the same number of D1 round trips with 2 responses as with 22", async () => {
    const s = await scene();
    await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token }); // the isolate learns the session (decision 0043)
    const small = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    for (let i = 0; i < 20; i++) {
      const e = await createSignedInUser({ roles: ["executor"] });
      await insertRespond(s.demandId, e.id, { companyIds: [1], members: [s.e3.id] });
    }
    const large = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(large.body.responds).toHaveLength(22);
    expect(queries(large)).toBe(queries(small));
  });
});

describe("a customer whose e-mail is no longer proven (changed to an address not yet confirmed)", () => {
  it("may not restart the search, ask for the contract or start the project: each reaches other people (403), nothing changes", async () => {
    const s = await scene();
    await rows("update users set email_verified_at = null where id = ?", s.customer.id);
    const finish = async () => (await rows<{ search_finish: string }>("select search_finish from demands where id = ?", s.demandId))[0]!.search_finish;
    const before = { ...(await demandRow(s.demandId)), finish: await finish() };
    for (const [path, json] of [
      ["/api/demand/restart", { id: s.demandId, extension: 10 }],
      ["/api/demand/request-payment", { demand_id: s.demandId }],
      ["/api/demand/shortlist", { demand_id: s.demandId, responds: [s.r1.id] }],
    ] as const) {
      const res = await api(path, { token: s.customer.token, json });
      expect(res.status, `${path}: ${res.text}`).toBe(403);
      expect(res.body.message).toBe("Сначала подтвердите e-mail: ссылка в письме, отправленном при регистрации");
    }
    expect({ ...(await demandRow(s.demandId)), finish: await finish() }).toEqual(before);
    expect(await mailsTo(s.e1.email)).toHaveLength(0);
  });
});

describe("POST /api/demand/favorites", () => {
  const fav = (token: string | undefined, s: Scene, respondId: number, remove?: boolean) => api("/api/demand/favorites", { token, json: { demand_id: s.demandId, respond_id: respondId, remove } });

  it("refuses a response not yet viewed (422) and changes nothing", async () => {
    const s = await scene();
    const res = await fav(s.customer.token, s, s.r1.id);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe("Сначала откройте отклик, затем добавьте его в избранное");
    expect((await respondRow(s.r1.id)).is_favorite).toBe(0);
  });

  it("marks a viewed response favourite and removes the mark while the request is not paid", async () => {
    const s = await scene();
    await view(s, s.r1.id);
    const on = await fav(s.customer.token, s, s.r1.id);
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ id: s.r1.id, is_favorite: true });
    expect((await respondRow(s.r1.id)).is_favorite).toBe(1);
    const manage = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(manage.body.responds[0]).toMatchObject({ is_viewed: true, is_favorite: true });
    const off = await fav(s.customer.token, s, s.r1.id, true);
    expect(off.body).toEqual({ id: s.r1.id, is_favorite: false });
    expect((await respondRow(s.r1.id)).is_favorite).toBe(0);
  });

  it("refuses once the request is paid (422) and leaves the mark", async () => {
    const s = await scene();
    await view(s, s.r1.id);
    await fav(s.customer.token, s, s.r1.id);
    await markPaid(s.demandId);
    const res = await fav(s.customer.token, s, s.r1.id, true);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe("Избранное недоступно после подписания договора");
    expect((await respondRow(s.r1.id)).is_favorite).toBe(1);
  });

  it("is 404 for another user, an operator, a response of another request or one the customer does not see; 401 for a guest", async () => {
    const s = await scene();
    const other = await scene();
    await view(s, s.r1.id);
    await rows("update responds set viewed_at = ? where id = ?", new Date().toISOString(), s.waiting.id);
    const stranger = await createSignedInUser();
    expect((await fav(stranger.token, s, s.r1.id)).status).toBe(404);
    expect((await fav(op, s, s.r1.id)).status).toBe(404);
    expect((await fav(s.customer.token, s, other.r1.id)).status).toBe(404);
    expect((await fav(s.customer.token, s, s.waiting.id)).status).toBe(404);
    expect((await fav(undefined, s, s.r1.id)).status).toBe(401);
    expect(await count("select count(*) as n from responds where demand_id in (?, ?) and is_favorite = 1", s.demandId, other.demandId)).toBe(0);
  });

  it("answers bad input with 422, never a 5xx", async () => {
    const s = await scene();
    for (const json of [{}, { demand_id: "x", respond_id: 1 }, { demand_id: s.demandId, respond_id: -1 }, { demand_id: s.demandId, respond_id: s.r1.id, remove: "maybe" }, [1, 2], "text"]) {
      const res = await api("/api/demand/favorites", { token: s.customer.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
  });
});

describe("GET /api/demand/{id}/contacts", () => {
  it("is 403 until the request is paid, then answers the respondents' phone and e-mail", async () => {
    const s = await scene();
    const before = await api(`/api/demand/${s.demandId}/contacts`, { token: s.customer.token });
    expect(before.status, before.text).toBe(403);
    expect(before.body.message).toBe("Здесь появятся контакты эксперта после подписания договора");
    await markPaid(s.demandId);
    const after = await api(`/api/demand/${s.demandId}/contacts`, { token: s.customer.token });
    expect(after.status, after.text).toBe(200);
    expect(after.body).toEqual([
      { user_id: s.e1.id, phone: "+7 916 111-11-11", email: s.e1.email },
      { user_id: s.e2.id, phone: "+7 916 222-22-22", email: s.e2.email },
    ]);
  });

  it("is 404 for another user, a respondent and an operator, even when paid; 401 for a guest", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const stranger = await createSignedInUser();
    for (const token of [stranger.token, s.e1.token, op]) expect((await api(`/api/demand/${s.demandId}/contacts`, { token })).status).toBe(404);
    expect((await api(`/api/demand/${s.demandId}/contacts`)).status).toBe(401);
  });

  it("shows a paid request's respondents' contacts to its customer on their profiles, and to no one else", async () => {
    const s = await scene();
    const profile = (token: string, id: number) => api(`/profile/${id}/expert`, { cookie: `session=${token}` });
    const hidden = await profile(s.customer.token, s.e1.id);
    expect(hidden.status).toBe(200);
    expect(hidden.text).toContain('data-testid="contacts-hidden"');
    expect(hidden.text).not.toContain("+7 916 111-11-11");
    await markPaid(s.demandId);
    const shown = await profile(s.customer.token, s.e1.id);
    expect(shown.text).toContain("+7 916 111-11-11");
    expect(shown.text).not.toContain('data-testid="contacts-hidden"');
    // The invited expert never responded: his contacts stay hidden; so do the respondents' to anyone else.
    expect((await profile(s.customer.token, s.e3.id)).text).toContain('data-testid="contacts-hidden"');
    const stranger = await createSignedInUser();
    expect((await profile(stranger.token, s.e1.id)).text).toContain('data-testid="contacts-hidden"');
    // The API's card says the same as the page.
    const card = (token: string, id: number) => api(`/api/user/${id}`, { token });
    expect((await card(s.customer.token, s.e1.id)).body).toMatchObject({ id: s.e1.id, phone: "+7 916 111-11-11", email: s.e1.email });
    for (const [token, id] of [[s.customer.token, s.e3.id], [stranger.token, s.e1.id]] as const) {
      const body = (await card(token, id)).body;
      expect(body).not.toHaveProperty("phone");
      expect(body).not.toHaveProperty("email");
    }
  });
});

describe("POST /api/demand/shortlist", () => {
  const start = (token: string | undefined, demandId: number, responds: unknown) => api("/api/demand/shortlist", { token, json: { demand_id: demandId, responds } });
  const snapshot = async (s: Scene) => [await demandRow(s.demandId), await respondRow(s.r1.id), await respondRow(s.r2.id), await respondRow(s.invite.id), await respondRow(s.waiting.id)];

  it("is refused before the request is paid (422) and changes nothing", async () => {
    const s = await scene();
    const before = await snapshot(s);
    const res = await start(s.customer.token, s.demandId, [s.r1.id]);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe("Возможность выбрать эксперта появится после подписания договора");
    expect(await snapshot(s)).toEqual(before);
  });

  it("refuses ids that are not this request's visible responses (422) and changes nothing", async () => {
    const s = await scene();
    const other = await scene();
    await markPaid(s.demandId);
    const before = await snapshot(s);
    for (const ids of [[other.r1.id], [s.invite.id], [s.waiting.id], [s.r1.id, 99999999], []]) {
      const res = await start(s.customer.token, s.demandId, ids);
      expect(res.status, `${JSON.stringify(ids)}: ${res.text}`).toBe(422);
      expect(res.body.errors.responds).toBeTruthy();
    }
    expect(await snapshot(s)).toEqual(before);
    expect((await respondRow(other.r1.id)).status).toBe("sent");
  });

  it("is 404 for another user and an operator, 401 for a guest", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const before = await snapshot(s);
    const stranger = await createSignedInUser();
    expect((await start(stranger.token, s.demandId, [s.r1.id])).status).toBe(404);
    expect((await start(op, s.demandId, [s.r1.id])).status).toBe(404);
    expect((await start(undefined, s.demandId, [s.r1.id])).status).toBe(401);
    expect(await snapshot(s)).toEqual(before);
  });

  it("refuses with its own text while a paid request is back in moderation after an edit, and starts once approved again", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const edited = await api(`/api/demand/${s.demandId}`, { token: s.customer.token, form: await demandForm({ name: "Уточнённая модель" }) });
    expect(edited.status, edited.text).toBe(200);
    expect((await demandRow(s.demandId)).status).toBe("moderation");
    const before = await snapshot(s);
    const waiting = await start(s.customer.token, s.demandId, [s.r1.id]);
    expect(waiting.status, waiting.text).toBe(422);
    expect(waiting.body.message).toBe("Выбрать эксперта можно, когда заявку одобрит модератор");
    expect(await snapshot(s)).toEqual(before);

    const approved = await api("/api/admin/moderation", { token: op, json: { kind: "demands", id: s.demandId, decision: "approve" } });
    expect(approved.status, approved.text).toBe(200);
    const started = await start(s.customer.token, s.demandId, [s.r1.id]);
    expect(started.status, started.text).toBe(200);
  });

  it("starts the project: the request and the chosen response active, the other rejected, each expert e-mailed; a second call is refused", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const res = await start(s.customer.token, s.demandId, [s.r1.id]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: s.demandId, status: "active", responds: [s.r1.id] });
    const d = await demandRow(s.demandId);
    expect(d.status).toBe("active");
    expect(d.started_at).toBeTruthy();
    expect((await respondRow(s.r1.id)).status).toBe("active");
    expect((await respondRow(s.r2.id)).status).toBe("rejected");
    // An invitation is not part of the choice.
    expect((await respondRow(s.invite.id)).status).toBe("invite");
    expect(await count("select count(*) as n from audit_log where action = 'demand.start' and target_id = ?", String(s.demandId))).toBe(1);

    const [chosen] = await mailsTo(s.e1.email);
    expect(chosen?.subject).toBe("Вас выбрали исполнителем");
    expect(chosen?.text).toContain("Финансовая модель для ритейлера");
    const [notChosen] = await mailsTo(s.e2.email);
    expect(notChosen?.subject).toBe("Выбран другой исполнитель");
    expect(await mailsTo(s.e3.email)).toHaveLength(0);

    const manage = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(manage.body.status).toBe("active");
    expect(manage.body.responds.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[s.r1.id, "active"], [s.r2.id, "rejected"]]);
  });

  it("passes over a response still in moderation: it leaves the operators' queue, its expert sees 'Выбран другой исполнитель' and is e-mailed, the customer never sees it", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const queued = async () => (await api(`/api/admin/queues/responds?filter=${encodeURIComponent(s.e4.email)}`, { token: op })).body.items.map((i: { id: number }) => i.id);
    expect(await queued()).toEqual([s.waiting.id]);

    expect((await start(s.customer.token, s.demandId, [s.r1.id])).status).toBe(200);
    expect((await respondRow(s.waiting.id)).status).toBe("rejected");
    expect(await queued()).toEqual([]);
    // Too late for the operator: decided already.
    expect((await api("/api/admin/moderation", { token: op, json: { kind: "responds", id: s.waiting.id, decision: "approve" } })).status).toBe(409);
    expect((await respondRow(s.waiting.id)).status).toBe("rejected");

    const [mail] = await mailsTo(s.e4.email);
    expect(mail?.subject).toBe("Выбран другой исполнитель");
    const mine = await api("/api/demands-services", { token: s.e4.token });
    expect(mine.body.rejected.data.map((x: { id: number; reject_reason: string | null }) => [x.id, x.reject_reason])).toEqual([[s.waiting.id, null]]);
    expect(mine.body.moderation.total).toBe(0);
    const page = await api("/projects/response", { cookie: `session=${s.e4.token}` });
    expect(page.text).toContain("Выбран другой исполнитель");

    const manage = await api(`/api/demand/${s.demandId}/manage`, { token: s.customer.token });
    expect(manage.body.responds.map((r: { id: number }) => r.id)).toEqual([s.r1.id, s.r2.id]);
    expect((await api(`/request-list/${s.demandId}`, { cookie: `session=${s.customer.token}` })).text).not.toContain(s.e4.name);
  });

  it("e-mails no blocked expert whose sent response it passes over", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    await rows("update users set blocked_at = ? where id = ?", new Date().toISOString(), s.e2.id);
    expect((await start(s.customer.token, s.demandId, [s.r1.id])).status).toBe(200);
    expect((await respondRow(s.r2.id)).status).toBe("rejected");
    expect(await mailsTo(s.e2.email)).toHaveLength(0);
    expect(await mailsTo(s.e4.email)).toHaveLength(1);
  });

  it("refuses a second call and leaves the first one's choice", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    expect((await start(s.customer.token, s.demandId, [s.r1.id])).status).toBe(200);

    const before = await snapshot(s);
    const again = await start(s.customer.token, s.demandId, [s.r2.id]);
    expect(again.status, again.text).toBe(422);
    expect(again.body.message).toBe("Проект по этой заявке уже начат");
    expect(await snapshot(s)).toEqual(before);
    expect(await count("select count(*) as n from audit_log where action = 'demand.start' and target_id = ?", String(s.demandId))).toBe(1);
    expect(await mailsTo(s.e2.email)).toHaveLength(1);
  });

  it("writes the experts' e-mails in each one's language", async () => {
    const s = await scene();
    await rows("update users set locale = 'en' where id in (?, ?)", s.e1.id, s.e2.id);
    await markPaid(s.demandId);
    expect((await start(s.customer.token, s.demandId, [s.r2.id])).status).toBe(200);
    expect((await mailsTo(s.e2.email))[0]?.subject).toBe("You have been chosen");
    expect((await mailsTo(s.e1.email))[0]?.subject).toBe("Another expert was chosen");
  });

  it("starts with several chosen experts", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    const res = await start(s.customer.token, s.demandId, [s.r1.id, s.r2.id]);
    expect(res.status, res.text).toBe(200);
    expect((await respondRow(s.r1.id)).status).toBe("active");
    expect((await respondRow(s.r2.id)).status).toBe("active");
  });

  it("answers bad input with 422, never a 5xx", async () => {
    const s = await scene();
    await markPaid(s.demandId);
    for (const json of [{}, { demand_id: s.demandId }, { demand_id: s.demandId, responds: "x" }, { demand_id: "abc", responds: [s.r1.id] }, { demand_id: s.demandId, responds: [{ id: 1 }] }, { demand_id: s.demandId, responds: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await api("/api/demand/shortlist", { token: s.customer.token, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
    }
    expect((await demandRow(s.demandId)).status).toBe("searching");
  });
});

describe("the /request-list/{id} page", () => {
  const page = (token: string, path: string) => api(path, { cookie: `session=${token}` });

  it("shows the customer the responses and marks the one he opens viewed", async () => {
    const s = await scene();
    const list = await page(s.customer.token, `/request-list/${s.demandId}`);
    expect(list.status, list.text.slice(0, 300)).toBe(200);
    expect(list.text).toContain("<title>Управление заявкой — Экспертная биржа</title>");
    expect(list.text).toContain("Пётр Первый");
    expect(list.text).toContain("Вера Вторая");
    expect(list.text).toContain("Возможность выбрать эксперта появится после подписания договора");
    expect((await respondRow(s.r1.id)).viewed_at).toBeNull();
    const opened = await page(s.customer.token, `/request-list/${s.demandId}?userId=${s.e1.id}`);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain("Здесь появятся контакты эксперта после подписания договора");
    expect((await respondRow(s.r1.id)).viewed_at).toBeTruthy();
    expect((await respondRow(s.r2.id)).viewed_at).toBeNull();
    // A link from another site shows the response but does not mark it viewed for its expert.
    const forged = await api(`/request-list/${s.demandId}?userId=${s.e2.id}`, { cookie: `session=${s.customer.token}`, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(forged.status).toBe(200);
    expect(forged.text).toContain("Вера Вторая");
    expect((await respondRow(s.r2.id)).viewed_at).toBeNull();
  });

  it("is a 404 page for anyone but the customer, and sends a guest to sign in", async () => {
    const s = await scene();
    const stranger = await createSignedInUser();
    expect((await page(stranger.token, `/request-list/${s.demandId}`)).status).toBe(404);
    expect((await page(stranger.token, `/request-list/${s.demandId}?userId=${s.e1.id}`)).status).toBe(404);
    expect((await respondRow(s.r1.id)).viewed_at).toBeNull();
    expect((await page(s.customer.token, `/request-list/abc`)).status).toBe(404);
    const guest = await api(`/request-list/${s.demandId}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toContain("/auth");
  });

  it("says why 'Начать проект' is off: no contract, no moderator's approval (an edited request), no response left to choose", async () => {
    const s = await scene();
    const main = async () => {
      const res = await page(s.customer.token, `/request-list/${s.demandId}`);
      expect(res.status).toBe(200);
      return res.text.slice(res.text.indexOf('<main id="main"'), res.text.indexOf("</main>"));
    };
    const contract = "Возможность выбрать эксперта появится после подписания договора";
    const approval = "Выбрать эксперта можно, когда заявку одобрит модератор";
    const noneOpen = "Среди откликов нет ожидающих решения: выбрать пока некого";
    expect(await main()).toContain(contract);
    await markPaid(s.demandId);
    expect(await main()).not.toMatch(new RegExp(`${contract}|${approval}|${noneOpen}`));
    // Paid, then edited: back in moderation, nothing to choose until a moderator approves it again.
    await rows("update demands set status = 'moderation' where id = ?", s.demandId);
    const waiting = await main();
    expect(waiting).toContain(approval);
    expect(waiting).toContain('aria-describedby="rm-choose-hint"');
    expect(waiting).not.toContain(contract);
    await rows("update demands set status = 'searching' where id = ?", s.demandId);
    await rows("update responds set status = 'rejected' where demand_id = ? and status = 'sent'", s.demandId);
    expect(await main()).toContain(noneOpen);
  });

  it("redirects a completed request to the start page", async () => {
    const s = await scene();
    await rows("update demands set status = 'completed' where id = ?", s.demandId);
    const res = await page(s.customer.token, `/request-list/${s.demandId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("takes the favourite, contract and start forms without JavaScript through the same rules", async () => {
    const s = await scene();
    const post = (form: Record<string, string | string[]>) => api(`/request-list/${s.demandId}`, { cookie: `session=${s.customer.token}`, form });
    const refused = await post({ intent: "favorite", respond_id: String(s.r1.id) });
    expect(refused.status).toBe(422);
    await page(s.customer.token, `/request-list/${s.demandId}?userId=${s.e1.id}`);
    expect((await post({ intent: "favorite", respond_id: String(s.r1.id) })).status).toBe(200);
    expect((await respondRow(s.r1.id)).is_favorite).toBe(1);
    expect((await post({ intent: "request-payment" })).status).toBe(200);
    expect((await demandRow(s.demandId)).payment_requested_at).toBeTruthy();
    expect((await post({ intent: "shortlist", responds: [String(s.r1.id)] })).status).toBe(422);
    await markPaid(s.demandId);
    const started = await post({ intent: "shortlist", responds: [String(s.r2.id)] });
    expect(started.status, started.text.slice(0, 300)).toBe(200);
    expect((await demandRow(s.demandId)).status).toBe("active");
    expect((await respondRow(s.r2.id)).status).toBe("active");
  });
});
