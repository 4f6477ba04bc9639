import { and, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { caseAttachments, cases } from "../../../db/schema/cases";
import { files } from "../../../db/schema/platform";
import { users } from "../../../db/schema/users";
import { ATTACHMENT_TYPES } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { profileClosedTo } from "../blocked.server";
import { DomainError, notFound, validationError } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { requireOwnRow } from "../profile/policy.server";
import { CASE_LIMITS } from "./limits";
import { caseSchema, parseCasesInput } from "./schema";
import { prepared, runBatch, type Params } from "../reads";
import { removeObjects } from "../files/objects.server";

export type CaseAttachmentView = { id: number; name: string; size: number; url: string; file: string };
export type CaseView = {
  id: number;
  user_id: number;
  name: string;
  task: string;
  solution: string;
  results: string;
  links: string | null;
  attachments: CaseAttachmentView[];
};

const unauthorized = () => new DomainError("unauthorized", "errors.unauthorized");

type CaseRow = typeof cases.$inferSelect;
type AttachmentRow = { caseId: number; id: number; name: string; size: number };

function toView(c: CaseRow, attachments: AttachmentRow[]): CaseView {
  return {
    id: c.id,
    user_id: c.userId,
    name: c.name,
    task: c.task,
    solution: c.solution,
    results: c.results,
    links: c.links,
    // Files are read through GET /api/files/{id}, which checks who asks and redirects to a signed URL.
    attachments: attachments.filter((a) => a.caseId === c.id).map((a) => ({ id: a.id, name: a.name, size: a.size, url: `/api/files/${a.id}`, file: `/api/files/${a.id}` })),
  };
}

const attachmentColumns = { caseId: caseAttachments.caseId, id: files.id, name: files.name, size: files.size };

/**
 * A user's cases with their attachments in one D1 round trip (two reads in a batch), however many
 * cases there are: the profile page and both list calls use it.
 */
/** The reads of a user's cases and their attachments, for a batch (see also profile-sections.server.ts). */
const caseStatements = {
  cases: prepared((db, p: Params<{ userId: number }>) => db.select().from(cases).where(and(eq(cases.userId, p.userId), isNull(cases.deletedAt))).orderBy(desc(cases.id))),
  attachments: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select(attachmentColumns)
      .from(caseAttachments)
      .innerJoin(cases, eq(cases.id, caseAttachments.caseId))
      .innerJoin(files, eq(files.id, caseAttachments.fileId))
      .where(and(eq(cases.userId, p.userId), isNull(cases.deletedAt)))
      .orderBy(files.id),
  ),
};
export function casesQueries(userId: number) {
  return [caseStatements.cases({ userId }), caseStatements.attachments({ userId })] as const;
}

export function casesFrom(rows: CaseRow[], attachments: AttachmentRow[]): CaseView[] {
  return rows.map((c) => toView(c, attachments));
}

/**
 * A user's cases with their attachments in one D1 round trip (two reads in a batch), however many
 * cases there are: the profile page and both list calls use it.
 */
async function casesOf(ctx: AppContext, userId: number): Promise<CaseView[]> {
  const [rows, attachments] = await runBatch(ctx, casesQueries(userId));
  return casesFrom(rows, attachments);
}

/** GET /api/user/cases: the caller's own cases. */
export async function listOwnCases(ctx: AppContext, actor: Actor) {
  return casesOf(ctx, actor.user.id);
}

/** GET /api/user/cases/by-user/{id}: anyone signed in sees another person's cases (spec 2 §2). */
export async function listUserCases(ctx: AppContext, actor: Actor | null, userId: number) {
  if (!actor) throw unauthorized();
  const [exists] = await ctx.db.select({ id: users.id, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
  // A blocked person's profile is closed to others, and with it his cases (decision 0056).
  if (!exists || profileClosedTo(actor, userId, exists.blockedAt)) throw notFound();
  return casesOf(ctx, userId);
}

/** The case and its attachments (one batch). */
async function loadCase(ctx: AppContext, id: number) {
  const [rows, attachments] = await ctx.db.batch([
    ctx.db
      .select({ ...getTableColumns(cases), ownerBlockedAt: users.blockedAt })
      .from(cases)
      .innerJoin(users, eq(users.id, cases.userId))
      .where(and(eq(cases.id, id), isNull(cases.deletedAt)))
      .limit(1),
    ctx.db
      .select({ ...attachmentColumns, key: files.key })
      .from(caseAttachments)
      .innerJoin(files, eq(files.id, caseAttachments.fileId))
      .where(eq(caseAttachments.caseId, id))
      .orderBy(files.id),
  ]);
  const row = rows[0];
  return row ? { row, attachments } : null;
}

/** GET /api/user/cases/{id}: a case is as visible as the profile that shows it: to anyone signed in. */
export async function getCase(ctx: AppContext, actor: Actor | null, id: number): Promise<CaseView> {
  if (!actor) throw unauthorized();
  const found = await loadCase(ctx, id);
  if (!found || profileClosedTo(actor, found.row.userId, found.row.ownerBlockedAt)) throw notFound();
  return toView(found.row, found.attachments);
}

/** A case the caller may change: missing is 404, someone else's is 403. */
async function ownCase(ctx: AppContext, actor: Actor, id: number) {
  const found = await loadCase(ctx, id);
  requireOwnRow(actor, found?.row);
  return found!; // requireOwnRow threw when it was missing
}

/**
 * POST /api/user/cases (multipart): creates a case, or edits it when `id` is given. Kept attachments come
 * as attachments[n][id], new ones as attachments[n][file]; the others are removed. One D1 batch; new
 * objects are removed if it fails, removed ones are deleted from storage only after it succeeded.
 */
export async function saveCase(ctx: AppContext, actor: Actor, raw: unknown): Promise<CaseView> {
  const input = parseCasesInput(caseSchema, raw);
  const existing = input.id ? await ownCase(ctx, actor, input.id) : null;

  const keptIds = [...new Set(input.attachments.flatMap((a) => (a.id && !a.file ? [a.id] : [])))];
  const newFiles = input.attachments.flatMap((a) => (a.file ? [a.file] : []));
  const known = new Set((existing?.attachments ?? []).map((a) => a.id));
  if (keptIds.some((id) => !known.has(id))) throw validationError({ attachments: ["cases.v.attachment_unknown"] });
  // Files sent straight to storage count with the inline ones (decision 0058): at most 5 in all.
  const direct = uploadIds(input.uploads, "attachments");
  if (keptIds.length + newFiles.length + direct.length > CASE_LIMITS.attachmentsMax) throw validationError({ attachments: ["validation.files_count"] });
  const uploads = await prepareUploads(ctx, "attachments", newFiles, {
    kind: "case",
    allowed: ATTACHMENT_TYPES,
    maxBytes: CASE_LIMITS.fileBytes - 1,
    maxCount: CASE_LIMITS.attachmentsMax,
    ownerUserId: actor.user.id,
  });
  const removed = (existing?.attachments ?? []).filter((a) => !keptIds.includes(a.id));

  const uid = actor.user.id;
  const fields = { name: input.name, task: input.task, solution: input.solution, results: input.results, links: input.links };
  const batch: BatchItem<"sqlite">[] = [];
  // Inside one batch (a transaction) the newest case of the user is the one just inserted.
  const caseId: number | SQL = existing ? existing.row.id : sql`(select max(id) from cases where user_id = ${uid})`;
  if (existing) {
    batch.push(
      ctx.db
        .update(cases)
        .set({ ...fields, updatedAt: ctx.now().toISOString() })
        .where(and(eq(cases.id, existing.row.id), eq(cases.userId, uid), isNull(cases.deletedAt)))
    );
  } else {
    // Its id comes back from the batch (the first statement's result): a second case created at once must
    // not answer this one's.
    batch.push(ctx.db.insert(cases).values({ ...fields, userId: uid }).returning({ id: cases.id }));
  }
  if (removed.length) {
    const ids = removed.map((a) => a.id);
    batch.push(ctx.db.delete(caseAttachments).where(inArray(caseAttachments.fileId, ids)));
    batch.push(ctx.db.delete(files).where(and(inArray(files.id, ids), eq(files.ownerUserId, uid))));
  }
  const fileInserts = fileRowInserts(ctx, uploads, "case", uid);
  uploads.forEach((u, i) => {
    batch.push(fileInserts[i]!);
    batch.push(
      ctx.db.insert(caseAttachments).values({
        caseId: caseId as number,
        fileId: sql`(select id from files where key = ${u.key})` as unknown as number,
      })
    );
  });
  // Checked now (size, type by content), written in this batch after the case's row; a refusal writes nothing.
  const claimed = await claimUploads(ctx, actor, direct, "case", {
    field: "attachments",
    max: CASE_LIMITS.attachmentsMax,
    link: (fileId) => ctx.db.insert(caseAttachments).values({ caseId: caseId as number, fileId: fileId as unknown as number }),
  });
  batch.push(...claimed.statements);
  // An edit writes only into a case still there with at most 5 files: a delete, or another edit adding
  // files, that landed since the case was read fails the batch whole (no files left on a deleted case).
  if (existing)
    batch.push(
      ctx.db
        .select({ failed: sql`json('lost race')` })
        .from(cases)
        .where(and(eq(cases.id, existing.row.id), sql`(${cases.deletedAt} is not null or (select count(*) from case_attachments ca where ca.case_id = ${cases.id}) > ${CASE_LIMITS.attachmentsMax})`)),
    );
  let created: number | undefined;
  try {
    const results = (await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]))) as unknown[];
    if (!existing) created = (results[0] as { id: number }[])[0]?.id;
  } catch (e) {
    if (!isGuardFailure(e)) throw e;
    if (existing) {
      const now = await loadCase(ctx, existing.row.id);
      if (!now) throw notFound();
      if (now.attachments.length + uploads.length + direct.length - removed.length > CASE_LIMITS.attachmentsMax) throw validationError({ attachments: ["validation.files_count"] });
    }
    throw uploadConflict();
  }
  if (removed.length)
    await removeObjects(
      ctx,
      removed.map((a) => a.key)
    );

  const saved = await loadCase(ctx, existing ? existing.row.id : created!);
  // Deleted in the instant since it was written: gone, as a delete answers.
  if (!saved) throw notFound();
  return toView(saved.row, saved.attachments);
}


/**
 * DELETE /api/user/cases/{id}: the case leaves the profile and the response form, its attachments' rows go,
 * then their objects. The row stays, marked deleted (decision 0053): the responses already sent with it
 * keep its name in the customer's comparison.
 */
export async function deleteCase(ctx: AppContext, actor: Actor, id: number) {
  await ownCase(ctx, actor, id);
  const live = sql`exists (select 1 from ${cases} c where c.id = ${id} and c.user_id = ${actor.user.id} and c.deleted_at is null)`;
  // The attachments as the batch finds them, not as read above: one an edit added in between goes too, where
  // its row and object would have stayed, linked to nothing.
  const [gone] = await ctx.db.batch([
    ctx.db
      .delete(files)
      .where(and(sql`${files.id} in (select file_id from ${caseAttachments} where case_id = ${id})`, live))
      .returning({ key: files.key }),
    ctx.db.delete(caseAttachments).where(and(eq(caseAttachments.caseId, id), live)),
    ctx.db
      .update(cases)
      .set({ deletedAt: ctx.now().toISOString() })
      .where(and(eq(cases.id, id), eq(cases.userId, actor.user.id), isNull(cases.deletedAt))),
  ]);
  await removeObjects(ctx, gone.map((f) => f.key));
  return { ok: true };
}

/** Whether a file is a case attachment: those are readable by anyone signed in, like the case itself. */
export async function isCaseAttachment(ctx: AppContext, fileId: number) {
  // As visible as its case: a case still there (decision 0053) of an owner not blocked (decision 0056).
  const [row] = await ctx.db
    .select({ id: caseAttachments.fileId })
    .from(caseAttachments)
    .innerJoin(cases, eq(cases.id, caseAttachments.caseId))
    .innerJoin(users, eq(users.id, cases.userId))
    .where(and(eq(caseAttachments.fileId, fileId), isNull(cases.deletedAt), isNull(users.blockedAt)))
    .limit(1);
  return !!row;
}

/** The profile page's cases section (casesSectionsRead). `readOnly`: someone else's profile or the expert views (spec 2 §2: no add, edit or delete there). */
export type CasesSectionData = { items: CaseView[]; readOnly: boolean };
