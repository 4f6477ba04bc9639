import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { docxBytes, file, newMarker, pdfBytes, textBytes } from "../helpers/files";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";

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

  it("answers in English under Content-Language: en", async () => {
    const me = await expert();
    expectFieldError(await api(PATH, { token: me.token, lang: "en", form: { type: "link", link: "nope" } }), "link", "Enter a valid link");
  });

  it("answers a guest with 401", async () => {
    expect((await api(PATH, { form: { type: "link", link: "https://example.ru" } })).status).toBe(401);
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
