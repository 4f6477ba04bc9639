import { sql, type Column } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { AppContext } from "~/server/context.server";

type Item = BatchItem<"sqlite">;

/**
 * A part of a page's data as D1 statements plus the function that shapes their rows. Reads do not run
 * themselves: `runReads` puts the statements of every part of a page into ONE D1 batch (one round trip
 * whatever the page holds) and then hands each part its own rows. A read that needs nothing from D1 has
 * no statements. Decision 0020.
 */
export type Read<T> = { readonly queries: readonly Item[]; readonly view: (rows: readonly unknown[]) => T | Promise<T> };

/** A read of `queries`, whose rows `view` receives typed in the same order. */
export function read<const Q extends readonly Item[], T>(queries: Q, view: (rows: BatchResponse<Q>) => T | Promise<T>): Read<T> {
  return { queries, view: view as (rows: readonly unknown[]) => T | Promise<T> };
}

/** A read without statements: a value already known (e.g. a part the viewer may not see). */
export function known<T>(value: T): Read<T> {
  return { queries: [], view: () => value };
}

type Results<R extends Record<string, Read<unknown>>> = { [K in keyof R]: R[K] extends Read<infer T> ? Awaited<T> : never };

/** Runs the reads' statements in one D1 batch (none when there is no statement) and shapes each part. */
export async function runReads<R extends Record<string, Read<unknown>>>(ctx: AppContext, reads: R): Promise<Results<R>> {
  const entries = Object.entries(reads);
  const all = entries.flatMap(([, r]) => r.queries);
  const rows: unknown[] = all.length ? await ctx.db.batch(all as unknown as [Item, ...Item[]]) : [];
  let at = 0;
  const parts = await Promise.all(
    entries.map(([, r]) => {
      const mine = rows.slice(at, at + r.queries.length);
      at += r.queries.length;
      return r.view(mine);
    }),
  );
  return Object.fromEntries(entries.map(([key], i) => [key, parts[i]])) as Results<R>;
}

/** One read on its own (an API call that returns one part). */
export async function runRead<T>(ctx: AppContext, r: Read<T>): Promise<Awaited<T>> {
  return (await runReads(ctx, { r })).r as Awaited<T>;
}

/**
 * A column under its own name in a joined select. D1's batch answers rows keyed by column name, so two
 * joined tables' `id` or `name` would collapse into one and shift the values Drizzle maps back: every
 * joined select that a read puts in a batch names its clashing columns with `col`.
 */
export const col = <C extends Column>(column: C, alias: string) =>
  sql<C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null>`${column}`.as(alias);

/** Two reads as one: their statements in the same batch, their results joined by `join`. */
export function both<A, B, T>(a: Read<A>, b: Read<B>, join: (a: Awaited<A>, b: Awaited<B>) => T): Read<T> {
  const n = a.queries.length;
  return {
    queries: [...a.queries, ...b.queries],
    view: async (rows) => join((await a.view(rows.slice(0, n))) as Awaited<A>, (await b.view(rows.slice(n))) as Awaited<B>),
  };
}
