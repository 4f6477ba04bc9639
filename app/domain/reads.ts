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

type Rider = { read: Read<unknown>; resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/** The reads waiting to ride along with the next batch of their request (readAlong), per request context. */
const riders = new WeakMap<AppContext, Rider[]>();

/**
 * A read that joins the next batch its request runs anyway (runReads), so it costs no round trip of its own:
 * the shell's part of a page (the menus' 'new' chip, read by the root loader) rides with the page's batch
 * (the route's loader, which Remix runs beside it). The rider must be registered before that batch
 * starts: the root loader calls this in its first synchronous step, and the loaders start together. When
 * no batch takes it by the end of the current turn (a page that reads nothing, or only after other I/O),
 * it runs on its own. Decision 0039.
 */
export function readAlong<T>(ctx: AppContext, r: Read<T>): Promise<Awaited<T>> {
  if (!r.queries.length) return Promise.resolve(r.view([])) as Promise<Awaited<T>>;
  return new Promise<Awaited<T>>((resolve, reject) => {
    const rider: Rider = { read: r, resolve: resolve as (value: unknown) => void, reject };
    const waiting = riders.get(ctx) ?? [];
    waiting.push(rider);
    riders.set(ctx, waiting);
    setTimeout(() => {
      const at = waiting.indexOf(rider);
      if (at < 0) return; // a batch took it
      waiting.splice(at, 1);
      runReads(ctx, { r }).then((out) => resolve(out.r as Awaited<T>), reject);
    }, 0);
  });
}

/** Hands each rider its rows (after the batch's own reads); a failing view fails only its rider. */
function settleRiders(taken: Rider[], rows: readonly unknown[]) {
  let at = 0;
  for (const rider of taken) {
    const mine = rows.slice(at, at + rider.read.queries.length);
    at += rider.read.queries.length;
    Promise.resolve()
      .then(() => rider.read.view(mine))
      .then(rider.resolve, rider.reject);
  }
}

/**
 * Runs the reads' statements in one D1 batch (none when there is no statement) and shapes each part. Reads
 * waiting to ride along (readAlong) go into the same batch, after the page's own statements.
 */
export async function runReads<R extends Record<string, Read<unknown>>>(ctx: AppContext, reads: R): Promise<Results<R>> {
  const entries = Object.entries(reads);
  const all = entries.flatMap(([, r]) => r.queries);
  const taken = all.length ? (riders.get(ctx)?.splice(0) ?? []) : [];
  const extra = taken.flatMap((x) => x.read.queries);
  let rows: unknown[] = [];
  if (all.length) {
    try {
      const answered = await ctx.db.batch([...all, ...extra] as unknown as [Item, ...Item[]]);
      rows = answered.slice(0, all.length);
      settleRiders(taken, answered.slice(all.length));
    } catch (e) {
      if (!taken.length) throw e;
      // A rider must never fail the page's batch, nor the page its rider: each runs again on its own.
      for (const rider of taken) runReads(ctx, { r: rider.read }).then((out) => rider.resolve(out.r), rider.reject);
      rows = await ctx.db.batch(all as unknown as [Item, ...Item[]]);
    }
  }
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
