/**
 * spec 1 §4, the badge logic. An item of a group counts as new when its status changed after the
 * user's last visit to that group (every item of a group never visited); invitations and searching
 * requests count unviewed items instead; 'sent' and 'moderation' are one group. The 'new' chip of the
 * menus shows when any group of the mode has something new; each list's tabs show their group's count
 * (the signal chips). The rule is written once, as SQL, in ./fresh.server.ts.
 */
export const CUSTOMER_GROUPS = ["search", "active", "expired", "completed"] as const;
export const EXECUTOR_GROUPS = ["invite", "sent", "active", "completed", "rejected"] as const;
export type VisitGroup = (typeof CUSTOMER_GROUPS)[number] | (typeof EXECUTOR_GROUPS)[number];

const UNVIEWED_GROUPS: ReadonlySet<string> = new Set(["invite", "search"]);
const MERGED: Readonly<Record<string, VisitGroup>> = { moderation: "sent", request: "invite", searching: "search", search_expired: "expired" };

/** The visit-record key of a list group (a request group, an API group or a page tab). */
export const visitKey = (group: string): string => MERGED[group] ?? group;

/** Whether a group's chip counts unviewed items rather than changes since the last visit. */
export const countsUnviewed = (group: string) => UNVIEWED_GROUPS.has(visitKey(group));
