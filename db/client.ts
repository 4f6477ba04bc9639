import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { RelationalQueryBuilder } from "drizzle-orm/sqlite-core/query-builders/query";
import * as content from "./schema/content";
import * as platform from "./schema/platform";
import * as reference from "./schema/reference";
import * as services from "./schema/services";
import * as users from "./schema/users";

export const schema = { ...users, ...platform, ...reference, ...content, ...services };

/**
 * What `drizzle(d1, { schema })` works out from the schema on every call (the relational config: a walk of
 * every table and relation), once per isolate: a database object is made per request (its D1 binding is
 * the request's, counted or in a D1 session), and the walk was about a tenth of a small request's CPU
 * (decision 0034). The dialect holds no per-request state either.
 */
const dialect = new SQLiteAsyncDialect();
const tablesConfig = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational = { fullSchema: schema, schema: tablesConfig.tables, tableNamesMap: tablesConfig.tableNamesMap };

/**
 * `db.query.<table>` made on first use: Drizzle's constructor makes a relational query builder for each of
 * the schema's 70 tables on every database object, i.e. per request, for the few a request uses (about 3 %
 * of `GET /api/user`'s time once its SQL was prepared, decision 0041). The getters are defined once per
 * isolate on a prototype; each database object's builders are its own (they hold its session).
 */
type Session = InstanceType<typeof SQLiteD1Session>;
class LazyQuery {
  constructor(readonly session: Session) {}
}
for (const [tableName, tableConfig] of Object.entries(relational.schema)) {
  Object.defineProperty(LazyQuery.prototype, tableName, {
    get(this: LazyQuery) {
      const builder = new RelationalQueryBuilder("async", relational.fullSchema, relational.schema, relational.tableNamesMap, relational.fullSchema[tableName as keyof typeof schema] as never, tableConfig, dialect, this.session as never);
      Object.defineProperty(this, tableName, { value: builder, enumerable: true });
      return builder;
    },
  });
}

/** The same database object `drizzle(d1, { schema })` returns (drizzle-orm/d1/driver.js), without the walk. */
export function createDb(d1: D1Database) {
  const session = new SQLiteD1Session(d1, dialect, relational, {});
  // Made without the schema (no builder per table), then given what the constructor sets from it.
  const db = new DrizzleD1Database("async", dialect, session as never, undefined) as unknown as DrizzleD1Database<typeof schema> & { $client: D1Database };
  Object.assign(db, { _: { schema: relational.schema, fullSchema: relational.fullSchema, tableNamesMap: relational.tableNamesMap }, query: new LazyQuery(session) });
  db.$client = d1;
  return db;
}
export type Db = ReturnType<typeof createDb>;

/**
 * A database without a D1 binding, on which prepared statements are built once per isolate
 * (app/domain/reads.ts `prepared`, decision 0041): Drizzle prepares a D1 statement while it builds, which
 * must not be a request's binding (each request has its own D1 session). Its statements never run.
 */
const noBinding = {
  prepare: () => ({
    bind() {
      throw new Error("a template statement never runs: bind the SQL on the request's D1 binding");
    },
  }),
} as unknown as D1Database;
let template: Db | undefined;
export const templateDb = (): Db => (template ??= createDb(noBinding));
