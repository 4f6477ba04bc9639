import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Actor } from "~/server/session.server";
import { isOperator } from "./policy.server";

/**
 * SQL: the user `userId` names is blocked by an operator (decision 0051). Read where it matters, never
 * written onto his requests and responses, so an unblock gives everything back as it was: a blocked
 * customer's requests stop searching for experts, a blocked expert's sent responses leave the customer's
 * view, and neither can be approved in moderation.
 */
export const isBlocked = (userId: SQL | AnyColumn): SQL => sql`exists (select 1 from users bu where bu.id = ${userId} and bu.blocked_at is not null)`;

/**
 * A blocked person is out of the marketplace while the block lasts (decision 0056): his profile
 * (`/profile/{id}`, `GET /api/user/{id}`) is closed to other users, as if there were no such person. The
 * operator still opens it, to settle what the block was for; an unblock opens it again.
 */
export function profileClosedTo(actor: Actor, ownerId: number, blockedAt: string | null | undefined): boolean {
  return !!blockedAt && actor.user.id !== ownerId && !isOperator(actor);
}
