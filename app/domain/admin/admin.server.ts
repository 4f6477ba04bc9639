import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema/platform";
import { userRoles, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { getT } from "~/server/texts.server";
import type { Actor } from "~/server/session.server";
import { requireOperator } from "../policy.server";
import { searchCondition } from "./users.server";

const PAGE = 50;

/**
 * @deprecated The shared policy's `requireOperator` (../policy.server.ts) is the rule; this name stays
 * only for callers written before it (issue 11).
 */
export const assertOperator: (actor: Actor | null | undefined) => void = requireOperator;

/**
 * A page of one of the console's lists: 50 rows, pages 1 to 1000. One row more than a page is read,
 * so `cut` can tell whether another page follows.
 */
export function operatorPage(requested: number | undefined) {
  const page = Math.max(1, Math.min(1000, Math.floor(requested ?? 1)));
  return { limit: PAGE + 1, offset: (page - 1) * PAGE, cut: <T>(rows: T[]) => ({ items: rows.slice(0, PAGE), page, hasMore: rows.length > PAGE }) };
}

/** The operator console's user list: newest first, searched as /admin/users searches (searchCondition). */
export async function listUsers(ctx: AppContext, actor: Actor, opts: { search?: string; page?: number }) {
  requireOperator(actor);
  const search = opts.search?.trim().slice(0, 100);
  const page = operatorPage(opts.page);
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      verified: users.emailVerifiedAt,
      createdAt: users.createdAt,
      roles: sql<string | null>`(select group_concat(role) from user_roles where user_roles.user_id = ${users.id})`,
    })
    .from(users)
    .where(searchCondition(ctx, search || undefined))
    .orderBy(desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const list = page.cut(rows);
  return { ...list, items: list.items.map((r) => ({ ...r, roles: r.roles?.split(",") ?? [] })) };
}

export async function recentAudit(ctx: AppContext, actor: Actor) {
  requireOperator(actor);
  return ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(30);
}

/**
 * Who gets an operators' notice (a callback request, a payment request): every operator not blocked, each
 * with his own language's texts, whatever the language of the person whose act caused it.
 */
export async function operatorRecipients(ctx: AppContext) {
  const rows = await ctx.db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, "admin"), isNull(users.blockedAt)));
  return rows.map((o) => ({ ...o, t: getT(o.locale === "en" ? "en" : "ru") }));
}
