import { alreadyDecided, auditIfChangedQuery, authorBlocked, itemChanged, rejectionReason } from "../admin/decision.server";
import { isBlocked } from "../blocked.server";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { services } from "../../../db/schema/services";
import { users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { serviceMails } from "~/server/mail/services.server";
import type { Actor } from "~/server/session.server";
import { textsIn } from "./lang.server";
import type { ModerationQueue, QueueDecision, QueueItem, QueuePageOptions } from "../admin/queue";
import { titleOrUserContains } from "../admin/queue-filter.server";
import { DomainError } from "../errors";
import { col } from "../reads";
import { requireOperator } from "../policy.server";

/**
 * The operators' queue of services (README 'Document 3 details', "The operator's calls"): a service waits
 * in `moderation` (new, or saved again) until an operator approves it (`active`) or rejects it with a
 * reason the owner sees on the service and in an e-mail. It waits since its last save (`updated_at`).
 */
const waiting = and(eq(services.status, "moderation"), isNull(services.deletedAt));



async function list(ctx: AppContext, opts: QueuePageOptions): Promise<{ items: QueueItem[]; total: number }> {
  const filter = opts.filter?.trim().slice(0, 100);
  // The service's name, or its owner's name or e-mail.
  const where = filter ? and(waiting, titleOrUserContains(services.name, filter)) : waiting;
  const order = opts.sort === "title" ? services.name : services.updatedAt;
  const perPage = Math.max(1, Math.min(100, Math.floor(opts.perPage)));
  const page = Math.max(1, Math.floor(opts.page));
  const [rows, total] = await ctx.db.batch([
    ctx.db
      .select({
        // Aliased, every column: in a batch D1 keys rows by column name, and the joined user's id, name and
        // dates would take the service's places (the list once offered the owner's user id as the item's id).
        id: col(services.id, "s_id"),
        name: col(services.name, "s_name"),
        format: services.format,
        description: services.description,
        userId: col(services.userId, "s_user_id"),
        userName: col(users.name, "u_name"),
        userLastName: col(users.lastName, "u_last_name"),
        updatedAt: col(services.updatedAt, "s_updated_at"),
        createdAt: col(services.createdAt, "s_created_at"),
        budget: services.budget,
        income: services.income,
        payFormat: services.payFormat,
      })
      .from(services)
      .leftJoin(users, eq(users.id, services.userId))
      .where(where)
      .orderBy(opts.dir === "desc" ? desc(order) : asc(order), asc(services.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    filter ? ctx.db.select({ n: count() }).from(services).leftJoin(users, eq(users.id, services.userId)).where(where) : ctx.db.select({ n: count() }).from(services).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.name,
      userId: r.userId,
      userName: r.userName ? `${r.userName} ${r.userLastName ?? ""}`.trim() : null,
      createdAt: r.updatedAt,
      version: r.updatedAt,
      details: {
        format: r.format,
        description: r.description,
        budget: r.budget,
        income: r.income,
        pay_format: r.payFormat,
        first_submitted_at: r.createdAt,
      },
    })),
    total: Number(total[0]?.n ?? 0),
  };
}

/**
 * Approve → active; reject → rejected with the reason (required), the owner e-mailed. A conditional UPDATE
 * on the waiting status: of two concurrent decisions one wins, the other gets 409.
 */
async function decide(ctx: AppContext, operator: Actor, id: number, d: QueueDecision): Promise<void> {
  const op = requireOperator(operator);
  if (d.decision === "merge") throw new DomainError("validation", "errors.validation", { fields: { decision: ["validation.invalid"] } });
  const reason = d.decision === "reject" ? rejectionReason(d.reason) : null;
  const now = ctx.now().toISOString();
  const approve = d.decision === "approve";
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(services)
      .set(approve ? { status: "active", approvedName: sql`${services.name}`, rejectReason: null, updatedAt: now } : { status: "rejected", rejectReason: reason, updatedAt: now })
      // A blocked expert's service is not approved (decision 0051): only rejected. Nor is a version the
      // operator did not see (decision 0052).
      .where(
        approve
          ? and(eq(services.id, id), waiting, sql`not ${isBlocked(services.userId)}`, d.version ? eq(services.updatedAt, d.version) : undefined)
          : and(eq(services.id, id), waiting),
      )
      .returning({ id: services.id, name: services.name, userId: services.userId }),
    auditIfChangedQuery(ctx, { actorUserId: op.user.id, action: approve ? "service.approved" : "service.rejected", targetType: "service", targetId: id, meta: approve ? {} : { reason } }),
  ]);
  const row = updated[0];
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: services.id, updatedAt: services.updatedAt, waiting: sql<number>`${waiting}`.as("waiting"), blocked: sql<number>`${isBlocked(services.userId)}`.as("blocked") })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.deletedAt)));
    if (!exists) throw new DomainError("not_found", "errors.not_found");
    if (exists.waiting && exists.blocked) throw authorBlocked();
    if (exists.waiting && d.version && exists.updatedAt !== d.version) throw itemChanged();
    throw alreadyDecided();
  }
  if (!approve) await mailRejection(ctx, row, reason!);
}

async function mailRejection(ctx: AppContext, service: { id: number; name: string; userId: number }, reason: string) {
  const [owner] = await ctx.db.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, service.userId));
  if (!owner) return;
  const t = textsIn(ctx, owner.locale);
  try {
    await ctx.mailer.send(serviceMails.rejected(t, owner.email, { owner: owner.name, service: service.name, reason, url: `${ctx.env.APP_URL}/service-add/${service.id}` }));
  } catch (e) {
    // The decision stands; the owner sees the reason on the service.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "service rejection mail failed", error: String(e) }));
  }
}

/** The `services` queue of the operator console (contract: app/domain/admin/queue.ts). */
export const servicesQueue: ModerationQueue = {
  name: "services",
  summarySql: sql`select count(*) as count, min(${services.updatedAt}) as oldest from ${services} where ${services.status} = 'moderation' and ${services.deletedAt} is null`,
  list,
  decide,
};
