import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { publications } from "../../../db/schema/cases";
import { files } from "../../../db/schema/platform";
import { ATTACHMENT_TYPES } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { validationError } from "../errors";
import { requireOwnRow } from "../profile/policy.server";
import { CASE_LIMITS } from "./limits";
import { parseCasesInput, publicationSchema } from "./schema";
import { prepared, runBatch, type Params } from "../reads";
import { removeObjects } from "../files/objects.server";

export type PublicationView = {
  id: number;
  type: "link" | "file";
  link: string | null;
  filepath: string | null;
  filename: string | null;
  description: string | null;
};

/** The read of the owner's publications, newest first (a join with their files), for a batch. */
const publicationsStatement = prepared((db, p: Params<{ userId: number }>) =>
  db
    .select({ p: publications, fileName: files.name })
    .from(publications)
    .leftJoin(files, eq(files.id, publications.fileId))
    .where(eq(publications.userId, p.userId))
    .orderBy(desc(publications.id)),
);
export function publicationsQuery(userId: number) {
  return publicationsStatement({ userId });
}

export function publicationsFrom(rows: { p: typeof publications.$inferSelect; fileName: string | null }[]): PublicationView[] {
  return rows.map(({ p, fileName }) => ({
    id: p.id,
    type: p.type,
    link: p.link,
    // The file is read through GET /api/files/{id}: the owner only (spec 2 §6: publications are hidden from others).
    filepath: p.fileId ? `/api/files/${p.fileId}` : null,
    filename: p.fileId ? fileName : null,
    description: p.description,
  }));
}

async function publicationsOf(ctx: AppContext, userId: number): Promise<PublicationView[]> {
  const [rows] = await runBatch(ctx, [publicationsQuery(userId)]);
  return publicationsFrom(rows);
}

/** GET /api/user/profile/publications: the caller's own; nobody else's are ever listed. */
export async function listPublications(ctx: AppContext, actor: Actor) {
  return publicationsOf(ctx, actor.user.id);
}

/** POST /api/user/profile/publications (form data): a link or one file, with an optional description. */
export async function addPublication(ctx: AppContext, actor: Actor, raw: unknown): Promise<PublicationView> {
  const input = parseCasesInput(publicationSchema, raw);
  const uid = actor.user.id;
  if (input.type === "link") {
    const [row] = await ctx.db.insert(publications).values({ userId: uid, type: "link", link: input.link, description: input.description }).returning();
    return { id: row!.id, type: "link", link: row!.link, filepath: null, filename: null, description: row!.description };
  }
  const inline = input.publication_file;
  const list = inline === undefined ? [] : Array.isArray(inline) ? inline : [inline];
  // Or sent beforehand straight to storage (POST /api/uploads, kind 'publication'; decision 0063): its id.
  const direct = uploadIds(input.uploads, "publication_file");
  if (!list.length && !direct.length) throw validationError({ publication_file: ["cases.v.file_required"] });
  // spec 2 §5: one file in the modal; more is refused with the spec's count message.
  if (list.length + direct.length > 1) throw validationError({ publication_file: ["validation.files_count"] });
  const uploads = await prepareUploads(ctx, "publication_file", list, { kind: "publication", allowed: ATTACHMENT_TYPES, maxBytes: CASE_LIMITS.fileBytes - 1, maxCount: 1, ownerUserId: uid });
  // Checked now (size, type by content); a refusal writes nothing.
  const claimed = await claimUploads(ctx, actor, direct, "publication", { field: "publication_file", max: 1 });
  const fileId = uploads[0] ? sql<number>`(select id from files where key = ${uploads[0].key})` : claimed.fileIds[0]!;
  const batch: BatchItem<"sqlite">[] = [
    ...fileRowInserts(ctx, uploads, "publication", uid),
    ...claimed.statements,
    // Its own row comes back from the batch: a read of "the newest" could answer a parallel add's.
    ctx.db.insert(publications).values({ userId: uid, type: "file", fileId: fileId as unknown as number, description: input.description }).returning(),
  ];
  let results: unknown[];
  try {
    results = await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]));
  } catch (e) {
    if (isGuardFailure(e)) throw uploadConflict();
    throw e;
  }
  const [row] = results.at(-1) as (typeof publications.$inferSelect)[];
  return publicationsFrom([{ p: row!, fileName: uploads[0]?.name ?? claimed.names[0] ?? null }])[0]!;
}

/** DELETE /api/user/profile/publications/{id}: the owner's only; a file publication's object goes too. */
export async function deletePublication(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await ctx.db.select({ p: publications, key: files.key }).from(publications).leftJoin(files, eq(files.id, publications.fileId)).where(eq(publications.id, id)).limit(1);
  const own = requireOwnRow(actor, row?.p);
  const batch: BatchItem<"sqlite">[] = [ctx.db.delete(publications).where(and(eq(publications.id, id), eq(publications.userId, actor.user.id)))];
  if (own.fileId) batch.push(ctx.db.delete(files).where(eq(files.id, own.fileId)));
  await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (row.key) await removeObjects(ctx, [row.key]);
  return { ok: true };
}

/** The profile page's publications section (casesSectionsRead): the owner's only (spec 2 §2). */
export type PublicationsSectionData = { items: PublicationView[]; readOnly: boolean };
