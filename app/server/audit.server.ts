import { sql } from "drizzle-orm";
import { auditLog } from "../../db/schema/platform";
import type { AppContext } from "./context.server";

export type AuditEntry = { actorUserId: number | null; action: string; targetType?: string; targetId?: string | number; meta?: unknown };

/**
 * An insert statement for the audit log, to be put in the same batch as the change it records. Who did
 * it, when (created_at), from where (ip) and in which request; in an impersonated session also the
 * operator (ctx.impersonatorUserId, set when the session was resolved), so no caller can forget him.
 */
export function auditInsert(ctx: AppContext, entry: AuditEntry) {
  return auditValues(ctx, entry, entry.targetId === undefined ? null : String(entry.targetId));
}

/**
 * The audit row of the row that the statement just before it in the same batch inserted: its target is
 * SQLite's last_insert_rowid(), so a new row and its audit row are written together or not at all.
 */
export function auditOfInserted(ctx: AppContext, entry: Omit<AuditEntry, "targetId">) {
  return auditValues(ctx, entry, sql`cast(last_insert_rowid() as text)`);
}

function auditValues(ctx: AppContext, entry: Omit<AuditEntry, "targetId">, targetId: string | null | ReturnType<typeof sql>) {
  return ctx.db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    impersonatorUserId: ctx.impersonatorUserId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId,
    meta: entry.meta === undefined ? null : JSON.stringify(entry.meta),
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
}
