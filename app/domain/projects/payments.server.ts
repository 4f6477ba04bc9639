import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { demands } from "../../../db/schema/demands";
import { responds } from "../../../db/schema/responds";
import { userRoles, users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { projectMails } from "~/server/mail/projects.server";
import { getT } from "~/server/texts.server";
import { operatorRecipients } from "../admin/admin.server";
import type { Actor } from "~/server/session.server";
import { alreadyDecided, auditIfChangedQuery, itemChanged, rejectionReason } from "../admin/decision.server";
import type { ModerationQueue, QueueDecision, QueueItem, QueuePageOptions } from "../admin/queue";
import { securityDeposit } from "../demands/money";
import { requestQueuePage } from "../demands/queue-read.server";
import { DomainError, notFound, validationError } from "../errors";
import { localName } from "../names";
import { requireActor, requireOperator, requireVerifiedEmail } from "../policy.server";
import { customerSeesRespond } from "../responds/view-flags.server";
import { parseInput } from "../validation";
import { PAYMENT_REJECTED, STARTABLE_STATUSES } from "./manage.server";
import { paidSchema, requestPaymentSchema } from "./schema";

/**
 * The contract (spec README "Payments and contacts", "The operator's calls"): no money moves through the
 * product. The customer asks for the contract, the operators learn of it (an e-mail and the `payments`
 * queue), sign it outside and mark the request paid; that mark opens the respondents' contacts to the
 * customer and lets him choose and start (manage.server.ts).
 */

const projectError = (code: string) => new DomainError("validation", code, { fields: { form: [code] } });

/** A request with at least one response its customer sees, as SQL over `demands`. */
const hasResponses = sql`exists (select 1 from responds r where r.demand_id = ${demands.id} and ${customerSeesRespond("r")})`;

/**
 * POST /api/demand/request-payment {demand_id}: the customer of a searching (or expired) request that has
 * at least one response and is not paid asks for the contract, once. One conditional UPDATE with its audit
 * row; then every operator gets an e-mail. A refusal says why and changes nothing.
 */
export async function requestPayment(ctx: AppContext, actor: Actor | null, raw: unknown) {
  // It reaches other people (matched experts, operators, respondents): an unproven address may not.
  const a = requireVerifiedEmail(actor);
  const { demand_id: id } = parseInput(requestPaymentSchema, raw);
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set({ paymentRequestedAt: now, updatedAt: now })
      .where(
        and(
          eq(demands.id, id),
          eq(demands.userId, a.user.id),
          isNull(demands.deletedAt),
          inArray(demands.status, [...STARTABLE_STATUSES]),
          eq(demands.isPaid, false),
          isNull(demands.paymentRequestedAt),
          hasResponses,
        ),
      )
      .returning({ id: demands.id, name: demands.name, budget: demands.budget }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.payment_requested", targetType: "demand", targetId: id }),
  ]);
  const row = rows[0];
  if (!row) {
    const [d] = await ctx.db
      .select({ status: demands.status, isPaid: demands.isPaid, requested: demands.paymentRequestedAt, has: sql<number>`${hasResponses}` })
      .from(demands)
      .where(and(eq(demands.id, id), eq(demands.userId, a.user.id), isNull(demands.deletedAt)))
      .limit(1);
    if (!d) throw notFound();
    if (d.isPaid) throw projectError("projects.already_paid");
    if (!(STARTABLE_STATUSES as readonly string[]).includes(d.status)) throw projectError("projects.payment_not_searching");
    if (d.requested) throw projectError("projects.payment_already_requested");
    throw projectError("projects.payment_no_responds");
  }
  await notifyOperators(ctx, { id: row.id, name: row.name, customer: `${a.user.name} ${a.user.lastName ?? ""}`.trim(), email: a.user.email });
  return { id: row.id, payment_requested_at: now };
}

/** Every operator (the admin role) gets the notice, each in his language; a mail failure is logged, the request stands. */
async function notifyOperators(ctx: AppContext, d: { id: number; name: string; customer: string; email: string }) {
  try {
    const operators = await operatorRecipients(ctx);
    if (!operators.length) return;
    const url = `${ctx.env.APP_URL}/admin/queues/payments`;
    await ctx.mailer.sendMany(operators.map((o) => projectMails.paymentRequested(o.t, o.email, { name: o.name, demand: d.name, demandId: d.id, customer: d.customer, customerEmail: d.email, url })));
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "payment request mail failed", demandId: d.id, error: String(e) }));
  }
}

/**
 * POST /api/admin/demands/{id}/paid {paid}: the operator marks the contract signed (is_paid, paid_at) or
 * withdraws the mark, on a request that has not started. Setting what is already set changes nothing and
 * writes no audit row (`changed: false`); the customer is e-mailed when the mark is set.
 */
export async function setPaid(ctx: AppContext, actor: Actor | null | undefined, id: number, raw: unknown) {
  const op = requireOperator(actor);
  const { paid } = parseInput(paidSchema, raw);
  return markPaid(ctx, op, id, paid);
}

/**
 * `onlyWaiting`: the queue's approval marks only a request still waiting in the queue, in the same
 * conditional UPDATE, so an operator's rejection that lands first leaves it unpaid (one decision, not two).
 */
async function markPaid(ctx: AppContext, op: Actor, id: number, paid: boolean, onlyWaiting = false, version: string | null = null) {
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set(paid ? { isPaid: true, paidAt: now, updatedAt: now } : { isPaid: false, paidAt: null, updatedAt: now })
      .where(and(eq(demands.id, id), isNull(demands.deletedAt), inArray(demands.status, [...STARTABLE_STATUSES]), eq(demands.isPaid, !paid), onlyWaiting ? isNotNull(demands.paymentRequestedAt) : undefined, version ? eq(demands.updatedAt, version) : undefined))
      .returning({ id: demands.id, name: demands.name, userId: demands.userId }),
    auditIfChangedQuery(ctx, { actorUserId: op.user.id, action: paid ? "demand.paid" : "demand.unpaid", targetType: "demand", targetId: id }),
  ]);
  const row = rows[0];
  if (!row) {
    const [d] = await ctx.db.select({ status: demands.status, isPaid: demands.isPaid }).from(demands).where(and(eq(demands.id, id), isNull(demands.deletedAt))).limit(1);
    if (!d) throw notFound();
    if (d.isPaid === paid) return { id, is_paid: paid, changed: false };
    // Moderation, rejected, active or completed: a contract belongs to a request that is choosing experts.
    throw projectError("projects.paid_wrong_status");
  }
  if (paid) await notifyCustomer(ctx, row);
  return { id, is_paid: paid, changed: true };
}

async function notifyCustomerOfRejection(ctx: AppContext, d: { id: number; name: string; userId: number }, reason: string) {
  try {
    const [u] = await ctx.db.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, d.userId)).limit(1);
    if (!u) return;
    await ctx.mailer.send(projectMails.paymentRejected(getT((u.locale === "en" ? "en" : "ru") as Lang), u.email, { name: u.name, demand: d.name, reason, url: `${ctx.env.APP_URL}/request-list/${d.id}` }));
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "payment rejection mail failed", demandId: d.id, error: String(e) }));
  }
}

async function notifyCustomer(ctx: AppContext, d: { id: number; name: string; userId: number }) {
  try {
    const [u] = await ctx.db.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, d.userId)).limit(1);
    if (!u) return;
    await ctx.mailer.send(projectMails.paid(getT((u.locale === "en" ? "en" : "ru") as Lang), u.email, { name: u.name, demand: d.name, url: `${ctx.env.APP_URL}/request-list/${d.id}` }));
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "paid mail failed", demandId: d.id, error: String(e) }));
  }
}

/** Waiting for the operator: the customer asked for the contract, and the request is not paid and still choosing. */
const waiting = and(isNotNull(demands.paymentRequestedAt), eq(demands.isPaid, false), isNull(demands.deletedAt), inArray(demands.status, [...STARTABLE_STATUSES]));

/**
 * Why a request is not waiting in the queue: gone (404); still asking for its contract but changed by its
 * customer, who edited it back into moderation (409 'admin.item_changed', decision 0052); or decided by
 * another operator (409 'admin.already_decided').
 */
async function whyNotWaiting(ctx: AppContext, id: number) {
  const [d] = await ctx.db.select({ requested: demands.paymentRequestedAt, isPaid: demands.isPaid }).from(demands).where(and(eq(demands.id, id), isNull(demands.deletedAt))).limit(1);
  if (!d) return notFound();
  return d.requested && !d.isPaid ? itemChanged() : alreadyDecided();
}

/**
 * The operators' `payments` queue (contract app/domain/admin/queue.ts): requests whose customer asked for
 * the contract, oldest request first. 'approve' marks the request paid (the same rule as the paid call); a
 * rejection (with a reason) takes the request off the queue: the customer may ask again.
 */
export const paymentsQueue: ModerationQueue = {
  name: "payments",
  summarySql: sql`select count(*) as count, min(payment_requested_at) as oldest from demands
    where payment_requested_at is not null and is_paid = 0 and deleted_at is null and status in ('searching', 'search_expired')`,

  async list(ctx: AppContext, opts: QueuePageOptions) {
    const { rows, total } = await requestQueuePage(ctx, opts, {
      waiting,
      since: demands.paymentRequestedAt,
      extra: {
        respondCount: sql<number>`(select count(*) from ${responds} where ${responds.demandId} = ${demands.id} and ${customerSeesRespond()})`.as("respond_count"),
      },
    });
    const items: QueueItem[] = rows.map((r) => ({
      id: r.id,
      title: r.name,
      userId: r.userId,
      userName: `${r.userName} ${r.userLastName}`.trim(),
      createdAt: r.paymentRequestedAt ?? "",
      // The terms the operator reads (budget, type, deposit): a contract is marked only on them (decision 0052).
      version: r.updatedAt,
      details: {
        type: localName(ctx, r.typeName, r.typeNameEn),
        budget: r.budget,
        deposit: securityDeposit({ budget: r.budget }),
        responds: Number(r.respondCount),
        email: r.userEmail,
        phone: r.userPhone,
      },
    }));
    return { items, total };
  },

  async decide(ctx: AppContext, operator: Actor, id: number, decision: QueueDecision) {
    const op = requireOperator(operator);
    if (decision.decision === "approve") {
      const [d] = await ctx.db.select({ id: demands.id, updatedAt: demands.updatedAt }).from(demands).where(and(eq(demands.id, id), waiting)).limit(1);
      if (!d) throw await whyNotWaiting(ctx, id);
      if (decision.version && d.updatedAt !== decision.version) throw itemChanged();
      const result = await markPaid(ctx, op, id, true, true, decision.version ?? null).catch(async (e: unknown) => {
        // Decided meanwhile by another operator, or changed by its customer.
        if (e instanceof DomainError && e.code === "projects.paid_wrong_status") throw await whyNotWaiting(ctx, id);
        throw e;
      });
      if (!result.changed) throw await whyNotWaiting(ctx, id);
      return;
    }
    if (decision.decision !== "reject") throw validationError({ decision: ["validation.invalid"] });
    const reason = rejectionReason(decision.reason);
    // The audit row keeps the reason; the request's page reads the newest one back (manage.server.ts paymentRejectionQuery).
    const [rows] = await ctx.db.batch([
      ctx.db.update(demands).set({ paymentRequestedAt: null, updatedAt: ctx.now().toISOString() }).where(and(eq(demands.id, id), waiting)).returning({ id: demands.id, name: demands.name, userId: demands.userId }),
      auditIfChangedQuery(ctx, { actorUserId: op.user.id, action: PAYMENT_REJECTED, targetType: "demand", targetId: id, meta: { reason } }),
    ]);
    const row = rows[0];
    if (!row) throw await whyNotWaiting(ctx, id);
    await notifyCustomerOfRejection(ctx, row, reason);
  },
};
