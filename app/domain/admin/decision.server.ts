import { is, SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { auditLog } from "../../../db/schema/platform";
import type { AppContext } from "~/server/context.server";
import type { AuditEntry } from "~/server/audit.server";
import { getT } from "~/server/texts.server";
import { mailTemplates } from "~/server/mail/templates.server";
import type { Lang } from "~/i18n";
import { DomainError, fieldError } from "../errors";
import { LIMITS } from "../limits";

/** A second decision on an item already decided (by another operator, or a double click): 409. */
export const alreadyDecided = () => new DomainError("conflict", "admin.already_decided");

/** An approval naming a version the author has changed since (decision 0052): 409, the operator looks again. */
export const itemChanged = () => new DomainError("conflict", "admin.item_changed");

/** An approval of a blocked user's item (decision 0051): 409, it can only be rejected. */
export const authorBlocked = () => new DomainError("conflict", "admin.author_blocked");

/** A rejection's reason: required, trimmed, at most LIMITS.decisionReason characters (422 otherwise). */
export function rejectionReason(reason: string | null | undefined): string {
  const text = (reason ?? "").trim();
  if (!text) throw fieldError("reason", "admin.reason_required");
  if (text.length > LIMITS.decisionReason) throw fieldError("reason", "admin.reason_too_long");
  return text;
}

/**
 * The audit row of a decision, written only when the statement just before it in the batch changed a
 * row: `changes()` is SQLite's count of the rows the previous statement changed (triggers not counted).
 * Two operators deciding one item at once run their batches one after the other; the second one's
 * conditional UPDATE finds the item decided, changes nothing, and so leaves no audit row either.
 */
export function auditIfChanged(ctx: AppContext, entry: AuditEntry): SQL {
  return sql`insert into audit_log (actor_user_id, impersonator_user_id, action, target_type, target_id, meta, ip, request_id)
    select ${entry.actorUserId}, ${ctx.impersonatorUserId ?? null}, ${entry.action}, ${entry.targetType ?? null}, ${entry.targetId === undefined ? null : String(entry.targetId)},
      ${entry.meta === undefined ? null : JSON.stringify(entry.meta)}, ${ctx.ip}, ${ctx.requestId}
    where changes() > 0`;
}

/**
 * The same rule as `auditIfChanged`, as a query builder for Drizzle's own batch (`ctx.db.batch([update,
 * auditIfChangedQuery(…)])`). INSERT … SELECT names audit_log's columns in the table's order.
 */
export function auditIfChangedQuery(ctx: AppContext, entry: AuditEntry) {
  return ctx.db.insert(auditLog).select(
    sql`select null, ${entry.actorUserId}, ${ctx.impersonatorUserId ?? null}, ${entry.action}, ${entry.targetType ?? null}, ${entry.targetId === undefined ? null : String(entry.targetId)},
      ${entry.meta === undefined ? null : JSON.stringify(entry.meta)}, ${ctx.ip}, ${ctx.requestId}, strftime('%Y-%m-%dT%H:%M:%fZ','now') where changes() > 0`,
  );
}

/**
 * `auditIfChangedQuery` for a conditional INSERT just before it: the audit row names the inserted row
 * (SQLite's last_insert_rowid()) and is written only when a row was inserted.
 */
export function auditIfInsertedQuery(ctx: AppContext, entry: Omit<AuditEntry, "targetId">) {
  return ctx.db.insert(auditLog).select(
    sql`select null, ${entry.actorUserId}, ${ctx.impersonatorUserId ?? null}, ${entry.action}, ${entry.targetType ?? null}, cast(last_insert_rowid() as text),
      ${entry.meta === undefined ? null : JSON.stringify(entry.meta)}, ${ctx.ip}, ${ctx.requestId}, strftime('%Y-%m-%dT%H:%M:%fZ','now') where changes() > 0`,
  );
}

const dialect = new SQLiteSyncDialect();
type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * A batch (one transaction, one round trip) of raw statements and query builders, answering each
 * statement's rows. Drizzle's own batch cannot take a raw `sql` statement with parameters (its raw
 * query has no prepared statement to bind), and the decisions need `changes()` and UPDATE … RETURNING.
 */
export async function sqlBatch(ctx: AppContext, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  const d1 = ctx.db.$client as D1Database;
  const prepared = statements.map((s) => {
    const q = is(s, SQL) ? dialect.sqlToQuery(s) : s.toSQL();
    return d1.prepare(q.sql).bind(...q.params);
  });
  const results = await d1.batch<Record<string, unknown>>(prepared);
  return results.map((r) => r.results ?? []);
}

export type DecisionMail = {
  to: string;
  name: string;
  locale: string;
  /** What was decided on, as the user named it: a locale key ('Компания «{{name}}»') and the name. */
  subject: { key: string; name: string };
  decision: "approve" | "reject" | "merge";
  reason?: string | null;
  /** For a merge: the entry the user's proposal now points to. */
  mergedInto?: string | null;
  /** A locale key: what else the decision took off the user's profile (a rejected company's works). */
  note?: string | null;
  /** Whose words: a proposal's (a company, a function… others may now choose) or an expert-council application's. */
  texts?: "proposal" | "council";
};

/**
 * The user's e-mail about a decision, in the user's own language. Sent after the batch committed; a
 * failing mailer does not undo the decision (the user also sees it on the profile).
 */
export async function sendDecisionMail(ctx: AppContext, mail: DecisionMail) {
  const lang: Lang = mail.locale === "en" ? "en" : "ru";
  const t = getT(lang);
  try {
    await ctx.mailer.send(mailTemplates.moderationDecision(t, mail.to, { ...mail, subject: t(mail.subject.key, { name: mail.subject.name }), url: `${ctx.env.APP_URL}/profile/information` }));
  } catch (e) {
    console.error("moderation mail failed", e);
  }
}
