import type { Actor } from "~/server/session.server";
import { DomainError } from "../errors";
import { requireOperator } from "../policy.server";

/**
 * The operator console's own rules (issue 11), built on the shared `requireOperator` (an operator's own
 * session: an impersonated one acts as the user it shows, never with the operator's powers).
 */

/**
 * Opening a user's session (spec README: impersonation): an operator, never from an impersonated session,
 * and never himself (his own session is already his). Call it once the target is known to exist.
 */
export function requireMayImpersonate(actor: Actor | null | undefined, targetUserId: number): Actor {
  const operator = requireOperator(actor);
  if (targetUserId === operator.user.id) throw new DomainError("validation", "impersonate.self");
  return operator;
}
