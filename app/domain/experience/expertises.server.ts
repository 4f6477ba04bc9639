import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { usableBy } from "../reference/usable";
import { inIds } from "../id-list";
import type { BatchItem } from "drizzle-orm/batch";
import { confirmationFiles, expertiseConfirmations, userExpertises, userInstitutions } from "../../../db/schema/experience";
import { files } from "../../../db/schema/platform";
import { expertises, institutions } from "../../../db/schema/reference";
import { users } from "../../../db/schema/users";
import { ratingsBySubject } from "../reputation/ratings.server";
import { auditInsert } from "~/server/audit.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { DomainError, notFound, validationError } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { expertiseKey } from "../reputation/keys";
import { roundRating } from "../reputation/score";
import { col, prepared, read, runBatch, type Params, type RowsOf } from "../reads";
import { foldName, localName, sameNamed } from "../names";
import { CONFIRMATION_FILE_TYPES, EXPERIENCE_LIMITS, studyYearRange } from "./rules";
import { confirmInput, expertisesSave, nameSearch, parseExperience } from "./schema";
import { removeObjects } from "../files/objects.server";

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** A competence the user may see in the tree: active, or proposed by them and still in moderation. */
const visibleExpertise = (userId: number | null) =>
  userId ? usableBy(expertises, userId) : eq(expertises.status, "active");


export type TreeItem = { id: number; name: string; parent_id: number | null; status: string; checked: boolean; disabled: boolean; children: TreeItem[] };

/**
 * GET /api/expertises: the competence tree as `expertises_tree` (spec 2 §3). Items the caller already has
 * come checked and disabled; only leaves are selectable (the page's rule, spec 2 §4).
 */
export async function expertiseTree(ctx: AppContext, actor: Actor | null) {
  const userId = actor?.user.id ?? null;
  const [rows, mine] = await ctx.db.batch([
    ctx.db.select().from(expertises).where(visibleExpertise(userId)).orderBy(asc(expertises.id)),
    ctx.db.select({ id: userExpertises.expertiseId }).from(userExpertises).where(userId ? eq(userExpertises.userId, userId) : sql`0`),
  ]);
  const have = new Set(mine.map((m) => m.id));
  const byId = new Map<number, TreeItem>();
  for (const r of rows) byId.set(r.id, { id: r.id, name: localName(ctx, r.name, r.nameEn), parent_id: r.parentId, status: r.status, checked: have.has(r.id), disabled: have.has(r.id), children: [] });
  const roots: TreeItem[] = [];
  for (const item of byId.values()) {
    const parent = item.parent_id ? byId.get(item.parent_id) : undefined;
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return { expertises_tree: roots };
}

/** The statements of a user's competences, their SQL built once per isolate (decision 0041). */
const expertiseStatements = {
  competences: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ id: col(userExpertises.id, "ue_id"), expertiseId: col(expertises.id, "ex_id"), name: col(expertises.name, "ex_name"), nameEn: col(expertises.nameEn, "ex_name_en"), status: col(expertises.status, "ex_status") })
      .from(userExpertises)
      .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
      .where(eq(userExpertises.userId, p.userId))
      .orderBy(asc(userExpertises.id)),
  ),
  confirmations: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({
        id: col(expertiseConfirmations.id, "ec_id"),
        expertiseId: col(expertiseConfirmations.expertiseId, "ec_expertise_id"),
        type: col(expertiseConfirmations.confirmType, "ec_type"),
        description: col(expertiseConfirmations.description, "ec_description"),
        link: col(expertiseConfirmations.link, "ec_link"),
        userInstitutionId: sql<number | null>`${userInstitutions.id}`.as("ui_id"),
        studyFinish: sql<string | null>`${userInstitutions.studyFinish}`.as("ui_study_finish"),
        institution: sql<string | null>`${institutions.name}`.as("in_name"),
        institutionStatus: sql<string | null>`${institutions.status}`.as("in_status"),
      })
      .from(expertiseConfirmations)
      .leftJoin(userInstitutions, eq(userInstitutions.id, expertiseConfirmations.userInstitutionId))
      .leftJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
      .where(eq(expertiseConfirmations.userId, p.userId))
      .orderBy(asc(expertiseConfirmations.id)),
  ),
  files: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ confirmationId: col(confirmationFiles.confirmationId, "cf_confirmation_id"), id: col(files.id, "f_id"), name: col(files.name, "f_name") })
      .from(confirmationFiles)
      .innerJoin(expertiseConfirmations, eq(expertiseConfirmations.id, confirmationFiles.confirmationId))
      .innerJoin(files, eq(files.id, confirmationFiles.fileId))
      .where(eq(expertiseConfirmations.userId, p.userId))
      .orderBy(asc(confirmationFiles.id)),
  ),
};

/** The reads of a user's competences: competences, confirmations, their files, and the ratings. */
export function expertisesQueries(userId: number) {
  const s = expertiseStatements;
  return [s.competences({ userId }), s.confirmations({ userId }), s.files({ userId }), ratingsBySubject(userId, "expertise")] as const;
}
type Q = ReturnType<typeof expertisesQueries>;

export type ConfirmationView = {
  id: number;
  type: "institution" | "publication";
  name: string;
  link: string | null;
  description: string | null;
  study_finish: string | null;
  institution_id: number | null;
  status: string | null;
  files: { id: number; name: string; url: string }[];
};

export function expertisesView(ctx: AppContext, [rows, confs, confFiles, rated]: readonly [RowsOf<Q[0]>, RowsOf<Q[1]>, RowsOf<Q[2]>, RowsOf<Q[3]>], readOnly: boolean) {
  const byKey = new Map(rated.map((r) => [r.key, r]));
  return rows
    .filter((r) => !readOnly || r.status === "active")
    .map((r) => {
      const rating = byKey.get(expertiseKey(r.expertiseId));
      const confirmations: ConfirmationView[] = confs
        // A place of study still proposed is its author's alone (decision 0014).
        .filter((c) => c.expertiseId === r.expertiseId && (!readOnly || c.type !== "institution" || c.institutionStatus === "active"))
        .map((c) => {
          const own = confFiles.filter((f) => f.confirmationId === c.id).map((f) => ({ id: f.id, name: f.name, url: `/api/files/${f.id}` }));
          const name = c.type === "institution" ? `${c.institution ?? ""}${c.studyFinish ? `, ${c.studyFinish.slice(0, 4)}` : ""}` : c.description || c.link || own[0]?.name || "";
          return { id: c.id, type: c.type, name, link: c.link, description: c.description, study_finish: c.studyFinish, institution_id: c.userInstitutionId, status: c.institutionStatus, files: own };
        });
      return {
        id: r.id,
        expertise_id: r.expertiseId,
        name: localName(ctx, r.name, r.nameEn),
        expertise_name: localName(ctx, r.name, r.nameEn),
        rating: rating ? roundRating(Number(rating.avg)) : 0,
        rating_count: rating ? Number(rating.n) : 0,
        status: r.status,
        confirmations,
        confirmation: confirmations.map((c) => ({ name: c.name })),
      };
    });
}
export type ExpertiseView = ReturnType<typeof expertisesView>[number];

/** GET /api/user/profile/expertises (and the `expertises` of GET /api/user/{id}, read-only). One batch. */
export async function listExpertises(ctx: AppContext, userId: number, opts: { readOnly?: boolean } = {}) {
  const results = await runBatch(ctx, expertisesQueries(userId));
  return expertisesView(ctx, results, !!opts.readOnly);
}

/** The #expertise section of the profile page. Four statements. */
export function competencesRead(ctx: AppContext, userId: number, opts: { readOnly: boolean }) {
  return read(expertisesQueries(userId), (results) => ({ readOnly: opts.readOnly, expertises: expertisesView(ctx, results, opts.readOnly), studyYears: studyYearRange(ctx.now()) }));
}
export type CompetencesSectionData = Awaited<ReturnType<ReturnType<typeof competencesRead>["view"]>>;

/**
 * POST /api/user/profile/expertises {expertises:{items, new_items}}: adds competences of the tree
 * (leaves only) and proposes new ones, which go to moderation (spec 2 §4). What the user has stays.
 */
export async function saveExpertises(ctx: AppContext, actor: Actor, raw: unknown) {
  const { expertises: input } = parseExperience(expertisesSave, raw);
  const ids = [...new Set(input.items.map((i) => i.expertise_id))];
  const names = [...new Map(input.new_items.map((n) => [foldName(n.name), n.name.replace(/\s+/g, " ")])).values()];
  if (!ids.length && !names.length) throw new DomainError("validation", "experience.expertises_required", { fields: { expertises: ["experience.expertises_required"] } });
  const [found, parents, mine, sameName] = await ctx.db.batch([
    // The ids as one bound parameter (inIds): a save may name 100, over D1's 100 parameters a statement.
    ctx.db.select({ id: expertises.id }).from(expertises).where(ids.length ? and(inIds(expertises.id, ids), visibleExpertise(actor.user.id)) : sql`0`),
    ctx.db.select({ id: expertises.parentId }).from(expertises).where(ids.length ? inIds(expertises.parentId, ids) : sql`0`),
    ctx.db.select({ id: userExpertises.expertiseId }).from(userExpertises).where(eq(userExpertises.userId, actor.user.id)),
    // Compared in JS (SQLite folds ASCII only); the tree is small.
    ctx.db.select({ id: expertises.id, name: expertises.name, parentId: expertises.parentId, status: expertises.status }).from(expertises).where(names.length ? visibleExpertise(actor.user.id) : sql`0`),
  ]);
  const withChildren = new Set(sameName.map((e) => e.parentId));
  // A typed name reuses an existing competence only when it is a leaf: a group is never a competence.
  const leaves = sameName.filter((e) => !withChildren.has(e.id));
  // Only leaves can be chosen: a group (an item with children) is not a competence.
  const groups = new Set(parents.map((p) => p.id));
  if (ids.some((id) => !found.some((f) => f.id === id) || groups.has(id))) {
    throw new DomainError("validation", "experience.expertise_unknown", { fields: { "expertises.items": ["experience.expertise_unknown"] } });
  }
  const have = new Set(mine.map((m) => m.id));
  // What this save adds: chosen competences not yet held, typed names that are held ones or chosen ones
  // add nothing, and a typed name of an existing competence adds that one once.
  const chosen = new Set(ids.filter((id) => !have.has(id)));
  const reused = new Set<number>();
  const proposedNames: string[] = [];
  for (const name of names) {
    const same = sameNamed(leaves, name);
    if (!same) proposedNames.push(name);
    else if (!have.has(same.id) && !chosen.has(same.id)) reused.add(same.id);
  }
  const limit = EXPERIENCE_LIMITS.expertisesPerSave;
  const overLimit = () => new DomainError("validation", "experience.expertises_limit", { fields: { expertises: ["experience.expertises_limit"] } });
  if (have.size + chosen.size + reused.size + proposedNames.length > limit) throw overLimit();
  // Each new competence goes to the operators' moderation queue: counted per competence.
  if (proposedNames.length) await hitAll(ctx, [{ name: "proposals_user", subject: actor.user.id, weight: proposedNames.length }]);
  const q: BatchItem<"sqlite">[] = [];
  const add = (expertiseId: number | ReturnType<typeof sql>) =>
    ctx.db.insert(userExpertises).values({ userId: actor.user.id, expertiseId: expertiseId as number }).onConflictDoNothing();
  for (const id of [...chosen, ...reused]) q.push(add(id));
  for (const name of proposedNames) {
    q.push(ctx.db.insert(expertises).values({ name, parentId: null, status: "moderation", createdBy: actor.user.id }));
    q.push(add(sql`(select max(id) from ${expertises} where ${expertises.createdBy} = ${actor.user.id} and ${expertises.name} = ${name})`));
    q.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "expertise.proposed", targetType: "expertise", meta: { name } }));
  }
  if (!q.length) return { expertises: await listExpertises(ctx, actor.user.id) };
  // The limit holds as the batch finds the profile, not as read before it: two saves at once that each
  // fit alone fail the later one whole.
  q.push(
    ctx.db
      .select({ failed: sql`json('lost race')` })
      .from(users)
      .where(and(eq(users.id, actor.user.id), sql`(select count(*) from ${userExpertises} where ${userExpertises.userId} = ${actor.user.id}) > ${limit}`)),
  );
  try {
    await ctx.db.batch(q as Batch);
  } catch (e) {
    if (isGuardFailure(e)) throw overLimit();
    throw e;
  }
  return { expertises: await listExpertises(ctx, actor.user.id) };
}

/** DELETE /api/user/profile/expertises/{expertise_id}: the competence with its confirmations and their files. */
export async function deleteExpertise(ctx: AppContext, actor: Actor, id: number) {
  const userId = actor.user.id;
  const ofThis = and(eq(expertiseConfirmations.userId, userId), eq(expertiseConfirmations.expertiseId, id));
  const [own] = await ctx.db.select({ id: userExpertises.id }).from(userExpertises).where(and(eq(userExpertises.userId, userId), eq(userExpertises.expertiseId, id))).limit(1);
  if (!own) throw notFound();
  const confirmations = ctx.db.select({ id: expertiseConfirmations.id }).from(expertiseConfirmations).where(ofThis);
  // Everything as the batch finds it, not as read before it: a confirmation added in between goes too, its
  // files and place of study with it (each confirmation by a place of study made its own row of it).
  const [gone] = await ctx.db.batch([
    ctx.db
      .delete(files)
      .where(and(inArray(files.id, ctx.db.select({ id: confirmationFiles.fileId }).from(confirmationFiles).where(inArray(confirmationFiles.confirmationId, confirmations))), eq(files.ownerUserId, userId)))
      .returning({ key: files.key }),
    ctx.db.delete(confirmationFiles).where(inArray(confirmationFiles.confirmationId, confirmations)),
    ctx.db
      .delete(userInstitutions)
      .where(and(inArray(userInstitutions.id, ctx.db.select({ id: expertiseConfirmations.userInstitutionId }).from(expertiseConfirmations).where(ofThis)), eq(userInstitutions.userId, userId))),
    ctx.db.delete(expertiseConfirmations).where(ofThis),
    ctx.db.delete(userExpertises).where(and(eq(userExpertises.userId, userId), eq(userExpertises.expertiseId, id))),
  ]);
  // The rows are gone first: an object left by a failed delete is unreachable, never a dangling row.
  await removeObjects(ctx, gone.map((k) => k.key));
  return { expertise_id: id };
}

function listFiles(value: unknown): File[] {
  if (value instanceof File) return [value];
  if (Array.isArray(value)) return value.filter((v): v is File => v instanceof File);
  if (value && typeof value === "object") return Object.values(value).filter((v): v is File => v instanceof File);
  return [];
}

/**
 * POST /api/user/profile/expertises/confirm: a confirmation by a place of study (an existing one or a
 * new one, which goes to moderation) or by a document or a link, with up to 5 files checked by content.
 * Rows in one batch; the files' objects are removed if it fails.
 */
export async function confirmExpertise(ctx: AppContext, actor: Actor, raw: Record<string, unknown>) {
  const now = ctx.now();
  const uploads = listFiles(raw.publication_file);
  // Files sent straight to storage (POST /api/uploads, kind 'confirmation': decision 0058) count with the inline ones.
  const direct = uploadIds(raw.uploads, "publication_file");
  const { from, to } = studyYearRange(now);
  const input = parseExperience(confirmInput(now, uploads.length + direct.length > 0), { ...raw, publication_file: undefined, uploads: undefined }, { from, to });
  const userId = actor.user.id;
  const newInstitution = input.institution_id ? undefined : input.new_institution?.replace(/\s+/g, " ");
  const [own, inst, sameName] = await ctx.db.batch([
    ctx.db.select({ id: userExpertises.id }).from(userExpertises).where(and(eq(userExpertises.userId, userId), eq(userExpertises.expertiseId, input.expertise_id))),
    ctx.db.select({ id: institutions.id }).from(institutions).where(input.institution_id ? and(eq(institutions.id, input.institution_id), visibleInstitution(userId)) : sql`0`),
    // A typed name is compared with every visible institution in JS (SQLite folds ASCII only).
    ctx.db.select({ id: institutions.id, name: institutions.name, status: institutions.status }).from(institutions).where(newInstitution ? visibleInstitution(userId) : sql`0`),
  ]);
  if (!own.length) throw notFound();
  const q: BatchItem<"sqlite">[] = [];
  let prepared: Awaited<ReturnType<typeof prepareUploads>> = [];
  if (input.confirm_type === "institution") {
    if (input.institution_id && !inst.length) throw new DomainError("validation", "experience.institution_required", { fields: { institution_id: ["experience.institution_required"] } });
    let institutionRef: number | ReturnType<typeof sql> | undefined = input.institution_id;
    if (!institutionRef) {
      const same = sameNamed(sameName, newInstitution!);
      if (same) institutionRef = same.id;
      else {
        await hit(ctx, "proposals_user", userId);
        q.push(ctx.db.insert(institutions).values({ name: newInstitution!, status: "moderation", createdBy: userId }));
        q.push(auditInsert(ctx, { actorUserId: userId, action: "institution.proposed", targetType: "institution", meta: { name: newInstitution } }));
        institutionRef = sql`(select max(id) from ${institutions} where ${institutions.createdBy} = ${userId} and ${institutions.name} = ${newInstitution!})`;
      }
    }
    q.push(ctx.db.insert(userInstitutions).values({ userId, institutionId: institutionRef as number, studyFinish: input.study_finish! }));
    q.push(
      ctx.db.insert(expertiseConfirmations).values({
        userId,
        expertiseId: input.expertise_id,
        confirmType: "institution",
        description: input.description ?? null,
        userInstitutionId: sql`(select max(id) from ${userInstitutions} where ${userInstitutions.userId} = ${userId})` as unknown as number,
      }),
    );
  } else {
    if (uploads.length + direct.length > EXPERIENCE_LIMITS.confirmationFiles) throw validationError({ publication_file: ["validation.files_count"] });
    prepared = await prepareUploads(ctx, "publication_file", uploads, {
      kind: "confirmation",
      allowed: CONFIRMATION_FILE_TYPES,
      maxBytes: EXPERIENCE_LIMITS.fileBytes,
      maxCount: EXPERIENCE_LIMITS.confirmationFiles,
      ownerUserId: userId,
    });
    q.push(ctx.db.insert(expertiseConfirmations).values({ userId, expertiseId: input.expertise_id, confirmType: "publication", description: input.description ?? null, link: input.link ?? null }));
    const lastConfirmation = sql`(select max(id) from ${expertiseConfirmations} where ${expertiseConfirmations.userId} = ${userId})`;
    q.push(...fileRowInserts(ctx, prepared, "confirmation", userId));
    for (const p of prepared) {
      q.push(ctx.db.insert(confirmationFiles).values({ confirmationId: lastConfirmation as unknown as number, fileId: sql`(select id from ${files} where ${files.key} = ${p.key})` as unknown as number }));
    }
    const claimed = await claimUploads(ctx, actor, direct, "confirmation", {
      field: "publication_file",
      max: EXPERIENCE_LIMITS.confirmationFiles,
      link: (fileId) => ctx.db.insert(confirmationFiles).values({ confirmationId: lastConfirmation as unknown as number, fileId: fileId as unknown as number }),
    });
    q.push(...claimed.statements);
  }
  // The competence is still the user's when the batch writes: a delete landing since it was read fails the
  // batch whole (no confirmation, file or place of study left under a competence that is gone).
  q.push(
    ctx.db
      .select({ failed: sql`json('lost race')` })
      .from(users)
      .where(and(eq(users.id, userId), sql`not exists (select 1 from ${userExpertises} where ${userExpertises.userId} = ${userId} and ${userExpertises.expertiseId} = ${input.expertise_id})`)),
  );
  try {
    await commitWithUploads(ctx, prepared, () => ctx.db.batch(q as Batch));
  } catch (e) {
    if (!isGuardFailure(e)) throw e;
    const [still] = await ctx.db.select({ id: userExpertises.id }).from(userExpertises).where(and(eq(userExpertises.userId, userId), eq(userExpertises.expertiseId, input.expertise_id)));
    if (!still) throw notFound();
    throw uploadConflict();
  }
  return { expertises: await listExpertises(ctx, userId) };
}

const visibleInstitution = (userId: number) => usableBy(institutions, userId);

/** GET /api/institutions?name: active places of study matching the name, and the caller's own in moderation. */
export async function searchInstitutions(ctx: AppContext, actor: Actor, raw: unknown) {
  const { name } = parseExperience(nameSearch, raw);
  const rows = await ctx.db.select({ id: institutions.id, name: institutions.name, status: institutions.status }).from(institutions).where(visibleInstitution(actor.user.id)).orderBy(asc(institutions.name));
  const q = name ? foldName(name) : "";
  return rows.filter((r) => !q || foldName(r.name).includes(q)).slice(0, 100);
}

/** DELETE /api/user/profile/institutions/{id}: the place of study and the confirmations made with it. */
export async function deleteInstitution(ctx: AppContext, actor: Actor, id: number) {
  const [deleted] = await ctx.db.batch([
    ctx.db.delete(userInstitutions).where(and(eq(userInstitutions.id, id), eq(userInstitutions.userId, actor.user.id))).returning({ id: userInstitutions.id }),
    ctx.db.delete(expertiseConfirmations).where(and(eq(expertiseConfirmations.userInstitutionId, id), eq(expertiseConfirmations.userId, actor.user.id))),
  ]);
  if (!deleted.length) throw notFound();
  return { id };
}
