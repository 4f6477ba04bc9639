import { alreadyDecided, auditIfChangedQuery, authorBlocked, itemChanged, rejectionReason } from "../admin/decision.server";
import { isBlocked } from "../blocked.server";
import { and, eq, isNull, sql } from "drizzle-orm";
import { demands } from "../../../db/schema/demands";
import { users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { getT } from "~/server/texts.server";
import { demandMails } from "~/server/mail/demands.server";
import type { Actor } from "~/server/session.server";
import type { ModerationQueue, QueueDecision, QueueItem, QueuePageOptions } from "../admin/queue";
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
  summarySql: sql`select count(*) as count, min(created_at) as oldest from demands where status = 'moderation' and deleted_at is null`,

  async list(ctx: AppContext, opts: QueuePageOptions) {
    const { rows, total } = await requestQueuePage(ctx, opts, { waiting, since: demands.createdAt });
    const items: QueueItem[] = rows.map((r) => ({
      id: r.id,
      title: r.name,
      userId: r.userId,
      userName: `${r.userName} ${r.userLastName}`.trim(),
      createdAt: r.createdAt,
      version: r.updatedAt,
      details: {
        type: localName(ctx, r.typeName, r.typeNameEn),
        budget: r.budget,
        expert_type: r.expertType,
        execution_period: r.executionPeriod,
        email: r.userEmail,
        description: r.description,
      },
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
