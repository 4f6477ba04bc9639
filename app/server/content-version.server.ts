import { eq, sql } from "drizzle-orm";
import { settings } from "../../db/schema/platform";
import type { AppContext } from "./context.server";
import { forget, memo } from "./memo.server";

/**
 * What guests see of the operator's content (FAQ, footer, support, the landing's figures) is kept per
 * isolate: rendered guest pages (decision 0018) and the content's reads (decision 0007). An operator's
 * change must show at once in every isolate, so both are keyed by a content version: a number in
 * `settings` that every content edit moves on in the same batch (`bumpContentVersion`). A request reads it
 * once: a signed-in one in its session's statement (resolveActor, no extra round trip), a guest one with
 * one small read by primary key before the cache is asked. A cached page or read of an older version is
 * never served again; time still bounds what a hand edit of the tables changes (CONTENT_TTL_MS).
 */
export const CONTENT_VERSION_KEY = "content.version";
/** A cached content read of the current version lives this long (hand edits to the tables show within it). */
export const CONTENT_TTL_MS = 60_000;

const versions = new WeakMap<AppContext, Promise<number>>();
let lastSeen: number | undefined;

/** The request's content version (read once per request). */
export function contentVersion(ctx: AppContext): Promise<number> {
  let v = versions.get(ctx);
  if (!v) {
    v = ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, CONTENT_VERSION_KEY))
      .then((rows) => Number(rows[0]?.value ?? 0) || 0);
    versions.set(ctx, v);
  }
  return v;
}

/** The version read with the session's statement: the request needs no read of its own. */
export function primeContentVersion(ctx: AppContext, version: number | null | undefined) {
  versions.set(ctx, Promise.resolve(Number(version ?? 0) || 0));
}

/** The subquery resolveActor adds to its statement. */
export const contentVersionSubquery = sql<string | null>`(select value from settings where key = ${CONTENT_VERSION_KEY})`;

/** The statement that moves the version on: put it in the batch of every content edit. */
export function bumpContentVersion(ctx: AppContext) {
  return ctx.db
    .insert(settings)
    .values({ key: CONTENT_VERSION_KEY, value: "1" })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`cast(cast(${settings.value} as integer) + 1 as text)` } });
}

/**
 * A content read kept per isolate for the current content version: a newer version reads afresh (and
 * the entries of older ones are dropped).
 */
export async function contentMemo<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  const v = await contentVersion(ctx);
  if (v !== lastSeen) {
    if (lastSeen !== undefined) forget("content@");
    lastSeen = v;
  }
  return memo(`content@${v}:${key}`, CONTENT_TTL_MS, load);
}
