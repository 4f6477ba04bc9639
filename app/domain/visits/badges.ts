/**
 * spec 1 §4, the badge logic. An item of a group counts as new when its status changed after the
 * user's last visit to that group; invitations and searching requests count unviewed items instead;
 * 'sent' and 'moderation' are one group. The 'new' chip shows when any group has something new.
 */
export const CUSTOMER_GROUPS = ["search", "active", "expired", "completed"] as const;
export const EXECUTOR_GROUPS = ["invite", "sent", "active", "completed", "rejected"] as const;

export type BadgeItem = { group: string; status_updated_at: string | null; is_viewed: boolean };
const UNVIEWED_GROUPS = new Set(["invite", "search"]);
const MERGED: Record<string, string> = { moderation: "sent", request: "invite", searching: "search", search_expired: "expired" };

export function badgeCounts(items: BadgeItem[], lastVisit: Record<string, string | null | undefined>, groups: readonly string[]) {
  const counts: Record<string, number> = Object.fromEntries(groups.map((g) => [g, 0]));
  for (const item of items) {
    const group = MERGED[item.group] ?? item.group;
    if (!(group in counts)) continue;
    if (UNVIEWED_GROUPS.has(group)) {
      if (!item.is_viewed) counts[group]! += 1;
      continue;
    }
    const seen = lastVisit[group];
    if (!item.status_updated_at) continue;
    if (!seen || Date.parse(item.status_updated_at) > Date.parse(seen)) counts[group]! += 1;
  }
  return { counts, hasNew: Object.values(counts).some((n) => n > 0) };
}
