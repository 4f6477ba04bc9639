import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../functions/index";
import { beforeAll, describe, expect, it } from "vitest";
import ruPage from "~/locales/ru";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, db, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { file, newMarker, pdfBytes, textBytes } from "../helpers/files";
import { demandFields } from "../helpers/demands";
import { insertRespond } from "../helpers/responds";
import { mailsTo } from "../helpers/mail";

const ru = withServerTexts(ruPage, ruServer);
const v = ru.demands.v;

let ref: { industry: number; industry2: number; option: number; sub: number; otherSub: number };
let operatorToken: string;

beforeAll(async () => {
  await ensureReference();
  const [i1, i2] = await rows<{ id: number }>("select id from industries order by id limit 2");
  const [sub] = await rows<{ id: number; parent_id: number }>("select id, parent_id from options where parent_id is not null and status = 'active' order by id limit 1");
  const [otherSub] = await rows<{ id: number }>("select id from options where parent_id is not null and parent_id != ? and status = 'active' order by id limit 1", sub!.parent_id);
  ref = { industry: i1!.id, industry2: i2!.id, option: sub!.parent_id, sub: sub!.id, otherSub: otherSub!.id };
  operatorToken = await signIn(await createOperator());
});

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A request that passes every rule of spec 3 §5. */
const valid = (over: Record<string, unknown> = {}) => demandFields(ref, over);

const customer = () => createSignedInUser();

async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await api("/api/demand", { token, form: valid(over) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; status: string };
}

const decide = (id: number, decision: "approve" | "reject", reason?: string, token = operatorToken) => api("/api/admin/moderation", { token, json: { kind: "demands", id, decision, reason } });

async function searching(token: string, over: Record<string, unknown> = {}) {
  const d = await create(token, over);
  const res = await decide(d.id, "approve");
  expect(res.status, res.text).toBe(200);
  return d.id;
}

/** The Worker's Cron Trigger handler, as the runtime calls it. */
async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "5 * * * *" }), env as never, ctx);
  await waitOnExecutionContext(ctx);
}

const status = async (id: number) => (await rows<{ status: string }>("select status from demands where id = ?", id))[0]?.status;
const snapshot = async (userId: number) => ({
  demands: await rows("select * from demands where user_id = ? order by id", userId),
  industries: await rows("select * from demand_industries where demand_id in (select id from demands where user_id = ?) order by demand_id, industry_id", userId),
  options: await rows("select * from demand_options where demand_id in (select id from demands where user_id = ?) order by demand_id, option_id", userId),
  files: await rows("select id, key from files where owner_user_id = ? order by id", userId),
});

describe("POST /api/demand", () => {
  it("creates a request in moderation with its industries, functions, sub-functions and a file", async () => {
    const me = await customer();
    const marker = newMarker();
    const d = await create(me.token, { need_team: "1", files: [file(pdfBytes(marker), "ТЗ.pdf", "application/pdf")] });
    expect(d.status).toBe("moderation");
    const [row] = await rows<Record<string, unknown>>("select * from demands where id = ?", d.id);
    expect(row).toMatchObject({ user_id: me.id, budget: 30000, expert_type: "ordinary", need_team: 1, execution_period: "2028-06-01", status: "moderation", search_finish: null, deleted_at: null });
    expect(await count("select count(*) as n from demand_industries where demand_id = ?", d.id)).toBe(1);
    expect(await count("select count(*) as n from demand_sub_options where demand_id = ? and option_id = ?", d.id, ref.sub)).toBe(1);
    const short = await api(`/api/demand/short/${d.id}`, { token: me.token });
    expect(short.status, short.text).toBe(200);
    expect(short.body.files).toEqual([expect.objectContaining({ name: "ТЗ.pdf", filepath: expect.stringMatching(/^\/api\/files\/\d+$/) })]);
    const download = await api(short.body.files[0].filepath, { token: me.token });
    expect(download.status).toBe(302);
    expect(await count("select count(*) as n from audit_log where action = 'demand.created' and actor_user_id = ?", me.id)).toBe(1);
  });

  it("takes the type under the spec's field name service_type, as an id or as a request reads it back", async () => {
    const me = await customer();
    const typeOf = async (id: number) => (await rows<{ service_type_id: number }>("select service_type_id from demands where id = ?", id))[0]!.service_type_id;
    const byName = await api("/api/demand", { token: me.token, form: valid({ service_type_id: undefined, duration_id: undefined, service_type: "2", budget: "9000" }) });
    expect(byName.status, byName.text).toBe(201);
    expect(await typeOf(byName.body.id)).toBe(2);
    const readBack = await api("/api/demand", { token: me.token, json: { ...valid({ service_type_id: undefined, duration_id: undefined }), service_type: { id: 1, name: "На проект", type: "project" } } });
    expect(readBack.status, readBack.text).toBe(201);
    expect(await typeOf(readBack.body.id)).toBe(1);
    // service_type_id wins when both come; an unknown type under either name is refused.
    const both = await api("/api/demand", { token: me.token, form: valid({ duration_id: undefined, service_type: "2" }) });
    expect(await typeOf(both.body.id)).toBe(1);
    expectFieldError(await api("/api/demand", { token: me.token, form: valid({ service_type_id: undefined, service_type: "99" }) }), "service_type_id", v.type_required);
  });

  it("refuses a guest (401) and an unverified e-mail (403), writing nothing", async () => {
    expect((await api("/api/demand", { form: valid() })).status).toBe(401);
    const unverified = await createSignedInUser({ verified: false });
    const res = await api("/api/demand", { token: unverified.token, form: valid() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ru.demands.not_verified);
    expect(await count("select count(*) as n from demands where user_id = ?", unverified.id)).toBe(0);
  });

  it.each([
    ["name", { name: "" }, v.name_required],
    ["name", { name: "x".repeat(101) }, v.name_max],
    ["service_type_id", { service_type_id: "" }, v.type_required],
    ["service_type_id", { service_type_id: "99" }, v.type_required],
    ["expert_type", { expert_type: "" }, v.expert_type_required],
    ["expert_type", { expert_type: "boss" }, v.expert_type_required],
    ["description", { description: " " }, v.description_required],
    ["description", { description: "я".repeat(2001) }, v.description_max],
    ["industries", { industries: [] }, ru.validation.industries_required],
    ["industries", { industries: Array.from({ length: 11 }, (_, i) => i + 1) }, ru.validation.industries_limit],
    ["options", { options: [] }, ru.validation.options_required],
    ["sub_options", { sub_options: [999_999] }, ru.validation.options_unknown],
    ["budget", { budget: "" }, v.budget_required],
    ["budget", { budget: "999" }, v.budget_range],
    ["budget", { budget: "2000000001" }, v.budget_range],
    ["budget", { budget: "12abc" }, v.budget_range],
    ["execution_period", { execution_period: "" }, v.deadline_required],
    ["execution_period", { execution_period: "1.06.2028" }, v.deadline_invalid],
    ["execution_period", { execution_period: "31.02.2028" }, v.deadline_invalid],
    ["execution_period", { execution_period: "01.01.2030" }, v.deadline_invalid],
    ["execution_period", { execution_period: "2028-06-01" }, v.deadline_invalid],
    ["execution_period", { execution_period: "01.01.2020" }, v.deadline_invalid],
    ["duration_id", { duration_id: "7" }, v.duration_invalid],
  ])("refuses a bad %s with the spec's text and writes nothing (%j)", async (field, over, text) => {
    const me = await customer();
    const res = await api("/api/demand", { token: me.token, form: valid(over) });
    expectFieldError(res, field, text);
    expect(await count("select count(*) as n from demands where user_id = ?", me.id)).toBe(0);
  });

  it("answers in English under Content-Language: en", async () => {
    const me = await customer();
    const res = await api("/api/demand", { token: me.token, lang: "en", form: valid({ expert_type: "", execution_period: "31.02.2028" }) });
    expectFieldError(res, "expert_type", "The expert level is required");
    expectFieldError(res, "execution_period", "Check the task's deadline");
  });

  it("keeps the accepted edges: budget 1 000 and 2 000 000 000, a deadline of today and of 31.12.2029", async () => {
    const me = await customer();
    const d = today();
    await create(me.token, { budget: "1000", execution_period: `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` });
    await create(me.token, { budget: "2 000 000 000", execution_period: "31.12.2029" });
    expect(await rows("select budget from demands where user_id = ? order by id", me.id)).toEqual([{ budget: 1000 }, { budget: 2_000_000_000 }]);
  });

  it("checks files by content: a text file named .pdf and a sixth file are refused, nothing stored", async () => {
    const me = await customer();
    const marker = newMarker();
    const fake = await api("/api/demand", { token: me.token, form: valid({ files: [file(textBytes(marker), "scan.pdf", "application/pdf")] }) });
    expectFieldError(fake, "files", ru.validation.file_type);
    const six = Array.from({ length: 6 }, (_, i) => file(pdfBytes(`${marker}-${i}`), `f${i}.pdf`, "application/pdf"));
    expectFieldError(await api("/api/demand", { token: me.token, form: valid({ files: six }) }), "files", ru.validation.files_count);
    expect(await snapshot(me.id)).toEqual({ demands: [], industries: [], options: [], files: [] });
  });

  it("answers 422, never 5xx, to a body that is not a request", async () => {
    const me = await customer();
    for (const json of [{}, { name: ["a"], industries: "x", budget: { a: 1 } }, { files: [{ id: 1 }] }]) {
      const res = await api("/api/demand", { token: me.token, json });
      expect(res.status, res.text).toBe(422);
    }
    expect(await count("select count(*) as n from demands where user_id = ?", me.id)).toBe(0);
  });

  it("starts the search at once when an operator switched moderation of requests off", async () => {
    const me = await customer();
    expect((await api("/api/admin/settings", { token: operatorToken, json: { moderate_demands: false } })).status).toBe(200);
    try {
      const d = await create(me.token);
      expect(d.status).toBe("searching");
      const [row] = await rows<{ search_finish: string }>("select search_finish from demands where id = ?", d.id);
      expect(row!.search_finish).toBe(plusDays(14));
    } finally {
      await api("/api/admin/settings", { token: operatorToken, json: { moderate_demands: true } });
    }
  });

  it("answers with the id of the request it inserted, though another request of the customer commits right after it", async () => {
    const me = await customer();
    // The other request (a second tab's submit) lands between the batch and anything read after it.
    const trigger = `second_demand_${me.id}`;
    await rows(
      `create trigger ${trigger} after insert on demands when new.user_id = ${me.id} and new.name = 'Первая заявка' begin
         insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, need_team, execution_period, status, created_at, updated_at)
         select user_id, 'Вторая заявка', description, service_type_id, duration_id, budget, expert_type, need_team, execution_period, status, created_at, updated_at from demands where id = new.id;
       end`,
    );
    try {
      const d = await create(me.token, { name: "Первая заявка" });
      expect(await rows("select name from demands where user_id = ? order by id", me.id)).toEqual([{ name: "Первая заявка" }, { name: "Вторая заявка" }]);
      expect((await rows("select name from demands where id = ?", d.id))[0]).toEqual({ name: "Первая заявка" });
    } finally {
      await rows(`drop trigger if exists ${trigger}`);
    }
  });
});

describe("moderation of requests (the demands queue)", () => {
  it("approves: searching, last day = approval day + 14, an e-mail to the customer", async () => {
    const me = await customer();
    const d = await create(me.token);
    expect((await decide(d.id, "approve")).status).toBe(200);
    expect(await rows("select status, search_finish from demands where id = ?", d.id)).toEqual([{ status: "searching", search_finish: plusDays(14) }]);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe(ru.demands.mail.approvedSubject);
    const again = await decide(d.id, "approve");
    expect(again.status).toBe(409);
  });

  it("rejects only with a reason, which the customer sees in the list and the e-mail", async () => {
    const me = await customer();
    const d = await create(me.token);
    const noReason = await decide(d.id, "reject", "  ");
    expectFieldError(noReason, "reason", ru.admin.reason_required);
    expect(await status(d.id)).toBe("moderation");
    expect((await decide(d.id, "reject", "Нет описания задачи")).status).toBe(200);
    const list = await api("/api/demand", { token: me.token });
    expect(list.body.searching.data[0]).toMatchObject({ id: d.id, status: "rejected", reject_reason: "Нет описания задачи" });
    const [mail] = await mailsTo(me.email);
    expect(mail!.text).toContain("Нет описания задачи");
    // And where he corrects it, and on its page.
    const cookie = `session=${me.token}`;
    expect((await api(`/request-add?id=${d.id}`, { cookie })).text).toContain("Причина отклонения: Нет описания задачи");
    expect((await api(`/request-list/${d.id}`, { cookie })).text).toContain("Причина отклонения: Нет описания задачи");
    // Edited back into moderation, it is no longer rejected: no reason shown.
    expect((await api(`/api/demand/${d.id}`, { token: me.token, form: valid() })).status).toBe(200);
    expect((await api(`/request-add?id=${d.id}`, { cookie })).text).not.toContain("Причина отклонения: Нет описания задачи");
  });

  it("is the operator's alone: a customer gets 403 and the request stays waiting", async () => {
    const me = await customer();
    const d = await create(me.token);
    expect((await decide(d.id, "approve", undefined, me.token)).status).toBe(403);
    expect(await status(d.id)).toBe("moderation");
  });
});

describe("GET /api/demand", () => {
  it("groups the caller's requests, 3 per page, moderation under searching, and pages one group", async () => {
    const me = await customer();
    const other = await customer();
    await create(other.token);
    for (let i = 0; i < 4; i++) await create(me.token, { name: `Заявка ${i}` });
    const list = await api("/api/demand", { token: me.token });
    expect(list.status).toBe(200);
    expect(list.body.searching).toMatchObject({ current_page: 1, last_page: 2, total: 4 });
    expect(list.body.searching.data.map((d: { name: string }) => d.name)).toEqual(["Заявка 3", "Заявка 2", "Заявка 1"]);
    expect(list.body.searching.data[0]).toMatchObject({ status: "moderation", progress: 0, days_left: 14, service_type: { id: 1, type: "project" }, responds: [] });
    for (const g of ["active", "completed", "search_expired"]) expect(list.body[g]).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
    const page2 = await api("/api/demand?group=searching&page=2", { token: me.token });
    expect(page2.body.searching.data.map((d: { name: string }) => d.name)).toEqual(["Заявка 0"]);
    expect((await api("/api/demand?group=nope", { token: me.token })).status).toBe(422);
    expect((await api("/api/demand")).status).toBe(401);
    // The page past a group's last (its last request just left it) goes to the last one, not to an empty tab.
    const past = await api("/projects/request?group=searching&page=3", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/projects/request?group=searching&page=2");
    expect((await api("/projects/request?group=searching&page=2", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } })).status).toBe(200);
  });
});

describe("GET /api/demand's responds", () => {
  it("lists the responses the customer sees, oldest first, with whether he opened them; the page says how many and how many are new", async () => {
    const me = await customer();
    const id = await searching(me.token);
    const [a, b, c, d] = [await customer(), await customer(), await customer(), await customer()];
    const first = (await insertRespond(id, a.id, { status: "sent", viewed: true })).id;
    const second = (await insertRespond(id, b.id, { status: "sent" })).id;
    // Neither a response in moderation nor an invitation is the customer's to see.
    await insertRespond(id, c.id, { status: "moderation" });
    await insertRespond(id, d.id, { status: "invite" });
    const list = await api("/api/demand", { token: me.token });
    expect(list.body.searching.data[0]).toMatchObject({ id, responds: [{ id: first, is_viewed: true }, { id: second, is_viewed: false }] });
    const page = await api("/projects/request", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/2 отклика<span class="chip demand-card__new">новых: 1<\/span>/);
  });
});

describe("stop and restart", () => {
  it("refuses to stop a search whose last day has passed (it stopped by itself), writing no audit row", async () => {
    const me = await customer();
    const id = await searching(me.token);
    await rows("update demands set search_finish = '2020-01-01' where id = ?", id);
    const res = await api("/api/demand/stop", { token: me.token, json: { id } });
    expect(res.status, res.text).toBe(422);
    expect(await count("select count(*) as n from audit_log where action = 'demand.stop' and target_id = ?", String(id))).toBe(0);
  });

  it("stops a searching request, and refuses to stop it twice (422) or someone else's (404)", async () => {
    const me = await customer();
    const other = await customer();
    const id = await searching(me.token);
    expect((await api("/api/demand/stop", { token: other.token, json: { id } })).status).toBe(404);
    const stop = await api("/api/demand/stop", { token: me.token, json: { id } });
    expect(stop.status, stop.text).toBe(200);
    expect(await status(id)).toBe("search_expired");
    expect((await api("/api/demand/stop", { token: me.token, json: { id } })).status).toBe(422);
    const list = await api("/api/demand", { token: me.token });
    // Paused with days left, not expired (spec 3: 'Срок поиска истёк' is for expired ones): the pages say so.
    expect(list.body.search_expired.data[0]).toMatchObject({ id, status: "search_expired", is_expired: false });
    expect((await api("/projects/request", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } })).text).toContain("Поиск приостановлен");
    expect((await api(`/request-list/${id}`, { cookie: `session=${me.token}` })).text).toContain("Поиск приостановлен");
    // Its period run out since, it is expired.
    await rows("update demands set search_finish = ? where id = ?", plusDays(-1), id);
    expect((await api("/api/demand", { token: me.token })).body.search_expired.data[0]).toMatchObject({ id, is_expired: true });
  });

  it("restarts for 10 days by default, for 1–30 days but never 20", async () => {
    const me = await customer();
    const id = await searching(me.token);
    await api("/api/demand/stop", { token: me.token, json: { id } });
    for (const extension of [20, 0, 31, "x"]) expectFieldError(await api("/api/demand/restart", { token: me.token, json: { id, extension } }), "extension", v.extension);
    expect(await status(id)).toBe("search_expired");
    const res = await api("/api/demand/restart", { token: me.token, json: { id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "searching", search_finish: plusDays(10) });
    const extended = await api("/api/demand/restart", { token: me.token, json: { id, extension: 30 } });
    expect(extended.body.search_finish).toBe(plusDays(30));
  });

  it("refuses to restart a request in moderation (422) and someone else's (404)", async () => {
    const me = await customer();
    const other = await customer();
    const d = await create(me.token);
    expect((await api("/api/demand/restart", { token: me.token, json: { id: d.id, extension: 5 } })).status).toBe(422);
    const id = await searching(me.token);
    expect((await api("/api/demand/restart", { token: other.token, json: { id, extension: 5 } })).status).toBe(404);
  });
});

describe("expiry by time", () => {
  it("reads a searching request past its last day as search_expired at once, and the Cron sweep writes it", async () => {
    const me = await customer();
    const expert = await customer();
    const id = await searching(me.token);
    await rows("update demands set search_finish = ? where id = ?", plusDays(-1), id);
    const list = await api("/api/demand", { token: me.token });
    expect(list.body.searching.total).toBe(0);
    expect(list.body.search_expired.data[0]).toMatchObject({ id, status: "search_expired", is_expired: true });
    const short = await api(`/api/demand/short/${id}`, { token: expert.token });
    expect(short.status).toBe(403);
    expect(short.body.message).toBe(ru.demands.search_finished);
    expect(await status(id)).toBe("searching");
    await cron();
    expect(await status(id)).toBe("search_expired");
  });

  it("keeps a request searching through its last day", async () => {
    const me = await customer();
    const id = await searching(me.token);
    await rows("update demands set search_finish = ? where id = ?", today(), id);
    const list = await api("/api/demand", { token: me.token });
    expect(list.body.searching.data[0]).toMatchObject({ id, status: "searching", days_left: 1 });
    await cron();
    expect(await status(id)).toBe("searching");
  });
});

describe("GET /api/demand/short/{id}", () => {
  it("shows a searching request to an expert with the expert-visible budget", async () => {
    const me = await customer();
    const expert = await customer();
    const id = await searching(me.token, { budget: "30000" });
    const res = await api(`/api/demand/short/${id}`, { token: expert.token });
    expect(res.status, res.text).toBe(200);
    // spec README: floor(30 000 / 1.15 / 1000) × 1000 for the project type.
    expect(res.body).toMatchObject({ id, budget: 26000, status: "searching", execution_period: "01.06.2028", user_name: `${me.name} ${me.lastName}` });
    const consultation = await searching(me.token, { service_type_id: 2, duration_id: 7, budget: "9000" });
    // ceil(9 000 / 1.2 / 500) × 500.
    expect((await api(`/api/demand/short/${consultation}`, { token: expert.token })).body.budget).toBe(7500);
  });

  it("names the customer's company and photo (spec 3 §3 user_company, user_photo)", async () => {
    const me = await customer();
    const expert = await customer();
    const id = await searching(me.token);
    expect((await api(`/api/demand/short/${id}`, { token: expert.token })).body).toMatchObject({ user_company: null, user_photo: null });
    const [company] = await rows<{ id: number; name: string }>("select id, name from companies where status = 'active' order by id limit 1");
    await rows("insert into works (user_id, company_id, work_start, work_finish) values (?, ?, '2010-01-01', '2014-01-01')", me.id, company!.id);
    const key = `users/${me.id}/avatar/${crypto.randomUUID()}.png`;
    const [photo] = await rows<{ id: number }>("insert into files (owner_user_id, kind, key, name, mime, size) values (?, 'avatar', ?, 'me.png', 'image/png', 10) returning id", me.id, key);
    await rows("update users set photo_file_id = ? where id = ?", photo!.id, me.id);
    const res = await api(`/api/demand/short/${id}`, { token: expert.token });
    expect(res.body.user_company).toBe(company!.name);
    expect(res.body.user_photo).toContain(key);
  });

  it("hides a request in moderation from others (404), and answers 404 for a deleted one and a guest 401", async () => {
    const me = await customer();
    const expert = await customer();
    const d = await create(me.token);
    expect((await api(`/api/demand/short/${d.id}`, { token: expert.token })).status).toBe(404);
    expect((await api(`/api/demand/short/${d.id}`)).status).toBe(401);
    expect((await api(`/api/demand/short/abc`, { token: expert.token })).status).toBe(404);
    await api(`/api/demand/${d.id}`, { method: "DELETE", token: me.token });
    expect((await api(`/api/demand/short/${d.id}`, { token: me.token })).status).toBe(404);
  });

  it("lets an expert read a searching request's files, and no longer once the search is stopped", async () => {
    const me = await customer();
    const expert = await customer();
    const d = await create(me.token, { files: [file(pdfBytes(newMarker()), "ТЗ.pdf", "application/pdf")] });
    const [f] = await rows<{ file_id: number }>("select file_id from demand_files where demand_id = ?", d.id);
    expect((await api(`/api/files/${f!.file_id}`, { token: expert.token })).status).toBe(404);
    expect((await decide(d.id, "approve")).status).toBe(200);
    expect((await api(`/api/files/${f!.file_id}`, { token: expert.token })).status).toBe(302);
    await api("/api/demand/stop", { token: me.token, json: { id: d.id } });
    expect((await api(`/api/files/${f!.file_id}`, { token: expert.token })).status).toBe(404);
    expect((await api(`/api/files/${f!.file_id}`, { token: me.token })).status).toBe(302);
  });

  it("answers 403 with the spec's text once the customer stopped the search", async () => {
    const me = await customer();
    const expert = await customer();
    const id = await searching(me.token);
    await api("/api/demand/stop", { token: me.token, json: { id } });
    const res = await api(`/api/demand/short/${id}`, { token: expert.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Заказчик завершил поиск, отклики больше не принимаются");
  });
});

describe("POST /api/demand/{id}", () => {
  it("edits a searching request and sends it back to moderation, keeping one file and adding another", async () => {
    const me = await customer();
    const marker = newMarker();
    const d = await create(me.token, { files: [file(pdfBytes(`${marker}-a`), "a.pdf", "application/pdf"), file(pdfBytes(`${marker}-b`), "b.pdf", "application/pdf")] });
    await decide(d.id, "approve");
    const [keep] = await rows<{ file_id: number }>("select file_id from demand_files where demand_id = ? order by file_id limit 1", d.id);
    const res = await api(`/api/demand/${d.id}`, {
      token: me.token,
      form: valid({ name: "Новое название", industries: [ref.industry, ref.industry2], files: [{ id: keep!.file_id }, file(pdfBytes(`${marker}-c`), "c.pdf", "application/pdf")] }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: d.id, status: "moderation" });
    expect(await rows("select name, status from demands where id = ?", d.id)).toEqual([{ name: "Новое название", status: "moderation" }]);
    expect(await count("select count(*) as n from demand_industries where demand_id = ?", d.id)).toBe(2);
    const names = await rows<{ name: string }>("select f.name from demand_files df join files f on f.id = df.file_id where df.demand_id = ? order by f.id", d.id);
    expect(names.map((n) => n.name)).toEqual(["a.pdf", "c.pdf"]);
  });

  it("keeps a paid request's type and budget (the contract's terms: 422 on each, nothing changes) and edits the rest", async () => {
    const me = await customer();
    const d = await create(me.token);
    await decide(d.id, "approve");
    const paid = await api(`/api/admin/demands/${d.id}/paid`, { token: operatorToken, json: { paid: true } });
    expect(paid.status, paid.text).toBe(200);
    const before = await rows("select name, budget, service_type_id, status, updated_at from demands where id = ?", d.id);

    const budget = await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ budget: "45000", name: "Другая" }) });
    expectFieldError(budget, "budget", "Договор подписан на эти условия: изменить их можно через поддержку");
    const [other] = await rows<{ id: number }>("select id from service_types where id <> 1 order by id limit 1");
    const type = await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ service_type_id: other!.id, duration_id: "" }) });
    expectFieldError(type, "service_type_id", "Договор подписан на эти условия: изменить их можно через поддержку");
    expect(await rows("select name, budget, service_type_id, status, updated_at from demands where id = ?", d.id)).toEqual(before);

    const edited = await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ name: "Уточнённое название" }) });
    expect(edited.status, edited.text).toBe(200);
    expect(await rows("select name, budget, is_paid from demands where id = ?", d.id)).toEqual([{ name: "Уточнённое название", budget: 30000, is_paid: 1 }]);
    // The form shows both locked, with the reason.
    const page = await api(`/request-add?id=${d.id}`, { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } });
    expect(page.status).toBe(200);
    // The document's title and the heading say it is an edit.
    expect(page.text).toContain("<title>Редактирование заявки — Экспертная биржа</title>");
    expect(page.text).toContain("<h1>Редактирование заявки</h1>");
    expect(page.text).toContain("Договор подписан на эти условия: изменить их можно через поддержку");
    expect(page.text).toMatch(/<input[^>]*name="budget"[^>]*readonly=""/i);
    expect(page.text.match(/<input[^>]*name="service_type_id"[^>]*>/g)!.filter((x) => x.includes('disabled=""'))).toHaveLength(1);
  });

  it("refuses an edit when another one of the same request landed since it read the request (409), keeping the other's", async () => {
    const me = await customer();
    const marker = newMarker();
    const d = await create(me.token, { files: [file(pdfBytes(`${marker}-a`), "a.pdf", "application/pdf")] });
    const [kept] = await rows<{ file_id: number }>("select file_id from demand_files where demand_id = ? limit 1", d.id);
    // The other tab's save lands between this edit's read and its batch: when it counts against the
    // rate limit (an insert or an update of its counter).
    const other = `update demands set name = 'Правка из другой вкладки', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') || '#other' where id = ${d.id}`;
    const when = `when new.key like 'demands_user:${me.id}:%'`;
    await rows(`create trigger other_edit_i_${d.id} after insert on rate_limits ${when} begin ${other}; end`);
    await rows(`create trigger other_edit_u_${d.id} after update on rate_limits ${when} begin ${other}; end`);
    try {
      const res = await api(`/api/demand/${d.id}`, {
        token: me.token,
        form: valid({ name: "Моя правка", files: [{ id: kept!.file_id }, file(pdfBytes(`${marker}-b`), "b.pdf", "application/pdf")] }),
      });
      expect(res.status, res.text).toBe(409);
      expect(res.body.message).toBe(ru.demands.conflict);
    } finally {
      await rows(`drop trigger other_edit_i_${d.id}`);
      await rows(`drop trigger other_edit_u_${d.id}`);
    }
    expect(await rows("select name from demands where id = ?", d.id)).toEqual([{ name: "Правка из другой вкладки" }]);
    const names = await rows<{ name: string }>("select f.name from demand_files df join files f on f.id = df.file_id where df.demand_id = ?", d.id);
    expect(names.map((n) => n.name)).toEqual(["a.pdf"]);
    expect(await count("select count(*) as n from files where name = 'b.pdf' and owner_user_id = ?", me.id)).toBe(0);
    // Read afresh, the same edit goes through.
    const again = await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ name: "Моя правка" }) });
    expect(again.status, again.text).toBe(200);
  });

  it("refuses someone else's request (404), an active one (422), a bad field (422) and a file it does not own, changing nothing", async () => {
    const me = await customer();
    const other = await customer();
    const d = await create(me.token);
    const before = await snapshot(me.id);
    expect((await api(`/api/demand/${d.id}`, { token: other.token, form: valid({ name: "Чужое" }) })).status).toBe(404);
    expectFieldError(await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ name: "" }) }), "name", v.name_required);
    expectFieldError(await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ files: [{ id: 999_999 }] }) }), "files", v.file_unknown);
    expect(await snapshot(me.id)).toEqual(before);
    await rows("update demands set status = 'active' where id = ?", d.id);
    const active = await api(`/api/demand/${d.id}`, { token: me.token, form: valid({ name: "Поздно" }) });
    expect(active.status).toBe(422);
    expect(active.body.message).toBe(ru.demands.not_editable);
  });
});

describe("DELETE /api/demand/{id}", () => {
  it("deletes the owner's request softly: it leaves every list", async () => {
    const me = await customer();
    const id = await searching(me.token);
    const res = await api(`/api/demand/${id}`, { method: "DELETE", token: me.token });
    expect(res.status, res.text).toBe(200);
    const [row] = await rows<{ deleted_at: string | null }>("select deleted_at from demands where id = ?", id);
    expect(row!.deleted_at).not.toBeNull();
    const list = await api("/api/demand", { token: me.token });
    expect(list.body.searching.total).toBe(0);
    expect((await api(`/api/demand/${id}`, { method: "DELETE", token: me.token })).status).toBe(404);
  });

  it("refuses an active or completed request (422) and someone else's (404)", async () => {
    const me = await customer();
    const other = await customer();
    const id = await searching(me.token);
    expect((await api(`/api/demand/${id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    for (const s of ["active", "completed"]) {
      await rows("update demands set status = ? where id = ?", s, id);
      const res = await api(`/api/demand/${id}`, { method: "DELETE", token: me.token });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(ru.demands.not_deletable);
    }
    expect(await rows("select deleted_at from demands where id = ?", id)).toEqual([{ deleted_at: null }]);
  });
});
