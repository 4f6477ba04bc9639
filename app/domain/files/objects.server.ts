import { uploads } from "../../../db/schema/platform";
import type { AppContext } from "~/server/context.server";
import { randomToken } from "~/server/crypto.server";

/** The date given to an orphan's sweep row: older than any sweep's cut-off, so the next run takes it. */
const SWEEP_NOW = "1970-01-01T00:00:00.000Z";

/**
 * Deletes stored objects whose rows are already gone (or were never written: a refused batch's fresh
 * uploads). The storage failing does not fail the person's action: the keys are handed to the hourly sweep
 * as `uploads` rows of kind 'orphan' (never claimable: no page asks for that kind), so no object outlives
 * its row for good (decision 0032). One rule for every place that drops objects.
 */
export async function removeObjects(ctx: AppContext, keys: string[]) {
  if (!keys.length) return;
  try {
    await ctx.storage.deleteMany(keys);
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "objects left to the sweep", keys, error: String(e) }));
    try {
      // D1 binds at most 100 values a statement: 7 a row.
      const rows = keys.map((key) => ({ id: `orphan-${randomToken(18)}`, userId: null, kind: "orphan", key, name: "", size: 0, createdAt: SWEEP_NOW }));
      const chunks = Array.from({ length: Math.ceil(rows.length / 14) }, (_, i) => ctx.db.insert(uploads).values(rows.slice(i * 14, i * 14 + 14)).onConflictDoNothing());
      await ctx.db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]]);
    } catch (e2) {
      console.error(JSON.stringify({ level: "error", requestId: ctx.requestId, message: "orphan objects not recorded", keys, error: String(e2) }));
    }
  }
}
