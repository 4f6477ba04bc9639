import { Column, fillPlaceholders, getTableName, is, sql, SQL, Subquery, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { templateDb, type Db } from "../../db/client";
import type { AppContext } from "~/server/context.server";
import { isRead } from "~/server/speculation.server";

type Builder = BatchItem<"sqlite">;

/** What a statement's rows become once mapped: a Drizzle builder's result, or a prepared statement's. */
type Typed<T = unknown> = { readonly _: { readonly result: T } };

/** The rows of a batch's statements, in their order. */
export type Rows<Q extends readonly Typed[]> = { -readonly [K in keyof Q]: Q[K]["_"]["result"] };
/** The rows of one statement. */
export type RowsOf<I extends Typed> = I["_"]["result"];

/** What Drizzle's `_prepare()` answers (drizzle-orm/sqlite-core/session.js SQLitePreparedQuery): the SQL and the mapper of its rows. */
type PreparedQuery = { getQuery(): { sql: string; params: unknown[] }; mapResult(result: unknown, isFromBatch?: boolean): unknown; stmt?: D1PreparedStatement };

/** A statement built once per isolate: its SQL, its parameters with placeholders, and the mapper of its rows. */
type Statement = { readonly sql: string; readonly params: unknown[]; readonly map: (result: unknown) => unknown; readonly read: boolean };

/** One `prepared(...)`: how its query is built, and what was kept once it was built in this isolate. */
type Definition = { readonly build: (db: Db, p: Record<string, unknown>) => Builder; statement?: Statement };

const DEFINITION = Symbol("prepared");

/**
 * A prepared statement with one request's values. It holds no D1 binding: `runBatch` prepares and binds it
 * on the request's own (a D1 session per request, counted outside production). `_` only types its rows.
 */
export type PreparedItem<T> = Typed<T> & { readonly [DEFINITION]: Definition; readonly values: Record<string, unknown> };

/** A statement of a batch: a Drizzle builder (built on `ctx.db`) or a prepared one. */
export type Statementish = Builder | PreparedItem<unknown>;

/** The placeholders a prepared statement's builder puts where its values go (`p.userId`). */
export type Params<V> = { readonly [K in keyof V]: Placeholder<K & string, V[K]> };

/**
 * A statement whose SQL is built ONCE per isolate (decision 0041). Drizzle builds the SQL text of a query
 * builder on every run (`_prepare`: the dialect's walk of the query, `is()` on each chunk), which was
 * the largest share of a signed-in read's CPU. `build` writes the query as usual on the given database
 * with `p.<name>` (a `sql.placeholder`) for each value; on first use it is built on a database without
 * a D1 binding and prepared, and what is kept is the SQL, its parameter template and Drizzle's mapper of
 * the rows (it holds the selected fields, no request state). Each call answers a statement with this
 * request's values, for `read`/`runBatch`.
 *
 * Only for a statement whose SQL does not depend on its values: an IN list of variable length or an
 * optional filter stays a builder, or gets one prepared statement per shape.
 */
export function prepared<V extends Record<string, unknown>, Q extends Builder>(build: (db: Db, p: Params<V>) => Q): (values: V) => PreparedItem<RowsOf<Q>> {
  const definition: Definition = { build: build as unknown as Definition["build"] };
  return (values) => ({ [DEFINITION]: definition, values }) as unknown as PreparedItem<RowsOf<Q>>;
}

/**
 * Several statements on the same values, built once per isolate as `prepared` builds one: `build` answers
 * the list of builders (a read's batch, written as before on the given database with `p.<name>` for each
 * value), and each call answers their prepared items with this request's values, in the same order.
 */
export function preparedList<V extends Record<string, unknown>, const Q extends readonly Builder[]>(
  build: (db: Db, p: Params<V>) => Q,
): (values: V) => { -readonly [K in keyof Q]: Q[K] extends Typed ? PreparedItem<RowsOf<Q[K]>> : never } {
  let definitions: Definition[] | undefined;
  return (values) => {
    // Built once: each builder is prepared here; `build` stays for builtAfresh.
    definitions ??= build(templateDb(), placeholders() as Params<V>).map((builder, i): Definition => ({ build: (db, p) => build(db, p as Params<V>)[i]!, statement: templateStatement(builder) }));
    return definitions.map((definition) => ({ [DEFINITION]: definition, values })) as never;
  };
}

/** `p.<name>` of a statement's builder: a placeholder for each name asked. */
const placeholders = () => new Proxy({}, { get: (_, name) => (typeof name === "string" ? sql.placeholder(name) : undefined) }) as Record<string, unknown>;

/** What is kept of a builder made on the template database: its SQL, its parameter template, its rows' mapper. */
function templateStatement(builder: Builder): Statement {
  const query = (builder as unknown as { _prepare(): PreparedQuery })._prepare();
  const { sql: text, params } = query.getQuery();
  return { sql: text, params, map: rowMapper(query), read: isRead(text) };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle's prepared select holds to map rows (drizzle-orm/sqlite-core/session.js, d1/session.js). */
type SelectQuery = {
  executeMethod?: string;
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};

/**
 * The rows of a batch's result mapped as Drizzle maps them (`mapResult(result, true)`: d1ToRawMapping, then
 * utils.js mapResultRow per row: values in the row's key order, each decoded by its field, placed at its
 * path, and a left-joined table's object made null when its columns are), with what mapResultRow works out
 * on every row and column (which decoder, by `is()` up the prototype chain; the joined table's name) worked
 * out once per statement. A statement that is not a plain select keeps Drizzle's own mapper.
 */
function rowMapper(query: PreparedQuery): (result: unknown) => unknown {
  const q = query as unknown as SelectQuery;
  if (q.executeMethod !== "all" || !q.fields || q.customResultMapper) return (result) => query.mapResult(result, true);
  const joins = q.joinsNotNullableMap;
  const columns = q.fields.map(({ path, field }) => {
    const f = field as { decoder?: Decoder; sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } }; table?: unknown };
    const decoder = is(field, Column) ? (field as Decoder) : is(field, SQL) ? f.decoder! : is(field, Subquery) ? f._!.sql.decoder : f.sql!.decoder;
    // The left join's null object: judged by the columns of a joined table (mapResultRow's nullifyMap).
    const table = joins && is(field, Column) && path.length === 2 ? getTableName((field as Column).table) : null;
    return { path, last: path[path.length - 1]!, decoder, table };
  });
  return (result) => {
    const rows = (result as { results: Record<string, unknown>[] }).results;
    const out: Record<string, unknown>[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const values = Object.values(rows[r]!);
      const row: Record<string, unknown> = {};
      let nullify: Record<string, string | false> | undefined;
      for (let i = 0; i < columns.length; i++) {
        const { path, last, decoder, table } = columns[i]!;
        const raw = values[i];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        let node = row;
        for (let k = 0; k < path.length - 1; k++) {
          if (!(path[k]! in node)) node[path[k]!] = {};
          node = node[path[k]!] as Record<string, unknown>;
        }
        node[last] = value;
        if (table !== null) {
          nullify ??= {};
          const name = path[0]!;
          if (!(name in nullify)) nullify[name] = value === null ? table : false;
          else if (typeof nullify[name] === "string" && nullify[name] !== table) nullify[name] = false;
        }
      }
      if (nullify) for (const name in nullify) if (typeof nullify[name] === "string" && !joins![nullify[name] as string]) row[name] = null;
      out[r] = row;
    }
    return out;
  };
}

function statementOf(definition: Definition): Statement {
  return (definition.statement ??= templateStatement(definition.build(templateDb(), placeholders())));
}

/**
 * The same statement built by Drizzle on the request's database with the values in place, as every
 * statement was before decision 0041: the reference the tests compare prepared statements with.
 */
export function builtAfresh(ctx: AppContext, item: PreparedItem<unknown>): Builder {
  return item[DEFINITION].build(ctx.db, item.values);
}

export const isPrepared = (item: Statementish): item is PreparedItem<unknown> => DEFINITION in item;

/** A prepared item as a D1 statement bound on `d1`, for a batch made outside runBatch (the session's). */
export function boundStatement(d1: D1Database, item: PreparedItem<unknown>): D1PreparedStatement {
  const s = statementOf(item[DEFINITION]);
  return d1.prepare(s.sql).bind(...fillPlaceholders(s.params, item.values));
}

/**
 * Runs statements, builders and prepared ones mixed, in ONE D1 batch on the request's binding and maps
 * each one's rows as Drizzle's `db.batch` does (drizzle-orm/d1/session.js `batch()`): rows keyed by column
 * name, turned into arrays in key order, then mapped by the query's fields (hence `col` in joins).
 */
export async function runBatch<const Q extends readonly Statementish[]>(ctx: AppContext, items: Q): Promise<Rows<Q>> {
  if (!items.length) return [] as unknown as Rows<Q>;
  const mappers: ((result: unknown) => unknown)[] = [];
  const statements: D1PreparedStatement[] = [];
  // Prepared on the session's binding itself and run through `speculation.batch` (counted, the rider in
  // front): no layer wraps a statement that only goes into this batch.
  const binding = ctx.d1Binding;
  let reads = true;
  for (const item of items) {
    if (isPrepared(item)) {
      const s = statementOf(item[DEFINITION]);
      mappers.push(s.map);
      reads &&= s.read;
      statements.push(binding.prepare(s.sql).bind(...fillPlaceholders(s.params, item.values)));
    } else {
      // What Drizzle's batch does with a builder: prepared on `ctx.db`, whose binding is `ctx.d1`.
      const query = (item as unknown as { _prepare(): PreparedQuery })._prepare();
      const { sql: text, params } = query.getQuery();
      mappers.push((result) => query.mapResult(result, true));
      reads &&= isRead(text);
      statements.push(query.stmt ? query.stmt.bind(...params) : binding.prepare(text).bind(...params));
    }
  }
  const results = await ctx.speculation.batch(statements, reads);
  return results.map((result, i) => mappers[i]!(result)) as Rows<Q>;
}

/**
 * A part of a page's data as D1 statements plus the function that shapes their rows. Reads do not run
 * themselves: `runReads` puts the statements of every part of a page into ONE D1 batch (one round trip
 * whatever the page holds) and then hands each part its own rows. A read that needs nothing from D1 has
 * no statements. Decision 0020.
 */
export type Read<T> = { readonly queries: readonly Statementish[]; readonly view: (rows: readonly unknown[]) => T | Promise<T> };

/** A read of `queries` (builders or prepared statements), whose rows `view` receives typed in the same order. */
export function read<const Q extends readonly Statementish[], T>(queries: Q, view: (rows: Rows<Q>) => T | Promise<T>): Read<T> {
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
  const rows: unknown[] = await runBatch(ctx, all);
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
