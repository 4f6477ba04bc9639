import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, giveRespondChoices, signIn } from "../helpers/factories";
import { newMarker, pdfBytes } from "../helpers/files";
import { uploadDirect, type Presigned } from "../helpers/uploads";

// POST /api/respond with files sent straight to storage (POST /api/uploads, kind 'respond';
// docs/decisions/0032-direct-uploads.md): `uploads[]` beside inline `attachments[]`, ≤ 5 together, any type,
// claimed in the response's one batch.
beforeAll(() => ensureReference());

type Expert = Awaited<ReturnType<typeof createSignedInUser>> & { serviceId: number; caseId: number };

let operatorToken: string;
let ref: { expertise: number; option: number };

beforeAll(async () => {
  operatorToken = await signIn(await createOperator());
  const [e] = await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 1");
  const [o] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
  ref = { expertise: e!.id, option: o!.id };
});

/** A verified expert with one active service and one case. */
async function expert(): Promise<Expert> {
  const u = await createSignedInUser({ name: "Пётр", lastName: "Загрузкин" });
  await giveRespondChoices(u.id, { expertises: [ref.expertise], options: [ref.option] });
  const s = await createServiceFor(u, "individual", {}, "active");
  const [c] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс', 'Задача', 'Решение', 'Результат') returning id", u.id);
  return { ...u, serviceId: s.id, caseId: c!.id };
}

async function demand() {
  const customer = await createSignedInUser({ name: "Заказчица", lastName: "Файлова" });
  return { customer, demandId: await searchingDemand(customer.token, operatorToken) };
}

/** What the page does: ask for a presigned PUT, then send the bytes straight to storage. */
const upload = async (token: string, bytes: Uint8Array | string, name: string) => (await uploadDirect(token, bytes, name, { kind: "respond" })).id;

/** The response's multipart form: its fields, upload ids as uploads[i], inline files as attachments[i]. */
function form(demandId: number, ex: Expert, opts: { uploads?: string[]; attachments?: File[]; over?: Record<string, unknown> } = {}) {
  const fields: Record<string, unknown> = { demand_id: demandId, salary: "70000", description: "Соберу модель и защищу её перед инвестором", cases: [ex.caseId], expertises: [ref.expertise], options: [ref.option], services: [ex.serviceId], ...opts.over };
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) v.forEach((x, i) => fd.append(`${k}[${i}]`, String(x)));
    else if (v !== undefined) fd.append(k, String(v));
  }
  (opts.uploads ?? []).forEach((id, i) => fd.append(`uploads[${i}]`, id));
  (opts.attachments ?? []).forEach((f, i) => fd.append(`attachments[${i}]`, f));
  return fd;
}

const uploadsLeft = (ids: string[]) => count(`select count(*) as n from uploads where id in (${ids.map(() => "?").join(",")})`, ...ids);
const responseFiles = (respondId: number) =>
  rows<{ id: number; name: string; mime: string; size: number; kind: string; owner_user_id: number }>(
    "select f.id, f.name, f.mime, f.size, f.kind, f.owner_user_id from respond_files rf join files f on f.id = rf.file_id where rf.respond_id = ? order by f.id",
    respondId,
  );
/** Everything a response writes for an expert: nothing of a refused one may stay. */
async function writtenBy(userId: number) {
  return {
    responds: await count("select count(*) as n from responds where user_id = ? and status not in ('invite', 'declined')", userId),
    respondFiles: await count("select count(*) as n from respond_files where respond_id in (select id from responds where user_id = ?)", userId),
    files: await count("select count(*) as n from files where owner_user_id = ? and kind = 'respond'", userId),
  };
}
const NOTHING = { responds: 0, respondFiles: 0, files: 0 };

describe("POST /api/respond with direct uploads", () => {
  it("turns two uploads into the response's files with the response itself, and the customer may read them", async () => {
    const { customer, demandId } = await demand();
    const ex = await expert();
    const ids = [await upload(ex.token, pdfBytes(newMarker()), "План работ.pdf"), await upload(ex.token, "строка,сумма\n1,2\n", "расчёт.csv")];
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids }) });
    expect(res.status, res.text).toBe(201);
    const stored = await responseFiles(res.body.id);
    expect(stored.map((f) => [f.name, f.kind, f.owner_user_id])).toEqual([
      ["План работ.pdf", "respond", ex.id],
      ["расчёт.csv", "respond", ex.id],
    ]);
    // Claimed: the upload rows are gone (the objects keep their keys as files).
    expect(await uploadsLeft(ids)).toBe(0);
    expect((await api(`/api/files/${stored[0]!.id}`, { token: customer.token })).status).toBe(302);
    const list = await api("/api/respond", { token: ex.token });
    expect(list.body.data[0].files.map((f: { name: string }) => f.name)).toEqual(["План работ.pdf", "расчёт.csv"]);
  });

  it("takes files of any type, with or without an extension, as the inline ones", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const bytes = new Uint8Array(2048).map((_, i) => (i * 7919) % 256);
    const ids = [await upload(ex.token, bytes, "архив.xyz"), await upload(ex.token, "без расширения", "README")];
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids }) });
    expect(res.status, res.text).toBe(201);
    expect((await responseFiles(res.body.id)).map((f) => [f.name, f.mime, f.size])).toEqual([
      ["архив.xyz", "application/octet-stream", 2048],
      ["README", "application/octet-stream", new TextEncoder().encode("без расширения").byteLength],
    ]);
  });

  it("takes inline files and uploads together, up to 5 in all", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const ids = [await upload(ex.token, "первый", "a.txt"), await upload(ex.token, "второй", "b.txt")];
    const inline = [1, 2, 3].map((i) => new File([`встроенный ${i}`], `inline-${i}.txt`));
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids, attachments: inline }) });
    expect(res.status, res.text).toBe(201);
    expect((await responseFiles(res.body.id)).map((f) => f.name).sort()).toEqual(["a.txt", "b.txt", "inline-1.txt", "inline-2.txt", "inline-3.txt"]);
  });

  it("refuses more than 5 files inline and uploaded together with the inline files' text, writing nothing and leaving the uploads claimable", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const ids = [await upload(ex.token, "первый", "a.txt"), await upload(ex.token, "второй", "b.txt")];
    const inline = [1, 2, 3, 4].map((i) => new File([`встроенный ${i}`], `inline-${i}.txt`));
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids, attachments: inline }) }), "attachments", "Добавьте не более 5 файлов");
    // Six uploads alone: the same.
    const six = [...ids, ...(await Promise.all([1, 2, 3, 4].map((i) => upload(ex.token, `ещё ${i}`, `more-${i}.txt`))))];
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: six }) }), "attachments", "Добавьте не более 5 файлов");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
    expect(await uploadsLeft(six)).toBe(6);
    // The corrected form sends the same uploads again.
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids, attachments: inline.slice(0, 3) }) });
    expect(res.status, res.text).toBe(201);
    expect(await responseFiles(res.body.id)).toHaveLength(5);
  });

  it("refuses another user's upload like a missing one, writing nothing and leaving both users' uploads claimable", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const other = await createSignedInUser();
    const mine = await upload(ex.token, "мой файл", "mine.txt");
    const theirs = await upload(other.token, "чужой файл", "theirs.txt");
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: [mine, theirs] }) }), "attachments", "Файл не найден: загрузите его снова");
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ["not an upload id!"] }) }), "attachments", "Файл не найден: загрузите его снова");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
    expect(await uploadsLeft([mine, theirs])).toBe(2);
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: [mine] }) });
    expect(res.status, res.text).toBe(201);
    expect(await uploadsLeft([theirs])).toBe(1);
  });

  it("refuses an upload of another kind (a request's) like a missing one", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const bytes = pdfBytes(newMarker());
    const presigned = await api<Presigned>("/api/uploads", { token: ex.token, json: { kind: "demand", name: "tz.pdf", size: bytes.byteLength, type: "application/pdf" } });
    expect(presigned.status, presigned.text).toBe(201);
    expect((await fetch(presigned.body.url, { method: "PUT", headers: presigned.body.headers, body: bytes as Uint8Array<ArrayBuffer> })).status).toBe(200);
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: [presigned.body.id] }) }), "attachments", "Файл не найден: загрузите его снова");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
  });

  it("leaves the uploads claimable when a field of the response is refused", async () => {
    const { demandId } = await demand();
    const ex = await expert();
    const ids = [await upload(ex.token, "первый", "a.txt"), await upload(ex.token, "второй", "b.txt")];
    expectFieldError(await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids, over: { description: "" } }) }), "description", "Поле обязательно для заполнения");
    expect(await writtenBy(ex.id)).toEqual(NOTHING);
    expect(await uploadsLeft(ids)).toBe(2);
    const res = await api("/api/respond", { token: ex.token, form: form(demandId, ex, { uploads: ids }) });
    expect(res.status, res.text).toBe(201);
    expect(await responseFiles(res.body.id)).toHaveLength(2);
  });

  it("lets only one of two simultaneous responses claim the same uploads: the other is refused, never a 5xx, and the files exist once", async () => {
    const ex = await expert();
    const [a, b] = [await demand(), await demand()];
    const ids = [await upload(ex.token, "общий", "shared.txt")];
    const answers = await Promise.all([api("/api/respond", { token: ex.token, form: form(a.demandId, ex, { uploads: ids }) }), api("/api/respond", { token: ex.token, form: form(b.demandId, ex, { uploads: ids }) })]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0], answers.map((r) => r.text).join("\n")).toBe(201);
    // The loser either lost the batch (409, the claim race) or read the upload already gone (422).
    expect([409, 422]).toContain(statuses[1]);
    const loser = answers.find((r) => r.status !== 201)!;
    if (loser.status === 409) expect(loser.body.message).toBe("Файл уже прикреплён в другом месте или удалён. Выберите его ещё раз");
    expect(await writtenBy(ex.id)).toEqual({ responds: 1, respondFiles: 1, files: 1 });
  });
});
