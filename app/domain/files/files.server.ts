import { files, type FileKind } from "../../../db/schema/platform";
import { buildKey } from "../../../storage/keys";
import { matchesDeclaredName, sniffFileType, type FileExt } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/server/session.server";
import { DomainError, notFound, validationError } from "../errors";
import { isCaseAttachment } from "../cases/cases.server";
import { customerSeesRespond } from "../responds/view-flags.server";
import { isOperator } from "../policy.server";
import { searchingToday } from "../demands/searching.server";
import { countUploads } from "./uploads.server";
import { removeObjects } from "./objects.server";

/**
 * A File the runtime made. `instanceof` alone also holds for a plain object whose prototype was set to a
 * File (a form field named `x[__proto__]`), and reading that object's size or bytes throws (a 500).
 */
const isRuntimeFile = (v: unknown): v is File => v instanceof File && Object.getPrototypeOf(v) === File.prototype;

export type PreparedUpload = { bytes: Uint8Array; name: string; ext: FileExt; mime: string; size: number; key: string };

/**
 * Checks uploads before anything is written: size first (from the File, without reading it), then the
 * type by its bytes, and the name's extension must agree with the content (a PDF renamed .docx is refused).
 */
export async function prepareUploads(
  ctx: AppContext,
  field: string,
  list: File[],
  opts: { kind: FileKind; allowed: readonly FileExt[] | "any"; maxBytes: number; maxCount: number; sizeMessage?: string; ownerUserId?: number | null },
): Promise<PreparedUpload[]> {
  if (list.length > opts.maxCount) throw validationError({ [field]: ["validation.files_count"] });
  const prepared: PreparedUpload[] = [];
  for (const file of list) {
    if (!isRuntimeFile(file)) throw validationError({ [field]: ["validation.file_type"] });
    if (file.size === 0) throw validationError({ [field]: ["validation.file_type"] });
    if (file.size > opts.maxBytes) throw validationError({ [field]: [opts.sizeMessage ?? "validation.file_size"] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffFileType(bytes);
    if (opts.allowed === "any") {
      prepared.push(anyTypeUpload(bytes, file.name, sniffed, opts.kind, opts.ownerUserId ?? null));
      continue;
    }
    if (!sniffed || !opts.allowed.includes(sniffed.ext) || !matchesDeclaredName(sniffed, file.name)) {
      throw validationError({ [field]: ["validation.file_type"] });
    }
    const name = sanitizeName(file.name) || `file.${sniffed.ext}`;
    prepared.push({ bytes, name, ext: sniffed.ext, mime: sniffed.mime, size: bytes.byteLength, key: buildKey(opts.kind, opts.ownerUserId ?? null, sniffed.ext) });
  }
  // Files sent inside a form count as those sent straight to storage do (POST /api/uploads): per user, or
  // per address for a guest, their number an hour and their megabytes a day.
  if (prepared.length) await countUploads(ctx, opts.ownerUserId ?? null, prepared.length, prepared.reduce((n, u) => n + u.size, 0));
  return prepared;
}

/**
 * A file of a kind that takes any type (a response's attachments, spec 3 §5): kept as its content says when
 * the sniffer knows it and the name agrees, else as opaque bytes (application/octet-stream, so it is only
 * ever downloaded, never rendered; an SVG too, as it can carry script).
 */
function anyTypeUpload(bytes: Uint8Array, fileName: string, sniffed: ReturnType<typeof sniffFileType>, kind: FileKind, owner: number | null): PreparedUpload {
  const known = sniffed && sniffed.ext !== "svg" && matchesDeclaredName(sniffed, fileName) ? sniffed : null;
  const ext = (known?.ext ?? "bin") as FileExt;
  const name = sanitizeName(fileName) || `file.${ext}`;
  return { bytes, name, ext, mime: known?.mime ?? "application/octet-stream", size: bytes.byteLength, key: buildKey(kind, owner, ext) };
}

function sanitizeName(name: string) {
  // Keep what a person recognises; drop paths and control characters.
  return name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
}

/** Puts the objects; if one put fails, the ones already stored are removed. */
export async function putUploads(ctx: AppContext, prepared: PreparedUpload[]) {
  const done: string[] = [];
  try {
    for (const p of prepared) {
      await ctx.storage.put(p.key, p.bytes, p.mime);
      done.push(p.key);
    }
  } catch (e) {
    await removeObjects(ctx, done);
    throw e;
  }
}

/** Rows for the files table, to be written in the same batch as their owner. */
export function fileRowInserts(ctx: AppContext, prepared: PreparedUpload[], kind: FileKind, ownerUserId: number | SQL) {
  return prepared.map((p) =>
    ctx.db.insert(files).values({ ownerUserId: ownerUserId as number, kind, key: p.key, name: p.name, mime: p.mime, size: p.size }),
  );
}

/** Runs the D1 batch; when it fails, the objects written for it are deleted so nothing is orphaned. */
export async function commitWithUploads<T>(ctx: AppContext, prepared: PreparedUpload[], run: () => Promise<T>): Promise<T> {
  if (prepared.length) await putUploads(ctx, prepared);
  try {
    return await run();
  } catch (e) {
    await removeObjects(ctx, prepared.map((p) => p.key));
    throw e;
  }
}

/**
 * A file is read through a short-lived signed URL, after the permission check (spec README: Files).
 * The owner, operators, anyone signed in for a case attachment or for a file of a request that is searching
 * (as GET /api/demand/short shows the request), and a request's customer for the files of the responses he sees.
 */
export async function fileDownloadUrl(ctx: AppContext, actor: Actor | null, fileId: number) {
  if (!actor) throw new DomainError("unauthorized", "errors.unauthorized");
  const file = await ctx.db.query.files.findFirst({ where: eq(files.id, fileId) });
  // A case attachment is as visible as its case: to anyone signed in (spec 2 §2, app/domain/cases).
  const allowed =
    file &&
    (file.ownerUserId === actor.user.id ||
      isOperator(actor) ||
      (file.kind === "case" && (await isCaseAttachment(ctx, file.id))) ||
      (file.kind === "respond" && (await isRespondFileOfCustomer(ctx, file.id, actor.user.id))) ||
      (file.kind === "demand" && (await isSearchingDemandFile(ctx, file.id))));
  // Someone else's file answers like a missing one: its existence is not the caller's to know.
  if (!file || !allowed) throw notFound();
  return ctx.storage.signedUrl(file.key, { expiresIn: 300, filename: file.name });
}

/** The caller's own files of a kind (e.g. the resumes sent at registration). */
export async function listOwnFiles(ctx: AppContext, actor: Actor, kind: FileKind) {
  const rows = await ctx.db.query.files.findMany({ where: and(eq(files.ownerUserId, actor.user.id), eq(files.kind, kind)), orderBy: (f, { asc }) => asc(f.id) });
  return rows.map((f) => ({ id: f.id, name: f.name, size: f.size, mime: f.mime, url: `/api/files/${f.id}` }));
}

/** A response's file is the request's customer's to read once he sees the response (not in moderation). */
async function isRespondFileOfCustomer(ctx: AppContext, fileId: number, userId: number) {
  const rows = await ctx.db.all<{ ok: number }>(sql`select 1 as ok from respond_files rf join responds r on r.id = rf.respond_id join demands d on d.id = r.demand_id
    where rf.file_id = ${fileId} and d.user_id = ${userId} and d.deleted_at is null and ${customerSeesRespond("r")} limit 1`);
  return rows.length > 0;
}

/** A request's file is as visible as the request to experts: while it searches (expiry exact, as on every read). */
async function isSearchingDemandFile(ctx: AppContext, fileId: number) {
  const today = ctx.now().toISOString().slice(0, 10);
  const rows = await ctx.db.all<{ ok: number }>(sql`select 1 as ok from demand_files df join demands d on d.id = df.demand_id
    where df.file_id = ${fileId} and ${searchingToday(today)} limit 1`);
  return rows.length > 0;
}
