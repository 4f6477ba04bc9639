import { and, eq, sql } from "drizzle-orm";
import { ratings, type RatingType } from "../../../db/schema/reputation";
import type { AppContext } from "~/server/context.server";

/** A user's ratings of one type averaged per subject (a tribe, a competence): one statement of a section's read batch. */
export const ratingsBySubject = (ctx: AppContext, userId: number, type: RatingType) =>
  ctx.db
    .select({ key: ratings.subjectKey, avg: sql<number>`avg(${ratings.rating})`, n: sql<number>`count(*)` })
    .from(ratings)
    .where(and(eq(ratings.ratedUserId, userId), eq(ratings.type, type)))
    .groupBy(ratings.subjectKey);
