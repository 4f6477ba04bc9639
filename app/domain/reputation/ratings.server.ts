import { serviceNameForOthers } from "~/domain/services/shown";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { demands } from "../../../db/schema/demands";
import { expertises, industries, options } from "../../../db/schema/reference";
import { ratings, type RatingType } from "../../../db/schema/reputation";
import { services } from "../../../db/schema/services";
import type { AppContext } from "~/server/context.server";
import { localName } from "../names";
import { col, prepared, read, type Params } from "../reads";
import { ratableCompetence, ratableSpecialization } from "../experience/ratable";

/** A user's ratings of one type averaged per subject (a tribe, a competence): one statement of a section's read batch. */
const ratingsBySubjectStatement = prepared((db, p: Params<{ userId: number; type: RatingType }>) =>
  db
    .select({ key: ratings.subjectKey, avg: sql<number>`avg(${ratings.rating})`, n: sql<number>`count(*)` })
    .from(ratings)
    .where(and(eq(ratings.ratedUserId, p.userId), eq(ratings.type, p.type)))
    .groupBy(ratings.subjectKey),
);
export const ratingsBySubject = (userId: number, type: RatingType) => ratingsBySubjectStatement({ userId, type });

/** How many received ratings the profile lists (the newest). */
export const RECEIVED_RATINGS_SHOWN = 20;

export type ReceivedRating = {
  id: number;
  type: RatingType;
  /** What was rated: the competence, the specialization ('industry - function') or the service. */
  subject: string;
  rating: number;
  comment: string | null;
  /** Where it came from (decision 0033): a project (its request's name) or a recommendation. */
  source: { kind: "project"; name: string } | { kind: "recommendation" };
  date: string;
};

const receivedRatingsStatement = prepared((db, p: Params<{ userId: number }>) =>
  db
    .select({
      id: ratings.id,
      type: ratings.type,
      rating: ratings.rating,
      comment: ratings.comment,
      date: ratings.updatedAt,
      demandName: col(demands.name, "rr_demand_name"),
      demandId: ratings.demandId,
      expertise: col(expertises.name, "rr_exp_name"),
      expertiseEn: col(expertises.nameEn, "rr_exp_name_en"),
      industry: col(industries.name, "rr_ind_name"),
      industryEn: col(industries.nameEn, "rr_ind_name_en"),
      option: col(options.name, "rr_opt_name"),
      optionEn: col(options.nameEn, "rr_opt_name_en"),
      service: serviceNameForOthers().as("rr_service_name"),
    })
    .from(ratings)
    .leftJoin(demands, eq(demands.id, ratings.demandId))
    .leftJoin(expertises, eq(expertises.id, ratings.expertiseId))
    .leftJoin(industries, eq(industries.id, ratings.industryId))
    .leftJoin(options, eq(options.id, ratings.optionId))
    .leftJoin(services, eq(services.id, ratings.serviceId))
    // A rating lands on an approved item only (ratableCompetence, ratableSpecialization); one given before
    // those rules to a proposal stays out of the list, whose name nobody else may see.
    .where(and(eq(ratings.ratedUserId, p.userId), or(ne(ratings.type, "expertise"), ratableCompetence), or(ne(ratings.type, "tribe"), ratableSpecialization)))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(RECEIVED_RATINGS_SHOWN),
);

/**
 * The ratings a user received, newest first, each with where it came from: the profile shows the ratings of
 * projects beside those of recommendations (issue 14). One statement of the page's batch.
 */
export function receivedRatingsRead(ctx: AppContext, userId: number) {
  return read(
    [receivedRatingsStatement({ userId })] as const,
    ([list]): ReceivedRating[] =>
      list.map((r) => ({
        id: r.id,
        type: r.type,
        subject:
          r.type === "service"
            ? (r.service ?? "")
            : r.type === "expertise"
              ? localName(ctx, r.expertise ?? "", r.expertiseEn)
              : `${localName(ctx, r.industry ?? "", r.industryEn)} - ${localName(ctx, r.option ?? "", r.optionEn)}`,
        rating: r.rating,
        comment: r.comment,
        source: r.demandId !== null && r.demandName !== null ? { kind: "project", name: r.demandName } : { kind: "recommendation" },
        date: r.date,
      })),
  );
}
