import { auditLog } from "../../db/schema/platform";
import type { AppContext } from "./context.server";

export type AuditEntry = { actorUserId: number | null; action: string; targetType?: string; targetId?: string | number; meta?: unknown };

/**
 * An insert statement for the audit log, to be put in the same batch as the change it records. Who did
 * it, when (created_at), from where (ip) and in which request; in an impersonated session also the
 * operator (ctx.impersonatorUserId, set when the session was resolved), so no caller can forget him.
 */
export function auditInsert(ctx: AppContext, entry: AuditEntry) {
  return ctx.db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    impersonatorUserId: ctx.impersonatorUserId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    meta: entry.meta === undefined ? null : JSON.stringify(entry.meta),
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
}
