import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { files, uploads, type FileKind } from "../../../db/schema/platform";
import { users } from "../../../db/schema/users";
import { buildKey } from "../../../storage/keys";
import { ATTACHMENT_TYPES, extensionOf, matchesDeclaredName, MIME_TYPES, RESUME_TYPES, isOleFile, isZipFile, sniffFileType, sniffOleByRanges, sniffZipByRanges, type FileExt } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import { randomToken } from "~/server/crypto.server";
import { hitAll } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { DomainError, validationError } from "../errors";
import { DEMAND_LIMITS, LIMITS, UPLOAD_LIMITS } from "../limits";
import { CASE_LIMITS } from "../cases/limits";
import { CONFIRMATION_FILE_TYPES, EXPERIENCE_LIMITS } from "../experience/rules";
import { requireActor, requireVerifiedEmail } from "../policy.server";
import { parseInput, wholeNumber } from "../validation";

/**
 * Direct uploads (spec README "Files of requests and responses", docs/decisions/0032-direct-uploads.md): the
 * page asks for a presigned PUT URL, the browser sends the file straight to storage, and the form submits the
 * upload's id. Claiming it checks the stored object (size by HEAD, type by a ranged read) and turns it into a
 * `files` row inside the caller's one batch. A Worker never carries the bytes.
 */

export const UPLOAD_KINDS = ["demand", "respond", "case", "confirmation", "resume", "profile_resume", "publication"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Each kind's rules, as its inline form has them: who may ask for a URL (a verified user, any signed-in user,
 * or anyone: the registration form's resumes, decision 0058), the types (null: any) and the largest size.
 */
const RULES: Record<UploadKind, { who: "verified" | "user" | "guest"; allowed: readonly FileExt[] | null; maxBytes: number; file?: FileKind }> = {
  // spec 3 §5 Request: the demands area's types, each under 50 MB (its inline files: maxBytes fileBytes - 1).
  demand: { who: "verified", allowed: ATTACHMENT_TYPES, maxBytes: DEMAND_LIMITS.fileBytes - 1 },
  // spec 3 §5 Response: any type, each under 50 MB.
  respond: { who: "verified", allowed: null, maxBytes: LIMITS.fileBytes - 1 },
  // spec 2 §5 Case attachments: the attachment types, each under 50 MB, at most 5 (cases.server's inline files).
  case: { who: "user", allowed: ATTACHMENT_TYPES, maxBytes: CASE_LIMITS.fileBytes - 1 },
  // spec 2 §5 Confirmation by publication: up to 5 files of the confirmation types, 50 MB (expertises.server).
  confirmation: { who: "user", allowed: CONFIRMATION_FILE_TYPES, maxBytes: EXPERIENCE_LIMITS.fileBytes },
  // spec 1 §3 Registration's resumes: pdf, doc, docx, 50 MB, up to 5, sent before the account exists.
  resume: { who: "guest", allowed: RESUME_TYPES, maxBytes: LIMITS.fileBytes },
  // spec 2 §3 the profile's resume: one pdf, doc or docx under 50 MB (resume.server's inline file), the
  // signed-in user's own; it becomes a file of kind 'resume' like the registration's (decision 0062).
  profile_resume: { who: "user", allowed: RESUME_TYPES, maxBytes: LIMITS.fileBytes - 1, file: "resume" },
  // spec 2 §5 Publication file: one file of the case attachments' types under 50 MB (publications.server's
  // inline file), the signed-in user's own (decision 0063).
  publication: { who: "user", allowed: ATTACHMENT_TYPES, maxBytes: CASE_LIMITS.fileBytes - 1 },
};

/** The kind of `files` row an upload becomes (and the folder of its key). */
const fileKindOf = (kind: UploadKind): FileKind => RULES[kind].file ?? (kind as FileKind);

/** Public: the page's component shows the same limits before asking. */
export const uploadRules = (kind: UploadKind) => RULES[kind];

/** MIME types a browser may declare for the allowed extensions (it often declares none, or a generic one). */
const GENERIC_TYPES = new Set(["", "application/octet-stream", "text/rtf", "image/pjpeg", "application/x-msg", "application/vnd.ms-office"]);

export const presignSchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "uploads.kind" }),
  name: z.string({ error: "uploads.name_required" }).trim().min(1, "uploads.name_required").max(UPLOAD_LIMITS.nameMax, "validation.file_type"),
  size: wholeNumber(z.number({ error: "validation.file_size" }).int("validation.file_size").min(1, "validation.file_type").max(2 ** 40, "validation.file_size")),
  type: z.string({ error: "validation.file_type" }).max(255, "validation.file_type").optional().default(""),
});

const ANY_EXT = /^[a-z0-9]{1,10}$/;

function cleanName(name: string) {
  // Keep what a person recognises; drop paths and control characters (as files.server's inline uploads do).
  return name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, UPLOAD_LIMITS.nameMax);
}

/**
 * POST /api/uploads {kind, name, size, type}: a presigned PUT for one file, for whom the kind allows. The
 * declared size, name and type are checked against the kind's rules first (the stored object is checked again
 * on claim). A guest's upload (kind 'resume') belongs to no one: its row has no user, it counts against the
 * address's limits, and only a registration can claim it, by its id.
 */
export async function createUpload(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const input = parseInput(presignSchema, raw);
  const rules = RULES[input.kind];
  const owner = rules.who === "guest" ? null : (rules.who === "verified" ? requireVerifiedEmail(actor) : requireActor(actor)).user.id;
  const name = cleanName(input.name);
  if (!name) throw validationError({ name: ["uploads.name_required"] });
  if (input.size > rules.maxBytes) throw validationError({ size: ["validation.file_size"] });
  const ext = extensionOf(name);
  let contentType = "application/octet-stream";
  if (rules.allowed) {
    if (!rules.allowed.includes(ext as FileExt)) throw validationError({ name: ["validation.file_type"] });
    const declared = input.type.toLowerCase();
    if (!GENERIC_TYPES.has(declared) && !Object.values(MIME_TYPES).includes(declared)) throw validationError({ type: ["validation.file_type"] });
    contentType = MIME_TYPES[ext as FileExt];
  }
  await countUploads(ctx, owner, 1, input.size);
  const id = randomToken(24);
  const key = buildKey(fileKindOf(input.kind), owner, rules.allowed || ANY_EXT.test(ext) ? ext : "bin");
  const now = ctx.now();
  // The row first: an object can only appear under a key that a row (and so the sweep) knows of.
  await ctx.db.insert(uploads).values({ id, userId: owner, kind: input.kind, key, name, size: input.size, createdAt: now.toISOString() });
  const { url, headers } = await ctx.storage.signedPutUrl(key, { contentType, size: input.size, expiresIn: UPLOAD_LIMITS.putSeconds });
  return { id, url, method: "PUT" as const, headers, expires_at: new Date(now.getTime() + UPLOAD_LIMITS.putSeconds * 1000).toISOString() };
}

/**
 * Counts files about to be stored against the upload limits: for a user (or, for a guest, his address)
 * their number an hour and their megabytes a day; 429 past either. Files sent straight to storage count
 * when their URL is asked for, files sent inside a form when the form is read (prepareUploads).
 */
export async function countUploads(ctx: AppContext, owner: number | null, files: number, bytes: number) {
  const megabytes = Math.max(1, Math.ceil(bytes / 1_048_576));
  await hitAll(
    ctx,
    owner === null
      ? [
          { name: "uploads_ip", subject: ctx.ip, weight: files },
          { name: "uploads_mb_ip", subject: ctx.ip, weight: megabytes },
        ]
      : [
          { name: "uploads_user", subject: owner, weight: files },
          { name: "uploads_mb_user", subject: owner, weight: megabytes },
        ],
  );
}

export type ClaimedUploads = {
  /** For the caller's one batch: a guard, the files rows, their links, the uploads rows' deletion. */
  statements: BatchItem<"sqlite">[];
  /** The new files' ids, as subqueries by their (unique) keys: usable inside the same batch. */
  fileIds: SQL<number>[];
  keys: string[];
  /** The files' names, as their uploads declared them, in the same order. */
  names: string[];
};

/** A claim's batch failed its guard: an upload was claimed meanwhile (a double submit) or swept. */
export const uploadConflict = () => new DomainError("conflict", "uploads.conflict");

/** Ids of upload rows: random tokens (base64url). Anything else is no upload. */
const uploadId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * The upload ids of a form field (`uploads[i]` or a bare one); an empty list when absent. A malformed id is
 * reported on `field`, like an unknown one.
 */
export function uploadIds(raw: unknown, field: string): string[] {
  const list = raw === undefined || raw === null || raw === "" ? [] : Array.isArray(raw) ? raw.filter((x) => x !== "") : [raw];
  if (!list.every((x) => uploadId.safeParse(x).success)) throw validationError({ [field]: ["uploads.not_found"] });
  return [...new Set(list as string[])];
}

/**
 * Claims the actor's uploads for a record of `kind`: each id must be his, of that kind, not expired, stored
 * with the declared size, and (for kinds with a type list) of an allowed type by its content, agreeing with its
 * name. Refused, nothing is written; an upload whose stored content is wrong (size, type) can never become
 * valid, so it is removed at once, its object before its row (a failed object delete leaves the row, which the
 * sweep retries). `link(fileId)` makes the owner's link row of each new file. The caller runs `statements` in
 * its one batch: the guard fails that batch if an upload was claimed (or swept) meanwhile, so a file row is
 * never written twice or for a removed object; if the batch fails, the uploads stay claimable.
 */
export function claimUploads(
  ctx: AppContext,
  actor: Actor,
  ids: string[],
  kind: UploadKind,
  opts: { field?: string; max?: number; link?: (fileId: SQL<number>) => BatchItem<"sqlite"> } = {},
): Promise<ClaimedUploads> {
  return claim(ctx, { uploader: actor.user.id, fileOwner: actor.user.id }, ids, kind, opts);
}

/**
 * Claims a guest's uploads (kind 'resume', decision 0058) for the account that the same batch creates: `owner`
 * is that account's id as a subquery, so the statements go after its insert. The ids are the only key.
 */
export function claimGuestUploads(
  ctx: AppContext,
  owner: SQL<number>,
  ids: string[],
  kind: UploadKind,
  opts: { field?: string; max?: number; link?: (fileId: SQL<number>) => BatchItem<"sqlite"> } = {},
): Promise<ClaimedUploads> {
  if (RULES[kind].who !== "guest") throw new TypeError(`${kind} uploads are not a guest's`);
  return claim(ctx, { uploader: null, fileOwner: owner }, ids, kind, opts);
}

async function claim(
  ctx: AppContext,
  who: { uploader: number | null; fileOwner: number | SQL<number> },
  ids: string[],
  kind: UploadKind,
  opts: { field?: string; max?: number; link?: (fileId: SQL<number>) => BatchItem<"sqlite"> },
): Promise<ClaimedUploads> {
  const field = opts.field ?? "files";
  // A refusal names the uploads that can never be claimed (`uploads_gone`): the page marks those files, whose
  // ids it would otherwise send again, as refused.
  const refuse = (code: string, gone: string[] = []) => validationError({ [field]: [code] }, gone.length ? { uploads_gone: gone } : undefined);
  const unique = [...new Set(ids)];
  if (!unique.length) return { statements: [], fileIds: [], keys: [], names: [] };
  if (unique.length > (opts.max ?? DEMAND_LIMITS.filesMax)) throw refuse("validation.files_count");
  const rows = await ctx.db.select().from(uploads).where(inArray(uploads.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const claimedBefore = new Date(ctx.now().getTime() - UPLOAD_LIMITS.claimHours * 3_600_000).toISOString();
  // Someone else's upload answers like a missing one (a guest's is no one's: only a guest claim takes it).
  const unknown = unique.filter((id) => {
    const r = byId.get(id);
    return !r || r.userId !== who.uploader || r.kind !== kind;
  });
  if (unknown.length) throw refuse("uploads.not_found", unknown);
  const list = unique.map((id) => byId.get(id)!);
  const expired = list.filter((r) => r.createdAt < claimedBefore).map((r) => r.id);
  if (expired.length) throw refuse("uploads.expired", expired);
  const rules = RULES[kind];

  const checked: { row: (typeof list)[number]; mime: string }[] = [];
  for (const row of list) {
    const head = await ctx.storage.head(row.key);
    if (!head) throw refuse("uploads.not_stored", [row.id]);
    if (head.size !== row.size || head.size > rules.maxBytes) {
      await discard(ctx, row.key);
      throw refuse("uploads.size_mismatch", [row.id]);
    }
    let mime = "application/octet-stream";
    if (rules.allowed) {
      const bytes = await ctx.storage.getRange(row.key, 0, Math.min(row.size, UPLOAD_LIMITS.sniffBytes) - 1);
      let sniffed = bytes ? sniffFileType(bytes) : null;
      // A file larger than that may name its type only further on, as the inline path sees in the whole file:
      // a legacy Office file often keeps its directory near the end, and a .docx/.pptx whose first entries (a
      // thumbnail, an embedded object) fill those bytes names its parts in the central directory at the end.
      // Both are read by ranges (storage/sniff.ts).
      if (!sniffed && bytes && row.size > bytes.length) {
        const read = (offset: number, length: number) => ctx.storage.getRange(row.key, offset, offset + length - 1);
        if (isOleFile(bytes)) sniffed = await sniffOleByRanges(read);
        else if (isZipFile(bytes)) sniffed = await sniffZipByRanges(read, row.size);
      }
      if (!sniffed || !rules.allowed.includes(sniffed.ext) || !matchesDeclaredName(sniffed, row.name)) {
        await discard(ctx, row.key);
        throw refuse("validation.file_type", [row.id]);
      }
      mime = sniffed.mime;
    }
    checked.push({ row, mime });
  }

  const idList = list.map((r) => r.id);
  const mine = who.uploader === null ? isNull(uploads.userId) : eq(uploads.userId, who.uploader);
  const statements: BatchItem<"sqlite">[] = [
    // Fails the batch (json() of a non-JSON text raises) unless every upload is still there and the uploader's.
    // It reads the owner's row, so a guest claim's owner (inserted by the same batch) must come before it.
    ctx.db
      .select({ failed: sql`json('upload gone')` })
      .from(users)
      .where(and(eq(users.id, who.fileOwner as number), sql`(select count(*) from ${uploads} where ${inArray(uploads.id, idList)} and ${mine}) <> ${idList.length}`)),
  ];
  const fileIds: SQL<number>[] = [];
  for (const { row, mime } of checked) {
    statements.push(ctx.db.insert(files).values({ ownerUserId: who.fileOwner as number, kind: fileKindOf(kind), key: row.key, name: row.name, mime, size: row.size }));
    const fileId = sql<number>`(select id from files where key = ${row.key})`;
    fileIds.push(fileId);
    if (opts.link) statements.push(opts.link(fileId));
  }
  statements.push(ctx.db.delete(uploads).where(and(inArray(uploads.id, idList), mine)));
  return { statements, fileIds, keys: checked.map((c) => c.row.key), names: checked.map((c) => c.row.name) };
}

/**
 * An upload whose stored content can never be claimed: its object goes now, its row stays for the sweep. The
 * URL of the upload lives on for up to 10 minutes and its create-only condition holds only while an object is
 * there: a second PUT to it would otherwise store an object no row names. The row still names the key, and
 * the sweep deletes that key a day on, whatever was put there since. A claim of it meanwhile finds no object
 * ('uploads.not_stored'), or checks afresh the one put since.
 */
async function discard(ctx: AppContext, key: string) {
  try {
    await ctx.storage.delete(key);
  } catch {
    // Left to the sweep: the row still names the object.
  }
}

/** At most this many DeleteObjects calls per page of the sweep when storage refuses some keys (a Worker's subrequests are counted). */
const SWEEP_DELETE_CALLS = 40;

/**
 * The Cron Trigger's part (functions/scheduled.ts): uploads older than a day were never claimed (a claimed one
 * has no row). Their objects go first, in DeleteObjects batches of up to 1,000 keys, then their rows; a run cut
 * short leaves rows whose objects may be gone, which the next run deletes again (deleting a missing object is
 * no error), so it is idempotent and never leaves an object without a row. Bounded per run.
 */
export async function sweepUploads(ctx: AppContext, opts: { pageSize?: number; maxPages?: number } = {}) {
  const pageSize = opts.pageSize ?? 1000;
  const maxPages = opts.maxPages ?? 10;
  const before = new Date(ctx.now().getTime() - UPLOAD_LIMITS.sweepHours * 3_600_000).toISOString();
  let removed = 0;
  for (let page = 0; page < maxPages; page++) {
    const stale = await ctx.db.select({ id: uploads.id, key: uploads.key }).from(uploads).where(lt(uploads.createdAt, before)).orderBy(asc(uploads.createdAt)).limit(pageSize);
    if (!stale.length) break;
    // One object the storage keeps refusing must not stop the sweep for good (every run starts from the
    // oldest rows): a refused page is split in halves until the refused keys stand alone; those wait for a
    // later run at the back of the queue, and what the split's budget did not reach stays for the next hour.
    const refused = new Set<string>();
    const untried = new Set<string>();
    let calls = 0;
    const deleteSplitting = async (keys: string[]): Promise<void> => {
      if (calls++ >= SWEEP_DELETE_CALLS) return void keys.forEach((k) => untried.add(k));
      try {
        await ctx.storage.deleteMany(keys);
      } catch (e) {
        if (keys.length === 1) return void refused.add(keys[0]!);
        if (calls === 1) console.log(JSON.stringify({ level: "warn", event: "sweep_delete_failed", error: String(e) }));
        const half = Math.ceil(keys.length / 2);
        await deleteSplitting(keys.slice(0, half));
        await deleteSplitting(keys.slice(half));
      }
    };
    await deleteSplitting(stale.map((s) => s.key));
    const gone = stale.filter((s) => !refused.has(s.key) && !untried.has(s.key));
    const failed = stale.filter((s) => refused.has(s.key));
    // D1 binds at most 100 values per statement: the rows go in chunks, in one batch.
    const chunk = (list: typeof stale) => Array.from({ length: Math.ceil(list.length / 90) }, (_, i) => list.slice(i * 90, i * 90 + 90).map((s) => s.id));
    const statements = [
      ...chunk(gone).map((c) => ctx.db.delete(uploads).where(inArray(uploads.id, c))),
      ...chunk(failed).map((c) => ctx.db.update(uploads).set({ createdAt: ctx.now().toISOString() }).where(inArray(uploads.id, c))),
    ];
    if (statements.length) await ctx.db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    removed += gone.length;
    if (stale.length < pageSize) break;
  }
  return removed;
}
