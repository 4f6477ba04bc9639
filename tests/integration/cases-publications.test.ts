import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { docxBytes, file, newMarker, pdfBytes, textBytes } from "../helpers/files";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";
import { presign, uploadDirect } from "../helpers/uploads";

beforeAll(() => ensureReference());

const PATH = "/api/user/profile/publications";
const expert = () => createSignedInUser({ roles: ["customer", "executor"] });
const snapshot = async (userId: number) => ({
  publications: await rows("select id, type, link, file_id, description from publications where user_id = ? order by id", userId),
  files: await rows("select id, key from files where owner_user_id = ? order by id", userId),
});

describe("POST /api/user/profile/publications", () => {
  it("adds a link publication with a description", async () => {
    const me = await expert();
    const res = await api(PATH, { token: me.token, form: { type: "link", link: "https://habr.com/ru/articles/1", description: "Статья о бюджетировании" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: "link", link: "https://habr.com/ru/articles/1", filepath: null, description: "Статья о бюджетировании" });
  });

  it("adds a file publication: the object in S3, read through a signed URL by the owner only", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const res = await api(PATH, { token: me.token, form: { type: "file", publication_file: file(docxBytes(marker), "Доклад.docx"), description: "" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: "file", link: null, filename: "Доклад.docx", description: null });
    const keys = await objectsWithMarker(before, marker);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.startsWith(`users/${me.id}/publication/`)).toBe(true);
    const own = await api(res.body.filepath, { token: me.token });
    expect(own.status).toBe(302);
    expect(new TextDecoder("latin1").decode(await (await fetch(own.headers.get("Location")!)).arrayBuffer())).toContain(marker);
    const other = await createSignedInUser();
    expect((await api(res.body.filepath, { token: other.token })).status).toBe(404);
    expect((await api(res.body.filepath)).status).toBe(401);
  });

  it.each([
    ["link", { type: "link", link: "" }, "Поле обязательно для заполнения"],
    ["link", { type: "link" }, "Поле обязательно для заполнения"],
    ["link", { type: "link", link: "not a link" }, "Введите корректную ссылку"],
    ["link", { type: "link", link: "ftp://example.ru/file" }, "Введите корректную ссылку"],
    ["description", { type: "link", link: "https://example.ru", description: "я".repeat(201) }, "Максимальная длина - 200 символов"],
    ["publication_file", { type: "file" }, "Загрузите вложение"],
  ])("refuses a bad %s with the spec's message", async (field, form, message) => {
    const me = await expert();
    expectFieldError(await api(PATH, { token: me.token, form }), field, message);
    expect(await count("select count(*) n from publications where user_id = ?", me.id)).toBe(0);
  });

  it("refuses a wrong type, a file of 50 MB and two files, storing nothing", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    expectFieldError(await api(PATH, { token: me.token, form: { type: "file", publication_file: file(textBytes(marker), "notes.pdf") } }), "publication_file", "Неверный тип файла");
    const big = new Uint8Array(52_428_800);
    big.set(pdfBytes(marker));
    expectFieldError(await api(PATH, { token: me.token, form: { type: "file", publication_file: file(big, "big.pdf") } }), "publication_file", "Максимальный размер файла - 50мб");
    const two = new FormData();
    two.append("type", "file");
    two.append("publication_file[0]", file(pdfBytes(marker), "a.pdf"));
    two.append("publication_file[1]", file(pdfBytes(marker), "b.pdf"));
    expectFieldError(await api(PATH, { token: me.token, form: two }), "publication_file", "Добавьте не более 5 файлов");
    expect(await objectsWithMarker(before, marker)).toEqual([]);
    expect(await count("select count(*) n from publications where user_id = ?", me.id)).toBe(0);
  });

  it("counts a file sent inside the form on the upload limits, as one sent straight to storage: past the day's megabytes 429, storing nothing", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const ok = await api(PATH, { token: me.token, form: { type: "file", publication_file: file(pdfBytes(marker), "one.pdf") } });
    expect(ok.status, ok.text).toBe(201);
    const [counted] = await rows<{ count: number }>("select count from rate_limits where key like ?", `uploads_mb_user:${me.id}:%`);
    expect(counted?.count).toBe(1);
    await rows("update rate_limits set count = 2048 where key like ?", `uploads_mb_user:${me.id}:%`);
    const refused = await api(PATH, { token: me.token, form: { type: "file", publication_file: file(pdfBytes(marker), "two.pdf") } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await count("select count(*) n from publications where user_id = ?", me.id)).toBe(1);
    expect(await objectsWithMarker(before, marker)).toHaveLength(1);
  });

  it("answers in English under Content-Language: en", async () => {
    const me = await expert();
    expectFieldError(await api(PATH, { token: me.token, lang: "en", form: { type: "link", link: "nope" } }), "link", "Enter a valid link");
  });

  it("answers a guest with 401", async () => {
    expect((await api(PATH, { form: { type: "link", link: "https://example.ru" } })).status).toBe(401);
  });
});

describe("a publication's file sent straight to storage (decision 0063)", () => {
  const sendId = (token: string, id: string | string[], extra: Record<string, unknown> = {}) =>
    api(PATH, { token, json: { type: "file", uploads: Array.isArray(id) ? id : [id], ...extra } });

  it("becomes a file publication by its upload id, read back like an inline one, and cannot be claimed twice", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const sent = await uploadDirect(me.token, docxBytes(marker), "Доклад 2025.docx", { kind: "publication" });
    const res = await sendId(me.token, sent.id, { description: "Выступление на форуме" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: "file", link: null, filename: "Доклад 2025.docx", description: "Выступление на форуме" });
    const [row] = await rows<{ key: string; kind: string; mime: string }>("select key, kind, mime from files where owner_user_id = ?", me.id);
    expect(row).toMatchObject({ kind: "publication", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
    expect(row!.key).toMatch(new RegExp(`^users/${me.id}/publication/`));
    expect(await count("select count(*) n from uploads where id = ?", sent.id)).toBe(0);
    // The Worker never carried the bytes: the one object is the one the browser put.
    expect(await objectsWithMarker(before, marker)).toEqual([row!.key]);
    const listed = await api(PATH, { token: me.token });
    expect(listed.body).toEqual([res.body]);
    const own = await api(res.body.filepath, { token: me.token });
    expect(own.status).toBe(302);
    expect((await api(res.body.filepath, { token: (await expert()).token })).status).toBe(404);
    // The same id again (a double submit) finds nothing to claim, and adds nothing.
    const state = await snapshot(me.id);
    expectFieldError(await sendId(me.token, sent.id), "publication_file", "Файл не найден: загрузите его снова");
    expect(await snapshot(me.id)).toEqual(state);
  });

  it("refuses another user's upload, another kind's, content of another type, two files, and a guest, writing nothing", async () => {
    const me = await expert();
    const other = await expert();
    const notFound = "Файл не найден: загрузите его снова";
    const before = await snapshot(me.id);
    const others = await uploadDirect(other.token, pdfBytes("x"), "a.pdf", { kind: "publication" });
    expectFieldError(await sendId(me.token, others.id), "publication_file", notFound);
    const aCase = await uploadDirect(me.token, pdfBytes("x"), "a.pdf", { kind: "case" });
    expectFieldError(await sendId(me.token, aCase.id), "publication_file", notFound);
    expectFieldError(await sendId(me.token, "not an id"), "publication_file", notFound);
    // Text named .pdf: refused by its content and removed for good (its id is named as gone).
    const fake = await uploadDirect(me.token, textBytes("не документ"), "notes.pdf", { kind: "publication" });
    const refused = await sendId(me.token, fake.id);
    expectFieldError(refused, "publication_file", "Неверный тип файла");
    expect(refused.body.uploads_gone).toEqual([fake.id]);
    const [fakeRow] = await rows<{ key: string }>("select key from uploads where id = ?", fake.id);
    expect(await storage().exists(fakeRow!.key)).toBe(false);
    // One file in the modal (spec 2 §5): two uploads, or an upload beside an inline file, get the spec's count message.
    const a = await uploadDirect(me.token, pdfBytes("a"), "a.pdf", { kind: "publication" });
    const b = await uploadDirect(me.token, pdfBytes("b"), "b.pdf", { kind: "publication" });
    expectFieldError(await sendId(me.token, [a.id, b.id]), "publication_file", "Добавьте не более 5 файлов");
    const both = new FormData();
    both.append("type", "file");
    both.append("publication_file", file(pdfBytes("c"), "c.pdf"));
    both.append("uploads[0]", a.id);
    expectFieldError(await api(PATH, { token: me.token, form: both }), "publication_file", "Добавьте не более 5 файлов");
    expect(await snapshot(me.id)).toEqual(before);
    // Both uploads are still there to claim once, one at a time.
    expect((await sendId(me.token, a.id)).status).toBe(201);
    // The URL itself: a guest may not ask for one of this kind; a type or a size the publication does not take is refused first.
    expect((await presign(null, { kind: "publication", name: "a.pdf", size: 10 })).status).toBe(401);
    expectFieldError(await presign(me.token, { kind: "publication", name: "a.exe", size: 10 }), "name", "Неверный тип файла");
    expectFieldError(await presign(me.token, { kind: "publication", name: "a.pdf", size: 52_428_800 }), "size", "Максимальный размер файла - 50мб");
    expect((await api(PATH, { json: { type: "file", uploads: [b.id] } })).status).toBe(401);
  });
});

describe("GET and DELETE /api/user/profile/publications", () => {
  it("lists only one's own publications, newest first; guests get 401", async () => {
    const me = await expert();
    await api(PATH, { token: me.token, form: { type: "link", link: "https://example.ru/1" } });
    await api(PATH, { token: me.token, form: { type: "link", link: "https://example.ru/2" } });
    const other = await expert();
    await api(PATH, { token: other.token, form: { type: "link", link: "https://example.ru/other" } });
    const res = await api(PATH, { token: me.token });
    expect(res.body.map((p: { link: string }) => p.link)).toEqual(["https://example.ru/2", "https://example.ru/1"]);
    expect((await api(PATH)).status).toBe(401);
  });

  it("deletes the owner's file publication with its object; another user gets 403, a guest 401, nothing changes", async () => {
    const me = await expert();
    const marker = newMarker();
    const added = await api(PATH, { token: me.token, form: { type: "file", publication_file: file(pdfBytes(marker), "a.pdf") } });
    const state = await snapshot(me.id);
    const other = await expert();
    expect((await api(`${PATH}/${added.body.id}`, { token: other.token, method: "DELETE" })).status).toBe(403);
    expect((await api(`${PATH}/${added.body.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await snapshot(me.id)).toEqual(state);
    expect((await api(`${PATH}/${added.body.id}`, { token: me.token, method: "DELETE" })).status).toBe(200);
    expect(await snapshot(me.id)).toEqual({ publications: [], files: [] });
    expect(await storage().exists(state.files[0]!.key as string)).toBe(false);
    expect((await api(`${PATH}/${added.body.id}`, { token: me.token, method: "DELETE" })).status).toBe(404);
  });
});
