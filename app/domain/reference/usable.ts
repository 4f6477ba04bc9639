import { and, eq, or, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A reference list users may add to (companies, functions, competences, places of study). */
type ProposableTable = { status: SQLiteColumn; createdBy: SQLiteColumn };

/**
 * The one rule of who may pick an entry of such a list: an approved one anybody, a proposal still in
 * moderation its author only. A rejected proposal nobody, its author included: a rejection took it off his
 * profile (the moderation queue's removeUses), and it must not come back through a save or a reuse.
 */
export function usableBy<T extends ProposableTable>(table: T, userId: number | Placeholder): SQL {
  return or(eq(table.status, "active"), and(eq(table.status, "moderation"), eq(table.createdBy, userId)))!;
}

/** The same rule over a row already read. */
export const isUsableBy = (row: { status: string; createdBy: number | null }, userId: number) => row.status === "active" || (row.status === "moderation" && row.createdBy === userId);

/**
 * What anyone but an entry's author may be shown of such a list: approved entries. A proposal in moderation
 * is its author's alone (decisions 0014, 0061), even where his own writing names it (a response's
 * competences, read by the customer).
 */
export const shownToOthers = <T extends ProposableTable>(table: T): SQL => eq(table.status, "active");
