// Fault injection on the writes that store a file and rows together (issue 10): a D1 batch that fails midway
// leaves no row of the batch and no orphan object in storage, and a storage PUT that fails leaves no row.
// The faults live only here: each test builds its own context (the shape app/server/context.server.ts builds)
// over a D1 wrapper or a storage that fails, and calls the domain function directly. Nothing of it is
// reachable from a request.
import { env } from "cloudflare:test";
import { speculativeD1 } from "~/server/speculation.server";
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createStorage, type ObjectStorage } from "../../storage/s3.server";
import type { AppContext } from "~/server/context.server";
import { parseEnv, type Bindings } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { resolveActor, type Actor } from "~/server/session.server";
import { ensureReference, rows, count } from "../helpers/db";
import { createSignedInUser, customerPayload } from "../helpers/factories";
import { api } from "../helpers/api";
import { lastMailTo, verifyTokenFrom } from "../helpers/mail";
import { docxBytes, file, newMarker, pdfBytes, pngBytes } from "../helpers/files";
import { bucketKeys, objectsWithMarker } from "../helpers/storage";
import { resumePdfBase64 } from "../fixtures/resume-fixtures";

const { register, verifyEmail } = await import("~/domain/auth/auth.server");
const { saveCase } = await import("~/domain/cases/cases.server");
const { addPublication } = await import("~/domain/cases/publications.server");
const { processResume, uploadResume } = await import("~/domain/cases/resume.server");
const { confirmExpertise, saveExpertises } = await import("~/domain/experience/expertises.server");
const { saveProfile } = await import("~/domain/profile/profile.server");
const { removeObjects } = await import("~/domain/files/objects.server");
const { sweepUploads } = await import("~/domain/files/uploads.server");

const INJECTED = "injected fault";

/**
 * D1 whose first batch that writes fails at its `at`-th statement (from the end when negative) while it runs:
 * a statement that cannot run is put there, so the statements before it have run inside the batch's
 * transaction when it fails. This proves the batch all-or-nothing, not merely that a failing call writes
 * nothing. Batches that only read (a domain function's lookups) pass through.
 */
function failingBatchD1(d1: D1Database, at: number, seen = { batches: 0, statements: 0 }): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const track = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => track((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), sql);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(proxy, sql);
    real.set(proxy, stmt);
    return proxy;
  };
  const real = new WeakMap<object, D1PreparedStatement>();
  let failed = false;
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => track(target.prepare(sql), sql);
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) => {
          const list = stmts.map((s) => real.get(s) ?? s);
          // The first batch that writes the change under test: a rate limit's counters (hitAll) are not it.
          const writes = stmts.some((s) => /^\s*(insert|update|delete)\b/i.test(sqlOf.get(s) ?? "") && !/^\s*insert into "rate_limits"/i.test(sqlOf.get(s) ?? ""));
          if (failed || !writes) return target.batch(list);
          failed = true;
          seen.batches++;
          seen.statements = list.length;
          const index = at < 0 ? Math.max(list.length + at, 1) : Math.min(at, list.length);
          list.splice(index, 0, target.prepare(`insert into "${INJECTED}" values (1)`));
          return target.batch(list);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const realStorage = () => {
  const e = parseEnv(env as unknown as Bindings);
  return createStorage({ endpoint: e.S3_ENDPOINT, region: e.S3_REGION, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY });
};

/** The request context of the Worker, over the given D1 and storage. */
function testContext(opts: { d1?: D1Database; storage?: ObjectStorage } = {}): AppContext {
  const appEnv = parseEnv(env as unknown as Bindings);
  const db = createDb(opts.d1 ?? env.DB);
  return {
    env: appEnv,
    bindings: env as unknown as Bindings,
    db,
    d1: opts.d1 ?? env.DB,
    d1Binding: opts.d1 ?? env.DB,
    storage: opts.storage ?? realStorage(),
    mailer: createMailer(appEnv, createDb(env.DB)),
    lang: "ru",
    t: ((key: string) => key) as unknown as TFunction,
    now: () => new Date(),
    requestId: `fault-${crypto.randomUUID()}`,
    ip: `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    country: null,
    userAgent: null,
    waitUntil: (p) => void p.catch(() => {}),
    queries: { n: 0, statements: 0 },
    d1Session: { from: null, bookmark: () => null },
    speculation: speculativeD1(opts.d1 ?? env.DB).speculation,
  };
}

/** A context whose first writing batch fails midway; `seen` tells that the fault was met. */
function faultyContext(at: number) {
  const seen = { batches: 0, statements: 0 };
  return { ctx: testContext({ d1: failingBatchD1(env.DB, at, seen) }), seen };
}

/** A storage whose PUT fails (after `okPuts` good ones), recording what was put and deleted. */
function failingPutStorage(okPuts = 0) {
  const real = realStorage();
  const log = { put: [] as string[], deleted: [] as string[] };
  const storage: ObjectStorage = {
    ...real,
    async put(key, body, type) {
      if (log.put.length >= okPuts) throw new Error("injected storage failure");
      log.put.push(key);
      await real.put(key, body, type);
    },
    async delete(key) {
      log.deleted.push(key);
      await real.delete(key);
    },
    async deleteMany(keys) {
      log.deleted.push(...keys);
      await real.deleteMany(keys);
    },
  };
  return { storage, log };
}

async function actorOf(token: string): Promise<Actor> {
  const actor = await resolveActor(testContext(), token);
  if (!actor) throw new Error("no actor for the token");
  return actor;
}

/** Every row a user owns in the tables these writes touch (and the global tables they may insert into). */
async function footprint(userId: number) {
  const q = (sql: string) => rows(sql, userId);
  return {
    files: await q("select id, key from files where owner_user_id = ? order by id"),
    cases: await q("select id, name from cases where user_id = ? order by id"),
    attachments: await q("select a.case_id, a.file_id from case_attachments a join cases c on c.id = a.case_id where c.user_id = ? order by a.file_id"),
    publications: await q("select id, file_id from publications where user_id = ? order by id"),
    confirmations: await q("select id from expertise_confirmations where user_id = ? order by id"),
    confirmationFiles: await q("select f.file_id from confirmation_files f join expertise_confirmations c on c.id = f.confirmation_id where c.user_id = ? order by f.file_id"),
    photo: await q("select photo_file_id from users where id = ?"),
    resumeState: await q("select choice from resume_states where user_id = ?"),
    dataVersion: await rows("select version from data_version"),
  };
}

/** Runs `write` with a marker in its files; expects it to fail and to leave no object with the marker. */
async function expectNoOrphans(write: (marker: string) => Promise<unknown>, message: string | RegExp) {
  const marker = newMarker();
  const before = await bucketKeys();
  await expect(write(marker)).rejects.toThrow(message);
  expect(await objectsWithMarker(before, marker), "objects left in storage").toEqual([]);
}

let industryIds: number[] = [];
let optionIds: number[] = [];
beforeAll(async () => {
  await ensureReference();
  industryIds = (await rows<{ id: number }>("select id from industries order by id limit 2")).map((r) => r.id);
  const parent = (await rows<{ id: number }>("select p.id from options p where p.parent_id is null and exists (select 1 from options c where c.parent_id = p.id) order by p.id limit 1"))[0]!.id;
  const child = (await rows<{ id: number }>("select id from options where parent_id = ? order by id limit 1", parent))[0]!.id;
  optionIds = [parent, child];
});

const expertRegistration = (marker: string) => ({
  ...customerPayload({ is_expert: "1", industry: industryIds, option: optionIds, new_option: [{ name: `Функция ${marker.slice(7, 19)}`, parent_id: optionIds[0] }] }),
  resume: [file(pdfBytes(marker), "cv.pdf", "application/pdf"), file(docxBytes(marker), "cv.docx")],
});

describe("a D1 batch that fails midway", () => {
  it("registration with resume files: no user, role, industry, option, file or session row, and no object in storage", async () => {
    for (const at of [1, -1]) {
      const seen = { batches: 0, statements: 0 };
      const ctx = testContext({ d1: failingBatchD1(env.DB, at, seen) });
      let email = "";
      await expectNoOrphans(async (marker) => {
        const body = expertRegistration(marker);
        email = body.email;
        return register(ctx, body);
      }, INJECTED);
      expect(seen.batches).toBe(1);
      expect(seen.statements, "the batch writes the user, roles, references, files, token, session, audit").toBeGreaterThan(8);
      expect(await count("select count(*) n from users where email = ?", email)).toBe(0);
      expect(await count("select count(*) n from tokens where email = ?", email)).toBe(0);
      expect(await count("select count(*) n from options where name like ?", "Функция marker-%")).toBe(0);
      expect(await count("select count(*) n from files f left join users u on u.id = f.owner_user_id where u.id is null")).toBe(0);
      expect(await count("select count(*) n from user_roles r left join users u on u.id = r.user_id where u.id is null")).toBe(0);
      expect(await count("select count(*) n from sessions s left join users u on u.id = s.user_id where u.id is null")).toBe(0);
    }
  });

  it("e-mail verification: the address stays unproven and the link still works once the batch can run", async () => {
    const payload = customerPayload();
    const registered = await api("/api/register", { json: payload });
    expect(registered.status, registered.text).toBe(201);
    const link = verifyTokenFrom(await lastMailTo(payload.email));
    const actor = await actorOf(registered.body.token);
    const verified = () => rows<{ email_verified_at: string | null }>("select email_verified_at from users where id = ?", registered.body.user.id);
    for (const at of [1, -1]) {
      const { ctx, seen } = faultyContext(at);
      await expect(verifyEmail(ctx, { token: link }, actor)).rejects.toThrow(INJECTED);
      expect(seen.batches).toBe(1);
      expect(await verified()).toEqual([{ email_verified_at: null }]);
    }
    const res = await api("/api/email/verify", { json: { token: link }, token: registered.body.token });
    expect(res.status, res.text).toBe(200);
    expect((await verified())[0]!.email_verified_at).not.toBeNull();
    // Used once: the same link again is refused.
    expect((await api("/api/email/verify", { json: { token: link }, token: registered.body.token })).status).toBe(422);
  });

  it("a case with attachments: no case, attachment or file row, and no object in storage", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    const before = await footprint(me.id);
    for (const at of [1, -1]) {
      const { ctx, seen } = faultyContext(at);
      await expectNoOrphans(
        (marker) =>
          saveCase(ctx, actor, {
            name: "Финансовая модель",
            task: "Построить модель",
            solution: "Построил",
            results: "Сделка закрыта",
            attachments: [{ file: file(pdfBytes(marker), "a.pdf", "application/pdf") }, { file: file(docxBytes(marker), "b.docx") }],
          }),
        INJECTED,
      );
      expect(seen.batches).toBe(1);
    }
    expect(await footprint(me.id)).toEqual(before);
  });

  it("a publication file: no publication or file row, and no object in storage", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    const before = await footprint(me.id);
    const { ctx, seen } = faultyContext(-1);
    await expectNoOrphans((marker) => addPublication(ctx, actor, { type: "file", publication_file: file(pdfBytes(marker), "article.pdf", "application/pdf"), description: "Статья" }), INJECTED);
    expect(seen.batches).toBe(1);
    expect(await footprint(me.id)).toEqual(before);
  });

  it("the profile's resume: no file row, the previous resume kept, and no object in storage", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    await uploadResume(testContext(), actor, { resume: file(pdfBytes(newMarker()), "first.pdf", "application/pdf") });
    const before = await footprint(me.id);
    const { ctx, seen } = faultyContext(-1);
    await expectNoOrphans((marker) => uploadResume(ctx, actor, { resume: file(pdfBytes(marker), "second.pdf", "application/pdf") }), INJECTED);
    expect(seen.statements, "the new file row and the previous one's removal").toBeGreaterThanOrEqual(2);
    expect(await footprint(me.id)).toEqual(before);
  });

  it("the avatar: no file row, the photo unchanged, and no object in storage", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    const before = await footprint(me.id);
    const { ctx, seen } = faultyContext(-1);
    await expectNoOrphans((marker) => saveProfile(ctx, actor, { photo: file(pngBytes(marker), "me.png", "image/png") }), INJECTED);
    expect(seen.statements, "the file row and the user's photo").toBeGreaterThanOrEqual(2);
    expect(await footprint(me.id)).toEqual(before);
  });

  it("a competence confirmed by publication files: no confirmation or file row, and no object in storage", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    await saveExpertises(testContext(), actor, { expertises: { items: [{ expertise_id: 3 }] } });
    const before = await footprint(me.id);
    const { ctx, seen } = faultyContext(-1);
    await expectNoOrphans(
      (marker) =>
        confirmExpertise(ctx, actor, {
          confirm_type: "publication",
          expertise_id: "3",
          link: "https://example.ru/article",
          publication_file: [file(pdfBytes(marker), "proof.pdf", "application/pdf"), file(docxBytes(marker), "proof.docx")],
        }),
      INJECTED,
    );
    expect(seen.statements, "the confirmation, two file rows and their links").toBeGreaterThanOrEqual(5);
    expect(await footprint(me.id)).toEqual(before);
  });
});

describe("a storage PUT that fails", () => {
  it("registration: no row at all, and the objects already put are removed", async () => {
    const { storage, log } = failingPutStorage(1);
    let email = "";
    await expectNoOrphans(async (marker) => {
      const body = expertRegistration(marker);
      email = body.email;
      return register(testContext({ storage }), body);
    }, "injected storage failure");
    expect(log.put).toHaveLength(1);
    expect(log.deleted).toEqual(log.put);
    expect(await count("select count(*) n from users where email = ?", email)).toBe(0);
  });

  it("a case, a publication, the resume, the avatar and a confirmation: no row", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    await saveExpertises(testContext(), actor, { expertises: { items: [{ expertise_id: 3 }] } });
    const before = await footprint(me.id);
    const writes: ((marker: string, ctx: AppContext) => Promise<unknown>)[] = [
      (m, ctx) => saveCase(ctx, actor, { name: "Кейс", task: "Задача", solution: "Решение", results: "Итог", attachments: [{ file: file(pdfBytes(m), "a.pdf", "application/pdf") }, { file: file(docxBytes(m), "b.docx") }] }),
      (m, ctx) => addPublication(ctx, actor, { type: "file", publication_file: file(pdfBytes(m), "article.pdf", "application/pdf") }),
      (m, ctx) => uploadResume(ctx, actor, { resume: file(pdfBytes(m), "cv.pdf", "application/pdf") }),
      (m, ctx) => saveProfile(ctx, actor, { photo: file(pngBytes(m), "me.png", "image/png") }),
      (m, ctx) => confirmExpertise(ctx, actor, { confirm_type: "publication", expertise_id: "3", publication_file: [file(pdfBytes(m), "p.pdf", "application/pdf"), file(docxBytes(m), "p.docx")] }),
    ];
    for (const write of writes) {
      const { storage } = failingPutStorage(0);
      await expectNoOrphans((marker) => write(marker, testContext({ storage })), "injected storage failure");
    }
    expect(await footprint(me.id)).toEqual(before);
  });
});

/** A mailer call that fails (one rejected promise, awaited by its caller). */
async function injectedMailFailure(): Promise<never> {
  throw new Error("injected mail failure");
}

describe("a mail that fails", () => {
  it("after the resume's processing is saved: the proposal is answered, not an error (the processing can be done once)", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const actor = await actorOf(me.token);
    await uploadResume(testContext(), actor, { resume: file(Uint8Array.from(atob(resumePdfBase64), (c) => c.charCodeAt(0)), "cv.pdf", "application/pdf") });
    const ctx = { ...testContext(), mailer: { send: injectedMailFailure, sendMany: injectedMailFailure } } as unknown as AppContext;
    const res = await processResume(ctx, actor, { process: 1 });
    expect(res.resume_processed).toBe(0);
    expect(res.proposal?.industries.length ?? 0).toBeGreaterThan(0);
    expect(await rows("select choice, processed from resume_states where user_id = ?", me.id)).toEqual([{ choice: 1, processed: 0 }]);
  });
});

describe("a storage DELETE that fails", () => {
  /** Storage that refuses to delete `refused` keys (all of them when null); every other call is real. */
  function refusingDeleteStorage(refused: string[] | null): ObjectStorage {
    const real = realStorage();
    const refuses = (key: string) => refused === null || refused.includes(key);
    return {
      ...real,
      async delete(key) {
        if (refuses(key)) throw new Error("injected delete failure");
        await real.delete(key);
      },
      async deleteMany(keys) {
        if (keys.some(refuses)) throw new Error("injected delete failure");
        await real.deleteMany(keys);
      },
    };
  }
  const put = async (marker: string) => {
    const key = `test/${marker}.pdf`;
    await realStorage().put(key, pdfBytes(marker), "application/pdf");
    return key;
  };

  it("hands the objects of rows already gone to the sweep, which removes them once storage deletes again", async () => {
    const key = await put(newMarker());
    await removeObjects(testContext({ storage: refusingDeleteStorage(null) }), [key]);
    expect(await realStorage().exists(key)).toBe(true);
    expect(await count("select count(*) n from uploads where key = ? and kind = 'orphan'", key)).toBe(1);
    await sweepUploads(testContext());
    expect(await realStorage().exists(key)).toBe(false);
    expect(await count("select count(*) n from uploads where key = ?", key)).toBe(0);
  });

  it("one object that storage keeps refusing does not stop the sweep: the others go, it waits at the back", async () => {
    const stuck = await put(newMarker());
    const other = await put(newMarker());
    const old = new Date(Date.now() - 48 * 3_600_000).toISOString();
    for (const [id, key] of [[`stuck-${crypto.randomUUID()}`, stuck], [`other-${crypto.randomUUID()}`, other]] as const)
      await rows("insert into uploads (id, user_id, kind, key, name, size, created_at) values (?, null, 'demand', ?, 'f.pdf', 1, ?)", id, key, old);
    const ctx = testContext({ storage: refusingDeleteStorage([stuck]) });
    await sweepUploads(ctx);
    expect(await realStorage().exists(other)).toBe(false);
    expect(await count("select count(*) n from uploads where key = ?", other)).toBe(0);
    expect(await realStorage().exists(stuck)).toBe(true);
    const [row] = await rows<{ created_at: string }>("select created_at from uploads where key = ?", stuck);
    expect(row!.created_at > old).toBe(true);
    // The next run does not meet it before its day is over.
    await sweepUploads(ctx);
    expect(await count("select count(*) n from uploads where key = ?", stuck)).toBe(1);
  });
});
