import { inArray, sql } from "drizzle-orm";
import { settings } from "../../../db/schema/platform";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { requireOperator } from "../policy.server";
import { parseInput } from "../validation";
import { settingsSchema } from "./schema";

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

/** GET /api/admin/settings. */
export async function getSettings(ctx: AppContext, actor: Actor | null | undefined) {
  requireOperator(actor);
  return moderationSettings(ctx);
}

/** POST /api/admin/settings: the switches given change, in one batch with the audit row (old and new values). */
export async function saveSettings(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(settingsSchema, raw);
  const before = await moderationSettings(ctx);
  const after: ModerationSettings = { ...before };
  for (const name of Object.keys(KEYS) as (keyof ModerationSettings)[]) if (input[name] !== undefined) after[name] = input[name]!;
  const changed = (Object.keys(KEYS) as (keyof ModerationSettings)[]).filter((n) => after[n] !== before[n]);
  if (changed.length)
    await ctx.db.batch([
      ...changed.map((n) =>
        ctx.db
          .insert(settings)
          .values({ key: KEYS[n], value: String(after[n]) })
          .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } }),
      ),
      auditInsert(ctx, { actorUserId: operator.user.id, action: "settings.changed", targetType: "settings", meta: Object.fromEntries(changed.map((n) => [n, { from: before[n], to: after[n] }])) }),
    ] as unknown as Parameters<typeof ctx.db.batch>[0]);
  return { message: ctx.t("admin.settings_saved"), settings: after };
}
