import type { AppContext } from "~/server/context.server";
import { read, runRead } from "../reads";
import { expertisesQueries, expertisesView } from "./expertises.server";
import { abilitiesQueries, abilitiesView, worksQueries, worksView } from "./works.server";

/**
 * What GET /api/user and GET /api/user/{id} add for this area (spec 2 §3 User: work, abilities,
 * expertises), read in one D1 batch whatever the profile holds. `readOnly` (someone else's profile)
 * leaves out what the owner proposed and an operator has not approved: competences, companies, functions,
 * places of study. As a read, so GET /api/user puts it in its one batch.
 */
export function profileExperienceRead(ctx: AppContext, userId: number, opts: { readOnly: boolean }) {
  return read([...worksQueries(userId), ...abilitiesQueries(userId), ...expertisesQueries(userId)] as const, ([workRows, areaRows, abilityRows, tribeRatings, expRows, confRows, fileRows, expRatings]) => ({
    work: worksView(ctx, workRows, areaRows, opts.readOnly),
    abilities: abilitiesView(ctx, abilityRows, tribeRatings, opts.readOnly),
    expertises: expertisesView(ctx, [expRows, confRows, fileRows, expRatings], opts.readOnly),
  }));
}

export async function profileExperience(ctx: AppContext, userId: number, opts: { readOnly: boolean }) {
  return runRead(ctx, profileExperienceRead(ctx, userId, opts));
}
