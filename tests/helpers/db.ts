import { env } from "cloudflare:test";
import { createDb } from "../../db/client";
import { seedReference } from "../../db/seed/seed.server";

/** Drizzle over the test file's own D1 (the same database the Worker uses). */
export const db = () => createDb(env.DB);

let seeded: Promise<unknown> | undefined;
/** Industries, functions, work types, FAQ and content, once per test file (storage is per file). */
export function ensureReference() {
  return (seeded ??= seedReference(db()));
}

/** Rows of a raw SQL query, for checks that must not go through the code under test. */
export async function rows<T = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<T[]> {
  const res = await env.DB.prepare(query).bind(...params).all<T>();
  return res.results;
}

export async function count(query: string, ...params: unknown[]): Promise<number> {
  const [row] = await rows<{ n: number }>(query, ...params);
  return Number(row?.n ?? 0);
}
