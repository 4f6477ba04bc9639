import { sql, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/server/session.server";
import { DomainError } from "../errors";
import { requireOperator } from "../policy.server";

/**
 * The operator console's own rules (issue 11), built on the shared `requireOperator` (an operator's own
 * session: an impersonated one acts as the user it shows, never with the operator's powers).
 */

/**
 * Opening a user's session (spec README: impersonation): an operator, never from an impersonated session,
 * never himself (his own session is already his), and never another operator: operators do not act against
 * or as one another, as they cannot block one another (decision 0037). Call it once the target is known.
 */
export function requireMayImpersonate(actor: Actor | null | undefined, target: { id: number; isOperator: boolean }): Actor {
  const operator = requireOperator(actor);
  if (target.id === operator.user.id) throw new DomainError("validation", "impersonate.self");
  if (target.isOperator) throw new DomainError("forbidden", "impersonate.operator");
  return operator;
}

/** Whether a user is an operator, for `requireMayImpersonate` (a column of a read of `users`). */
export const isOperatorColumn = (userId: SQLWrapper) => sql<number>`exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin')`;
