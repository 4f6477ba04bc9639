import { hasRole, type Actor } from "~/server/session.server";
import { DomainError, forbidden, unauthorized } from "./errors";

/**
 * Who may do what: the rules every area shares, written once (issue 11). The services of each area call
 * these (or their area's own `policy.server.ts`, which builds on them); pages and the API never test roles
 * or flags themselves, so a page and an API call can never disagree. Each throws a DomainError that both
 * edges already turn into 401/403 (API) or the page's answer.
 */

/** A signed-in user (API: 401; a page guard sends guests to sign-in before this is reached). */
export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/**
 * The operator console and every operator call: an operator's own session. An impersonated session acts
 * as the user it shows, never with the operator's powers (spec README: impersonation).
 */
export function requireOperator(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (!isOperator(a)) throw forbidden();
  return a;
}

/** For showing, not for deciding: whether the console link belongs in this actor's menu. */
export const isOperator = (actor: Actor | null | undefined) => !!actor && hasRole(actor, "admin") && !actor.impersonator;

/**
 * Acts that reach other people or the marketplace (requests, responses, invitations, recommendation
 * requests) need a verified e-mail (spec README "Document 2 details", "Document 3 details"): 403 with the
 * area's own text (`code`), the pages send the user to /verify.
 */
export function requireVerifiedEmail(actor: Actor | null | undefined, code = "errors.not_verified"): Actor {
  const a = requireActor(actor);
  if (!a.user.isVerified) throw new DomainError("forbidden", code, { extra: { needsVerification: true } });
  return a;
}

/** Password, e-mail and other account secrets: never from an impersonated session. */
export function requireOwnSession(actor: Actor | null | undefined): Actor {
  const a = requireActor(actor);
  if (a.impersonator) throw new DomainError("forbidden", "auth.impersonation_forbidden");
  return a;
}
