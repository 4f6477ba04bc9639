import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** What a rating is about (document 2): a specialization (industry + function), a competence or a service. */
export const RATING_TYPES = ["tribe", "expertise", "service"] as const;
export type RatingType = (typeof RATING_TYPES)[number];

/**
 * Ratings other people gave a user, one row per rater and item: a new rating by the same rater replaces
 * the old one (spec 2 §4 'only the last rating counts'), enforced by the unique index on
 * (rated user, subject key, rater key). Keys are built by app/domain/reputation/keys.ts only.
 * The profile's specializations and competences read their averages from here.
 */
export const ratings = sqliteTable(
  "ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ratedUserId: integer("rated_user_id").notNull(),
    type: text("type", { enum: RATING_TYPES }).notNull(),
    /** `tribe:{industryId}:{optionId}`, `expertise:{expertiseId}` or `service:{serviceId}`. */
    subjectKey: text("subject_key").notNull(),
    industryId: integer("industry_id"),
    optionId: integer("option_id"),
    expertiseId: integer("expertise_id"),
    serviceId: integer("service_id"),
    workRoleId: integer("work_role_id"),
    companyId: integer("company_id"),
    /** `u:{userId}` for a registered rater, `e:{email}` for an invited one. */
    raterKey: text("rater_key").notNull(),
    raterUserId: integer("rater_user_id"),
    raterEmail: text("rater_email"),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /**
     * Where a project rating came from (`POST /api/demand/finishing`): the request and the chosen response.
     * Null for a rating given through a recommendation (document 2).
     */
    demandId: integer("demand_id"),
    respondId: integer("respond_id"),
    /** The recommendation request this rating answers, when there was one. */
    rateRequestId: integer("rate_request_id"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex("ratings_user_subject_rater_unique").on(t.ratedUserId, t.subjectKey, t.raterKey),
    index("ratings_rated_user_idx").on(t.ratedUserId, t.type),
    // A service's rating and rating_count (db/schema/services.ts) are read per service.
    index("ratings_service_idx").on(t.serviceId),
    index("ratings_demand_idx").on(t.demandId),
  ],
);
