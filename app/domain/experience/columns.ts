import { sql, type Column } from "drizzle-orm";

/**
 * A column under its own name in a joined select. D1's batch answers rows keyed by column name, so two
 * joined tables' `id` or `name` would collapse into one and shift the values Drizzle maps back.
 */
export const col = <C extends Column>(column: C, alias: string) =>
  sql<C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null>`${column}`.as(alias);
