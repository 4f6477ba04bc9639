import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, createUser, signIn, giveExpertises, servicePayload, setServiceStatus } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";
import { activeProject } from "../helpers/projects";

// spec 3 §2–§9 (services), README 'Document 3 details' → Services; issue 12.

beforeAll(() => ensureReference());

const svcRow = async (id: number) => (await rows<Record<string, unknown>>("select * from services where id = ?", id))[0]!;
const save = (token: string | null, json: unknown, id?: number, lang?: "ru" | "en") => api(id ? `/api/service/${id}` : "/api/service", { json, token, lang });

describe("POST /api/service", () => {
  it("creates an individual service in moderation, with every list of the payload", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    await giveExpertises(owner.id, [3, 4]);
    const res = await save(owner.token, servicePayload("individual", { expertises: [3, 4], maturity: "3", new_options: [{ name: "Моделирование для сделок", parent_id: 1 }], new_companies: [{ name: "ООО Новый клиент" }] }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: "Финансовая модель компании",
      format: "individual",
      performer_type: "individual",
      type: 1,
      status: "moderation",
      income: 200000,
      pay_format: "per_month",
      hours: 20,
      workload_format: "per_week",
      budget: null,
      maturity: "3",
      rating: null,
      rating_count: 0,
      user_id: owner.id,
      is_owner: true,
      users: [],
      can: { edit: true, delete: true, hide: true, estimate: false, participate: false, refuse: false },
    });
    expect(res.body.service_type).toMatchObject({ id: 1, name: "На проект", type: "project" });
    expect(res.body.industries.map((i: { id: number }) => i.id)).toEqual([1, 2]);
    expect(res.body.expertises.map((e: { id: number }) => e.id)).toEqual([3, 4]);
    expect(res.body.specializations).toEqual([expect.objectContaining({ industry_id: 1, option_id: 100, industry_name: "Банки и финансы" })]);
    // New functions and clients wait in moderation, proposed by the owner.
    expect(res.body.options).toEqual(expect.arrayContaining([expect.objectContaining({ id: 100, status: "active" }), expect.objectContaining({ name: "Моделирование для сделок", status: "moderation" })]));
    expect(res.body.companies).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1 }), expect.objectContaining({ name: "ООО Новый клиент", status: "moderation" })]));
    expect(await count("select count(*) as n from companies where name = 'ООО Новый клиент' and status = 'moderation' and created_by = ?", owner.id)).toBe(1);
  });

  it("creates a company service whose team members are asked first", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser({ name: "Пётр", lastName: "Иванов" });
    const res = await save(owner.token, servicePayload("company", { users: [{ id: member.id, type: "user" }] }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ format: "company", budget: 150000, income: null, hours: null, pay_format: null, users_count: 1 });
    expect(res.body.users).toEqual([expect.objectContaining({ id: member.id, type: "user", name: "Пётр Иванов", need_approve: true })]);

    // The member sees it among his services, pending, and may only participate or refuse.
    const mine = await api("/api/service", { token: member.token });
    expect(mine.status).toBe(200);
    const seen = mine.body.company.find((s: { id: number }) => s.id === res.body.id);
    expect(seen).toMatchObject({ is_owner: false, is_member: true, need_approve: true, can: { edit: false, delete: false, hide: false, estimate: false, participate: true, refuse: true } });
  });

  it("answers 401 to a guest and writes nothing", async () => {
    const before = await count("select count(*) as n from services");
    const res = await save(null, servicePayload());
    expect(res.status).toBe(401);
    expect(await count("select count(*) as n from services")).toBe(before);
  });

  it("goes straight to active when the operator switched moderation of services off", async () => {
    const owner = await createSignedInUser();
    const operator = await signIn(await createOperator());
    expect((await api("/api/admin/settings", { token: operator, json: { moderate_services: false } })).status).toBe(200);
    try {
      const res = await save(owner.token, servicePayload());
      expect(res.body.status).toBe("active");
      // Nobody checks it, so others read its name, and an edit's, at once (decision 0070).
      expect((await svcRow(res.body.id)).approved_name).toBe(res.body.name);
      const renamed = await save(owner.token, servicePayload("individual", { name: "Новое название услуги" }), res.body.id);
      expect(renamed.body.status).toBe("active");
      expect((await svcRow(res.body.id)).approved_name).toBe("Новое название услуги");
    } finally {
      await api("/api/admin/settings", { token: operator, json: { moderate_services: true } });
    }
  });
});

describe("the rules of spec 3 §5 and the ranges of §9", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createSignedInUser()).token;
  });
  const check = async (payload: Record<string, unknown>, field: string, message: string) => {
    const res = await save(token, payload);
    expectFieldError(res, field, message);
  };

  it("requires the name, format, type, functions and description, with the spec's texts", async () => {
    await check(servicePayload("individual", { name: "" }), "name", "Название услуги обязательно для заполнения");
    await check(servicePayload("individual", { name: "я".repeat(101) }), "name", "Максимальное количество символов 100");
    await check(servicePayload("individual", { format: undefined }), "format", "Тип услуги обязателен для заполнения");
    await check(servicePayload("individual", { type: undefined }), "type", "Вид услуги обязателен для заполнения");
    await check(servicePayload("individual", { options: [] }), "options", "Функции обязательны для заполнения");
    await check(servicePayload("individual", { description: "" }), "description", "Описание услуги обязательно для заполнения");
    await check(servicePayload("individual", { description: "я".repeat(1001) }), "description", "Максимальное количество символов 1000");
  });

  it("limits industries, team, competences, clients and specialization industries", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    await check(servicePayload("individual", { industries: eleven }), "industries", "Превышен лимит индустрий");
    await check(servicePayload("company", { users: eleven.map((id) => ({ id, type: "user" })) }), "users", "Максимальное количество сотрудников 10");
    await check(servicePayload("individual", { expertises: eleven }), "expertises", "Максимальное количество компетенций 10");
    await check(servicePayload("individual", { companies: eleven }), "companies", "Максимальное количество клиентов 10");
    await check(servicePayload("individual", { companies: [1, 2, 3, 4, 5, 6], new_companies: [1, 2, 3, 4, 5].map((i) => ({ name: `Клиент номер ${i}` })) }), "companies", "Максимальное количество клиентов 10");
    await check(
      servicePayload("individual", { specializations: [1, 2, 3, 4, 5, 6].map((industry_id) => ({ industry_id, option_id: 100 })) }),
      "specializations",
      "Максимальное количество индустрий в специализациях 5",
    );
  });

  it("saves the most a service may name: 50 specializations in 5 industries, 10 industries and competences, 50 functions", async () => {
    const opts = (await rows<{ id: number }>("select id from options where status = 'active' order by id limit 50")).map((o) => o.id);
    const exps = (await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 10")).map((e) => e.id);
    const inds = (await rows<{ id: number }>("select id from industries order by id limit 10")).map((i) => i.id);
    const specializations = inds.slice(0, 5).flatMap((industry_id) => opts.slice(0, 10).map((option_id) => ({ industry_id, option_id })));
    const me = await createSignedInUser();
    await giveExpertises(me.id, exps);
    const res = await api("/api/service", { token: me.token, json: servicePayload("individual", { industries: inds, expertises: exps, options: opts, specializations }) });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from service_specializations where service_id = ?", res.body.id)).toBe(50);
    expect(await count("select count(*) as n from service_options where service_id = ?", res.body.id)).toBe(opts.length);
    // And again on an edit.
    const edited = await api(`/api/service/${res.body.id}`, { token: me.token, json: servicePayload("individual", { industries: inds, expertises: exps, options: opts, specializations: specializations.slice(0, 40) }) });
    expect(edited.status, edited.text).toBe(200);
    expect(await count("select count(*) as n from service_specializations where service_id = ?", res.body.id)).toBe(40);
  });

  it("checks income, hours and budget against their ranges and steps", async () => {
    const range = (min: number, max: number) => `Находится вне диапозона от ${min} до ${max}`;
    await check(servicePayload("individual", { income: 999 }), "income", range(1000, 2000000000));
    await check(servicePayload("individual", { income: 2000001000 }), "income", range(1000, 2000000000));
    await check(servicePayload("individual", { income: 1500 }), "income", "Сумма должна быть кратна 1000");
    await check(servicePayload("individual", { income: 1750, pay_format: "per_hour" }), "income", "Сумма должна быть кратна 500");
    await check(servicePayload("individual", { income: undefined }), "income", "Доход обязателен для заполнения");
    await check(servicePayload("individual", { hours: 25, workload_format: "per_day" }), "hours", range(1, 24));
    await check(servicePayload("individual", { hours: 61, workload_format: "per_week" }), "hours", range(1, 60));
    await check(servicePayload("individual", { hours: 0, workload_format: "per_month" }), "hours", range(1, 720));
    await check(servicePayload("individual", { hours: 721, workload_format: "per_month" }), "hours", range(1, 720));
    await check(servicePayload("company", { budget: 500 }), "budget", range(1000, 2000000000));
    await check(servicePayload("company", { budget: 1250 }), "budget", "Сумма должна быть кратна 500");
    await check(servicePayload("company", { budget: undefined }), "budget", "Бюджет обязателен для заполнения");
    // The bounds themselves pass.
    for (const p of [
      servicePayload("individual", { income: 1000, hours: 24, workload_format: "per_day" }),
      servicePayload("individual", { income: 2000000000, pay_format: "per_hour", hours: 720, workload_format: "per_month" }),
      servicePayload("company", { budget: 1500 }),
    ]) {
      const res = await save(token, p);
      expect(res.status, res.text).toBe(201);
    }
    // Typed as a person types money, as a request's budget and a response's price are: "150 000".
    const typed = await api("/api/service", { token, form: servicePayload("company", { budget: "150\u00a0000" }) });
    expect(typed.status, typed.text).toBe(201);
    expect(typed.body.budget).toBe(150000);
    await check(servicePayload("company", { budget: true }), "budget", "Некорректное значение");
  });

  it("defaults the workload format to per_week", async () => {
    const res = await save(token, servicePayload("individual", { workload_format: undefined, hours: 60 }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.workload_format).toBe("per_week");
  });

  it("refuses competences outside the team's own and unknown references", async () => {
    await check(servicePayload("individual", { expertises: [5] }), "expertises", "Выберите компетенции из компетенций команды");
    await check(servicePayload("individual", { type: 999 }), "type", "Выберите вид услуги из списка");
    await check(servicePayload("individual", { industries: [9999] }), "industries", "Выбрана несуществующая индустрия");
    await check(servicePayload("company", { users: [{ id: 99999999, type: "user" }] }), "users", "Сотрудник не найден");
  });

  it("proposes a new function only under an active main function, as every other way of proposing one", async () => {
    const [sub] = await rows<{ id: number }>("select id from options where parent_id is not null and status = 'active' order by id limit 1");
    const name = `Аудит ${crypto.randomUUID().slice(0, 6)}`;
    for (const parent_id of [2147483647, sub!.id]) {
      await check(servicePayload("individual", { new_options: [{ name, parent_id }] }), "options", "Выберите основную функцию");
    }
    expect(await count("select count(*) n from options where name = ?", name)).toBe(0);
  });

  it("answers in English under Content-Language: en", async () => {
    expectFieldError(await save(token, servicePayload("individual", { name: "" }), undefined, "en"), "name", "The service name is required");
    expectFieldError(await save(token, servicePayload("individual", { hours: 25, workload_format: "per_day" }), undefined, "en"), "hours", "Outside the range from 1 to 24");
  });

  it("takes the multipart form of the spec (key[i], key[i][field])", async () => {
    const res = await api("/api/service", { form: servicePayload("company", { budget: "3000" }), token });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ budget: 3000, specializations: [expect.objectContaining({ industry_id: 1, option_id: 100 })] });
  });
});

describe("reading, editing, hiding and deleting", () => {
  it("lets other signed-in users read an active service only, without the reject reason", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const svc = await createServiceFor(owner);
    expect((await api(`/api/service/${svc.id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/service/${svc.id}`)).status).toBe(401);
    await setServiceStatus(svc.id, "active");
    const res = await api(`/api/service/${svc.id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: svc.id, is_owner: false, can: { edit: false, delete: false, hide: false } });
    for (const status of ["not_active", "rejected"] as const) {
      await setServiceStatus(svc.id, status);
      expect((await api(`/api/service/${svc.id}`, { token: other.token })).status).toBe(404);
    }
  });

  it("shows the owner's proposals (functions, competences, clients) to him and the operators only until approved", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const other = await createSignedInUser();
    const op = await signIn(await createOperator());
    const [proposed] = await rows<{ id: number }>("insert into expertises (parent_id, name, status, created_by) values (1, 'Моя компетенция на проверке', 'moderation', ?) returning id", owner.id);
    await giveExpertises(owner.id, [3, proposed!.id]);
    const res = await save(owner.token, servicePayload("individual", { expertises: [3, proposed!.id], new_options: [{ name: "Функция на проверке", parent_id: 1 }], new_companies: [{ name: "ООО Клиент на проверке" }] }));
    expect(res.status, res.text).toBe(201);
    const id = res.body.id as number;
    await setServiceStatus(id, "active");
    const names = (b: any) => [...b.options, ...b.expertises, ...b.companies, ...b.specializations.map((x: any) => ({ name: x.option_name }))].map((x: { name: string }) => x.name);
    const pending = ["Функция на проверке", "Моя компетенция на проверке", "ООО Клиент на проверке"];

    for (const token of [owner.token, op]) expect(names((await api(`/api/service/${id}`, { token })).body)).toEqual(expect.arrayContaining(pending));
    const seen = (await api(`/api/service/${id}`, { token: other.token })).body;
    expect(names(seen)).not.toEqual(expect.arrayContaining([pending[0]]));
    for (const name of pending) expect(JSON.stringify(seen)).not.toContain(name);
    expect(seen.expertises.map((e: { id: number }) => e.id)).toEqual([3]);
    expect(seen.options.length).toBeGreaterThan(0);
    // The service's page, as another user reads it (its loader data included), and as its owner does.
    const page = await api(`/service-add/quick-view/${id}`, { cookie: `session=${other.token}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Финансовая модель компании");
    for (const name of pending) expect(page.text).not.toContain(name);
    expect((await api(`/service-add/quick-view/${id}`, { cookie: `session=${owner.token}` })).text).toContain("Функция на проверке");

    await rows("update options set status = 'active' where name = 'Функция на проверке'");
    expect(names((await api(`/api/service/${id}`, { token: other.token })).body)).toContain("Функция на проверке");
  });

  it("lets an operator read a service in any status, with its reject reason", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner);
    await rows("update services set status = 'rejected', reject_reason = 'Мало описания' where id = ?", svc.id);
    const operator = await signIn(await createOperator());
    const res = await api(`/api/service/${svc.id}`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", reject_reason: "Мало описания", can: { edit: false, delete: false, hide: false } });
  });

  it("sends an edited active, hidden or rejected service back to moderation, the reject reason cleared", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner);
    for (const status of ["active", "not_active", "rejected"] as const) {
      await rows("update services set status = ?, reject_reason = ? where id = ?", status, status === "rejected" ? "Мало описания" : null, svc.id);
      const res = await save(owner.token, servicePayload("individual", { name: `Новое имя ${status}`, industries: [3] }), svc.id);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: "moderation", reject_reason: null, name: `Новое имя ${status}`, industries: [expect.objectContaining({ id: 3 })] });
    }
  });

  it("lets only the owner edit, delete or hide: others get 403 or 404 and nothing changes", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    const other = await createSignedInUser();
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] }, "active");
    const before = await svcRow(svc.id);
    for (const who of [member, other]) {
      expect((await save(who.token, servicePayload("company", { name: "Чужая правка" }), svc.id)).status).toBe(403);
      expect((await api(`/api/service/${svc.id}`, { method: "DELETE", token: who.token })).status).toBe(403);
      expect((await api(`/api/service/${svc.id}/hide`, { token: who.token })).status).toBe(403);
    }
    expect((await save(null, servicePayload("company"), svc.id)).status).toBe(401);
    expect((await api(`/api/service/${svc.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await api(`/api/service/${svc.id}/hide`)).status).toBe(401);
    // Not visible to a stranger once not active: 404.
    await setServiceStatus(svc.id, "moderation");
    expect((await save(other.token, servicePayload("company"), svc.id)).status).toBe(404);
    expect((await api(`/api/service/${svc.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    await setServiceStatus(svc.id, "active");
    expect(await svcRow(svc.id)).toEqual(before);
    expect(await count("select count(*) as n from service_members where service_id = ?", svc.id)).toBe(1);
  });

  it("hides a service (not_active) into the hidden group, with the bearer token only", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner, "individual", {}, "active");
    // ARCHITECTURE: the one mutating GET is not reachable with the page's cookie alone.
    const viaCookie = await api(`/api/service/${svc.id}/hide`, { cookie: `session=${owner.token}` });
    expect(viaCookie.status).toBe(403);
    expect((await svcRow(svc.id)).status).toBe("active");
    const res = await api(`/api/service/${svc.id}/hide`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "not_active", hidden: true });
    const list = await api("/api/service", { token: owner.token });
    expect(list.body.hidden.map((s: { id: number }) => s.id)).toContain(svc.id);
    expect(list.body.individual.map((s: { id: number }) => s.id)).not.toContain(svc.id);
  });

  it("deletes softly: the service leaves every list and read, its ratings stay", async () => {
    const owner = await createSignedInUser();
    const rater = await createUser();
    const svc = await createServiceFor(owner, "individual", {}, "active");
    await rows(
      "insert into ratings (rated_user_id, type, subject_key, service_id, rater_key, rater_user_id, rating) values (?, 'service', ?, ?, ?, ?, 4)",
      owner.id,
      `service:${svc.id}`,
      svc.id,
      `u:${rater.id}`,
      rater.id,
    );
    expect((await api(`/api/service/${svc.id}`, { token: owner.token })).body).toMatchObject({ rating: 4, rating_count: 1 });
    const res = await api(`/api/service/${svc.id}`, { method: "DELETE", token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect((await api(`/api/service/${svc.id}`, { token: owner.token })).status).toBe(404);
    expect((await api("/api/service", { token: owner.token })).body.data.map((s: { id: number }) => s.id)).not.toContain(svc.id);
    expect((await svcRow(svc.id)).deleted_at).not.toBeNull();
    expect(await count("select count(*) as n from ratings where service_id = ?", svc.id)).toBe(1);
    // Deleting again: nothing to delete.
    expect((await api(`/api/service/${svc.id}`, { method: "DELETE", token: owner.token })).status).toBe(404);
  });

  it("groups my services by format, hidden apart, and lists only active ones on request", async () => {
    const owner = await createSignedInUser();
    const a = await createServiceFor(owner, "individual", {}, "active");
    const b = await createServiceFor(owner, "company", {}, "active");
    const c = await createServiceFor(owner, "individual");
    const d = await createServiceFor(owner, "company", {}, "not_active");
    const res = await api("/api/service", { token: owner.token });
    expect(res.body.individual.map((s: { id: number }) => s.id).sort()).toEqual([a.id, c.id].sort());
    expect(res.body.company.map((s: { id: number }) => s.id)).toEqual([b.id]);
    expect(res.body.hidden.map((s: { id: number }) => s.id)).toEqual([d.id]);
    const active = await api("/api/service?active=1", { token: owner.token });
    expect(active.body.data.map((s: { id: number }) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect((await api("/api/service")).status).toBe(401);
  });

  it("reads the list in a constant number of D1 queries whatever the number of services", async () => {
    const owner = await createSignedInUser();
    await createServiceFor(owner, "company", {}, "active");
    await api("/api/service", { token: owner.token }); // the isolate learns the session (decision 0043)
    const few = await api("/api/service", { token: owner.token });
    for (let i = 0; i < 4; i++) await createServiceFor(owner, i % 2 ? "company" : "individual");
    const many = await api("/api/service", { token: owner.token });
    expect(many.body.data.length).toBe(5);
    expect(many.headers.get("X-D1-Queries")).toBe(few.headers.get("X-D1-Queries"));
  });
});

describe("catalogues and pickers", () => {
  it("GET /api/service-types answers the README's shape", async () => {
    const res = await api("/api/service-types");
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ id: 1, name: "На проект", type: "project", durations: expect.arrayContaining([{ id: 1, name: "1 неделя" }]), fee: 0.15, is_rounded_up: false, round_base: 1000 });
    expect((await api("/api/service-types?format=company")).body.length).toBe(res.body.length);
  });

  it("GET /api/work-roles is the list of /api/work_roles, and /api/taxes answers", async () => {
    const a = await api("/api/work-roles");
    expect(a.status).toBe(200);
    expect(a.body).toEqual((await api("/api/work_roles")).body);
    // `search` narrows it (spec 3 §7), case aside; a name no role has gives none.
    const [role] = await rows<{ id: number; name: string }>("select id, name from work_roles order by id desc limit 1");
    const found = await api(`/api/work-roles?search=${encodeURIComponent(role!.name.slice(1, 6).toUpperCase())}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.map((r: { id: number }) => r.id)).toContain(role!.id);
    expect(found.body.length).toBeLessThan(a.body.length);
    expect((await api("/api/work-roles?search=нетакойроли")).body).toEqual([]);
    expectFieldError(await api(`/api/work-roles?search=${"я".repeat(101)}`), "search", "Слишком длинный запрос");
    const taxes = await api("/api/taxes");
    expect(taxes.body[0]).toMatchObject({ id: 1, percent: 0 });
  });

  it("GET /api/service/expertises unites the team's competences", async () => {
    const owner = await createSignedInUser();
    const member = await createUser();
    await giveExpertises(owner.id, [3]);
    await giveExpertises(member.id, [4, 5]);
    const res = await api(`/api/service/expertises?users[]=${member.id}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((e: { id: number }) => e.id).sort()).toEqual([3, 4, 5]);
    expect(res.body[0]).toEqual(expect.objectContaining({ expertise_id: expect.any(Number), rating: null, rating_count: 0 }));
    const one = await api(`/api/service/expertises?user=${member.id}`, { token: owner.token });
    expect(one.body.map((e: { id: number }) => e.id).sort()).toEqual([4, 5]);
    // A company service may pick the members' competences.
    const svc = await save(owner.token, servicePayload("company", { users: [{ id: member.id, type: "user" }], expertises: [3, 5] }));
    expect(svc.status, svc.text).toBe(201);
    const ofService = await api(`/api/service/expertises?service=${svc.body.id}`, { token: owner.token });
    expect(ofService.body.map((e: { id: number }) => e.id).sort()).toEqual([3, 4, 5]);
    expect((await api(`/api/service/expertises?service=${svc.body.id}`, { token: (await createSignedInUser()).token })).status).toBe(404);
    expect((await api("/api/service/expertises")).status).toBe(401);
  });

  it("GET /api/service/expertises shows another person's approved competences only, and nothing of a blocked person", async () => {
    const owner = await createSignedInUser();
    const member = await createSignedInUser();
    await giveExpertises(member.id, [4]);
    const name = `Оценка стартапов ${crypto.randomUUID().slice(0, 8)}`;
    const proposed = await api("/api/user/profile/expertises", { token: member.token, json: { expertises: { items: [{ expertise_id: 4 }], new_items: [{ name }] } } });
    expect(proposed.status, proposed.text).toBe(200);
    const [competence] = await rows<{ id: number; status: string }>("select id, status from expertises where name = ?", name);
    expect(competence!.status).toBe("moderation");
    const ids = async (query: string, token: string) => (await api(`/api/service/expertises?${query}`, { token })).body.map((e: { id: number }) => e.id).sort();
    // His own proposal is his to pick; others see his approved competences only.
    expect(await ids(`user=${member.id}`, member.token)).toEqual([4, competence!.id].sort());
    expect(await ids(`users[]=${owner.id}`, member.token)).toEqual([4, competence!.id].sort());
    expect(await ids(`user=${member.id}`, owner.token)).toEqual([4]);
    expect(await ids(`users[]=${member.id}`, owner.token)).toEqual([4]);
    await rows("update users set blocked_at = ?, blocked_reason = 'test' where id = ?", new Date().toISOString(), member.id);
    expect(await ids(`user=${member.id}`, owner.token)).toEqual([]);
    expect(await ids(`users[]=${member.id}`, owner.token)).toEqual([]);
  });

  it("GET /api/service/{id}/specializations answers the service's pairs", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner, "individual", { specializations: [{ industry_id: 1, option_id: 100 }, { industry_id: 2, option_id: 101 }] });
    const res = await api(`/api/service/${svc.id}/specializations`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { industry_id: 1, option_id: 100, industry_name: "Банки и финансы", option_name: "Корпоративная стратегия", name: "Банки и финансы - Корпоративная стратегия" },
      expect.objectContaining({ industry_id: 2, option_id: 101 }),
    ]);
    expect((await api(`/api/service/${svc.id}/specializations`, { token: (await createSignedInUser()).token })).status).toBe(404);
  });

  it("an unknown or malformed id is a 404", async () => {
    const { token } = await createSignedInUser();
    expect((await api("/api/service/99999999", { token })).status).toBe(404);
    expect((await api("/api/service/abc", { token })).status).toBe(404);
  });
});

describe("services as ratable items ('request an estimate')", () => {
  it("asks a guest to rate the owner's active service by link; the rating counts in the service's rating", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner, "individual", { name: "Оценка бизнеса для банка" }, "active");
    const email = `rater-${crypto.randomUUID().slice(0, 8)}@example.ru`;
    const ok = await api("/api/user/invite-rate", { json: { type: "service", service_id: svc.id, invite_rate_user: { email, name: "Олег", lastName: "Морозов" }, is_invited: 1 }, token: owner.token });
    expect(ok.status, ok.text).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("Оценка бизнеса для банка");
    const hash = decodeURIComponent(/\/rate-user\?hash=([^\s"&<]+)/.exec(mail!.text)![1]!);
    const data = await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`);
    expect(data.body.services).toEqual([expect.objectContaining({ service_name: "Оценка бизнеса для банка" })]);
    const rated = await api("/api/user/rate", { json: { hash, rating: 4, comment: "Хорошая модель" } });
    expect(rated.status, rated.text).toBe(200);
    expect((await api(`/api/service/${svc.id}`, { token: owner.token })).body).toMatchObject({ rating: 4, rating_count: 1 });
  });

  it("names a service to others as last approved: an edit waiting in moderation, or rejected, reaches no response, rating or rating link; a link to a service not active rates nothing", async () => {
    const op = await signIn(await createOperator());
    const owner = await createSignedInUser();
    const customer = await createSignedInUser();
    const approved = "Оценка бизнеса для банка";
    const advert = "Пишите мне в телеграм @volkov";
    const svc = await createServiceFor(owner, "individual", { name: approved }, "active");
    const ask = async () => {
      const email = `rater-${crypto.randomUUID().slice(0, 8)}@example.ru`;
      expect((await api("/api/user/invite-rate", { json: { type: "service", service_id: svc.id, invite_rate_user: { email, name: "Олег", lastName: "Морозов" }, is_invited: 1 }, token: owner.token })).status).toBe(201);
      const [mail] = await mailsTo(email);
      return decodeURIComponent(/\/rate-user\?hash=([^\s"&<]+)/.exec(mail!.text)![1]!);
    };
    expect((await api("/api/user/rate", { json: { hash: await ask(), rating: 4, comment: "Хорошая модель" } })).status).toBe(200);
    const waiting = await ask();
    const [request] = await rows<{ id: number }>("select id from rate_requests where service_id = ? and status = 'sent'", svc.id);
    const { demandId } = await activeProject(customer, [{ expert: owner, services: [svc.id] }]);
    // What others read of the service: the customer's comparison and ratings, the public profile, the link.
    const seen = async () => [
      JSON.stringify((await api(`/api/demand/${demandId}/manage`, { token: customer.token })).body.responds[0].services),
      JSON.stringify((await api(`/api/demand/${demandId}/finishing`, { token: customer.token })).body.responds[0].services),
      (await api(`/profile/${owner.id}`, { cookie: `session=${customer.token}` })).text,
    ];
    for (const text of await seen()) expect(text).toContain(approved);
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(waiting)}`)).body.services).toEqual([expect.objectContaining({ service_name: approved })]);

    const edited = await save(owner.token, servicePayload("individual", { name: advert }), svc.id);
    expect(edited.body.status).toBe("moderation");
    for (const text of await seen()) {
      expect(text).toContain(approved);
      expect(text).not.toContain(advert);
    }
    // The link waits with its service: nothing is rated, listed or reminded of meanwhile.
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(waiting)}`)).status).toBe(422);
    expect((await api("/api/user/rate", { json: { hash: waiting, rating: 5, comment: "Ещё" } })).status).toBe(422);
    expect((await api("/api/user/remind-to-rate", { token: owner.token, json: { id: request!.id } })).status).toBe(422);
    expect(await count("select count(*) as n from ratings where service_id = ?", svc.id)).toBe(1);

    const reject = await api("/api/admin/moderation", { token: op, json: { kind: "services", id: svc.id, decision: "reject", reason: "Контакты в названии" } });
    expect(reject.status, reject.text).toBe(200);
    for (const text of await seen()) expect(text).not.toContain(advert);

    const fixed = "Оценка бизнеса для кредита";
    expect((await save(owner.token, servicePayload("individual", { name: fixed }), svc.id)).body.status).toBe("moderation");
    const approve = await api("/api/admin/moderation", { token: op, json: { kind: "services", id: svc.id, decision: "approve" } });
    expect(approve.status, approve.text).toBe(200);
    for (const text of await seen()) expect(text).toContain(fixed);
    // Approved again, the waiting link rates it; deleted, it rates nothing.
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(waiting)}`)).body.services).toEqual([expect.objectContaining({ service_name: fixed })]);
    const again = await ask();
    expect((await api(`/api/service/${svc.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await api("/api/user/rate", { json: { hash: again, rating: 5, comment: "Ещё" } })).status).toBe(422);
    expect(await count("select count(*) as n from ratings where service_id = ?", svc.id)).toBe(1);
    // A row with no approved name (one edited before the column existed) shows a dash unless active.
    await rows("update services set approved_name = null, status = 'rejected', name = ? where id = ?", advert, svc.id);
    for (const text of (await seen()).slice(0, 2)) {
      expect(text).toContain('"name":"—"');
      expect(text).not.toContain(advert);
    }
  });

  it("takes the service form's rate_user as the person asked (spec 2 §3), as rater_user_id", async () => {
    const owner = await createSignedInUser();
    const rater = await createSignedInUser();
    const svc = await createServiceFor(owner, "individual", {}, "active");
    const res = await api("/api/user/invite-rate", { json: { type: "service", service_id: svc.id, rate_user: rater.id }, token: owner.token });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select i.rater_user_id from rate_requests r join rate_invitations i on i.id = r.invitation_id where r.service_id = ?", svc.id)).toEqual([{ rater_user_id: rater.id }]);
  });

  it("refuses someone else's service, and one's own that is not active", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const waiting = await createServiceFor(owner);
    const theirs = await createServiceFor(stranger, "individual", {}, "active");
    const item = (service_id: number) => ({ type: "service", service_id, invite_rate_user: { email: `rater-${crypto.randomUUID().slice(0, 8)}@example.ru`, name: "Олег", lastName: "Морозов" }, is_invited: 1 });
    for (const id of [theirs.id, waiting.id]) expectFieldError(await api("/api/user/invite-rate", { json: item(id), token: owner.token }), "service_id", "Оценить можно только свою активную услугу");
  });
});
