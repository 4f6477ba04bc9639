import { eq, sql } from "drizzle-orm";
import { clientEvents, clientStorage } from "../../../db/schema/content";
import { settings } from "../../../db/schema/platform";
import type { AppContext } from "~/server/context.server";
import { forget, memo } from "~/server/memo.server";
import { PROMO_INTERVAL_MAX } from "../limits";
import { hit } from "~/server/rate-limit.server";
import { pageStateOf, type Actor } from "~/server/session.server";
import { footerContent } from "../reference/reference.server";
import { DomainError } from "../errors";
import { parseInput } from "../validation";
import { customerHasNewQuery, customerHasNewRead } from "../demands/demands.server";
import { isoDay } from "../demands/progress";
import { boundStatement, prepared, runRead, type Params } from "../reads";
import { expertHasNewQuery, expertHasNewRead } from "../responds/expert-projects.server";
import { visitsInRecord } from "./fresh.server";
import { CUSTOMER_GROUPS, EXECUTOR_GROUPS } from "./badges";
import { clientEventSchema, clientStorageSchema } from "./schema";

type Stamp = string | null;
export type ClientStorage = {
  tgpopup: { close: Stamp; action: Stamp };
  customer: Record<(typeof CUSTOMER_GROUPS)[number], Stamp>;
  executor: Record<(typeof EXECUTOR_GROUPS)[number], Stamp>;
};

const empty = (): ClientStorage => ({
  tgpopup: { close: null, action: null },
  customer: { search: null, active: null, expired: null, completed: null },
  executor: { invite: null, sent: null, active: null, completed: null, rejected: null },
});

function merge(base: ClientStorage, patch: Partial<{ [K in keyof ClientStorage]: Partial<ClientStorage[K]> }>): ClientStorage {
  return {
    tgpopup: { ...base.tgpopup, ...(patch.tgpopup ?? {}) },
    customer: { ...base.customer, ...(patch.customer ?? {}) },
    executor: { ...base.executor, ...(patch.executor ?? {}) },
  };
}

async function readRecord(ctx: AppContext, userId: number): Promise<ClientStorage> {
  const row = await ctx.db.query.clientStorage.findFirst({ where: eq(clientStorage.userId, userId) });
  return parseRecord(row?.data ?? null);
}

function parseRecord(data: string | null): ClientStorage {
  if (!data) return empty();
  try {
    return merge(empty(), JSON.parse(data));
  } catch {
    return empty();
  }
}

/**
 * The record as it was when the request began: read with the session (its page state), no round trip;
 * read here only for an actor that came without one (a test's or a job's).
 */
async function recordAtStart(ctx: AppContext, actor: Actor) {
  const page = pageStateOf(actor);
  return page ? parseRecord(page.visitRecord) : readRecord(ctx, actor.user.id);
}

export const PROMO_INTERVAL_KEY = "promo.interval_minutes";
const PROMO_INTERVAL_MEMO = `setting:${PROMO_INTERVAL_KEY}`;

/**
 * The promo interval in minutes: an operator setting (spec 1 §9: "configured minutes"; /admin/settings), a day
 * until set. Kept a minute per isolate for the pages; the console reads it `fresh`.
 */
export async function promoIntervalMinutes(ctx: AppContext, opts: { fresh?: boolean } = {}) {
  const load = () => ctx.db.query.settings.findFirst({ where: eq(settings.key, PROMO_INTERVAL_KEY) });
  const row = opts.fresh ? await load() : await memo(PROMO_INTERVAL_MEMO, 60_000, load);
  const n = Number(row?.value);
  // The rule the console writes it by (settingsSchema): a whole number of minutes up to a year.
  return Number.isInteger(n) && n >= 0 && n <= PROMO_INTERVAL_MAX ? n : 1440;
}

export const forgetPromoInterval = () => forget(PROMO_INTERVAL_MEMO);

/** spec 1 §4: shown when the interval has passed since it was last closed and it was never acted on. */
export function promoVisible(record: ClientStorage, intervalMinutes: number, now: Date) {
  if (record.tgpopup.action) return false;
  if (!record.tgpopup.close) return true;
  return now.getTime() - Date.parse(record.tgpopup.close) >= intervalMinutes * 60_000;
}

/** GET /api/client/storage: the record, and whether the promo block is due. */
export async function getClientStorage(ctx: AppContext, actor: Actor) {
  return storageView(ctx, await recordAtStart(ctx, actor));
}

async function storageView(ctx: AppContext, record: ClientStorage) {
  const interval = await promoIntervalMinutes(ctx);
  return { ...record, promo: { show: promoVisible(record, interval, ctx.now()), interval_minutes: interval } };
}

/** POST /api/client/storage: merges the given parts into the record. */
export async function saveClientStorage(ctx: AppContext, actor: Actor, raw: unknown) {
  const patch = notAfter(parseInput(clientStorageSchema, raw), ctx.now());
  // An operator looking through the user's eyes leaves the user's record as it was: what is new to the
  // user stays new.
  if (actor.impersonator) return storageView(ctx, await readRecord(ctx, actor.user.id));
  const [row] = await patchRecordQuery(ctx, actor.user.id, patch).returning({ data: clientStorage.data });
  return storageView(ctx, parseRecord(row?.data ?? null));
}

type Patch = Partial<{ [K in keyof ClientStorage]: Partial<ClientStorage[K]> }>;

/**
 * The stamps as the server's clock allows: a device whose clock runs ahead would stamp a visit in the
 * future, and what changes until then would never count as new.
 */
function notAfter(patch: Patch, now: Date): Patch {
  const cap = (part: Record<string, Stamp> | undefined) =>
    part && Object.fromEntries(Object.entries(part).map(([k, v]) => [k, v && Date.parse(v) > now.getTime() ? now.toISOString() : v]));
  return { tgpopup: cap(patch.tgpopup), customer: cap(patch.customer), executor: cap(patch.executor) } as Patch;
}

/**
 * Writes the given parts into the record in one statement (json_patch), whatever else writes it meanwhile:
 * two tabs' stamps at once both land, where a read, a merge and a write back would lose one.
 */
function patchRecordQuery(ctx: AppContext, userId: number, patch: Patch) {
  const json = JSON.stringify(patch);
  const whole = JSON.stringify(merge(empty(), patch));
  return ctx.db
    .insert(clientStorage)
    .values({ userId, data: whole })
    .onConflictDoUpdate({
      target: clientStorage.userId,
      set: { data: sql`case when json_valid(${clientStorage.data}) then json_patch(${clientStorage.data}, ${json}) else ${whole} end`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
    });
}

/** POST /api/client/event: records the event; promo close/action also update the record. */
export async function recordClientEvent(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const { name } = parseInput(clientEventSchema, raw);
  // Anyone may post an event and each one is a row: per address, so a guest cannot fill the table.
  await hit(ctx, "client_event_ip", ctx.ip);
  const event = ctx.db.insert(clientEvents).values({ userId: actor?.user.id ?? null, name });
  if (actor && !actor.impersonator && (name === "tgpopup_close" || name === "tgpopup_action")) {
    // The event and the record it changes are written together.
    const now = ctx.now().toISOString();
    await ctx.db.batch([event, patchRecordQuery(ctx, actor.user.id, { tgpopup: name === "tgpopup_close" ? { close: now } : { action: now } })]);
  } else await event;
  return { ok: true };
}

/** GET /api/redirect/tg: counts the click and sends the browser to the messaging channel. */
export async function telegramRedirect(ctx: AppContext, actor: Actor | null) {
  const { popupUrl } = await footerContent(ctx);
  // The click is a row as an event is, on the same limit; past it the visitor still goes, uncounted.
  const counted = await hit(ctx, "client_event_ip", ctx.ip).then(
    () => true,
    (e) => {
      if (e instanceof DomainError && e.kind === "rate_limited") return false;
      throw e;
    },
  );
  if (counted) await ctx.db.insert(clientEvents).values({ userId: actor?.user.id ?? null, name: "tg_redirect" });
  return popupUrl ?? ctx.env.APP_URL;
}

/**
 * The 'new' chip of the menus (spec 1 §4): something new in a group of the mode's lists, by the lists' own
 * signal rule (./fresh.server.ts): the expert's new invitations and changed responses, the customer's
 * requests with unopened responses and changed requests. A page request reads it in the session's batch
 * (navBadgeStatement: no round trip of its own, whatever the page reads); an actor that came without it (a
 * test's or a job's) reads it here.
 */
export async function navBadge(ctx: AppContext, actor: Actor, mode: "customer" | "executor"): Promise<{ hasNew: boolean }> {
  const known = pageStateOf(actor)?.hasNew;
  if (known !== undefined) return { hasNew: known };
  const record = await recordAtStart(ctx, actor);
  const hasNew = await runRead(ctx, mode === "executor" ? expertHasNewRead(ctx, actor.user.id, record.executor) : customerHasNewRead(ctx, actor.user.id, record.customer));
  return { hasNew };
}

/**
 * navBadge's statement for the session's batch (resolveActor): the user and his visit record are
 * subqueries on the session's id, since neither is known before the session resolves. It answers a row
 * when something is new; a session that does not resolve answers none (and is refused by its own row).
 */
export function navBadgeStatement(ctx: AppContext, sessionId: string, mode: "customer" | "executor"): D1PreparedStatement {
  return boundStatement(ctx.d1, navBadgeStatements[mode]({ sessionId, today: isoDay(ctx.now()) }));
}

/** navBadgeStatement's SQL per mode, built once per isolate (decision 0041): it rides every signed-in page. */
const navBadgeStatements = {
  customer: prepared((db, p: Params<{ sessionId: string; today: string }>) => {
    const userId = sql`(select user_id from sessions where id = ${p.sessionId})`;
    return customerHasNewQuery(db, userId, visitsInRecord(sql`(select data from client_storage where user_id = ${userId})`, "customer"), p.today);
  }),
  executor: prepared((db, p: Params<{ sessionId: string; today: string }>) => {
    const userId = sql`(select user_id from sessions where id = ${p.sessionId})`;
    return expertHasNewQuery(db, userId, visitsInRecord(sql`(select data from client_storage where user_id = ${userId})`, "executor"), p.today);
  }),
};
