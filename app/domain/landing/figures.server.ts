import type { AppContext } from "~/server/context.server";
import { readSetting } from "../reference/reference.server";

/** The landing's three figures (experts, business areas, competences), editable in the console (issue 15). */
export const LANDING_FIGURES_KEY = "content.landing_figures";
export type LandingFigures = { experts: string; areas: string; competences: string };
export const LANDING_FIGURES_DEFAULT: LandingFigures = { experts: "1000+", areas: "70", competences: "800" };

/** Kept per content version like the rest of the operator's content (no round trip once warm). */
export async function landingFigures(ctx: AppContext): Promise<LandingFigures> {
  return { ...LANDING_FIGURES_DEFAULT, ...(await readSetting(ctx, LANDING_FIGURES_KEY, LANDING_FIGURES_DEFAULT)) };
}
