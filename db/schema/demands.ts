import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * spec 3 §4 Request. `rejected` is the operator's refusal (spec README "The operator's calls"); the customer
 * sees it in the 'Поиск' group with its `reject_reason` and may edit it (back to moderation) or delete it
 * (docs/decisions/0029-demands.md).
 */
export const DEMAND_STATUSES = ["moderation", "searching", "search_expired", "active", "completed", "rejected"] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];
export const EXPERT_TYPES = ["ordinary", "premium"] as const;
export type ExpertType = (typeof EXPERT_TYPES)[number];

/** A customer's request (demand). Money in whole rubles; `execution_period` and `search_finish` are ISO dates (yyyy-mm-dd). */
export const demands = sqliteTable(
  "demands",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    serviceTypeId: integer("service_type_id").notNull(),
    durationId: integer("duration_id"),
    budget: integer("budget").notNull(),
    expertType: text("expert_type", { enum: EXPERT_TYPES }).notNull(),
    needTeam: integer("need_team", { mode: "boolean" }).notNull().default(false),
    executionPeriod: text("execution_period").notNull(),
    /**
     * The name, budget and type as last approved (or written while moderation was off): what the experts'
     * lists show, so that an edit waiting in moderation again reaches no expert before an operator passes it
     * (decision 0068). Null on rows written before them: readers fall back to the live columns.
     */
    approvedName: text("approved_name"),
    approvedBudget: integer("approved_budget"),
    approvedServiceTypeId: integer("approved_service_type_id"),
    status: text("status", { enum: DEMAND_STATUSES }).notNull().default("moderation"),
    rejectReason: text("reject_reason"),
    /** When the current search period began (approval or restart), ISO timestamp. */
    searchStartedAt: text("search_started_at"),
    /** The last day of the search (inclusive), ISO date: searching after it reads as search_expired. */
    searchFinish: text("search_finish"),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    /** The customer asked for the contract (`POST /api/demand/request-payment`): the `payments` queue. */
    paymentRequestedAt: text("payment_requested_at"),
    /** The operator marked the contract signed (`POST /api/admin/demands/{id}/paid`). */
    paidAt: text("paid_at"),
    /** The project started (`POST /api/demand/shortlist`) and was completed (`POST /api/demand/complete`). */
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
    deletedAt: text("deleted_at"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    // The customer's lists: one group of one user, newest first.
    index("demands_user_status_idx").on(t.userId, t.status, t.id),
    // The sweep and the operator's queue: searching ones past their day, and the moderation queue by age.
    index("demands_status_finish_idx").on(t.status, t.searchFinish),
  ],
);

export const demandIndustries = sqliteTable(
  "demand_industries",
  {
    demandId: integer("demand_id").notNull(),
    industryId: integer("industry_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.industryId] }), index("demand_industries_industry_idx").on(t.industryId)],
);

/** The request's functions (main options). */
export const demandOptions = sqliteTable(
  "demand_options",
  {
    demandId: integer("demand_id").notNull(),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.optionId] }), index("demand_options_option_idx").on(t.optionId)],
);

/** The request's sub-functions (options with a parent). */
export const demandSubOptions = sqliteTable(
  "demand_sub_options",
  {
    demandId: integer("demand_id").notNull(),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.optionId] })],
);

/** A request's files (≤ 5): rows of the files table (kind 'demand'), as case attachments are. */
export const demandFiles = sqliteTable(
  "demand_files",
  {
    demandId: integer("demand_id").notNull(),
    fileId: integer("file_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.fileId] }), index("demand_files_file_idx").on(t.fileId)],
);
