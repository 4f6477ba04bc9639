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

/**
 * Every request that may change something, made by an operator acting as a user, leaves a row naming both
 * (spec README: every operator action is recorded; decision 0022): what was asked and how it ended, whether
 * or not the call writes an audit row of its own. After the call; a failure to record is logged, never the
 * user's answer.
 */
export async function recordImpersonatedRequest(ctx: AppContext, userId: number, method: string, path: string, status: number) {
  // The visit stamps every page posts write nothing in an impersonated session (visits.server.ts).
  if (path === "/api/client/storage") return;
  try {
    await auditInsert(ctx, { actorUserId: userId, action: "impersonated.request", targetType: "user", targetId: userId, meta: { method, path, status } });
  } catch (e) {
    console.error(JSON.stringify({ level: "error", requestId: ctx.requestId, event: "impersonated_request_not_recorded", method, path, error: String(e) }));
  }
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
