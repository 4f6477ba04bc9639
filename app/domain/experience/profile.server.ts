import type { AppContext } from "~/server/context.server";
import { expertisesQueries, expertisesView } from "./expertises.server";
import { abilitiesQueries, abilitiesView, worksQueries, worksView } from "./works.server";

/**
 * What GET /api/user and GET /api/user/{id} add for this area (spec 2 §3 User: work, abilities,
 * expertises), read in one D1 batch whatever the profile holds. `readOnly` (someone else's profile)
 * leaves out the competences still in moderation.
 */
export async function profileExperience(ctx: AppContext, userId: number, opts: { readOnly: boolean }) {
  const [workRows, areaRows, abilityRows, tribeRatings, expRows, confRows, fileRows, expRatings] = await ctx.db.batch([
    ...worksQueries(ctx, userId),
    ...abilitiesQueries(ctx, userId),
    ...expertisesQueries(ctx, userId),
  ]);
  return {
    work: worksView(ctx, workRows, areaRows),
    abilities: abilitiesView(ctx, abilityRows, tribeRatings),
    expertises: expertisesView(ctx, [expRows, confRows, fileRows, expRatings], opts.readOnly),
  };
}
