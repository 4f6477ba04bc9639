import { and, asc, desc, eq, sql } from "drizzle-orm";
import { councilApplications } from "../../../db/schema/profile";
import { industries, options } from "../../../db/schema/reference";
import { users } from "../../../db/schema/users";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { requireOperator } from "../policy.server";
import { hit } from "~/server/rate-limit.server";
import { alreadyDecided, auditIfChanged, rejectionReason, sendDecisionMail, sqlBatch } from "../admin/decision.server";
import { localName } from "../names";
import { notFound, validationError } from "../errors";
import { parseInput } from "../validation";
import type { CouncilStatus } from "./limits";
import { councilSchema } from "./schema";
import { col, prepared, read, runRead, type Params } from "../reads";
import type { Db } from "../../../db/client";


const columns = {
  id: col(councilApplications.id, "ca_id"),
  status: councilApplications.status,
  createdAt: councilApplications.createdAt,
  industryId: col(industries.id, "ca_ind_id"),
  industryName: col(industries.name, "ca_ind_name"),
  industryNameEn: col(industries.nameEn, "ca_ind_name_en"),
  optionId: col(options.id, "ca_opt_id"),
  optionName: col(options.name, "ca_opt_name"),
  optionNameEn: col(options.nameEn, "ca_opt_name_en"),
  optionParent: options.parentId,
  rejectReason: councilApplications.rejectReason,
};

type Row = { id: number; status: CouncilStatus; rejectReason: string | null; industryId: number; industryName: string; industryNameEn: string; optionId: number; optionName: string; optionNameEn: string | null; optionParent: number | null };

/** spec 2 §3 Expert council application: id, status, industry, option. */
const view = (ctx: AppContext, r: Row) => ({
  id: r.id,
  status: r.status,
  industry: { id: r.industryId, name: localName(ctx, r.industryName, r.industryNameEn) },
  option: { id: r.optionId, name: localName(ctx, r.optionName, r.optionNameEn), parent_id: r.optionParent },
  /** The operator's reason of a rejection (issue 15), shown to the applicant. */
  reason: r.rejectReason,
});
export type CouncilApplication = ReturnType<typeof view>;

function select(ctx: AppContext) {
  return selectOn(ctx.db);
}

function selectOn(db: Db) {
  return db
    .select(columns)
    .from(councilApplications)
    .innerJoin(industries, eq(industries.id, councilApplications.industryId))
    .innerJoin(options, eq(options.id, councilApplications.optionId));
}

/** The owner's applications, newest first: SQL built once per isolate (decision 0041). */
const councilStatement = prepared((db, p: Params<{ userId: number }>) => selectOn(db).where(eq(councilApplications.userId, p.userId)).orderBy(desc(councilApplications.id)));

/** The council section of the owner's profile (spec 2 §2: shown to the owner only). One statement. */
export function councilRead(ctx: AppContext, userId: number) {
  return read([councilStatement({ userId })] as const, ([rows]) => rows.map((r) => view(ctx, r as Row)));
}

/** GET /api/user/profile/expert: the caller's applications, newest first. */
export async function listCouncilApplications(ctx: AppContext, actor: Actor) {
  return runRead(ctx, councilRead(ctx, actor.user.id));
}

/**
 * POST /api/user/profile/expert {industry_id, option_id}: an application starts in moderation
 * ('На рассмотрении'); the same pair twice is refused. Each one lands in the operators' queue, so it counts
 * on the proposals' limit, like a proposed competence (a refused one does not count). An account whose
 * address is not yet confirmed may apply: every profile call is open to it (spec README, decision 0025).
 */
export async function applyToCouncil(ctx: AppContext, actor: Actor, raw: unknown) {
  const input = parseInput(councilSchema, raw);
  const [[industry], [option], [same]] = await ctx.db.batch([
    ctx.db.select({ id: industries.id }).from(industries).where(eq(industries.id, input.industry_id)).limit(1),
    ctx.db.select({ id: options.id }).from(options).where(and(eq(options.id, input.option_id), eq(options.status, "active"))).limit(1),
    ctx.db.select({ id: councilApplications.id }).from(councilApplications).where(and(eq(councilApplications.userId, actor.user.id), eq(councilApplications.industryId, input.industry_id), eq(councilApplications.optionId, input.option_id))).limit(1),
  ]);
  if (!industry) throw validationError({ industry_id: ["validation.industries_unknown"] });
  if (!option) throw validationError({ option_id: ["validation.options_unknown"] });
  if (same) throw validationError({ option_id: ["validation.council_duplicate"] });
  await hit(ctx, "proposals_user", actor.user.id);
  let id: number;
  try {
    const [inserted] = await ctx.db.batch([
      ctx.db.insert(councilApplications).values({ userId: actor.user.id, industryId: input.industry_id, optionId: input.option_id }).returning({ id: councilApplications.id }),
      auditInsert(ctx, { actorUserId: actor.user.id, action: "council.applied", targetType: "user", targetId: actor.user.id, meta: input }),
    ]);
    id = inserted[0]!.id;
  } catch (e) {
    if (String((e as Error)?.message ?? e).includes("UNIQUE")) throw validationError({ option_id: ["validation.council_duplicate"] });
    throw e;
  }
  const [row] = await select(ctx).where(eq(councilApplications.id, id)).limit(1);
  return { message: ctx.t("profileApi.council_applied"), item: view(ctx, row as Row) };
}

/** DELETE /api/user/profile/expert/{id}: the owner withdraws an application; someone else's is not found. */
export async function deleteCouncilApplication(ctx: AppContext, actor: Actor, id: number) {
  const where = and(eq(councilApplications.id, id), eq(councilApplications.userId, actor.user.id));
  const [own] = await ctx.db.select({ id: councilApplications.id }).from(councilApplications).where(where).limit(1);
  if (!own) throw notFound();
  await ctx.db.batch([
    ctx.db.delete(councilApplications).where(where),
    auditInsert(ctx, { actorUserId: actor.user.id, action: "council.withdrawn", targetType: "council_application", targetId: id }),
  ]);
  return { message: ctx.t("profileApi.council_deleted") };
}

/* ------------------------------------------------------------------------------ operator console -- */

/** The console's list: applications waiting first, then the decided ones, newest first. */
export async function councilQueue(ctx: AppContext, actor: Actor) {
  requireOperator(actor);
  const rows = await ctx.db
    .select({ ...columns, userId: users.id, name: users.name, lastName: users.lastName, email: users.email })
    .from(councilApplications)
    .innerJoin(industries, eq(industries.id, councilApplications.industryId))
    .innerJoin(options, eq(options.id, councilApplications.optionId))
    .innerJoin(users, eq(users.id, councilApplications.userId))
    .orderBy(sql`${councilApplications.status} <> 'moderation'`, desc(councilApplications.id), asc(users.id))
    .limit(50);
  return rows.map((r) => ({ ...view(ctx, r as Row), user: { id: r.userId, name: r.name, lastName: r.lastName, email: r.email } }));
}

/**
 * The operator accepts ('Принято') or rejects ('Отклонена', with a reason the applicant sees) an
 * application waiting in moderation. The UPDATE is conditional on the waiting status, so of two
 * concurrent decisions one wins and the other is refused (409 'admin.already_decided'); the audit row
 * is written in the same batch only by the one that changed the row. The applicant gets an e-mail.
 */
export async function decideCouncilApplication(ctx: AppContext, actor: Actor, id: number, decision: unknown, rawReason?: unknown) {
  requireOperator(actor);
  if (decision !== "active" && decision !== "rejected") throw validationError({ status: ["validation.invalid"] });
  const reason = decision === "rejected" ? rejectionReason(typeof rawReason === "string" ? rawReason : null) : null;
  const [found] = await ctx.db
    .select({ id: councilApplications.id, status: councilApplications.status, email: users.email, name: users.name, locale: users.locale, industry: industries.name, industryEn: industries.nameEn, option: options.name, optionEn: options.nameEn })
    .from(councilApplications)
    .innerJoin(users, eq(users.id, councilApplications.userId))
    .innerJoin(industries, eq(industries.id, councilApplications.industryId))
    .innerJoin(options, eq(options.id, councilApplications.optionId))
    .where(eq(councilApplications.id, id))
    .limit(1);
  if (!found) throw notFound();
  if (found.status !== "moderation") throw alreadyDecided();
  const [changed] = await sqlBatch(ctx, [
    ctx.db
      .update(councilApplications)
      .set({ status: decision, rejectReason: reason, decidedBy: actor.user.id, decidedAt: ctx.now().toISOString() })
      .where(and(eq(councilApplications.id, id), eq(councilApplications.status, "moderation")))
      .returning({ id: councilApplications.id }),
    auditIfChanged(ctx, { actorUserId: actor.user.id, action: `council.${decision === "active" ? "accepted" : "rejected"}`, targetType: "council_application", targetId: id, meta: reason ? { reason } : undefined }),
  ]);
  if (!changed?.length) throw alreadyDecided();
  const applicant = { lang: found.locale };
  await sendDecisionMail(ctx, {
    to: found.email,
    name: found.name,
    locale: found.locale,
    // Named in the applicant's language, as the directories are shown to him.
    subject: { key: "admin.subject_council", name: `${localName(applicant, found.industry, found.industryEn)} — ${localName(applicant, found.option, found.optionEn)}` },
    texts: "council",
    decision: decision === "active" ? "approve" : "reject",
    reason,
  });
  return { id: id, status: decision };
}
