import type { Actor } from "~/server/session.server";

/**
 * The account's own rules (issue 11): what an unverified account may open. The services decide every act
 * (`requireVerifiedEmail`, `requireOwnSession` in ../policy.server.ts); this list only tells the page guard
 * where an unverified user is not sent to /verify, so the list lives here, once (decision 0025).
 *
 * spec 1 §2 lets an unverified user reach /profile/information and the request-creation page, and spec 3 §2
 * sends him from the request-creation page on to the verification placeholder: so /profile/information is
 * the one page he sees; everything else sends him to /verify first.
 */
const UNVERIFIED_PAGES = ["/profile/information"] as const;

/** Whether an unverified account may browse this page (and the pages under it). */
export function mayBrowseUnverified(pathname: string) {
  return UNVERIFIED_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Whether the page guard must send this actor to /verify before showing `pathname`. */
export const mustVerifyFirst = (actor: Actor, pathname: string) => !actor.user.isVerified && !mayBrowseUnverified(pathname);
