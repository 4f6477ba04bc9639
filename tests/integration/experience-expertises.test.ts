import { beforeAll, describe, expect, it } from "vitest";
import { ratings } from "../../db/schema/reputation";
import { expertiseKey, userRaterKey } from "~/domain/reputation/keys";
import { api, expectFieldError } from "../helpers/api";
import { count, db, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, signIn } from "../helpers/factories";
import { file, newMarker, pdfBytes, textBytes } from "../helpers/files";
import { bucketKeys, objectsWithMarker } from "../helpers/storage";

beforeAll(() => ensureReference());

// Competence tree of db/seed/reference-data.ts: 1 Финансы > 2 Корпоративные финансы > 3, 4, 5 (leaves).
const year = new Date().getUTCFullYear();

const snapshot = async () => ({
  mine: await rows("select * from user_expertises order by id"),
  expertises: await count("select count(*) n from expertises"),
  confirmations: await rows("select * from expertise_confirmations order by id"),
  institutions: await rows("select * from user_institutions order by id"),
  files: await count("select count(*) n from files"),
});

async function addExpertises(token: string, items: number[], newItems: string[] = [], lang?: "ru" | "en") {
  return api("/api/user/profile/expertises", { token, lang, json: { expertises: { items: items.map((expertise_id) => ({ expertise_id })), new_items: newItems.map((name) => ({ name })) } } });
}

describe("GET /api/expertises", () => {
  it("sends the tree as expertises_tree, the caller's competences checked and disabled", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const res = await api("/api/expertises", { token: me.token });
    const finance = res.body.expertises_tree.find((e: { id: number }) => e.id === 1);
    expect(finance).toMatchObject({ name: "Финансы", parent_id: null, status: "active" });
    const leaf = finance.children[0].children.find((e: { id: number }) => e.id === 3);
    expect(leaf).toMatchObject({ name: "Финансовое моделирование", checked: true, disabled: true, children: [] });
    expect(finance.children[0].children.find((e: { id: number }) => e.id === 4)).toMatchObject({ checked: false, disabled: false });
  });
});

describe("POST /api/user/profile/expertises", () => {
  it("adds leaves of the tree and proposes a new competence in moderation", async () => {
    const me = await createSignedInUser();
    const name = `Компетенция ${crypto.randomUUID().slice(0, 6)}`;
    const res = await addExpertises(me.token, [3, 4], [name]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.expertises.map((e: { name: string; status: string }) => [e.name, e.status])).toEqual([
      ["Финансовое моделирование", "active"],
      ["Оценка бизнеса", "active"],
      [name, "moderation"],
    ]);
    // Adding again keeps one row per competence.
    await addExpertises(me.token, [3], [name]);
    expect(await count("select count(*) n from user_expertises where user_id = ?", me.id)).toBe(3);
    expect(await count("select count(*) n from expertises where name = ?", name)).toBe(1);
    // The new one shows in its author's tree only, and others' read-only view of the profile leaves it out.
    const other = await createSignedInUser();
    expect(JSON.stringify((await api("/api/expertises", { token: other.token })).body)).not.toContain(name);
    expect(JSON.stringify((await api("/api/expertises", { token: me.token })).body)).toContain(name);
  });

  it("reuses a leaf of the same name whatever its case, and never links a group by its name", async () => {
    const me = await createSignedInUser();
    const res = await addExpertises(me.token, [], ["ФИНАНСОВОЕ  моделирование", "Финансы"]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.expertises.map((e: { expertise_id: number; name: string; status: string }) => [e.expertise_id === 3, e.name, e.status])).toEqual([
      [true, "Финансовое моделирование", "active"],
      [false, "Финансы", "moderation"],
    ]);
  });

  it("refuses a group (an item with children) or an unknown id, and an empty save, writing nothing", async () => {
    const me = await createSignedInUser();
    const before = await snapshot();
    expectFieldError(await addExpertises(me.token, [2]), "expertises.items", "Выберите компетенцию из справочника");
    expectFieldError(await addExpertises(me.token, [999_999]), "expertises.items", "Выберите компетенцию из справочника");
    // The most a save may name (100 ids: over D1's 100 parameters a statement with the visibility's own) is a
    // 422, never a 500.
    expectFieldError(await addExpertises(me.token, Array.from({ length: 100 }, (_, i) => 900_000 + i)), "expertises.items", "Выберите компетенцию из справочника");
    expectFieldError(await addExpertises(me.token, []), "expertises", "Выберите компетенцию");
    expectFieldError(await addExpertises(me.token, [], ["x"], "en"), "expertises.new_items.0.name", "A competence name is 2 to 100 characters long");
    expect((await api("/api/user/profile/expertises", { json: { expertises: { items: [{ expertise_id: 3 }] } } })).status).toBe(401);
    expect((await api("/api/institutions?name=вшэ")).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/user/profile/expertises: at most 100 competences", () => {
  /** Gives `userId` `n` competences of their own, rejected proposals (no tree or queue of others sees them). */
  async function holdMany(userId: number, n: number) {
    const tag = `Отклонённая ${crypto.randomUUID().slice(0, 8)}`;
    await rows(`insert into expertises (name, status, created_by) select ? || ' ' || value, 'rejected', ? from json_each(?)`, tag, userId, JSON.stringify(Array.from({ length: n }, (_, i) => i)));
    await rows(`insert into user_expertises (user_id, expertise_id) select ?, id from expertises where created_by = ? and name like ? || ' %'`, userId, userId, tag);
  }

  it("counts what a save adds: typed names of competences held or chosen in the same save add nothing", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    await holdMany(me.id, 98);
    // 99 held: the 100th may be added, even when the save also types the names of held and chosen ones.
    const res = await addExpertises(me.token, [4], ["финансовое моделирование", "Оценка  бизнеса"]);
    expect(res.status, res.text).toBe(200);
    expect(await count("select count(*) n from user_expertises where user_id = ?", me.id)).toBe(100);
    // The 101st is refused, and nothing is proposed.
    const name = `Компетенция ${crypto.randomUUID().slice(0, 6)}`;
    expectFieldError(await addExpertises(me.token, [], [name]), "expertises", "Превышен лимит компетенций");
    expect(await count("select count(*) n from expertises where name = ?", name)).toBe(0);
  });

  it("refuses a save whose competences would pass 100 with another save that landed since it read the profile", async () => {
    const me = await createSignedInUser();
    await holdMany(me.id, 98);
    const name = `Компетенция ${crypto.randomUUID().slice(0, 6)}`;
    // The other save lands between this one's read and its batch: when this one counts its proposals.
    const other = `insert or ignore into user_expertises (user_id, expertise_id) values (${me.id}, 5)`;
    const when = `when new.key like 'proposals_user:${me.id}:%'`;
    await rows(`create trigger other_save_i_${me.id} after insert on rate_limits ${when} begin ${other}; end`);
    await rows(`create trigger other_save_u_${me.id} after update on rate_limits ${when} begin ${other}; end`);
    try {
      // 98 + these 2 fit alone; with the other save's one, 101.
      expectFieldError(await addExpertises(me.token, [4], [name]), "expertises", "Превышен лимит компетенций");
    } finally {
      await rows(`drop trigger other_save_i_${me.id}`);
      await rows(`drop trigger other_save_u_${me.id}`);
    }
    expect(await count("select count(*) n from user_expertises where user_id = ?", me.id)).toBe(99);
    expect(await count("select count(*) n from user_expertises where user_id = ? and expertise_id = 4", me.id)).toBe(0);
    expect(await count("select count(*) n from expertises where name = ?", name)).toBe(0);
  });
});

describe("GET /api/user/profile/expertises", () => {
  it("lists competences with their ratings from the ratings table and confirmations", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3, 4]);
    const a = await createUser();
    const b = await createUser();
    await db().insert(ratings).values([
      { ratedUserId: me.id, type: "expertise", subjectKey: expertiseKey(3), expertiseId: 3, raterKey: userRaterKey(a.id), raterUserId: a.id, rating: 5 },
      { ratedUserId: me.id, type: "expertise", subjectKey: expertiseKey(3), expertiseId: 3, raterKey: userRaterKey(b.id), raterUserId: b.id, rating: 4 },
    ]);
    const res = await api("/api/user/profile/expertises", { token: me.token });
    expect(res.body[0]).toMatchObject({ expertise_id: 3, name: "Финансовое моделирование", rating: 4.5, rating_count: 2, status: "active", confirmations: [] });
    expect(res.body[1]).toMatchObject({ expertise_id: 4, rating: 0, rating_count: 0 });
    expect((await api("/api/user/profile/expertises")).status).toBe(401);
  });
});

describe("DELETE /api/user/profile/expertises/{expertise_id}", () => {
  it("deletes the owner's competence with its confirmations; nobody else can", async () => {
    const owner = await createSignedInUser();
    await addExpertises(owner.token, [3, 4]);
    await api("/api/user/profile/expertises/confirm", { token: owner.token, json: { confirm_type: "institution", expertise_id: 3, institution_id: 2, study_finish: `${year - 10}-01-01` } });
    const other = await createSignedInUser();
    const before = await snapshot();
    expect((await api("/api/user/profile/expertises/3", { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await api("/api/user/profile/expertises/3", { method: "DELETE" })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await api("/api/user/profile/expertises/3", { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await api("/api/user/profile/expertises", { token: owner.token })).body.map((e: { expertise_id: number }) => e.expertise_id)).toEqual([4]);
    expect(await count("select count(*) n from expertise_confirmations where user_id = ? and expertise_id = 3", owner.id)).toBe(0);
    // The place of study the confirmation made goes with it: nothing else could remove it.
    expect(await count("select count(*) n from user_institutions where user_id = ?", owner.id)).toBe(0);
  });

  it("an operator's rejection of a proposed competence removes its confirmations' files, objects and places of study", async () => {
    const owner = await createSignedInUser();
    const operator = await signIn(await createOperator());
    const name = `Компетенция на проверке ${newMarker()}`;
    expect((await addExpertises(owner.token, [], [name])).status).toBe(200);
    const [proposed] = await rows<{ id: number }>("select id from expertises where name = ?", name);
    const marker = newMarker();
    const keys = await bucketKeys();
    const byFile = await api("/api/user/profile/expertises/confirm", { token: owner.token, form: { confirm_type: "publication", expertise_id: String(proposed!.id), description: "Диплом", publication_file: [file(pdfBytes(marker), "diploma.pdf", "application/pdf")] } });
    expect(byFile.status, byFile.text).toBe(201);
    const byPlace = await api("/api/user/profile/expertises/confirm", { token: owner.token, json: { confirm_type: "institution", expertise_id: proposed!.id, institution_id: 2, study_finish: `${year - 10}-01-01` } });
    expect(byPlace.status, byPlace.text).toBe(201);
    expect(await objectsWithMarker(keys, marker)).toHaveLength(1);

    const rejected = await api("/api/admin/moderation", { token: operator, json: { kind: "expertises", id: proposed!.id, decision: "reject", reason: "Не компетенция" } });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await count("select count(*) n from expertise_confirmations where user_id = ?", owner.id)).toBe(0);
    expect(await count("select count(*) n from files where owner_user_id = ?", owner.id)).toBe(0);
    expect(await count("select count(*) n from user_institutions where user_id = ?", owner.id)).toBe(0);
    expect(await objectsWithMarker(keys, marker)).toHaveLength(0);
  });
});

describe("DELETE /api/user/profile/expertises/{expertise_id} with many files", () => {
  it("deletes a competence whose confirmations hold more files than D1's 100 parameters a statement", async () => {
    const owner = await createSignedInUser();
    await addExpertises(owner.token, [5]);
    // 21 confirmations of 5 files each, as 21 confirm calls would leave them (written directly: no objects needed).
    for (let c = 0; c < 21; c++) {
      const [conf] = await rows<{ id: number }>("insert into expertise_confirmations (user_id, expertise_id, confirm_type, link) values (?, 5, 'publication', 'https://example.com') returning id", owner.id);
      for (let f = 0; f < 5; f++) {
        const [file] = await rows<{ id: number }>("insert into files (owner_user_id, kind, key, name, mime, size) values (?, 'confirmation', ?, 'a.pdf', 'application/pdf', 1) returning id", owner.id, `confirmation/${owner.id}/many-${c}-${f}-${Math.random()}.pdf`);
        await rows("insert into confirmation_files (confirmation_id, file_id) values (?, ?)", conf!.id, file!.id);
      }
    }
    const res = await api("/api/user/profile/expertises/5", { method: "DELETE", token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(await count("select count(*) n from files where owner_user_id = ? and kind = 'confirmation'", owner.id)).toBe(0);
    expect(await count("select count(*) n from expertise_confirmations where user_id = ?", owner.id)).toBe(0);
  });
});

describe("POST /api/user/profile/expertises/confirm against a delete", () => {
  it("leaves nothing when the competence is deleted while it is confirmed: no confirmation, place of study or file", async () => {
    const owner = await createSignedInUser();
    await addExpertises(owner.token, [4]);
    // The delete lands between the confirmation's read and its write: a trigger makes it, inside the write.
    const trigger = `delete_during_confirm_${owner.id}`;
    await rows(`create trigger ${trigger} before insert on expertise_confirmations when new.user_id = ${owner.id} begin delete from user_expertises where user_id = ${owner.id} and expertise_id = 4; end`);
    const before = await snapshot();
    try {
      const res = await api("/api/user/profile/expertises/confirm", { token: owner.token, json: { confirm_type: "institution", expertise_id: 4, institution_id: 2, study_finish: `${year - 10}-01-01` } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } finally {
      await rows(`drop trigger ${trigger}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/user/profile/expertises/confirm", () => {
  it("confirms by an institution (the year sent as YYYY-01-01), lists it, and deletes it by the institution call", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "institution", expertise_id: 3, institution_id: 2, study_finish: `${year - 5}-01-01` } });
    expect(res.status, res.text).toBe(201);
    const [c] = res.body.expertises[0].confirmations;
    expect(c).toMatchObject({ type: "institution", name: `НИУ ВШЭ, ${year - 5}`, study_finish: `${year - 5}-01-01` });
    const other = await createSignedInUser();
    const before = await snapshot();
    expect((await api(`/api/user/profile/institutions/${c.institution_id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await api(`/api/user/profile/institutions/${c.institution_id}`, { method: "DELETE" })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await api(`/api/user/profile/institutions/${c.institution_id}`, { method: "DELETE", token: me.token })).status).toBe(200);
    expect((await api("/api/user/profile/expertises", { token: me.token })).body[0].confirmations).toEqual([]);
  });

  it("takes a new institution into moderation, searchable by its author only", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const name = `Школа ${crypto.randomUUID().slice(0, 6)}`;
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "institution", expertise_id: 3, new_institution: name, study_finish: String(year) } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.expertises[0].confirmations[0]).toMatchObject({ name: `${name}, ${year}`, status: "moderation" });
    expect((await api(`/api/institutions?name=${encodeURIComponent(name)}`, { token: me.token })).body).toEqual([expect.objectContaining({ name, status: "moderation" })]);
    const other = await createSignedInUser();
    expect((await api(`/api/institutions?name=${encodeURIComponent(name)}`, { token: other.token })).body).toEqual([]);
    expect((await api(`/api/institutions?name=${encodeURIComponent("вшэ")}`, { token: other.token })).body).toContainEqual({ id: 2, name: "НИУ ВШЭ", status: "active" });
  });

  it.each([
    ["no place of study", { study_finish: `${year}-01-01` }, "institution_id", "Место обучения обязателено для заполнения"],
    ["a year too early", { institution_id: 2, study_finish: `${year - 51}-01-01` }, "study_finish", `Ведите год в диапазоне он ${year - 50} до ${year + 5}`],
    ["a year too late", { institution_id: 2, study_finish: `${year + 6}-01-01` }, "study_finish", `Ведите год в диапазоне он ${year - 50} до ${year + 5}`],
    ["no year", { institution_id: 2 }, "study_finish", `Ведите год в диапазоне он ${year - 50} до ${year + 5}`],
  ])("refuses an institution confirmation with %s", async (_case, over, field, message) => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const before = await snapshot();
    expectFieldError(await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "institution", expertise_id: 3, ...over } }), field, message);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["no link and no file", { description: "Статья" }, "link", "Поле обязательно для заполнения"],
    ["a bad link", { link: "not a link", description: "Статья" }, "link", "Введите корректную ссылку"],
    // The publication link's rule (cases): a host with a domain.
    ["a link without a domain", { link: "http://localhost", description: "Статья" }, "link", "Введите корректную ссылку"],
    ["no title", { link: "https://example.ru/article" }, "description", "Поле обязательно для заполнения"],
    ["a title over 200", { link: "https://example.ru/article", description: "я".repeat(201) }, "description", "Максимальная длина - 200 символов"],
  ])("refuses a publication confirmation with %s", async (_case, over, field, message) => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const before = await snapshot();
    expectFieldError(await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "publication", expertise_id: 3, ...over } }), field, message);
    expect(await snapshot()).toEqual(before);
  });

  it("answers the year message in English with the range", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, lang: "en", json: { confirm_type: "institution", expertise_id: 3, institution_id: 2, study_finish: "1900" } });
    expectFieldError(res, "study_finish", `Enter a year from ${year - 50} to ${year + 5}`);
  });

  it("confirms by a link", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "publication", expertise_id: 3, link: "https://example.ru/article", description: "Статья о моделях" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.expertises[0].confirmations[0]).toMatchObject({ type: "publication", name: "Статья о моделях", link: "https://example.ru/article" });
  });

  it("confirms by documents (multipart): files land in S3 and reach only the owner through a signed URL", async () => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const marker = newMarker();
    const keys = await bucketKeys();
    const res = await api("/api/user/profile/expertises/confirm", {
      token: me.token,
      form: { confirm_type: "publication", expertise_id: "3", description: "Диплом", publication_file: [file(pdfBytes(marker), "diploma.pdf", "application/pdf"), file(pdfBytes(marker), "cert.pdf", "application/pdf")] },
    });
    expect(res.status, res.text).toBe(201);
    const conf = res.body.expertises[0].confirmations[0];
    expect(conf.files.map((f: { name: string }) => f.name)).toEqual(["diploma.pdf", "cert.pdf"]);
    expect(await objectsWithMarker(keys, marker)).toHaveLength(2);
    const own = await api(conf.files[0].url, { token: me.token });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toMatch(/X-Amz-Signature=/);
    const other = await createSignedInUser();
    expect((await api(conf.files[0].url, { token: other.token })).status).toBe(404);
    // Deleting the competence removes the rows and the objects.
    await api("/api/user/profile/expertises/3", { method: "DELETE", token: me.token });
    expect(await objectsWithMarker(keys, marker)).toHaveLength(0);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
  });

  it.each([
    ["a wrong type (checked by content)", () => [file(textBytes("x"), "fake.pdf", "application/pdf")], "Неверный тип файла"],
    ["more than 5 files", () => Array.from({ length: 6 }, (_, i) => file(pdfBytes("x"), `f${i}.pdf`, "application/pdf")), "Добавьте не более 5 файлов"],
  ])("refuses %s and stores nothing", async (_case, files, message) => {
    const me = await createSignedInUser();
    await addExpertises(me.token, [3]);
    const keys = await bucketKeys();
    const before = await snapshot();
    expectFieldError(await api("/api/user/profile/expertises/confirm", { token: me.token, form: { confirm_type: "publication", expertise_id: "3", description: "Документ", publication_file: files() } }), "publication_file", message);
    expect(await snapshot()).toEqual(before);
    expect((await bucketKeys()).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it("refuses confirming a competence the user does not have (404) and a guest (401)", async () => {
    const me = await createSignedInUser();
    const before = await snapshot();
    expect((await api("/api/user/profile/expertises/confirm", { token: me.token, json: { confirm_type: "publication", expertise_id: 3, link: "https://example.ru", description: "x" } })).status).toBe(404);
    expect((await api("/api/user/profile/expertises/confirm", { json: { confirm_type: "publication", expertise_id: 3, link: "https://example.ru", description: "x" } })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe("profileExperience (the work, abilities and expertises of GET /api/user and /api/user/{id})", () => {
  it("reads everything in one D1 batch, and leaves out competences in moderation when read-only", async () => {
    const { env } = await import("cloudflare:test");
    const { createDb } = await import("../../db/client");
    const { countingD1 } = await import("~/server/d1-counter.server");
    const { speculativeD1 } = await import("~/server/speculation.server");
    const { profileExperience } = await import("~/domain/experience/profile.server");
    const me = await createSignedInUser();
    await addExpertises(me.token, [3], ["Своя компетенция"]);
    await api("/api/user/profile/works", { token: me.token, json: { works: [{ company_id: 1, work_start: "2015-01-01", work_finish: null, workareas: [{ industry_id: 1, option_id: 106, role_id: 3 }] }] } });
    const queries = { n: 0, statements: 0 };
    const d1 = countingD1(env.DB, queries);
    const ctx = { db: createDb(d1), d1, d1Binding: env.DB, speculation: speculativeD1(d1).speculation, lang: "ru", now: () => new Date() } as unknown as Parameters<typeof profileExperience>[0];
    const own = await profileExperience(ctx, me.id, { readOnly: false });
    expect(queries.n).toBe(1);
    expect(own.work).toHaveLength(1);
    expect(own.abilities.map((g) => g.name)).toEqual(["Бюджетирование"]);
    expect(own.expertises.map((e) => e.name)).toEqual(["Финансовое моделирование", "Своя компетенция"]);
    const seen = await profileExperience(ctx, me.id, { readOnly: true });
    expect(seen.expertises.map((e) => e.name)).toEqual(["Финансовое моделирование"]);
  });
});
