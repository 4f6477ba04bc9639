import { env } from "cloudflare:test";
import { createDb } from "../../db/client";
import { seedReference } from "../../db/seed/seed.server";
import { expectErrorLog } from "./console";

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

/**
 * Runs `fn` while inserts into `table` (those matching `when`, SQL over `new`) fail: a trigger aborts them.
 * It checks that a change is written in one batch with another row: with that row refused, nothing stays.
 */
export async function whileInsertsFail<T>(table: string, when: string, fn: () => Promise<T>): Promise<T> {
  const name = `fails_${table}_${Math.random().toString(36).slice(2, 10)}`;
  await env.DB.prepare(`create trigger ${name} before insert on ${table} when ${when} begin select raise(abort, 'refused by the test'); end`).run();
  // The Worker answers that failure with a 500 and logs it: both expected here, and only that failure.
  expectErrorLog(/refused by the test/);
  const g = globalThis as { __serverFailureExpected?: boolean };
  g.__serverFailureExpected = true;
  try {
    return await fn();
  } finally {
    g.__serverFailureExpected = false;
    await env.DB.prepare(`drop trigger ${name}`).run();
  }
}

/** `whileInsertsFail` for the audit rows of one action: the change they record must not stay without them. */
export const whileAuditFails = <T>(action: string, fn: () => Promise<T>) => whileInsertsFail("audit_log", `new.action = '${action}'`, fn);
