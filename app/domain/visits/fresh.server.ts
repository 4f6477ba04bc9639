import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Actor } from "~/server/session.server";
import { pageStateOf } from "~/server/session.server";
import { countsUnviewed, visitKey } from "./badges";

/**
 * When the user last looked at each group of his lists (spec 1 §3 visit-time record), by role, as read with
 * the session (no round trip). Empty for an actor without page state (an API call: no chips there).
 */
export function lastVisits(actor: Actor, role: "customer" | "executor"): Record<string, string | null> {
  const raw = pageStateOf(actor)?.visitRecord;
  if (!raw) return {};
  try {
    const part = (JSON.parse(raw) as Record<string, Record<string, unknown> | undefined>)[role] ?? {};
    return Object.fromEntries(Object.entries(part).map(([k, v]) => [k, typeof v === "string" ? v : null]));
  } catch {
    return {};
  }
}

/**
 * spec 1 §4 as SQL, the one statement of the rule (./badges.ts): whether an item of `group` is new for the
 * user. `unviewed` says the item is unviewed (for the groups that count those); `changedAt` is when its
 * status last changed, compared with the user's last visit to the group (`visits`, by visit key).
 */
export function freshWhen(group: string, visits: Record<string, string | null | undefined>, item: { unviewed: SQL; changedAt: SQL | AnyColumn }): SQL {
  if (countsUnviewed(group)) return item.unviewed;
  const seen = visits[visitKey(group)];
  return seen ? sql`${item.changedAt} > ${seen}` : sql`1`;
}
