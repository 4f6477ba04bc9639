import { asc, eq } from "drizzle-orm";
import { landingCompetenceCards, landingExpertCards, landingTaskCards } from "../../../db/schema/content";
import type { AppContext } from "~/server/context.server";
import { memo } from "~/server/memo.server";

export type Audience = "customer" | "executor";
type Chip = { ru: string; en: string };

const TTL = 60_000;

/**
 * The landing page's cards for one mode (spec 1 §2), one D1 round trip, cached a minute per isolate in the
 * visitor's language: the cards as the page takes them, so that a render neither maps nor parses them
 * again (decision 0059). Shared by every request of the isolate: read, never changed.
 */
export function landingContent(ctx: AppContext, audience: Audience) {
  return memo(`landing:${audience}:${ctx.lang}`, TTL, () => loadContent(ctx, audience));
}

async function loadContent(ctx: AppContext, audience: Audience) {
  const [experts, tasks, competences] = await ctx.db.batch([
    ctx.db.select().from(landingExpertCards).where(eq(landingExpertCards.audience, audience)).orderBy(asc(landingExpertCards.position)),
    ctx.db.select().from(landingTaskCards).where(eq(landingTaskCards.audience, audience)).orderBy(asc(landingTaskCards.position)),
    ctx.db.select().from(landingCompetenceCards).orderBy(asc(landingCompetenceCards.position)),
  ]);
  const en = ctx.lang === "en";
  const chips = (json: string) => (JSON.parse(json) as Chip[]).map((c) => (en ? c.en : c.ru));
  return {
    experts: experts.map((e) => ({
      id: e.id,
      expertName: en ? e.expertNameEn : e.expertName,
      expertPosition: en ? e.expertPositionEn : e.expertPosition,
      description: en ? e.descriptionEn : e.description,
      photo: e.photo,
      chips: chips(e.chips),
      position: e.position,
    })),
    tasks: tasks.map((t) => ({
      id: t.id,
      task: en ? t.taskEn : t.task,
      solution: en ? t.solutionEn : t.solution,
      name: en ? t.nameEn : t.name,
      description: en ? t.descriptionEn : t.description,
      period: en ? t.periodEn : t.period,
      payment: en ? t.paymentEn : t.payment,
      photo: t.photo,
      chips: chips(t.chips),
      position: t.position,
    })),
    competences: competences.map((c) => ({ id: c.id, icon_name: c.iconName, name: en ? c.nameEn : c.name, chips: chips(c.chips), position: c.position })),
  };
}
