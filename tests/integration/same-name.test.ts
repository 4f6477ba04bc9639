import { beforeAll, describe, expect, it } from "vitest";
import { options } from "../../db/schema/reference";
import { options as seedOptions } from "../../db/seed/reference-data";
import { api } from "../helpers/api";
import { count, db, ensureReference, rows } from "../helpers/db";
import { createSignedInUser, customerPayload } from "../helpers/factories";

beforeAll(() => ensureReference());

const finance = seedOptions.find((o) => o.children.length >= 2)!;
// Seeded, active: company 9 «Северсталь», institution 2 «НИУ ВШЭ».
const SEVERSTAL = 9;
const HSE = 2;

/** Every place where a user proposes a name applies one rule: case, ё/е and runs of spaces do not make a new name. */
describe("a proposed name that already exists is the existing entry", () => {
  it("at registration: a new function written with other case, е for ё and doubled spaces", async () => {
    const tag = String(Date.now()).slice(-6);
    const [existing] = await db().insert(options).values({ name: `Отчётность по МСФО ${tag}`, parentId: finance.id, status: "active" }).returning({ id: options.id });
    const before = await count("select count(*) as n from options");
    const res = await api("/api/register", {
      form: customerPayload({ is_expert: "1", industry: [1], option: [finance.id], new_option: [{ name: `ОТЧЕТНОСТЬ  по  мсфо ${tag}`, parent_id: finance.id }] }),
    });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from options")).toBe(before);
    expect(await count("select count(*) as n from user_options where user_id = ? and option_id = ?", res.body.user.id, existing!.id)).toBe(1);
  });

  it("in a work: a new company written in capitals is the seeded one", async () => {
    const me = await createSignedInUser();
    const before = await count("select count(*) as n from companies");
    const res = await api("/api/user/profile/works", {
      token: me.token,
      json: { works: [{ new_company: "СЕВЕРСТАЛЬ", work_start: "2015-03-01", work_finish: "2020-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.works[0]).toMatchObject({ company_id: SEVERSTAL, company: "Северсталь" });
    expect(await count("select count(*) as n from companies")).toBe(before);
  });

  it("through POST /api/companies: the name in lower case is the seeded company", async () => {
    const me = await createSignedInUser();
    const res = await api("/api/companies", { token: me.token, json: { name: "северсталь" } });
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.body).toMatchObject({ id: SEVERSTAL, status: "active" });
  });

  it("in a confirmation: a new institution written in lower case with doubled spaces is the seeded one", async () => {
    const me = await createSignedInUser();
    await api("/api/user/profile/expertises", { token: me.token, json: { expertises: { items: [{ expertise_id: 3 }], new_items: [] } } });
    const before = await count("select count(*) as n from institutions");
    const year = new Date().getUTCFullYear();
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "institution", expertise_id: 3, new_institution: "ниу  вшэ", study_finish: String(year) } });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from institutions")).toBe(before);
    const [row] = await rows<{ institution_id: number }>("select institution_id from user_institutions where user_id = ?", me.id);
    expect(row!.institution_id).toBe(HSE);
  });
});
