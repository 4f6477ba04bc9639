import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { options as seedOptions } from "../../db/seed/reference-data";
import { users } from "../../db/schema/users";
import { isGuardFailure } from "~/domain/batch-guard";
import { claimGuestUploads } from "~/domain/files/uploads.server";
import type { AppContext } from "~/server/context.server";
import { createDb } from "../../db/client";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, expectFieldError, freshIp, withinOneWindow } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser, customerPayload, uniqueEmail, userByEmail } from "../helpers/factories";
import { docxBytes, file, newMarker, pdfBytes, pngBytes, textBytes } from "../helpers/files";
import { storage } from "../helpers/storage";
import { presign, uploadDirect } from "../helpers/uploads";

// The profile's and the registration's files sent straight to storage (docs/decisions/0058-every-five-file-form-uploads-directly.md):
// case attachments (kind 'case'), a competence's confirmation files ('confirmation') and the registration's
// resumes ('resume', asked for as a guest). Each form takes `uploads[]` beside its inline files, ≤ 5 together.
beforeAll(() => ensureReference());

const finance = seedOptions.find((o) => o.children.length >= 2)!;
const expertPayload = (over: Record<string, unknown> = {}) => customerPayload({ is_expert: "1", industry: [1, 2], option: [finance.id], ...over });
/** Whether an upload's object is still stored (its row names the key until the sweep). */
const objectLeft = async (id: string) => storage().exists((await rows<{ key: string }>("select key from uploads where id = ?", id))[0]!.key);
const uploadsLeft = (ids: string[]) => count(`select count(*) n from uploads where id in (${ids.map(() => "?").join(",")})`, ...ids);
const caseFields = { name: "Модель для ритейлера", task: "Модель денежных потоков", solution: "Сценарии и чувствительность", results: "Сделка закрыта" };

describe("a guest's upload (kind 'resume')", () => {
  it("gives a guest a presigned PUT for a resume, owned by no one, and refuses a guest every other kind", async () => {
    const res = await presign(null, { kind: "resume", name: "Резюме.pdf", size: 2048, type: "application/pdf" });
    expect(res.status, res.text).toBe(201);
    const [row] = await rows<{ user_id: number | null; kind: string; key: string }>("select user_id, kind, key from uploads where id = ?", res.body.id);
    expect(row).toEqual({ user_id: null, kind: "resume", key: expect.stringMatching(/^shared\/resume\/[0-9a-f-]{36}\.pdf$/) });
    for (const kind of ["case", "confirmation", "demand", "respond"]) {
      expect((await presign(null, { kind, name: "a.pdf", size: 10 })).status, kind).toBe(401);
    }
    // A resume's own rules: pdf, doc, docx only, up to 50 MB.
    expectFieldError(await presign(null, { kind: "resume", name: "photo.png", size: 10 }), "name", "Неверный тип файла");
    expectFieldError(await presign(null, { kind: "resume", name: "cv.pdf", size: 52_428_801 }), "size", "Максимальный размер файла - 50мб");
  });

  it("counts a guest's URLs per address: the 31st in an hour is refused", async () => {
    await withinOneWindow(RATE_LIMITS.uploads_ip.window, async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.uploads_ip.limit; i++) expect((await presign(null, { kind: "resume", name: "cv.pdf", size: 10 }, ip)).status).toBe(201);
      const refused = await presign(null, { kind: "resume", name: "cv.pdf", size: 10 }, ip);
      expect(refused.status).toBe(429);
      // Another address is not held back.
      expect((await presign(null, { kind: "resume", name: "cv.pdf", size: 10 }, freshIp())).status).toBe(201);
    });
  });
});

describe("registering with resumes sent straight to storage", () => {
  it("makes the uploaded resumes the new expert's files, beside an inline one, and the uploads are gone", async () => {
    const marker = newMarker();
    const a = await uploadDirect(null, pdfBytes(`${marker}-a`), "Резюме Иванова.pdf", { kind: "resume" });
    const b = await uploadDirect(null, docxBytes(`${marker}-b`), "cv.docx", { kind: "resume" });
    const payload = expertPayload({ uploads: [a.id, b.id], resume: [file(pdfBytes(`${marker}-c`), "letters.pdf", "application/pdf")] });
    const res = await api("/api/register", { form: payload });
    expect(res.status, res.text).toBe(201);
    const stored = await rows<{ key: string; name: string; mime: string; kind: string }>("select key, name, mime, kind from files where owner_user_id = ? order by name", res.body.user.id);
    expect(stored.map((f) => [f.name, f.mime, f.kind])).toEqual([
      ["cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "resume"],
      ["letters.pdf", "application/pdf", "resume"],
      ["Резюме Иванова.pdf", "application/pdf", "resume"],
    ]);
    // The uploaded object is the file: the same key, the same bytes.
    const uploaded = stored.find((f) => f.name === "cv.docx")!;
    expect(new TextDecoder("latin1").decode((await storage().get(uploaded.key))!)).toContain(`${marker}-b`);
    expect(await uploadsLeft([a.id, b.id])).toBe(0);
  });

  it("refuses more than 5 resumes in all, a resume that is not one by content, and another's upload, creating no account", async () => {
    const marker = newMarker();
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await uploadDirect(null, pdfBytes(`${marker}-${i}`), `cv${i}.pdf`, { kind: "resume" })).id);
    const inline = Array.from({ length: 4 }, (_, i) => file(pdfBytes(marker), `inline${i}.pdf`, "application/pdf"));
    const tooMany = expertPayload({ uploads: ids, resume: inline });
    const counted = await api("/api/register", { form: tooMany });
    expectFieldError(counted, "resume", "Добавьте не более 5 файлов");
    expect(counted.body.uploads_gone).toBeUndefined();
    expect(await userByEmail(tooMany.email)).toBeUndefined();
    // Refused for another field, the uploads stay for the corrected form.
    expect(await uploadsLeft(ids)).toBe(2);

    // Text named .pdf: refused by its content, and removed (it can never become valid).
    const fake = await uploadDirect(null, textBytes(marker), "cv.pdf", { kind: "resume" });
    const faked = expertPayload({ uploads: [fake.id] });
    const refused = await api("/api/register", { form: faked });
    expectFieldError(refused, "resume", "Неверный тип файла");
    // The answer names it, so that the page shows that file refused and stops sending its id.
    expect(refused.body.uploads_gone).toEqual([fake.id]);
    expect(await userByEmail(faked.email)).toBeUndefined();
    expect(await objectLeft(fake.id)).toBe(false);

    // A signed-in user's upload (a case's) is no guest's: it answers like a missing one.
    const owner = await createSignedInUser();
    const theirs = await uploadDirect(owner.token, pdfBytes(marker), "case.pdf", { kind: "case" });
    const stolen = expertPayload({ uploads: [theirs.id] });
    const notFound = await api("/api/register", { form: stolen });
    expectFieldError(notFound, "resume", "Файл не найден: загрузите его снова");
    expect(notFound.body.uploads_gone).toEqual([theirs.id]);
    expect(await userByEmail(stolen.email)).toBeUndefined();
    expect(await uploadsLeft([theirs.id])).toBe(1);
  });

  it("fails the new account's whole batch when its upload is claimed between the check and the write (the guard)", async () => {
    const up = await uploadDirect(null, pdfBytes(newMarker()), "cv.pdf", { kind: "resume" });
    const [{ key }] = (await rows<{ key: string }>("select key from uploads where id = ?", up.id)) as [{ key: string }];
    // What the claim uses of a request's context: the database, the bucket and the clock.
    const ctx = { db: createDb(env.DB), storage: storage(), now: () => new Date() } as unknown as AppContext;
    const email = uniqueEmail("guard");
    const owner = sql<number>`(select id from users where email = ${email})`;
    const claimed = await claimGuestUploads(ctx, owner, [up.id], "resume", { field: "resume", max: 5 });
    // Another registration takes it meanwhile: its row goes.
    await rows("delete from uploads where id = ?", up.id);
    const account = ctx.db.insert(users).values({ email, name: "Гонка", lastName: "Проверкина" });
    const failure = await ctx.db.batch([account, ...claimed.statements] as never).then(() => null, (e: unknown) => e);
    expect(isGuardFailure(failure)).toBe(true);
    // Nothing of the batch stays: no account, no file row for the object.
    expect(await userByEmail(email)).toBeUndefined();
    expect(await count("select count(*) n from files where key = ?", key)).toBe(0);
  });

  it("ignores resume uploads sent with a customer's registration: no file, the upload left to the sweep", async () => {
    const up = await uploadDirect(null, pdfBytes(newMarker()), "cv.pdf", { kind: "resume" });
    const res = await api("/api/register", { form: customerPayload({ uploads: [up.id] }) });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) n from files where owner_user_id = ?", res.body.user.id)).toBe(0);
    expect(await uploadsLeft([up.id])).toBe(1);
  });

  it("lets a resume upload join one account only: a second registration with its id finds nothing", async () => {
    const up = await uploadDirect(null, pdfBytes(newMarker()), "cv.pdf", { kind: "resume" });
    expect((await api("/api/register", { form: expertPayload({ uploads: [up.id] }) })).status).toBe(201);
    const again = expertPayload({ uploads: [up.id] });
    expectFieldError(await api("/api/register", { form: again }), "resume", "Файл не найден: загрузите его снова");
    expect(await userByEmail(again.email)).toBeUndefined();
  });
});

describe("a case's attachments sent straight to storage (kind 'case')", () => {
  it("adds uploaded attachments beside an inline one, downloadable, and the uploads are gone", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const marker = newMarker();
    const a = await uploadDirect(me.token, pdfBytes(marker), "Отчёт.pdf", { kind: "case" });
    const b = await uploadDirect(me.token, pngBytes(marker), "схема.png", { kind: "case" });
    const res = await api("/api/user/cases", { token: me.token, form: { ...caseFields, attachments: [{ file: file(pdfBytes(marker), "Договор.pdf", "application/pdf") }], uploads: [a.id, b.id] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.attachments.map((x: { name: string }) => x.name)).toEqual(["Договор.pdf", "Отчёт.pdf", "схема.png"]);
    expect(await uploadsLeft([a.id, b.id])).toBe(0);
    const viewer = await createSignedInUser();
    const download = await api(res.body.attachments[1].url, { token: viewer.token });
    expect(download.status).toBe(302);
    expect(download.headers.get("Location")).toMatch(/X-Amz-Signature=/);

    // Editing: keep two, add three more by upload (5 in all); a sixth is refused and nothing changes.
    const kept = res.body.attachments.slice(0, 2).map((x: { id: number }) => ({ id: x.id }));
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await uploadDirect(me.token, pdfBytes(`${marker}-${i}`), `p${i}.pdf`, { kind: "case" })).id);
    expectFieldError(await api("/api/user/cases", { token: me.token, form: { ...caseFields, id: res.body.id, attachments: kept, uploads: more } }), "attachments", "Добавьте не более 5 файлов");
    expect(await count("select count(*) n from case_attachments where case_id = ?", res.body.id)).toBe(3);
    const edited = await api("/api/user/cases", { token: me.token, form: { ...caseFields, id: res.body.id, attachments: kept, uploads: more.slice(0, 3) } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.attachments.map((x: { name: string }) => x.name)).toEqual(["Договор.pdf", "Отчёт.pdf", "p0.pdf", "p1.pdf", "p2.pdf"]);
  });

  it("lets any signed-in user upload for a case (no verified e-mail needed, as the case form), never a guest", async () => {
    const unverified = await createSignedInUser({ verified: false });
    expect((await presign(unverified.token, { kind: "case", name: "a.pdf", size: 10 })).status).toBe(201);
    expect((await presign(null, { kind: "case", name: "a.pdf", size: 10 })).status).toBe(401);
    // The case's own types: an .exe is refused before any URL.
    expectFieldError(await presign(unverified.token, { kind: "case", name: "setup.exe", size: 10 }), "name", "Неверный тип файла");
  });

  it("refuses another user's upload and a wrong type by content, changing nothing", async () => {
    const me = await createSignedInUser();
    const other = await createSignedInUser();
    const marker = newMarker();
    const theirs = await uploadDirect(other.token, pdfBytes(marker), "чужой.pdf", { kind: "case" });
    expectFieldError(await api("/api/user/cases", { token: me.token, form: { ...caseFields, uploads: [theirs.id] } }), "attachments", "Файл не найден: загрузите его снова");
    const fake = await uploadDirect(me.token, textBytes(marker), "отчёт.pdf", { kind: "case" });
    expectFieldError(await api("/api/user/cases", { token: me.token, form: { ...caseFields, uploads: [fake.id] } }), "attachments", "Неверный тип файла");
    // Wrong content is removed at once (its row waits for the sweep); the other's upload stays his.
    expect(await objectLeft(fake.id)).toBe(false);
    expect(await uploadsLeft([theirs.id])).toBe(1);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(0);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
  });
});

describe("a competence's confirmation files sent straight to storage (kind 'confirmation')", () => {
  const addExpertise = (token: string) => api("/api/user/profile/expertises", { token, json: { expertises: { items: [{ expertise_id: 3 }], new_items: [] } } });

  it("confirms by uploaded documents alone (no link or title needed), the files only the owner's to read", async () => {
    const me = await createSignedInUser();
    expect((await addExpertise(me.token)).status).toBe(200);
    const marker = newMarker();
    const a = await uploadDirect(me.token, pdfBytes(marker), "Диплом.pdf", { kind: "confirmation" });
    const b = await uploadDirect(me.token, pngBytes(marker), "сертификат.png", { kind: "confirmation" });
    const res = await api("/api/user/profile/expertises/confirm", { token: me.token, form: { confirm_type: "publication", expertise_id: "3", uploads: [a.id, b.id] } });
    expect(res.status, res.text).toBe(201);
    const conf = res.body.expertises[0].confirmations[0];
    expect(conf.files.map((f: { name: string }) => f.name)).toEqual(["Диплом.pdf", "сертификат.png"]);
    expect(await uploadsLeft([a.id, b.id])).toBe(0);
    expect((await api(conf.files[0].url, { token: me.token })).status).toBe(302);
    expect((await api(conf.files[0].url, { token: (await createSignedInUser()).token })).status).toBe(404);
  });

  it("refuses more than 5 files in all and another user's upload, writing nothing", async () => {
    const me = await createSignedInUser();
    await addExpertise(me.token);
    const marker = newMarker();
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await uploadDirect(me.token, pdfBytes(`${marker}-${i}`), `d${i}.pdf`, { kind: "confirmation" })).id);
    const inline = Array.from({ length: 4 }, (_, i) => file(pdfBytes(marker), `f${i}.pdf`, "application/pdf"));
    expectFieldError(await api("/api/user/profile/expertises/confirm", { token: me.token, form: { confirm_type: "publication", expertise_id: "3", publication_file: inline, uploads: ids } }), "publication_file", "Добавьте не более 5 файлов");
    const other = await createSignedInUser();
    const theirs = await uploadDirect(other.token, pdfBytes(marker), "чужой.pdf", { kind: "confirmation" });
    expectFieldError(await api("/api/user/profile/expertises/confirm", { token: me.token, form: { confirm_type: "publication", expertise_id: "3", uploads: [theirs.id] } }), "publication_file", "Файл не найден: загрузите его снова");
    expect(await count("select count(*) n from expertise_confirmations where user_id = ?", me.id)).toBe(0);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
    expect(await uploadsLeft(ids)).toBe(2);
  });
});
