import { beforeAll, describe, expect, it } from "vitest";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { docBytes, docxBytes, file, newMarker, pdfBytes, pngBytes, textBytes } from "../helpers/files";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";

const en = withServerTexts(enPage, enServer);

beforeAll(() => ensureReference());

const expert = () => createSignedInUser({ roles: ["customer", "executor"] });

const valid = (over: Record<string, unknown> = {}) => ({
  name: "Финансовая модель для ритейлера",
  task: "Построить модель денежных потоков на 5 лет",
  solution: "Собрал данные, построил сценарии",
  results: "Инвестор получил модель, сделка закрыта",
  links: "https://example.ru/case",
  ...over,
});

/** A snapshot of what a refused call must leave untouched. */
const snapshot = async (userId: number) => ({
  cases: await rows("select id, name, task, solution, results, links from cases where user_id = ? and deleted_at is null order by id", userId),
  files: await rows("select id, key from files where owner_user_id = ? order by id", userId),
  links: await rows("select case_id, file_id from case_attachments where case_id in (select id from cases where user_id = ?) order by file_id", userId),
});

async function createCase(token: string, over: Record<string, unknown> = {}) {
  const res = await api("/api/user/cases", { token, form: valid(over) });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("POST /api/user/cases", () => {
  it("creates a case with two attachments: rows in one batch, objects in S3, read through signed URLs", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const body = await createCase(me.token, {
      attachments: [{ file: file(pdfBytes(marker), "Отчёт по проекту.pdf", "application/pdf") }, { file: file(pngBytes(marker), "схема.png", "image/png") }],
    });
    expect(body).toMatchObject({ user_id: me.id, name: "Финансовая модель для ритейлера", links: "https://example.ru/case" });
    expect(body.attachments.map((a: { name: string }) => a.name)).toEqual(["Отчёт по проекту.pdf", "схема.png"]);
    const keys = await objectsWithMarker(before, marker);
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.startsWith(`users/${me.id}/case/`))).toBe(true);
    expect(await count("select count(*) n from files where owner_user_id = ? and kind = 'case'", me.id)).toBe(2);

    // The owner and any signed-in viewer download through a short-lived signed URL; a guest cannot.
    const viewer = await createSignedInUser();
    for (const token of [me.token, viewer.token]) {
      const res = await api(body.attachments[0].url, { token });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("Location")!);
      expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
      expect(new TextDecoder("latin1").decode(await (await fetch(location)).arrayBuffer())).toContain(marker);
    }
    expect((await api(body.attachments[0].url)).status).toBe(401);
  });

  it("edits a case: keeps one attachment, removes the other (row and object), adds a new one", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const created = await createCase(me.token, {
      attachments: [{ file: file(pdfBytes(marker), "a.pdf") }, { file: file(docxBytes(marker), "b.docx") }],
    });
    const [keep, drop] = created.attachments;
    const [dropRow] = await rows<{ key: string }>("select key from files where id = ?", drop.id);
    const res = await api("/api/user/cases", {
      token: me.token,
      form: valid({ id: created.id, name: "Новое название", attachments: [{ id: keep.id }, { file: file(docBytes(marker), "c.doc") }] }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(created.id);
    expect(res.body.name).toBe("Новое название");
    expect(res.body.attachments.map((a: { name: string }) => a.name)).toEqual(["a.pdf", "c.doc"]);
    expect(await storage().exists(dropRow!.key)).toBe(false);
    expect(await count("select count(*) n from files where id = ?", drop.id)).toBe(0);
    expect(await objectsWithMarker(before, marker)).toHaveLength(2);
  });

  it.each([
    ["name", { name: "" }, "Название проекта обязательно для заполнения"],
    ["name", { name: "а".repeat(201) }, "Максимальное количество символов 200"],
    ["task", { task: "  " }, "Задача обязательна для заполнения"],
    ["task", { task: "а".repeat(2001) }, "Максимальное количество символов 2000"],
    ["solution", { solution: "" }, "Обязательно для заполнения"],
    ["solution", { solution: "а".repeat(2001) }, "Максимальное количество символов 2000"],
    ["results", { results: undefined }, "Результаты обязательны для заполнения"],
    ["results", { results: "а".repeat(2001) }, "Максимальное количество символов 2000"],
  ])("refuses a bad %s with the spec's message and writes nothing", async (field, over, message) => {
    const me = await expert();
    expectFieldError(await api("/api/user/cases", { token: me.token, form: valid(over) }), field, message);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(0);
  });

  it("writes nothing into a case deleted while it is edited: no file row, link or object stays", async () => {
    const me = await expert();
    const marker = newMarker();
    const created = await createCase(me.token);
    const before = await snapshot(me.id);
    const keys = await bucketKeys();
    // The delete lands between the edit's read and its write: a trigger makes it, inside the write.
    const trigger = `delete_during_edit_${created.id}`;
    await rows(`create trigger ${trigger} before insert on case_attachments when new.case_id = ${created.id} begin update cases set deleted_at = '2026-01-01T00:00:00.000Z' where id = ${created.id}; end`);
    try {
      const res = await api("/api/user/cases", { token: me.token, form: valid({ id: created.id, attachments: [{ file: file(pdfBytes(marker), "late.pdf") }] }) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } finally {
      await rows(`drop trigger ${trigger}`);
    }
    expect(await snapshot(me.id)).toEqual(before);
    expect(await objectsWithMarker(keys, marker)).toEqual([]);
  });

  it("accepts exactly 200 and 2000 characters", async () => {
    const me = await expert();
    await createCase(me.token, { name: "я".repeat(200), task: "я".repeat(2000), solution: "я".repeat(2000), results: "я".repeat(2000) });
  });

  it("refuses a wrong type (by content), more than 5 files and a file of 50 MB or more, storing nothing", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    // A text file named .pdf is not a PDF.
    expectFieldError(await api("/api/user/cases", { token: me.token, form: valid({ attachments: [{ file: file(textBytes(marker), "fake.pdf") }] }) }), "attachments", "Неверный тип файла");
    const six = Array.from({ length: 6 }, (_, i) => ({ file: file(pdfBytes(marker), `f${i}.pdf`) }));
    expectFieldError(await api("/api/user/cases", { token: me.token, form: valid({ attachments: six }) }), "attachments", "Добавьте не более 5 файлов");
    const big = new Uint8Array(52_428_800);
    big.set(pdfBytes(marker));
    expectFieldError(await api("/api/user/cases", { token: me.token, form: valid({ attachments: [{ file: file(big, "big.pdf") }] }) }), "attachments", "Максимальный размер файла - 50мб");
    expect(await objectsWithMarker(before, marker)).toEqual([]);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(0);
  });

  it("counts kept and new attachments together against the limit of 5", async () => {
    const me = await expert();
    const marker = newMarker();
    const created = await createCase(me.token, { attachments: Array.from({ length: 5 }, (_, i) => ({ file: file(pdfBytes(marker), `f${i}.pdf`) })) });
    const kept = created.attachments.map((a: { id: number }) => ({ id: a.id }));
    const res = await api("/api/user/cases", { token: me.token, form: valid({ id: created.id, attachments: [...kept, { file: file(pdfBytes(marker), "six.pdf") }] }) });
    expectFieldError(res, "attachments", "Добавьте не более 5 файлов");
  });

  it("answers in English under Content-Language: en", async () => {
    const me = await expert();
    const res = await api("/api/user/cases", { token: me.token, lang: "en", form: valid({ name: "" }) });
    expectFieldError(res, "name", en.cases.v.name_required);
    expect(res.body.message).toBe("The project name is required");
  });

  it("refuses to edit someone else's case (403), a missing one (404) and a guest (401), changing nothing", async () => {
    const owner = await expert();
    const marker = newMarker();
    const created = await createCase(owner.token, { attachments: [{ file: file(pdfBytes(marker), "a.pdf") }] });
    const state = await snapshot(owner.id);
    const other = await expert();
    expect((await api("/api/user/cases", { token: other.token, form: valid({ id: created.id, name: "Чужое" }) })).status).toBe(403);
    // Keeping another case's attachment is refused too.
    const mine = await createCase(other.token);
    expectFieldError(await api("/api/user/cases", { token: other.token, form: valid({ id: mine.id, attachments: [{ id: created.attachments[0].id }] }) }), "attachments", "Вложение не найдено");
    expect((await api("/api/user/cases", { token: other.token, form: valid({ id: 999999 }) })).status).toBe(404);
    expect((await api("/api/user/cases", { form: valid({ id: created.id }) })).status).toBe(401);
    expect(await snapshot(owner.id)).toEqual(state);
  });
});

describe("GET /api/user/cases, /by-user/{id}, /{id}", () => {
  it("lists one's own cases, newest first, and another person's for anyone signed in; guests get 401", async () => {
    const owner = await expert();
    const a = await createCase(owner.token, { name: "Первый" });
    const b = await createCase(owner.token, { name: "Второй" });
    const own = await api("/api/user/cases", { token: owner.token });
    expect(own.body.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    const viewer = await createSignedInUser();
    const theirs = await api(`/api/user/cases/by-user/${owner.id}`, { token: viewer.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((c: { name: string }) => c.name)).toEqual(["Второй", "Первый"]);
    expect((await api(`/api/user/cases/${a.id}`, { token: viewer.token })).body).toMatchObject({ id: a.id, name: "Первый", task: valid().task });
    expect((await api("/api/user/cases")).status).toBe(401);
    expect((await api(`/api/user/cases/by-user/${owner.id}`)).status).toBe(401);
    expect((await api(`/api/user/cases/${a.id}`)).status).toBe(401);
    expect((await api("/api/user/cases/by-user/999999", { token: viewer.token })).status).toBe(404);
    expect((await api("/api/user/cases/999999", { token: viewer.token })).status).toBe(404);
    expect((await api("/api/user/cases/abc", { token: viewer.token })).status).toBe(404);
  });

  it("reads the cases in a constant number of D1 queries, whatever their number", async () => {
    const owner = await expert();
    await createCase(owner.token, { attachments: [{ file: file(pdfBytes(newMarker()), "a.pdf") }] });
    await api("/api/user/cases", { token: owner.token }); // the isolate learns the session (decision 0043)
    const one = Number((await api("/api/user/cases", { token: owner.token })).headers.get("X-D1-Queries"));
    for (let i = 0; i < 9; i++) await createCase(owner.token, { attachments: [{ file: file(pdfBytes(newMarker()), "a.pdf") }] });
    const ten = Number((await api("/api/user/cases", { token: owner.token })).headers.get("X-D1-Queries"));
    expect(ten).toBe(one);
  });
});

describe("the profile page's cases, publications and resume", () => {
  it("cost one D1 round trip together, whatever their number", async () => {
    const me = await expert();
    // Rendered afresh each time (outside production): the cost of the render, not of the page cache's answer.
    const page = () => api("/profile/information", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } });
    await page();
    const before = await page();
    expect(before.status).toBe(200);
    for (let i = 0; i < 10; i++) await createCase(me.token, { name: `Кейс ${i}`, attachments: [{ file: file(pdfBytes(newMarker()), "a.pdf") }] });
    for (let i = 0; i < 3; i++) await api("/api/user/profile/publications", { token: me.token, form: { type: "link", link: `https://example.ru/${i}` } });
    await api("/api/user/resume", { token: me.token, form: { resume: file(pdfBytes(newMarker()), "cv.pdf") } });
    const after = await page();
    expect(after.text).toContain("Кейс 9");
    expect(after.text).toContain("https://example.ru/2");
    expect(after.headers.get("X-D1-Queries")).toBe(before.headers.get("X-D1-Queries"));
  });
});

describe("DELETE /api/user/cases/{id}", () => {
  it("deletes the owner's case with its attachments' rows and objects", async () => {
    const me = await expert();
    const marker = newMarker();
    const created = await createCase(me.token, { attachments: [{ file: file(pdfBytes(marker), "a.pdf") }] });
    const [row] = await rows<{ key: string }>("select key from files where id = ?", created.attachments[0].id);
    expect((await api(`/api/user/cases/${created.id}`, { token: me.token, method: "DELETE" })).status).toBe(200);
    expect(await snapshot(me.id)).toEqual({ cases: [], files: [], links: [] });
    expect(await storage().exists(row!.key)).toBe(false);
    expect((await api(`/api/user/cases/${created.id}`, { token: me.token, method: "DELETE" })).status).toBe(404);
  });

  it("refuses another user (403) and a guest (401), and the case stays", async () => {
    const owner = await expert();
    const created = await createCase(owner.token, { attachments: [{ file: file(pdfBytes(newMarker()), "a.pdf") }] });
    const state = await snapshot(owner.id);
    const other = await expert();
    expect((await api(`/api/user/cases/${created.id}`, { token: other.token, method: "DELETE" })).status).toBe(403);
    expect((await api(`/api/user/cases/${created.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await snapshot(owner.id)).toEqual(state);
    expect(await storage().exists(state.files[0]!.key as string)).toBe(true);
  });
});

describe("GET /api/taxes", () => {
  it("lists the tax regimes of the reference data", async () => {
    const res = await api("/api/taxes");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), percent: expect.any(Number) });
  });
});
