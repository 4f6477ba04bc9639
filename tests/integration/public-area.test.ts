import { beforeAll, describe, expect, it } from "vitest";
import { landingExpertCards, landingTaskCards } from "../../db/seed/landing-data";
import { seedLanding } from "../../db/seed/seed.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, expectFieldError, freshIp, withinOneWindow } from "../helpers/api";
import { count, db, ensureReference, rows, whileInsertsFail } from "../helpers/db";
import { createOperator, createSignedInUser, signIn, impersonatedToken } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";

beforeAll(async () => {
  await ensureReference();
  await seedLanding(db());
});

describe("POST /api/contact (the callback request)", () => {
  it("stores the request and notifies every operator by e-mail", async () => {
    const operator = await createOperator();
    const res = await api("/api/contact", { json: { name: "Пётр", phone: "+7 916 555-44-33" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe("Заявка на обратный звонок принята. Мы перезвоним вам в ближайшее время");
    expect(await rows("select name, phone, status from contact_requests where id = ?", res.body.id)).toEqual([{ name: "Пётр", phone: "+7 916 555-44-33", status: "new" }]);
    const [mail] = await mailsTo(operator.email);
    expect(mail?.subject).toBe("Заявка на обратный звонок");
    expect(mail?.text).toContain("Пётр просит перезвонить по номеру +7 916 555-44-33");
  });

  it("writes each operator's notice in his own language, whatever the visitor's; a blocked operator gets none", async () => {
    const russian = await createOperator();
    const english = await createOperator();
    const blocked = await createOperator();
    await rows("update users set locale = 'en' where id = ?", english.id);
    await rows("update users set blocked_at = ? where id = ?", new Date().toISOString(), blocked.id);
    const res = await api("/api/contact", { json: { name: "Peter", phone: "+7 916 555-44-33" }, lang: "en" });
    expect(res.status, res.text).toBe(201);
    expect((await mailsTo(russian.email)).map((m) => m.subject)).toEqual(["Заявка на обратный звонок"]);
    expect((await mailsTo(english.email)).map((m) => m.subject)).toEqual(["Callback request"]);
    expect(await mailsTo(blocked.email)).toEqual([]);
  });

  it("refuses a bad name and phone with the spec's messages and stores nothing", async () => {
    const before = await count("select count(*) as n from contact_requests");
    const res = await api("/api/contact", { json: { name: "R2-D2", phone: "12" } });
    expectFieldError(res, "name", "Допустимы только буквы (кириллица или латиница) и дефис");
    expectFieldError(res, "phone", "Некорректный номер телефона");
    const empty = await api("/api/contact", { json: {} });
    expectFieldError(empty, "name", "Имя обязательно для заполнения");
    expectFieldError(empty, "phone", "Телефон обязателен для заполнения");
    expect(await count("select count(*) as n from contact_requests")).toBe(before);
  });

  it("answers in English under Content-Language: en", async () => {
    const res = await api("/api/contact", { json: { name: "", phone: "+7 916 555-44-33" }, lang: "en" });
    expectFieldError(res, "name", "First name is required");
  });

  it(`limits one address to ${RATE_LIMITS.contact_ip.limit} requests per window (429 with Retry-After)`, async () => {
    await withinOneWindow(RATE_LIMITS.contact_ip.window, async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.contact_ip.limit; i++) expect((await api("/api/contact", { json: { name: "Пётр", phone: "+7 916 555-44-33" }, ip })).status).toBe(201);
      const refused = await api("/api/contact", { json: { name: "Пётр", phone: "+7 916 555-44-33" }, ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    });
  });
});

describe("the console's callback requests (GET /api/admin/contact-requests, POST …/{id}/done, /admin/contact-requests)", () => {
  it("lists the new requests, oldest first, to operators only; a mark moves one to the handled, audited once", async () => {
    const operator = await createOperator();
    const op = await signIn(operator);
    const asker = await createSignedInUser();
    const a = await api("/api/contact", { json: { name: "Анна", phone: "+7 916 555-44-31" } });
    const b = await api("/api/contact", { json: { name: "Борис", phone: "+7 916 555-44-32" }, token: asker.token });
    const list = async (query = "") => (await api(`/api/admin/contact-requests${query}`, { token: op })).body;
    const fresh = await list();
    const ids = fresh.items.map((r: { id: number }) => r.id);
    expect(ids.indexOf(a.body.id)).toBeLessThan(ids.indexOf(b.body.id));
    expect(fresh.items.find((r: { id: number }) => r.id === b.body.id)).toMatchObject({ name: "Борис", phone: "+7 916 555-44-32", userId: asker.id, email: asker.email, status: "new" });
    const waiting = fresh.waiting;
    expect(waiting).toBeGreaterThanOrEqual(2);

    expect((await api("/api/admin/contact-requests", { token: asker.token })).status).toBe(403);
    expect((await api("/api/admin/contact-requests")).status).toBe(401);
    expect((await api(`/api/admin/contact-requests/${a.body.id}/done`, { method: "POST", token: asker.token })).status).toBe(403);

    const done = await api(`/api/admin/contact-requests/${a.body.id}/done`, { method: "POST", token: op });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ id: a.body.id, status: "done", changed: true, message: "Заявка отмечена обработанной" });
    expect((await api(`/api/admin/contact-requests/${a.body.id}/done`, { method: "POST", token: op })).body.changed).toBe(false);
    expect(await count("select count(*) as n from audit_log where action = 'support.callback_done' and target_id = ?", String(a.body.id))).toBe(1);
    const after = await list();
    expect(after.waiting).toBe(waiting - 1);
    expect(after.items.some((r: { id: number }) => r.id === a.body.id)).toBe(false);
    expect((await list("?status=done")).items[0]).toMatchObject({ id: a.body.id, status: "done" });
    expect((await api("/api/admin/contact-requests/99999999/done", { method: "POST", token: op })).status).toBe(404);
    expect((await api("/api/admin/contact-requests?status=maybe", { token: op })).status).toBe(422);
  });

  it("the console page lists them and marks one from its form; the operators' e-mail links to it", async () => {
    const operator = await createOperator();
    const op = await signIn(operator);
    const req = await api("/api/contact", { json: { name: "Вера", phone: "+7 916 555-44-39" } });
    const [mail] = await mailsTo(operator.email);
    expect(mail!.text).toContain("/admin/contact-requests");
    const page = await api("/admin/contact-requests", { cookie: `session=${op}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Обратные звонки");
    expect(page.text).toContain("+7 916 555-44-39");
    const marked = await api("/admin/contact-requests", { cookie: `session=${op}`, form: { id: String(req.body.id) } });
    expect(marked.status, marked.text).toBeLessThan(400);
    expect(await rows("select status from contact_requests where id = ?", req.body.id)).toEqual([{ status: "done" }]);
    const user = await createSignedInUser();
    expect((await api("/admin/contact-requests", { cookie: `session=${user.token}` })).status).toBe(403);
  });
});

describe("the visit-time record (GET/POST /api/client/storage)", () => {
  it("needs a signed-in user", async () => {
    expect((await api("/api/client/storage")).status).toBe(401);
    expect((await api("/api/client/storage", { json: { customer: { search: new Date().toISOString() } } })).status).toBe(401);
  });

  it("starts empty with the promo due, keeps what is posted, per user", async () => {
    const anna = await createSignedInUser();
    const boris = await createSignedInUser();
    const fresh = await api("/api/client/storage", { token: anna.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      tgpopup: { close: null, action: null },
      customer: { search: null, active: null, expired: null, completed: null },
      executor: { invite: null, sent: null, active: null, completed: null, rejected: null },
      promo: { show: true },
    });
    const at = "2026-11-20T10:00:00.000Z";
    const saved = await api("/api/client/storage", { json: { customer: { search: at }, executor: { invite: at } }, token: anna.token });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.customer.search).toBe(at);
    const again = await api("/api/client/storage", { token: anna.token });
    expect(again.body.customer).toEqual({ search: at, active: null, expired: null, completed: null });
    expect(again.body.executor.invite).toBe(at);
    expect((await api("/api/client/storage", { token: boris.token })).body.customer.search).toBeNull();
  });

  it("keeps both of two stamps posted at once, and never a stamp later than the server's clock", async () => {
    const user = await createSignedInUser();
    const at = "2026-11-20T10:00:00.000Z";
    const answers = await Promise.all([
      api("/api/client/storage", { json: { customer: { search: at } }, token: user.token }),
      api("/api/client/storage", { json: { executor: { sent: at } }, token: user.token }),
      api("/api/client/event", { json: { name: "tgpopup_close" }, token: user.token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201]);
    const record = (await api("/api/client/storage", { token: user.token })).body;
    expect([record.customer.search, record.executor.sent]).toEqual([at, at]);
    expect(record.tgpopup.close).not.toBeNull();
    // A device whose clock runs an hour ahead: stamped at the server's time.
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    const before = Date.now();
    const saved = await api("/api/client/storage", { json: { customer: { active: ahead } }, token: user.token });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.customer.active)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(saved.body.customer.active)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("an operator acting as the user leaves the user's record as it was", async () => {
    const user = await createSignedInUser();
    const token = await impersonatedToken(user);
    const res = await api("/api/client/storage", { json: { customer: { search: new Date().toISOString() } }, token });
    expect(res.status).toBe(200);
    expect(res.body.customer.search).toBeNull();
    expect((await api("/api/client/event", { json: { name: "tgpopup_action" }, token })).status).toBe(201);
    const record = (await api("/api/client/storage", { token: user.token })).body;
    expect([record.customer.search, record.tgpopup.action]).toEqual([null, null]);
  });

  it("refuses unknown groups and malformed times and keeps the record", async () => {
    const user = await createSignedInUser();
    for (const body of [{ customer: { search: "вчера" } }, { customer: { nope: null } }, { other: {} }, { tgpopup: "x" }]) {
      const res = await api("/api/client/storage", { json: body, token: user.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await api("/api/client/storage", { token: user.token })).body.customer.search).toBeNull();
  });
});

describe("the promo block and client events", () => {
  it("hides the promo after a close until the interval passes, and for good after the action", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/client/event", { json: { name: "tgpopup_close" }, token: user.token })).status).toBe(201);
    const closed = await api("/api/client/storage", { token: user.token });
    expect(closed.body.tgpopup.close).not.toBeNull();
    expect(closed.body.promo.show).toBe(false);
    // The interval has passed: the close was long ago.
    const longAgo = new Date(Date.now() - (closed.body.promo.interval_minutes + 1) * 60_000).toISOString();
    await api("/api/client/storage", { json: { tgpopup: { close: longAgo } }, token: user.token });
    expect((await api("/api/client/storage", { token: user.token })).body.promo.show).toBe(true);
    await api("/api/client/event", { json: { name: "tgpopup_action" }, token: user.token });
    const acted = await api("/api/client/storage", { token: user.token });
    expect(acted.body.tgpopup.action).not.toBeNull();
    expect(acted.body.promo.show).toBe(false);
    expect(await count("select count(*) as n from client_events where user_id = ? and name in ('tgpopup_close','tgpopup_action')", user.id)).toBe(2);
  });

  it("writes a promo event and the record it changes together: with the record refused, no event stays", async () => {
    const user = await createSignedInUser();
    const res = await whileInsertsFail("client_storage", `new.user_id = ${user.id}`, () => api("/api/client/event", { json: { name: "tgpopup_close" }, token: user.token }));
    expect(res.status).toBe(500);
    expect(await count("select count(*) as n from client_events where user_id = ?", user.id)).toBe(0);
    expect((await api("/api/client/storage", { token: user.token })).body.tgpopup.close).toBeNull();
  });

  it("refuses an unknown event name", async () => {
    const res = await api("/api/client/event", { json: { name: "drop table" } });
    expect(res.status).toBe(422);
  });

  it("GET /api/redirect/tg counts the click and redirects to the messaging channel", async () => {
    const before = await count("select count(*) as n from client_events where name = 'tg_redirect'");
    const res = await api("/api/redirect/tg");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("https://t.me/expert_market_bot");
    expect(await count("select count(*) as n from client_events where name = 'tg_redirect'")).toBe(before + 1);
  });
});

describe("the public documents (/docs/{file})", () => {
  it("redirects a known document to a short-lived signed URL and refuses anything else", async () => {
    const res = await api("/docs/privacy-policy.pdf");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!);
    expect(location.pathname).toMatch(/\/docs\/privacy-policy\.pdf$/);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
    expect((await api("/docs/secret.pdf")).status).toBe(404);
    expect((await api("/docs/..%2Fusers%2F1%2Fresume%2Fx.pdf")).status).toBe(404);
  });
});

describe("the landing content", () => {
  it("is seeded once, with the cards of both modes", async () => {
    expect(await seedLanding(db())).toBe(false);
    expect(await count("select count(*) as n from landing_expert_cards")).toBe(landingExpertCards.length);
    expect(await count("select count(*) as n from landing_task_cards where audience = 'customer'")).toBe(landingTaskCards.filter((c) => c.audience === "customer").length);
  });
});
