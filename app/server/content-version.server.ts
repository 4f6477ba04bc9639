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
 * one small read by primary key before the cache is asked — unless this isolate learnt the version less than
 * GUEST_VERSION_MS ago, which a guest request then takes without a read (decision 0042: a guest page cache
 * hit costs no D1 at all; an edit reaches guests of other isolates within that time, and of the editing
 * isolate at once). A cached page or read of an older version is never served again; time still bounds what
 * a hand edit of the tables changes (CONTENT_TTL_MS).
 */
export const CONTENT_VERSION_KEY = "content.version";
/** A cached content read of the current version lives this long (hand edits to the tables show within it). */
export const CONTENT_TTL_MS = 60_000;

/** How long a version this isolate read stands in for a guest request's own read. */
export const GUEST_VERSION_MS = 2_000;

const versions = new WeakMap<AppContext, Promise<number>>();
let lastSeen: number | undefined;
/** The newest version this isolate read, and when. */
let recent: { v: number; at: number } | undefined;
/** After an edit made in this isolate, guests read the version themselves until then. */
let readUntil = 0;

function learnt(v: number) {
  const now = Date.now();
  if (now >= readUntil) recent = { v, at: now };
  return v;
}

/** The request's content version (read once per request; a recent one of this isolate for a guest). */
export function contentVersion(ctx: AppContext): Promise<number> {
  let v = versions.get(ctx);
  if (!v) {
    const now = Date.now();
    v =
      recent && now - recent.at < GUEST_VERSION_MS && now >= readUntil
        ? Promise.resolve(recent.v)
        : ctx.db
            .select({ value: settings.value })
            .from(settings)
            .where(eq(settings.key, CONTENT_VERSION_KEY))
            .then((rows) => learnt(Number(rows[0]?.value ?? 0) || 0));
    versions.set(ctx, v);
  }
  return v;
}

/** The version read with the session's statement: the request needs no read of its own. */
export function primeContentVersion(ctx: AppContext, version: number | null | undefined, learn = true) {
  // A guessed session's version (decision 0043) is the request's own until checked, never lent to guests.
  const v = Number(version ?? 0) || 0;
  versions.set(ctx, Promise.resolve(learn ? learnt(v) : v));
}

/** The subquery resolveActor adds to its statement. */
export const contentVersionSubquery = sql<string | null>`(select value from settings where key = ${CONTENT_VERSION_KEY})`;

/**
 * The statement that moves the version on: put it in the batch of every content edit. This isolate stops
 * lending its recent version to guests for a while, so the editor's own next guest page shows the edit.
 */
export function bumpContentVersion(ctx: AppContext) {
  recent = undefined;
  readUntil = Date.now() + GUEST_VERSION_MS;
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
