import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MODERATION_STATUSES } from "./reference";
import { users } from "./users";

/** spec 2 §3 User.socials: at most one link per network (vk, linkedIn). */
export const SOCIAL_NAMES = ["vk", "linkedIn"] as const;
export type SocialName = (typeof SOCIAL_NAMES)[number];

export const userSocials = sqliteTable(
  "user_socials",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name", { enum: SOCIAL_NAMES }).notNull(),
    link: text("link").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/**
 * spec 2 §3 profile save payload: the functions chosen under each industry. user_industries and
 * user_options stay the lists that matching and registration use; this table remembers which function
 * was picked for which industry, so the industry modal opens as it was saved.
 */
export const userIndustryOptions = sqliteTable(
  "user_industry_options",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    industryId: integer("industry_id").notNull(),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.industryId, t.optionId] })],
);

/** spec 2 §3–4 expert council applications: moderation (default) → active | rejected, by an operator. */
export const councilApplications = sqliteTable(
  "council_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    industryId: integer("industry_id").notNull(),
    optionId: integer("option_id").notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("moderation"),
    decidedBy: integer("decided_by"),
    decidedAt: text("decided_at"),
    /** The operator's reason of a rejection, shown to the applicant (issue 15). */
    rejectReason: text("reject_reason"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex("council_applications_user_pair_unique").on(t.userId, t.industryId, t.optionId), index("council_applications_status_idx").on(t.status)],
);
