import type { Actor } from "~/server/session.server";
import { forbidden, notFound } from "../errors";
import { isOperator, requireActor } from "../policy.server";

/**
 * Who may do what with a service (spec 3 §6, README 'Document 3 details'): the owner (`user_id`) edits,
 * deletes, hides and asks for an estimate; a team member may only accept or refuse; an operator decides
 * moderation (the services queue) and may read any service. Everyone else sees an active service only.
 */
export type ServiceAccess = { userId: number; status: string; deletedAt: string | null; membership: { needApprove: boolean } | null };

/** The caller's relation to a service, for the views' `can`. */
export function serviceAbilities(actor: Actor, s: ServiceAccess) {
  const owner = s.userId === actor.user.id;
  const member = !!s.membership;
  return {
    edit: owner,
    delete: owner,
    hide: owner && s.status !== "not_active",
    estimate: owner && s.status === "active",
    participate: member && s.membership!.needApprove,
    refuse: member,
  };
}

/** Reading one: a deleted one is gone; a non-active one exists only for its owner, team and operators. */
export function assertCanRead(actor: Actor | null | undefined, s: ServiceAccess | null | undefined): asserts s is ServiceAccess {
  const a = requireActor(actor);
  if (!s || s.deletedAt) throw notFound();
  if (s.status === "active" || s.userId === a.user.id || s.membership || isOperator(a)) return;
  throw notFound();
}

/** Edit, delete, hide: the owner only (a visitor who may read it gets 403, anyone else 404). */
export function assertOwner(actor: Actor | null | undefined, s: ServiceAccess | null | undefined): asserts s is ServiceAccess {
  const a = requireActor(actor);
  assertCanRead(a, s);
  if (s.userId !== a.user.id) throw forbidden();
}

/** Accept or refuse: a team member only. */
export function assertMember(actor: Actor | null | undefined, s: ServiceAccess | null | undefined): asserts s is ServiceAccess {
  const a = requireActor(actor);
  assertCanRead(a, s);
  if (!s.membership) throw forbidden();
}
