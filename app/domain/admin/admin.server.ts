import { desc, or, sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema/platform";
import { users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import { hasRole, type Actor } from "~/server/session.server";
import { forbidden } from "../errors";

const PAGE = 50;

function assertOperator(actor: Actor) {
  if (!hasRole(actor, "admin") || actor.impersonator) throw forbidden();
}

/** The operator console's user list: newest first, searchable by name or e-mail. */
export async function listUsers(ctx: AppContext, actor: Actor, opts: { search?: string; page?: number }) {
  assertOperator(actor);
  const search = opts.search?.trim().slice(0, 100);
  const page = Math.max(1, Math.min(1000, Math.floor(opts.page ?? 1)));
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
    .where(search ? or(likeContains(users.email, search), likeContains(users.name, search), likeContains(users.lastName, search)) : undefined)
    .orderBy(desc(users.id))
    .limit(PAGE + 1)
    .offset((page - 1) * PAGE);
  return { items: rows.slice(0, PAGE).map((r) => ({ ...r, roles: r.roles?.split(",") ?? [] })), page, hasMore: rows.length > PAGE };
}

export async function recentAudit(ctx: AppContext, actor: Actor) {
  assertOperator(actor);
  return ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(30);
}
