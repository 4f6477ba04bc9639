import { inArray, sql } from "drizzle-orm";
import { settings } from "../../../db/schema/platform";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { requireOperator } from "../policy.server";
import { parseInput } from "../validation";
import { settingsSchema } from "./schema";
import { forgetPromoInterval, PROMO_INTERVAL_KEY, promoIntervalMinutes } from "../visits/visits.server";

/**
 * Moderation on or off per kind (spec README "The operator's calls": defaults true, false, true). Kept
 * in the `settings` table as JSON booleans under `moderation.<kind>`; a key never saved has its default.
 */
export const MODERATION_DEFAULTS = { moderate_demands: true, moderate_responds: false, moderate_services: true } as const;
export type ModerationSettings = { -readonly [K in keyof typeof MODERATION_DEFAULTS]: boolean };
const KEYS: Record<keyof ModerationSettings, string> = {
  moderate_demands: "moderation.demands",
  moderate_responds: "moderation.responds",
  moderate_services: "moderation.services",
};

/**
 * What the areas read when something is created (a request, a response, a service): not cached, so a
 * switch takes effect with the next request. One query.
 */
export async function moderationSettings(ctx: AppContext): Promise<ModerationSettings> {
  const rows = await ctx.db.select().from(settings).where(inArray(settings.key, Object.values(KEYS)));
  const out: ModerationSettings = { ...MODERATION_DEFAULTS };
  for (const [name, key] of Object.entries(KEYS) as [keyof ModerationSettings, string][]) {
    const row = rows.find((r) => r.key === key);
    if (row) out[name] = row.value === "true";
  }
  return out;
}

/** The operator's settings: the moderation switches and the promo interval (spec 1 §9). */
export type OperatorSettings = ModerationSettings & { promo_interval_minutes: number };

/** GET /api/admin/settings. */
export async function getSettings(ctx: AppContext, actor: Actor | null | undefined): Promise<OperatorSettings> {
  requireOperator(actor);
  return { ...(await moderationSettings(ctx)), promo_interval_minutes: await promoIntervalMinutes(ctx, { fresh: true }) };
}

/** POST /api/admin/settings: the settings given change, in one batch with the audit row (old and new values). */
export async function saveSettings(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(settingsSchema, raw);
  const before: OperatorSettings = { ...(await moderationSettings(ctx)), promo_interval_minutes: await promoIntervalMinutes(ctx, { fresh: true }) };
  const after: OperatorSettings = { ...before };
  for (const name of Object.keys(KEYS) as (keyof ModerationSettings)[]) if (input[name] !== undefined) after[name] = input[name]!;
  if (input.promo_interval_minutes !== undefined) after.promo_interval_minutes = input.promo_interval_minutes;
  const changed = (Object.keys(after) as (keyof OperatorSettings)[]).filter((n) => after[n] !== before[n]);
  const keyOf = (n: keyof OperatorSettings) => (n === "promo_interval_minutes" ? PROMO_INTERVAL_KEY : KEYS[n]);
  if (changed.length) {
    await ctx.db.batch([
      ...changed.map((n) =>
        ctx.db
          .insert(settings)
          .values({ key: keyOf(n), value: String(after[n]) })
          .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } }),
      ),
      auditInsert(ctx, { actorUserId: operator.user.id, action: "settings.changed", targetType: "settings", meta: Object.fromEntries(changed.map((n) => [n, { from: before[n], to: after[n] }])) }),
    ] as unknown as Parameters<typeof ctx.db.batch>[0]);
    // This isolate reads the new interval at once; the others within their minute's memo.
    if (changed.includes("promo_interval_minutes")) forgetPromoInterval();
  }
  return { message: ctx.t("admin.settings_saved"), settings: after };
}
