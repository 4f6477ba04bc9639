import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RATING_TYPES } from "./reputation";

export const RATE_REQUEST_STATUSES = ["sent", "approve", "declined"] as const;
export type RateRequestStatus = (typeof RATE_REQUEST_STATUSES)[number];

/**
 * One invitation to rate (spec 2 §3 'Incoming request'): what one user asked of one rater in one go,
 * sent as one e-mail. The rater is a registered user (`rater_user_id`) or an e-mail the asker typed
 * (`rater_email` with the names). The rater's incoming list shows it until declined or answered.
 */
export const rateInvitations = sqliteTable(
  "rate_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    raterUserId: integer("rater_user_id"),
    /** The address the request goes to (lower case): the one the asker typed, or a chosen account's that is not proved yet. */
    raterEmail: text("rater_email"),
    /**
     * The account the asker chose in the person search. Its address is never shown to the asker, even when
     * the request waits under that address because the account has not proved it (`rater_email` set).
     */
    raterChosenId: integer("rater_chosen_id"),
    raterName: text("rater_name"),
    raterLastName: text("rater_last_name"),
    raterPatronymic: text("rater_patronymic"),
    isViewed: integer("is_viewed", { mode: "boolean" }).notNull().default(false),
    declinedAt: text("declined_at"),
    /** Epoch ms: no reminder before it (docs/decisions/0016-recommendations.md: 24 h). */
    remindAvailableAt: integer("remind_available_at").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("rate_invitations_user_idx").on(t.userId), index("rate_invitations_rater_idx").on(t.raterUserId), index("rate_invitations_email_idx").on(t.raterEmail)],
);

/** One item of an invitation (spec 2 §3 'Outgoing recommendation request'): a tribe, a competence or a service. */
export const rateRequests = sqliteTable(
  "rate_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invitationId: integer("invitation_id").notNull().references(() => rateInvitations.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    type: text("type", { enum: RATING_TYPES }).notNull(),
    /** Built by app/domain/reputation/keys.ts, as in `ratings.subject_key`. */
    subjectKey: text("subject_key").notNull(),
    industryId: integer("industry_id"),
    optionId: integer("option_id"),
    expertiseId: integer("expertise_id"),
    serviceId: integer("service_id"),
    workRoleId: integer("work_role_id"),
    companyId: integer("company_id"),
    status: text("status", { enum: RATE_REQUEST_STATUSES }).notNull().default("sent"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("rate_requests_user_idx").on(t.userId, t.type, t.status), index("rate_requests_invitation_idx").on(t.invitationId)],
);
