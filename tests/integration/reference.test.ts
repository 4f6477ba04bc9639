import { beforeAll, describe, expect, it } from "vitest";
import { faqGroups, footerPopupUrl, footerSocialServices, supportInfo } from "../../db/seed/content-data";
import { industries as seedIndustries, options as seedOptions, workTypes as seedWorkTypes } from "../../db/seed/reference-data";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, withinOneWindow, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows, whileAuditFails } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";

beforeAll(() => ensureReference());

type Named = { id: number; name: string };
type Option = Named & { parent_id: number | null; status: string };

describe("GET /api/industries", () => {
  it("lists every industry with its Russian name, in the seed's order", async () => {
    const res = await api<Named[]>("/api/industries");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(seedIndustries.map((i) => ({ id: i.id, name: i.name })));
  });

  it("gives the English names under Content-Language: en", async () => {
    const res = await api<Named[]>("/api/industries", { lang: "en" });
    expect(res.body).toEqual(seedIndustries.map((i) => ({ id: i.id, name: i.nameEn })));
    expect(res.headers.get("Content-Language")).toBe("en");
  });

  it("GET /api/industries/{id} gives one industry", async () => {
    const ind = seedIndustries[2]!;
    expect((await api(`/api/industries/${ind.id}`)).body).toEqual({ id: ind.id, name: ind.name });
    expect((await api(`/api/industries/${ind.id}`, { lang: "en" })).body).toEqual({ id: ind.id, name: ind.nameEn });
  });

  it.each([["999999"], ["abc"], ["-1"], ["1.5"], ["0"], ["99999999999999999999"]])("answers 404 {message} for the id %s", async (id) => {
    const res = await api(`/api/industries/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Не найдено" });
  });
});

describe("GET /api/options", () => {
  it("gives the function tree: main functions (parent_id null) first, then sub-functions under their parent", async () => {
    const res = await api<Option[]>("/api/options");
    expect(res.status).toBe(200);
    const mains = res.body.filter((o) => o.parent_id === null);
    expect(mains.map((o) => o.id).sort((a, b) => a - b)).toEqual(seedOptions.map((o) => o.id).sort((a, b) => a - b));
    const firstSub = res.body.findIndex((o) => o.parent_id !== null);
    expect(res.body.slice(firstSub).every((o) => o.parent_id !== null)).toBe(true);
    for (const main of seedOptions) {
      const children = res.body.filter((o) => o.parent_id === main.id).map((o) => o.name).sort();
      expect(children).toEqual(main.children.map((c) => c.name).sort());
    }
    expect(res.body.every((o) => o.status === "active")).toBe(true);
  });

  it("finds functions by name", async () => {
    const child = seedOptions[0]!.children[0]!;
    const res = await api<Option[]>(`/api/options?search=${encodeURIComponent(child.name)}`);
    expect(res.body.map((o) => o.id)).toContain(child.id);
    expect(res.body.every((o) => o.name.toLowerCase().includes(child.name.toLowerCase()))).toBe(true);
  });

  it("finds Russian names whatever the case of the search", async () => {
    const child = seedOptions[0]!.children[0]!;
    for (const search of [child.name.toLocaleLowerCase("ru"), child.name.toLocaleUpperCase("ru")]) {
      const res = await api<Option[]>(`/api/options?search=${encodeURIComponent(search)}`);
      expect(res.body.map((o) => o.id), search).toContain(child.id);
    }
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect((await api<Option[]>("/api/options?search=%25")).body).toEqual([]);
    expect((await api<Option[]>("/api/options?search=_")).body).toEqual([]);
  });

  it("refuses a search longer than 100 characters with 422", async () => {
    expectFieldError(await api(`/api/options?search=${"а".repeat(101)}`), "search", "Слишком длинный запрос");
  });
});

describe("POST /api/options", () => {
  it("is refused to a guest with 401 and writes nothing", async () => {
    const before = await count("select count(*) as n from options");
    const res = await api("/api/options", { json: { name: "Гостевая функция" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Требуется авторизация" });
    expect(await count("select count(*) as n from options")).toBe(before);
  });

  it("creates a function in moderation (201 with its id), visible to its author only", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/options", { json: { name: "Углеродный аудит" }, token: user.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: "moderation" });
    const [row] = await rows("select name, parent_id, status, created_by from options where id = ?", res.body.id);
    expect(row).toEqual({ name: "Углеродный аудит", parent_id: null, status: "moderation", created_by: user.id });

    const mine = await api<Option[]>("/api/options", { token: user.token });
    expect(mine.body).toContainEqual({ id: res.body.id, name: "Углеродный аудит", parent_id: null, status: "moderation" });
    const other = await createSignedInUser();
    expect((await api<Option[]>("/api/options", { token: other.token })).body.some((o) => o.id === res.body.id)).toBe(false);
    expect((await api<Option[]>("/api/options")).body.some((o) => o.id === res.body.id)).toBe(false);
    expect(await count("select count(*) as n from audit_log where action = 'option.proposed' and target_id = ?", String(res.body.id))).toBe(1);
  });

  it("writes the new function and its audit row together: with the audit row refused, no function stays", async () => {
    const user = await createSignedInUser();
    const res = await whileAuditFails("option.proposed", () => api("/api/options", { json: { name: "Аудит без следа" }, token: user.token }));
    expect(res.status).toBe(500);
    expect(await count("select count(*) as n from options where name = 'Аудит без следа'")).toBe(0);
    const again = await api("/api/options", { json: { name: "Аудит без следа" }, token: user.token });
    expect(again.status).toBe(201);
    expect(await count("select count(*) as n from audit_log where action = 'option.proposed' and target_id = ?", String(again.body.id))).toBe(1);
  });

  it("creates a sub-function under a main function", async () => {
    const user = await createSignedInUser();
    const parent = seedOptions[1]!;
    const res = await api("/api/options", { json: { name: "Аудит цепочек поставок", parent_id: parent.id }, token: user.token });
    expect(res.status).toBe(201);
    const [row] = await rows("select parent_id from options where id = ?", res.body.id);
    expect(row).toEqual({ parent_id: parent.id });
  });

  it("returns the same id for the same name, whatever its case, and creates no duplicate", async () => {
    const user = await createSignedInUser();
    const first = await api("/api/options", { json: { name: "Налоговый due diligence" }, token: user.token });
    const second = await api("/api/options", { json: { name: "  НАЛОГОВЫЙ DUE DILIGENCE " }, token: user.token });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(await count("select count(*) as n from options where lower(name) = lower(?)", "Налоговый due diligence")).toBe(1);
  });

  it("returns the existing active function's id when the name is already in the tree", async () => {
    const user = await createSignedInUser();
    const existing = seedOptions[0]!;
    const res = await api("/api/options", { json: { name: existing.name }, token: user.token });
    expect(res.body).toEqual({ id: existing.id, status: "active" });
  });

  it.each([
    ["a missing name", {}, "name"],
    ["a one-letter name", { name: "А" }, "name"],
    ["a 101-character name", { name: "Ф".repeat(101) }, "name"],
    ["a name that is a number", { name: 12345 }, "name"],
  ])("refuses %s with 'Название функции — от 2 до 100 символов'", async (_case, payload, field) => {
    const user = await createSignedInUser();
    const before = await count("select count(*) as n from options");
    expectFieldError(await api("/api/options", { json: payload, token: user.token }), field, "Название функции — от 2 до 100 символов");
    expect(await count("select count(*) as n from options")).toBe(before);
  });

  it("refuses a parent that is a sub-function or does not exist ('Выберите основную функцию')", async () => {
    const user = await createSignedInUser();
    const sub = seedOptions[0]!.children[0]!;
    expectFieldError(await api("/api/options", { json: { name: "Внучатая функция", parent_id: sub.id }, token: user.token }), "parent_id", "Выберите основную функцию");
    expectFieldError(await api("/api/options", { json: { name: "Сиротская функция", parent_id: 999999 }, token: user.token }), "parent_id", "Выберите основную функцию");
  });

  it(`answers 429 after ${RATE_LIMITS.options_user.limit} proposals from one user`, () =>
    withinOneWindow(RATE_LIMITS.options_user.window, async () => {
      const user = await createSignedInUser();
      for (let i = 0; i < RATE_LIMITS.options_user.limit; i++) {
        expect((await api("/api/options", { json: { name: `Функция номер ${i}` }, token: user.token })).status).toBe(201);
      }
      const res = await api("/api/options", { json: { name: "Ещё одна функция" }, token: user.token });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }));
});

describe("GET /api/work_type", () => {
  it("lists the work types", async () => {
    const res = await api<Named[]>("/api/work_type");
    expect(res.body).toEqual(seedWorkTypes.map((w) => ({ id: w.id, name: w.name })));
    expect((await api<Named[]>("/api/work_type", { lang: "en" })).body).toEqual(seedWorkTypes.map((w) => ({ id: w.id, name: w.nameEn })));
  });

  it("searches by Russian or English name", async () => {
    const target = seedWorkTypes[1]!;
    const ru = await api<Named[]>(`/api/work_type?search=${encodeURIComponent(target.name.slice(0, 6))}`);
    expect(ru.body.map((w) => w.id)).toContain(target.id);
    expect(ru.body.length).toBeLessThan(seedWorkTypes.length);
    const en = await api<Named[]>(`/api/work_type?search=${encodeURIComponent(target.nameEn)}`);
    expect(en.body.map((w) => w.id)).toEqual([target.id]);
    expect((await api<Named[]>("/api/work_type?search=несуществующий")).body).toEqual([]);
    const lower = await api<Named[]>(`/api/work_type?search=${encodeURIComponent(target.name.toLocaleLowerCase("ru"))}`);
    expect(lower.body.map((w) => w.id)).toEqual([target.id]);
  });
});

describe("content", () => {
  it("GET /api/content/footer gives the social services and the popup url", async () => {
    const res = await api("/api/content/footer");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ socialServices: footerSocialServices, popupUrl: footerPopupUrl });
  });

  it("GET /api/content/support gives options.email, options.tel and socialServices", async () => {
    const res = await api("/api/content/support");
    expect(res.body).toEqual({ options: { email: supportInfo.email, tel: supportInfo.tel }, socialServices: supportInfo.socialServices });
    for (const s of res.body.socialServices) expect(Object.keys(s).sort()).toEqual(["code", "link", "name"]);
  });

  it("GET /api/questions gives the customer and expert sets, each a list of groups with groupName and questions", async () => {
    const res = await api("/api/questions");
    expect(Object.keys(res.body).sort()).toEqual(["customer", "expert"]);
    for (const audience of ["customer", "expert"] as const) {
      const expected = faqGroups.filter((g) => g.audience === audience);
      expect(res.body[audience]).toHaveLength(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      for (const [i, group] of expected.entries()) {
        const got = res.body[audience][i];
        expect(got.groupName).toBe(group.name);
        expect(got.questions.map((q: { question: string; answer: string }) => [q.question, q.answer])).toEqual(group.questions.map((q) => [q.question, q.answer]));
      }
    }
  });

  it("GET /api/questions speaks English under Content-Language: en", async () => {
    const res = await api("/api/questions", { lang: "en" });
    const first = faqGroups.find((g) => g.audience === "expert")!;
    expect(res.body.expert[0].groupName).toBe(first.nameEn);
    expect(res.body.expert[0].questions[0].question).toBe(first.questions[0]!.questionEn);
  });
});
