import { alreadyDecided, auditIfChangedQuery, authorBlocked, itemChanged, rejectionReason } from "../admin/decision.server";
import { isBlocked } from "../blocked.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { demandFiles, demandIndustries, demandOptions, demands, demandSubOptions } from "../../../db/schema/demands";
import { files } from "../../../db/schema/platform";
import { industries, options } from "../../../db/schema/reference";
import { users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { getT } from "~/server/texts.server";
import { demandMails } from "~/server/mail/demands.server";
import type { Actor } from "~/server/session.server";
import { queueFiles, type ModerationQueue, type QueueDecision, type QueueItem, type QueuePageOptions } from "../admin/queue";
import { notFound } from "../errors";
import { DEMAND_LIMITS } from "../limits";
import { localName } from "../names";
import { requireOperator } from "../policy.server";
import { validationError } from "../errors";
import { onDemandSearching, searchPeriod } from "./demands.server";
import { requestQueuePage } from "./queue-read.server";

const waiting = and(eq(demands.status, "moderation"), isNull(demands.deletedAt));

/**
 * The operators' `demands` queue (spec README "The operator's calls"; contract app/domain/admin/queue.ts):
 * requests waiting in `moderation`. Approval starts the search (14 days from the approval day) and the
 * matching hook; a rejection needs a reason, which the customer sees on the request and in an e-mail.
 * The lead registers it in app/domain/admin/queues.server.ts.
 */
export const demandsQueue: ModerationQueue = {
  name: "demands",
  // A request waits from the moment its current version went to moderation (made, or edited back into it),
  // as the services' queue counts it: not from its first creation (decision 0052).
  summarySql: sql`select count(*) as count, min(updated_at) as oldest from demands where status = 'moderation' and deleted_at is null`,

  async list(ctx: AppContext, opts: QueuePageOptions) {
    const { rows, total } = await requestQueuePage(ctx, opts, { waiting, since: demands.updatedAt });
    if (!rows.length) return { items: [], total };
    // What the operator approves, whole: the industries, functions and files experts will see (one batch).
    const ids = rows.map((r) => r.id);
    const [fileRows, industryRows, optionRows] = await ctx.db.batch([
      ctx.db.select({ ownerId: demandFiles.demandId, id: files.id, name: files.name }).from(demandFiles).innerJoin(files, eq(files.id, demandFiles.fileId)).where(inArray(demandFiles.demandId, ids)).orderBy(files.id),
      ctx.db.select({ ownerId: demandIndustries.demandId, name: industries.name, nameEn: industries.nameEn }).from(demandIndustries).innerJoin(industries, eq(industries.id, demandIndustries.industryId)).where(inArray(demandIndustries.demandId, ids)).orderBy(industries.name),
      ctx.db
        .select({ ownerId: demandOptions.demandId, name: options.name, nameEn: options.nameEn })
        .from(demandOptions)
        .innerJoin(options, eq(options.id, demandOptions.optionId))
        .where(inArray(demandOptions.demandId, ids))
        .union(ctx.db.select({ ownerId: demandSubOptions.demandId, name: options.name, nameEn: options.nameEn }).from(demandSubOptions).innerJoin(options, eq(options.id, demandSubOptions.optionId)).where(inArray(demandSubOptions.demandId, ids))),
    ]);
    const names = (list: { ownerId: number; name: string; nameEn: string | null }[], id: number) =>
      list.filter((x) => x.ownerId === id).map((x) => localName(ctx, x.name, x.nameEn)).join(", ") || null;
    const items: QueueItem[] = rows.map((r) => ({
      id: r.id,
      title: r.name,
      userId: r.userId,
      userName: `${r.userName} ${r.userLastName}`.trim(),
      createdAt: r.updatedAt,
      version: r.updatedAt,
      details: {
        type: localName(ctx, r.typeName, r.typeNameEn),
        budget: r.budget,
        expert_type: r.expertType,
        execution_period: r.executionPeriod,
        email: r.userEmail,
        description: r.description,
        industries: names(industryRows, r.id),
        options: names(optionRows, r.id),
      },
      files: queueFiles(fileRows, r.id),
    }));
    return { items, total };
  },

  async decide(ctx: AppContext, operator: Actor, id: number, decision: QueueDecision) {
    await decideDemand(ctx, operator, id, decision);
  },
};

/**
 * Approve or reject one waiting request: a conditional UPDATE on `moderation` with the audit row in the same
 * batch, written only when the UPDATE changed the row (a second decision finds none: 409
 * 'admin.already_decided', no audit row), then the customer's e-mail.
 */
export async function decideDemand(ctx: AppContext, operator: Actor | null, id: number, decision: QueueDecision) {
  const op = requireOperator(operator);
  if (decision.decision !== "approve" && decision.decision !== "reject") throw validationError({ decision: ["validation.invalid"] });
  const reason = decision.decision === "reject" ? rejectionReason(decision.reason) : null;
  const now = ctx.now().toISOString();
  const change =
    decision.decision === "approve"
      ? // What experts are shown from now on: the terms approved here (decision 0068).
        { ...searchPeriod(ctx, DEMAND_LIMITS.searchDays), approvedName: sql`${demands.name}`, approvedBudget: sql`${demands.budget}`, approvedServiceTypeId: sql`${demands.serviceTypeId}`, updatedAt: now }
      : { status: "rejected" as const, rejectReason: reason, updatedAt: now };
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set(change)
      // A blocked customer's request is not approved (decision 0051): it would search for nobody. Nor is a
      // version the operator did not see (decision 0052).
      .where(
        decision.decision === "approve"
          ? and(eq(demands.id, id), waiting, sql`not ${isBlocked(demands.userId)}`, decision.version ? eq(demands.updatedAt, decision.version) : undefined)
          : and(eq(demands.id, id), waiting),
      )
      .returning({ id: demands.id, name: demands.name, userId: demands.userId }),
    auditIfChangedQuery(ctx, { actorUserId: op.user.id, action: `demand.${decision.decision}`, targetType: "demand", targetId: id, meta: reason ? { reason } : undefined }),
  ]);
  const row = rows[0];
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: demands.id, status: demands.status, updatedAt: demands.updatedAt, blocked: sql<number>`${isBlocked(demands.userId)}`.as("blocked") })
      .from(demands)
      .where(and(eq(demands.id, id), isNull(demands.deletedAt)))
      .limit(1);
    if (!exists) throw notFound();
    if (exists.status === "moderation" && exists.blocked) throw authorBlocked();
    if (exists.status === "moderation" && decision.version && exists.updatedAt !== decision.version) throw itemChanged();
    throw alreadyDecided();
  }
  if (decision.decision === "approve") await onDemandSearching(ctx, id);
  await notifyCustomer(ctx, row, decision.decision, reason);
}

/** The customer's e-mail in the customer's language; a mail failure is logged, the decision stands. */
async function notifyCustomer(ctx: AppContext, demand: { id: number; name: string; userId: number }, decision: "approve" | "reject", reason: string | null) {
  try {
    const user = await ctx.db.query.users.findFirst({ where: eq(users.id, demand.userId) });
    if (!user) return;
    const t = getT((user.locale === "en" ? "en" : "ru") as Lang);
    const url = `${ctx.env.APP_URL}/projects/request#search`;
    const message =
      decision === "approve" ? demandMails.approved(t, user.email, { name: user.name, demand: demand.name, url }) : demandMails.rejected(t, user.email, { name: user.name, demand: demand.name, reason: reason ?? "", url });
    await ctx.mailer.send(message);
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "demand decision mail failed", demandId: demand.id, error: String(e) }));
  }
}
