import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../functions/index";
import ruPage from "~/locales/ru";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { demandForm } from "../helpers/demands";
import { createSignedInUser } from "../helpers/factories";
import { docxBytes, file, largeDocBytes, largeDocxBytes, newMarker, pdfBytes, pngBytes } from "../helpers/files";
import { storage } from "../helpers/storage";
import { presign, uploadDirect } from "../helpers/uploads";

const ru = withServerTexts(ruPage, ruServer);

beforeAll(async () => {
  await ensureReference();
});

/** The page's upload of a request's file (kind 'demand' unless told). */
const upload = (token: string, bytes: Uint8Array, name: string, opts: { kind?: string; declaredSize?: number; type?: string } = {}) =>
  uploadDirect(token, bytes, name, { ...opts, kind: opts.kind ?? "demand" });

const keyOf = async (id: string) => (await rows<{ key: string }>("select key from uploads where id = ?", id))[0]?.key;
const demandsOf = (userId: number) => count("select count(*) as n from demands where user_id = ?", userId);
const filesOf = (userId: number) => count("select count(*) as n from files where owner_user_id = ?", userId);

/** The Worker's Cron Trigger handler, as the runtime calls it. */
async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "5 * * * *" }), env as never, ctx);
  await waitOnExecutionContext(ctx);
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe("POST /api/uploads", () => {
  it("gives the owner a short-lived presigned create-only PUT and records the upload", async () => {
    const me = await createSignedInUser();
    const res = await presign(me.token, { kind: "demand", name: "ТЗ.pdf", size: 1234, type: "application/pdf" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), url: expect.stringContaining("X-Amz-Signature="), method: "PUT", headers: { "Content-Type": "application/pdf", "If-None-Match": "*" }, expires_at: expect.any(String) });
    const ttl = Date.parse(res.body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    // The length and the create-only condition are signed: storage refuses a PUT of other bytes or an overwrite.
    expect(decodeURIComponent(new URL(res.body.url).searchParams.get("X-Amz-SignedHeaders") ?? "")).toBe("content-length;content-type;host;if-none-match");
    const [row] = await rows<Record<string, unknown>>("select * from uploads where id = ?", res.body.id);
    expect(row).toMatchObject({ user_id: me.id, kind: "demand", name: "ТЗ.pdf", size: 1234 });
    // The key is the server's: the user's name never reaches it.
    expect(row!.key).toMatch(new RegExp(`^users/${me.id}/demand/[0-9a-f-]{36}\\.pdf$`));
    expect(new URL(res.body.url).pathname).toContain(String(row!.key));
  });

  it("refuses a guest (401) and an unverified e-mail (403), recording nothing", async () => {
    expect((await presign(null, { kind: "demand", name: "a.pdf", size: 10 })).status).toBe(401);
    const unverified = await createSignedInUser({ verified: false });
    const res = await presign(unverified.token, { kind: "demand", name: "a.pdf", size: 10 });
    expect(res.status).toBe(403);
    expect(await count("select count(*) as n from uploads where user_id = ?", unverified.id)).toBe(0);
  });

  it.each([
    ["kind", { kind: "avatar", name: "a.png", size: 10 }, ru.uploads.kind],
    ["kind", { name: "a.pdf", size: 10 }, ru.uploads.kind],
    ["size", { kind: "demand", name: "a.pdf", size: 52_428_800 }, ru.validation.file_size],
    ["size", { kind: "respond", name: "a.bin", size: 52_428_800 }, ru.validation.file_size],
    ["size", { kind: "demand", name: "a.pdf", size: "много" }, ru.validation.file_size],
    ["size", { kind: "demand", name: "a.pdf", size: 0 }, ru.validation.file_type],
    ["name", { kind: "demand", name: "setup.exe", size: 10 }, ru.validation.file_type],
    ["name", { kind: "demand", name: "no-extension", size: 10 }, ru.validation.file_type],
    ["name", { kind: "demand", name: "  ", size: 10 }, ru.uploads.name_required],
    ["type", { kind: "demand", name: "a.pdf", size: 10, type: "application/x-msdownload" }, ru.validation.file_type],
  ])("refuses a bad %s with the spec's text (%j)", async (field, body, message) => {
    const me = await createSignedInUser();
    expectFieldError(await presign(me.token, body), field, message);
    expect(await count("select count(*) as n from uploads where user_id = ?", me.id)).toBe(0);
  });

  it("takes any type for a response's file, up to just under 50 MB", async () => {
    const me = await createSignedInUser();
    const res = await presign(me.token, { kind: "respond", name: "tool.exe", size: 52_428_799, type: "application/x-msdownload" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.headers["Content-Type"]).toBe("application/octet-stream");
    expect(await keyOf(res.body.id)).toMatch(/\/respond\/[0-9a-f-]{36}\.exe$/);
  });

  it("never answers 5xx to malformed bodies", async () => {
    const me = await createSignedInUser();
    for (const body of [{}, { kind: 5, name: 5, size: -1 }, { kind: "demand", name: "a.pdf", size: 1e300 }, { kind: "demand", name: "x".repeat(500) + ".pdf", size: 5 }]) {
      expect((await presign(me.token, body)).status).toBe(422);
    }
    expect((await api("/api/uploads", { token: me.token, body: "not json", headers: { "Content-Type": "application/json" } })).status).toBe(422);
  });
});

describe("claiming uploads with a request", () => {
  it("creates the request with its uploaded files in one go, and the upload is gone", async () => {
    const me = await createSignedInUser();
    const marker = newMarker();
    const a = await upload(me.token, pdfBytes(marker), "ТЗ.pdf", { type: "application/pdf" });
    const b = await upload(me.token, docxBytes(marker), "Смета.docx");
    const key = await keyOf(a.id);
    const res = await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [a.id, b.id] }) });
    expect(res.status, res.text).toBe(201);
    const files = await rows<{ id: number; key: string; name: string; mime: string; kind: string }>("select f.id, f.key, f.name, f.mime, f.kind from demand_files d join files f on f.id = d.file_id where d.demand_id = ? order by f.id", res.body.id);
    expect(files).toEqual([
      expect.objectContaining({ key, name: "ТЗ.pdf", mime: "application/pdf", kind: "demand" }),
      expect.objectContaining({ name: "Смета.docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }),
    ]);
    expect(await count("select count(*) as n from uploads where id in (?, ?)", a.id, b.id)).toBe(0);
    const short = await api(`/api/demand/short/${res.body.id}`, { token: me.token });
    expect(short.body.files.map((f: { name: string }) => f.name)).toEqual(["ТЗ.pdf", "Смета.docx"]);
    // The stored object is the file: no copy, nothing left behind.
    expect(await storage().exists(key!)).toBe(true);
    // A claimed upload cannot be claimed again.
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [a.id] }) }), "files", ru.uploads.not_found);
    expect(await demandsOf(me.id)).toBe(1);
  });

  it("takes a large .docx whose word/ part lies past the first bytes (a thumbnail first), as the inline path does", async () => {
    const me = await createSignedInUser();
    const docx = largeDocxBytes(newMarker());
    const up = await upload(me.token, docx, "Отчёт.docx");
    const direct = await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) });
    expect(direct.status, direct.text).toBe(201);
    const inline = await api("/api/demand", { token: me.token, form: await demandForm({ files: [file(largeDocxBytes(newMarker()), "Отчёт.docx")] }) });
    expect(inline.status, inline.text).toBe(201);
    const stored = await rows<{ name: string; mime: string; size: number }>(
      "select f.name, f.mime, f.size from demand_files d join files f on f.id = d.file_id where d.demand_id in (?, ?) order by f.id",
      direct.body.id,
      inline.body.id,
    );
    const mime = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect(stored).toEqual([
      { name: "Отчёт.docx", mime, size: docx.length },
      { name: "Отчёт.docx", mime, size: docx.length },
    ]);
  });

  it("takes a large legacy Word file whose directory lies past the first bytes, as the inline path does", async () => {
    const me = await createSignedInUser();
    const doc = largeDocBytes(newMarker(), 700);
    const up = await upload(me.token, doc, "Договор.doc");
    const direct = await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) });
    expect(direct.status, direct.text).toBe(201);
    const inline = await api("/api/demand", { token: me.token, form: await demandForm({ files: [file(largeDocBytes(newMarker(), 700), "Договор.doc")] }) });
    expect(inline.status, inline.text).toBe(201);
    const stored = await rows<{ name: string; mime: string; size: number }>(
      "select f.name, f.mime, f.size from demand_files d join files f on f.id = d.file_id where d.demand_id in (?, ?) order by f.id",
      direct.body.id,
      inline.body.id,
    );
    expect(stored).toEqual([
      { name: "Договор.doc", mime: "application/msword", size: doc.length },
      { name: "Договор.doc", mime: "application/msword", size: doc.length },
    ]);
  });

  it("takes inline and uploaded files together, at most 5", async () => {
    const me = await createSignedInUser();
    const marker = newMarker();
    const ups = [];
    for (let i = 0; i < 3; i++) ups.push((await upload(me.token, pngBytes(marker), `фото${i}.png`)).id);
    const inline = [1, 2, 3].map((i) => file(pdfBytes(marker), `doc${i}.pdf`, "application/pdf"));
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: ups, files: inline }) }), "files", ru.validation.files_count);
    expect(await demandsOf(me.id)).toBe(0);
    const res = await api("/api/demand", { token: me.token, form: await demandForm({ uploads: ups, files: inline.slice(0, 2) }) });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from demand_files where demand_id = ?", res.body.id)).toBe(5);
  });

  it("adds uploaded files when a request is edited", async () => {
    const me = await createSignedInUser();
    const created = await api("/api/demand", { token: me.token, form: await demandForm() });
    const up = await upload(me.token, pdfBytes(newMarker()), "Новое.pdf");
    const res = await api(`/api/demand/${created.body.id}`, { token: me.token, form: await demandForm({ uploads: [up.id] }) });
    expect(res.status, res.text).toBe(200);
    expect(await rows("select f.name from demand_files d join files f on f.id = d.file_id where d.demand_id = ?", created.body.id)).toEqual([{ name: "Новое.pdf" }]);
  });

  it("refuses another user's upload as if it did not exist, changing nothing", async () => {
    const owner = await createSignedInUser();
    const thief = await createSignedInUser();
    const up = await upload(owner.token, pdfBytes(newMarker()), "secret.pdf");
    expectFieldError(await api("/api/demand", { token: thief.token, form: await demandForm({ uploads: [up.id] }) }), "files", ru.uploads.not_found);
    expect(await demandsOf(thief.id)).toBe(0);
    expect(await filesOf(thief.id)).toBe(0);
    // Still the owner's to use.
    expect(await keyOf(up.id)).toBeTruthy();
    expect((await api("/api/demand", { token: owner.token, form: await demandForm({ uploads: [up.id] }) })).status).toBe(201);
  });

  it("refuses an upload of another kind, an unknown id and a malformed one", async () => {
    const me = await createSignedInUser();
    const respond = await upload(me.token, pdfBytes(newMarker()), "ответ.pdf", { kind: "respond" });
    for (const id of [respond.id, "A".repeat(32), "../../etc", ""]) {
      const res = await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [id] }) });
      if (id === "") expect(res.status).toBe(201);
      else expectFieldError(res, "files", ru.uploads.not_found);
    }
  });

  it("refuses a stored object whose size is not the declared one, and removes it", async () => {
    const me = await createSignedInUser();
    const bytes = pdfBytes(newMarker());
    // s3rver does not check the signed length; R2 would refuse this PUT already.
    const up = await upload(me.token, bytes, "short.pdf", { declaredSize: bytes.byteLength + 500 });
    const key = (await keyOf(up.id))!;
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) }), "files", ru.uploads.size_mismatch);
    expect(await demandsOf(me.id)).toBe(0);
    expect(await filesOf(me.id)).toBe(0);
    expect(await storage().exists(key)).toBe(false);
    // Its row stays for the sweep: the URL still lives, and a second PUT to it must not leave an object no
    // row names.
    expect(await keyOf(up.id)).toBe(key);
    await storage().put(key, bytes, "application/pdf");
    await rows("update uploads set created_at = ? where id = ?", hoursAgo(25), up.id);
    await cron();
    expect(await storage().exists(key)).toBe(false);
    expect(await keyOf(up.id)).toBeUndefined();
  });

  it("refuses content of another type than its name says (an .exe renamed .pdf), and removes it", async () => {
    const me = await createSignedInUser();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new TextEncoder().encode(`This program cannot be run in DOS mode ${newMarker()}`)]);
    const up = await upload(me.token, exe, "invoice.pdf", { type: "application/pdf" });
    const key = (await keyOf(up.id))!;
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) }), "files", ru.validation.file_type);
    // A real PNG named .pdf: the content decides, and it must agree with the name.
    const png = await upload(me.token, pngBytes(newMarker()), "scan.pdf");
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [png.id] }) }), "files", ru.validation.file_type);
    expect(await demandsOf(me.id)).toBe(0);
    expect(await filesOf(me.id)).toBe(0);
    expect(await storage().exists(key)).toBe(false);
    // Sent again, the refused upload finds no object.
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) }), "files", ru.uploads.not_stored);
    expect(await demandsOf(me.id)).toBe(0);
  });

  it("refuses an upload whose file never reached storage, and one too old to claim", async () => {
    const me = await createSignedInUser();
    const pending = await presign(me.token, { kind: "demand", name: "later.pdf", size: 100 });
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [pending.body.id] }) }), "files", ru.uploads.not_stored);
    expect(await keyOf(pending.body.id)).toBeTruthy();

    const old = await upload(me.token, pdfBytes(newMarker()), "old.pdf");
    await rows("update uploads set created_at = ? where id = ?", hoursAgo(23.5), old.id);
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [old.id] }) }), "files", ru.uploads.expired);
    expect(await demandsOf(me.id)).toBe(0);
    expect(await filesOf(me.id)).toBe(0);
  });

  it("lets only one of two simultaneous requests claim the same upload, never answering 5xx", async () => {
    const me = await createSignedInUser();
    const up = await upload(me.token, pdfBytes(newMarker()), "один.pdf");
    const key = (await keyOf(up.id))!;
    const form = await demandForm({ uploads: [up.id] });
    const answers = await Promise.all([api("/api/demand", { token: me.token, form }), api("/api/demand", { token: me.token, form })]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(201);
    // The loser either saw the upload gone (422) or lost at the batch's guard (409); nothing of it was written.
    expect([409, 422]).toContain(statuses[1]);
    expect(await demandsOf(me.id)).toBe(1);
    expect(await count("select count(*) as n from files where key = ?", key)).toBe(1);
  });

  it("leaves the uploads claimable when the request itself is refused, so the corrected form can send them again", async () => {
    const me = await createSignedInUser();
    const up = await upload(me.token, pdfBytes(newMarker()), "ТЗ.pdf");
    const key = (await keyOf(up.id))!;
    expectFieldError(await api("/api/demand", { token: me.token, form: await demandForm({ budget: "999", uploads: [up.id] }) }), "budget", ru.demands.v.budget_range);
    expect(await keyOf(up.id)).toBe(key);
    expect(await filesOf(me.id)).toBe(0);
    expect(await storage().exists(key)).toBe(true);
    expect((await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) })).status).toBe(201);
  });
});

describe("the Cron Trigger's sweep of uploads", () => {
  it("removes uploads older than a day with their objects, keeps younger ones, and can run again", async () => {
    const me = await createSignedInUser();
    const marker = newMarker();
    const stale = await upload(me.token, pdfBytes(marker), "stale.pdf");
    const neverPut = await presign(me.token, { kind: "respond", name: "never.bin", size: 10 });
    const young = await upload(me.token, pdfBytes(marker), "young.pdf");
    const staleKey = (await keyOf(stale.id))!;
    const youngKey = (await keyOf(young.id))!;
    await rows("update uploads set created_at = ? where id in (?, ?)", hoursAgo(25), stale.id, neverPut.body.id);
    await rows("update uploads set created_at = ? where id = ?", hoursAgo(22), young.id);
    expect(await storage().exists(staleKey)).toBe(true);

    await cron();
    expect(await keyOf(stale.id)).toBeUndefined();
    expect(await keyOf(neverPut.body.id)).toBeUndefined();
    expect(await storage().exists(staleKey)).toBe(false);
    expect(await keyOf(young.id)).toBe(youngKey);
    expect(await storage().exists(youngKey)).toBe(true);

    // Idempotent: a second run finds nothing of these and fails on nothing.
    await cron();
    expect(await keyOf(young.id)).toBe(youngKey);
  });

  it("never touches the objects of claimed files", async () => {
    const me = await createSignedInUser();
    const up = await upload(me.token, pdfBytes(newMarker()), "kept.pdf");
    const key = (await keyOf(up.id))!;
    expect((await api("/api/demand", { token: me.token, form: await demandForm({ uploads: [up.id] }) })).status).toBe(201);
    await cron();
    expect(await storage().exists(key)).toBe(true);
    expect(await count("select count(*) as n from files where key = ?", key)).toBe(1);
  });
});
