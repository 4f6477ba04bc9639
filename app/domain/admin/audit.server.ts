import { and, desc, eq, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { auditLog } from "../../../db/schema/platform";
import { users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import type { Actor } from "~/server/session.server";
import { requireOperator } from "../policy.server";
import { parseInput } from "../validation";
import { auditQuery } from "./schema";

const PER_PAGE = 50;

/**
 * GET /api/admin/audit?page=&action=&actor=: the audit log, newest first, 50 a page, filtered by an
 * action (any part of it: `moderation.` or `council.rejected`) and by who acted. Read only: the log has
 * no call that changes it. One query (a row more than the page tells whether another page follows).
 */
export async function auditPage(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  requireOperator(actor);
  const q = parseInput(auditQuery, raw ?? {});
  // What an operator did while viewing the site as a user is his too (decision 0022): the row names the user
  // as its actor and the operator as its impersonator, and the filter by who acted finds both.
  const impersonators = alias(users, "impersonators");
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      meta: auditLog.meta,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      impersonatorUserId: auditLog.impersonatorUserId,
      actorEmail: users.email,
      actorName: users.name,
      actorLastName: users.lastName,
      impersonatorEmail: impersonators.email,
      impersonatorName: impersonators.name,
      impersonatorLastName: impersonators.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorUserId))
    .where(and(q.action ? likeContains(auditLog.action, q.action) : undefined, q.actor ? or(eq(auditLog.actorUserId, q.actor), eq(auditLog.impersonatorUserId, q.actor)) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(PER_PAGE + 1)
    .offset((q.page - 1) * PER_PAGE);
  const items = rows.slice(0, PER_PAGE).map((r) => {
    let meta: unknown = null;
    try {
      meta = r.meta ? JSON.parse(r.meta) : null;
    } catch {
      meta = r.meta;
    }
    const reason = meta && typeof meta === "object" && "reason" in meta ? String((meta as { reason: unknown }).reason ?? "") || null : null;
    return {
      id: r.id,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      reason,
      meta,
      created_at: r.createdAt,
      actor: r.actorUserId ? { id: r.actorUserId, email: r.actorEmail, name: [r.actorName, r.actorLastName].filter(Boolean).join(" ") } : null,
      impersonator_user_id: r.impersonatorUserId,
      impersonator: r.impersonatorUserId ? { id: r.impersonatorUserId, email: r.impersonatorEmail, name: [r.impersonatorName, r.impersonatorLastName].filter(Boolean).join(" ") } : null,
    };
  });
  return { items, page: q.page, has_more: rows.length > PER_PAGE, action: q.action ?? "", actor: q.actor ?? null };
}
