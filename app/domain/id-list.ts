import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * `column in (…ids)` with the ids as ONE bound parameter, a JSON array that SQLite's `json_each` reads.
 * D1 takes at most 100 bound parameters a statement, and a call may name 100 ids by itself (view flags,
 * a request's functions, the ratings to delete): with Drizzle's `inArray` each id is a parameter, and such
 * a call failed with a 500 (found in session 15's review).
 */
export const inIds = (column: AnyColumn | SQL, ids: readonly number[]): SQL => sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/** `column not in (…ids)`, the ids as one bound parameter (see inIds). */
export const notInIds = (column: AnyColumn | SQL, ids: readonly number[]): SQL => sql`${column} not in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * Rows for a multi-row INSERT … VALUES in chunks that stay under D1's 100 bound parameters a statement:
 * `perRow` values each (one statement per chunk, all in the caller's batch).
 */
export function rowChunks<T>(rows: readonly T[], perRow: number): T[][] {
  const size = Math.max(1, Math.floor(90 / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
