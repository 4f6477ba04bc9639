import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Services of document 3 (spec 3 §3 'Service', README 'Document 3 details'): what an expert offers alone
 * (`individual`) or with a company team (`company`). The owner is the creator (`user_id`).
 *
 * - Status: `moderation` (new, or saved again while active, hidden or rejected) → `active` when an operator
 *   approves, `rejected` with `reject_reason`; `not_active` when the owner hides it.
 * - Deleting sets `deleted_at` (soft delete): the service leaves every list, but ratings and past responses
 *   that name it keep their history.
 * - `rating` / `rating_count` are NOT stored: they are read from `ratings` (type `service`, `service_id`)
 *   by one grouped statement per list, because several flows write ratings (recommendations, project
 *   completion) and a stored copy would drift. docs/decisions/0028-services.md.
 */
export const SERVICE_FORMATS = ["company", "individual"] as const;
export type ServiceFormat = (typeof SERVICE_FORMATS)[number];
export const SERVICE_STATUSES = ["moderation", "active", "rejected", "not_active"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const WORKLOAD_FORMATS = ["per_day", "per_week", "per_month"] as const;
export type WorkloadFormat = (typeof WORKLOAD_FORMATS)[number];
export const PAY_FORMATS = ["per_month", "per_hour"] as const;
export type PayFormat = (typeof PAY_FORMATS)[number];
export const SERVICE_MEMBER_TYPES = ["user", "invited"] as const;
export type ServiceMemberType = (typeof SERVICE_MEMBER_TYPES)[number];

export const services = sqliteTable(
  "services",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    name: text("name").notNull(),
    format: text("format", { enum: SERVICE_FORMATS }).notNull(),
    /** Who performs: a company service may be published on behalf of the company (spec 3 §4). */
    performerType: text("performer_type", { enum: SERVICE_FORMATS }).notNull(),
    serviceTypeId: integer("service_type_id").notNull(),
    description: text("description").notNull(),
    maturity: text("maturity"),
    /** Company services: the budget in whole rubles. */
    budget: integer("budget"),
    /** Individual services: the pay in whole rubles per `pay_format`, the hours per `workload_format`. */
    income: integer("income"),
    hours: integer("hours"),
    workloadFormat: text("workload_format", { enum: WORKLOAD_FORMATS }).notNull().default("per_week"),
    payFormat: text("pay_format", { enum: PAY_FORMATS }),
    status: text("status", { enum: SERVICE_STATUSES }).notNull().default("moderation"),
    rejectReason: text("reject_reason"),
    /**
     * The name as an operator last approved it (or as saved while moderation was off): what everyone but
     * the owner and operators reads where the service is named (a response, a rating, a rating link), so an
     * edit waiting in moderation, or rejected, reaches nobody (decision 0070). Null until first approved.
     */
    approvedName: text("approved_name"),
    deletedAt: text("deleted_at"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    // My services: the owner's live ones, newest change first.
    index("services_user_idx").on(t.userId, t.deletedAt, t.updatedAt),
    // The operators' queue: waiting services, longest waiting first (an edited one waits since its save).
    index("services_status_idx").on(t.status, t.updatedAt),
  ],
);

export const serviceIndustries = sqliteTable(
  "service_industries",
  {
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    industryId: integer("industry_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.industryId] })],
);

/** The service's functions (`options`). */
export const serviceOptions = sqliteTable(
  "service_options",
  {
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.optionId] })],
);

/** The service's competences (`expertises`), picked from the team's own. */
export const serviceExpertises = sqliteTable(
  "service_expertises",
  {
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    expertiseId: integer("expertise_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.expertiseId] })],
);

/** Specializations (`abilities`): industry + function pairs. */
export const serviceSpecializations = sqliteTable(
  "service_specializations",
  {
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    industryId: integer("industry_id").notNull(),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.industryId, t.optionId] })],
);

/** The service's clients (`companies`). */
export const serviceCompanies = sqliteTable(
  "service_companies",
  {
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.companyId] })],
);

/**
 * The team of a company service (`users: [{id, type}]`). A registered user (`type` user, `user_id`) or a
 * new employee invited by e-mail (`type` invited, `invite_id`), who becomes a `user` member when he
 * registers by the link. `need_approve`: asked, not answered yet (POST /api/service/participate).
 */
export const serviceMembers = sqliteTable(
  "service_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serviceId: integer("service_id").notNull().references(() => services.id, { onDelete: "cascade" }),
    type: text("type", { enum: SERVICE_MEMBER_TYPES }).notNull(),
    userId: integer("user_id"),
    inviteId: integer("invite_id"),
    needApprove: integer("need_approve", { mode: "boolean" }).notNull().default(true),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex("service_members_user_unique").on(t.serviceId, t.userId),
    uniqueIndex("service_members_invite_unique").on(t.serviceId, t.inviteId),
    // "Services where I am a member" and the invite's join on registration.
    index("service_members_user_idx").on(t.userId),
    index("service_members_invite_idx").on(t.inviteId),
  ],
);
