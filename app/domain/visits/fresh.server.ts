import { SQL, sql, type AnyColumn } from "drizzle-orm";
import type { Actor } from "~/server/session.server";
import { pageStateOf } from "~/server/session.server";
import { countsUnviewed, CUSTOMER_GROUPS, EXECUTOR_GROUPS, visitKey, type VisitGroup } from "./badges";

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
export function freshWhen(group: string, visits: Visits, item: { unviewed: SQL; changedAt: SQL | AnyColumn }): SQL {
  if (countsUnviewed(group)) return item.unviewed;
  const seen = visits[visitKey(group)];
  if (seen instanceof SQL) return sql`(${seen} is null or ${item.changedAt} > ${seen})`;
  return seen ? sql`${item.changedAt} > ${seen}` : sql`1`;
}

/** The user's last visit per visit key: known times, or SQL that reads them (visitsInRecord, visitsOfValues). */
export type Visits = Record<string, string | SQL | null | undefined>;

const VISIT_KEYS: readonly VisitGroup[] = [...new Set<VisitGroup>([...CUSTOMER_GROUPS, ...EXECUTOR_GROUPS])];

/** The visit times as a prepared statement's values (decision 0041): `seen_<visit key>`, null for no visit. */
export type SeenValues = { [K in VisitGroup as `seen_${K}`]: string | null };

/** A role's visits (lastVisits) as a prepared statement's values: the keys it does not have are null. */
export function seenValues(visits: Record<string, string | null | undefined>): SeenValues {
  return Object.fromEntries(VISIT_KEYS.map((k) => [`seen_${k}`, visits[k] ?? null])) as SeenValues;
}

/**
 * Inside a prepared statement's builder, the visit times as its `seen_<key>` values (`p`, placeholders):
 * freshWhen reads an SQL visit as "none, or earlier than the change", which is what a known time or none
 * reads as, so the first visit and the later ones share one statement.
 */
export function visitsOfValues(p: { readonly [K in keyof SeenValues]: unknown }): Visits {
  return Object.fromEntries(VISIT_KEYS.map((k) => [k, sql`${p[`seen_${k}`]}`]));
}

/**
 * The visit times of `role` as SQL over the stored visit record (`record`: a subquery answering
 * client_storage.data), for a statement that runs before the record has been read: the menu's 'new' chip
 * rides in the session's batch (navBadgeStatement). What lastVisits reads as no visit (no record, bad JSON,
 * a value that is not a string) is NULL here, which freshWhen counts the same way.
 */
export function visitsInRecord(record: SQL, role: "customer" | "executor"): Visits {
  const keys: readonly string[] = role === "customer" ? CUSTOMER_GROUPS : EXECUTOR_GROUPS;
  return Object.fromEntries(
    keys.map((key) => {
      const path = `$.${role}.${key}`;
      return [key, sql`(case when json_valid(${record}) and json_type(${record}, ${path}) = 'text' then json_extract(${record}, ${path}) end)`];
    }),
  );
}
