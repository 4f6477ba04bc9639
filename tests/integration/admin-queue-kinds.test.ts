import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createDemand, searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, signIn } from "../helpers/factories";
import { insertRespond } from "../helpers/responds";

// Every decidable queue of the console (issue 15), by the same rules: only operators list and decide (401
// for a guest, 403 for a customer and an expert, the item still waiting); the filter (the title, or the
// name or e-mail of the user whose item it is) and the title sort work in SQL; two operators deciding one
// item at once leave exactly one decision (one 200, one 409, one audit row); a bulk decision reports each
// item. Each queue's own outcomes have their own tests (admin-queues, demands-queue, responds-queue,
// services-moderation, payments).

let op: string;
let op2: string;
beforeAll(async () => {
  await ensureReference();
  op = await signIn(await createOperator());
  op2 = await signIn(await createOperator());
});

const tag = () => crypto.randomUUID().slice(0, 8);
/** `null`: a guest (an `undefined` would take the default operator). */
const decide = (body: Record<string, unknown>, token: string | null = op) => api("/api/admin/moderation", { token: token ?? undefined, json: body });

type Kind = {
  name: string;
  /** One waiting item whose title holds `mark` (or whose owner the returned filter finds). */
  make(mark: string): Promise<{ id: number; filter: string; owner: string }>;
  /** Where its decision is audited. */
  audit: { type: string; actions: string[] };
};

const customer = () => createSignedInUser({ roles: ["customer"] });

const KINDS: Kind[] = [
  {
    name: "demands",
    async make(mark) {
      const c = await customer();
      const d = await createDemand(c.token, { name: `Заявка ${mark}` });
      return { id: d.id, filter: mark, owner: c.email };
    },
    audit: { type: "demand", actions: ["demand.approve", "demand.reject"] },
  },
  {
    name: "responds",
    async make(mark) {
      const demandId = await searchingDemand((await customer()).token, op, { name: `Заявка ${mark}` });
      const expert = await createSignedInUser({ roles: ["executor"] });
      return { id: (await insertRespond(demandId, expert.id, { status: "moderation" })).id, filter: mark, owner: expert.email };
    },
    audit: { type: "respond", actions: ["respond.approve", "respond.reject"] },
  },
  {
    name: "services",
    async make(mark) {
      const owner = await createSignedInUser({ roles: ["executor"] });
      return { id: (await createServiceFor(owner, "individual", { name: `Услуга ${mark}` })).id, filter: mark, owner: owner.email };
    },
    audit: { type: "service", actions: ["service.approved", "service.rejected"] },
  },
  {
    name: "companies",
    async make(mark) {
      const user = await createSignedInUser({ roles: ["customer", "executor"] });
      const name = `ООО «Компания ${mark}»`;
      const res = await api("/api/user/profile/works", { token: user.token, json: { works: [{ new_company: name, work_start: "2015-03-01", work_finish: "2020-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] }] } });
      expect(res.status, res.text).toBe(200);
      return { id: (await rows<{ id: number }>("select id from companies where name = ?", name))[0]!.id, filter: mark, owner: user.email };
    },
    audit: { type: "company", actions: ["moderation.company.approved", "moderation.company.rejected"] },
  },
  {
    name: "options",
    async make(mark) {
      const user = await createSignedInUser({ roles: ["customer", "executor"] });
      const res = await api("/api/options", { token: user.token, json: { name: `Функция ${mark}`, parent_id: 2 } });
      expect(res.status, res.text).toBe(201);
      return { id: res.body.id as number, filter: mark, owner: user.email };
    },
    audit: { type: "option", actions: ["moderation.option.approved", "moderation.option.rejected"] },
  },
  {
    name: "expertises",
    async make(mark) {
      const user = await createSignedInUser({ roles: ["customer", "executor"] });
      const res = await api("/api/user/profile/expertises", { token: user.token, json: { expertises: { items: [], new_items: [{ name: `Компетенция ${mark}` }] } } });
      expect(res.status, res.text).toBe(200);
      return { id: (await rows<{ id: number }>("select id from expertises where created_by = ?", user.id))[0]!.id, filter: mark, owner: user.email };
    },
    audit: { type: "expertise", actions: ["moderation.expertise.approved", "moderation.expertise.rejected"] },
  },
  {
    name: "institutions",
    async make(mark) {
      const user = await createSignedInUser({ roles: ["customer", "executor"] });
      expect((await api("/api/user/profile/expertises", { token: user.token, json: { expertises: { items: [{ expertise_id: 3 }], new_items: [] } } })).status).toBe(200);
      const res = await api("/api/user/profile/expertises/confirm", { token: user.token, json: { confirm_type: "institution", expertise_id: 3, new_institution: `Институт ${mark}`, study_finish: "2015-01-01" } });
      expect(res.status, res.text).toBeLessThan(300);
      return { id: (await rows<{ id: number }>("select id from institutions where created_by = ?", user.id))[0]!.id, filter: mark, owner: user.email };
    },
    audit: { type: "institution", actions: ["moderation.institution.approved", "moderation.institution.rejected"] },
  },
  {
    name: "council",
    async make(mark) {
      // An application is named by its industry and function: its applicant's address finds it.
      const user = await createSignedInUser({ roles: ["customer", "executor"], email: `council.${mark}@example.ru` });
      const res = await api("/api/user/profile/expert", { token: user.token, json: { industry_id: 1, option_id: 106 } });
      expect(res.status, res.text).toBe(201);
      return { id: res.body.item.id as number, filter: mark, owner: user.email };
    },
    audit: { type: "council_application", actions: ["council.accepted", "council.rejected"] },
  },
  {
    name: "payments",
    async make(mark) {
      const c = await customer();
      const demandId = await searchingDemand(c.token, op, { name: `Заявка ${mark}` });
      await insertRespond(demandId, (await createSignedInUser({ roles: ["executor"] })).id);
      const asked = await api("/api/demand/request-payment", { token: c.token, json: { demand_id: demandId } });
      expect(asked.status, asked.text).toBe(200);
      return { id: demandId, filter: mark, owner: c.email };
    },
    audit: { type: "demand", actions: ["demand.paid", "demand.payment_rejected"] },
  },
];

const decisions = (k: Kind, id: number) =>
  count(`select count(*) n from audit_log where target_type = ? and target_id = ? and action in (${k.audit.actions.map(() => "?").join(", ")})`, k.audit.type, String(id), ...k.audit.actions);
const waitingIds = async (k: Kind, filter: string, query = "") => ((await api(`/api/admin/queues/${k.name}?filter=${encodeURIComponent(filter)}${query}`, { token: op })).body as { items: { id: number; title: string }[] }).items;

describe.each(KINDS)("the $name queue", (k) => {
  it("is listed and decided by operators only (401 a guest, 403 a customer and an expert), and the item keeps waiting", async () => {
    const item = await k.make(tag());
    const someCustomer = await customer();
    const expert = await createSignedInUser({ roles: ["executor"] });
    for (const [token, status] of [[null, 401], [someCustomer.token, 403], [expert.token, 403]] as const) {
      expect((await api(`/api/admin/queues/${k.name}`, { token: token ?? undefined })).status).toBe(status);
      expect((await decide({ kind: k.name, id: item.id, decision: "approve" }, token)).status).toBe(status);
      expect((await decide({ kind: k.name, ids: [item.id], decision: "reject", reason: "Нет" }, token)).status).toBe(status);
    }
    expect((await waitingIds(k, item.filter)).map((i) => i.id)).toEqual([item.id]);
    expect(await decisions(k, item.id)).toBe(0);
  });

  it("filters and sorts by title on the server", async () => {
    const mark = tag();
    const a = await k.make(`${mark}a`);
    const b = await k.make(`${mark}b`);
    const asc = await waitingIds(k, mark, "&sort=title&dir=asc");
    const desc = await waitingIds(k, mark, "&sort=title&dir=desc");
    expect(asc.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(desc.map((i) => i.id)).toEqual(asc.map((i) => i.id).reverse());
    expect((await waitingIds(k, `${mark}a`)).map((i) => i.id)).toEqual([a.id]);
    // The filter also finds an item by the address of the user whose item it is ('Название, имя или e-mail').
    expect((await waitingIds(k, b.owner)).map((i) => i.id)).toContain(b.id);
    expect((await api(`/api/admin/queues/${k.name}?filter=${encodeURIComponent(b.owner)}`, { token: op })).body.total).toBeGreaterThanOrEqual(1);
  });

  it("of two operators deciding one item at once, one decides and the other is told (409): one audit row", async () => {
    const item = await k.make(tag());
    const [x, y] = await Promise.all([decide({ kind: k.name, id: item.id, decision: "approve" }), decide({ kind: k.name, id: item.id, decision: "reject", reason: "Дубль" }, op2)]);
    expect([x.status, y.status].sort(), `${x.text} ${y.text}`).toEqual([200, 409]);
    expect(await decisions(k, item.id)).toBe(1);
    expect(await waitingIds(k, item.filter)).toEqual([]);
  });

  it("decides several items at once and reports the one already decided", async () => {
    const mark = tag();
    const a = await k.make(`${mark}a`);
    const b = await k.make(`${mark}b`);
    expect((await decide({ kind: k.name, id: b.id, decision: "reject", reason: "Не подходит" })).status).toBe(200);
    const res = await decide({ kind: k.name, ids: [a.id, b.id], decision: "approve" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [a.id, "decided"],
      [b.id, "already_decided"],
    ]);
    expect(await decisions(k, a.id)).toBe(1);
    expect(await decisions(k, b.id)).toBe(1);
  });
});
