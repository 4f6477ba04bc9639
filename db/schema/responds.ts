import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * An expert's side of a request (spec 3 §3 'Expert-side response item', §4 'Expert response', README
 * 'Matching' and 'Responses'). ONE row per (request, expert), whatever happens to it:
 *
 * - `invite`: matching invited the expert (`invited_at` set, `is_new` until the expert opens it or sends
 *   `POST /api/view-flags {model: 'invite'}`).
 * - `sent` or `moderation` (the `moderate_responds` switch): the expert responded (`responded_at`); an
 *   expert who was not invited may respond too, which creates the row here (`invited_at` stays null).
 * - `declined`: the expert declined the invitation (`POST /api/reject-respond`): it leaves every list,
 *   and the row stays so that a restart's matching does not invite the expert again.
 * - `active` when the customer chooses the expert (`POST /api/demand/shortlist`), `rejected` when another
 *   expert is chosen ('Выбран другой исполнитель') or an operator rejects the response in moderation
 *   (`reject_reason` set), `completed` with the request.
 *
 * The group names of `GET /api/demands-services` are `request` (= `invite`), `sent`, `moderation`, `active`,
 * `completed`, `rejected`.
 */
export const RESPOND_STATUSES = ["invite", "declined", "moderation", "sent", "active", "rejected", "completed"] as const;
export type RespondStatus = (typeof RESPOND_STATUSES)[number];

export const responds = sqliteTable(
  "responds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    demandId: integer("demand_id").notNull(),
    /** The expert. */
    userId: integer("user_id").notNull(),
    status: text("status", { enum: RESPOND_STATUSES }).notNull(),
    /** The invitation's 'new' mark (the expert has not opened it yet). */
    isNew: integer("is_new", { mode: "boolean" }).notNull().default(false),
    invitedAt: text("invited_at"),
    respondedAt: text("responded_at"),
    /** The response's price in whole rubles and its tax (`taxes.id`, default 1); null for an invitation. */
    salary: integer("salary"),
    taxId: integer("tax_id"),
    /** The response's comment (spec 'description', ≤ 2000). */
    description: text("description"),
    /** When the customer first viewed the response (`viewed_by_customer`; null: 'Отправлено'). */
    viewedAt: text("viewed_at"),
    isFavorite: integer("is_favorite", { mode: "boolean" }).notNull().default(false),
    /** The operator's reason when the response is rejected in moderation. */
    rejectReason: text("reject_reason"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex("responds_demand_user_unique").on(t.demandId, t.userId),
    // The expert's groups (GET /api/demands-services, /projects/response), newest first.
    index("responds_user_status_idx").on(t.userId, t.status, t.id),
    // The customer's responses of one request (manage, finishing) and the moderation queue by age.
    index("responds_demand_status_idx").on(t.demandId, t.status),
    index("responds_status_idx").on(t.status, t.id),
  ],
);

/** The cases attached to a response (the responder's own, ≥ 1). */
export const respondCases = sqliteTable(
  "respond_cases",
  { respondId: integer("respond_id").notNull(), caseId: integer("case_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.caseId] })],
);

/** The competences named in a response (≥ 1). */
export const respondExpertises = sqliteTable(
  "respond_expertises",
  { respondId: integer("respond_id").notNull(), expertiseId: integer("expertise_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.expertiseId] })],
);

/** The functions (works) named in a response (≥ 1). */
export const respondOptions = sqliteTable(
  "respond_options",
  { respondId: integer("respond_id").notNull(), optionId: integer("option_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.optionId] })],
);

/** The responder's active services attached (1–3): what the customer rates at the end of the project. */
export const respondServices = sqliteTable(
  "respond_services",
  { respondId: integer("respond_id").notNull(), serviceId: integer("service_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.serviceId] }), index("respond_services_service_idx").on(t.serviceId)],
);

/**
 * The response's team (≤ 20): a registered user (`user_id`) or a new employee invited through the
 * response (`invite_id`, a row of `invites` of kind 'employee'; `user_id` is filled when he registers).
 */
export const respondMembers = sqliteTable(
  "respond_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    respondId: integer("respond_id").notNull(),
    type: text("type", { enum: ["user", "invited"] }).notNull(),
    userId: integer("user_id"),
    inviteId: integer("invite_id"),
  },
  (t) => [index("respond_members_respond_idx").on(t.respondId), index("respond_members_user_idx").on(t.userId)],
);

/** The companies named in a response (≤ 10). */
export const respondCompanies = sqliteTable(
  "respond_companies",
  { respondId: integer("respond_id").notNull(), companyId: integer("company_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.companyId] })],
);

/** A response's files (≤ 5, ≤ 50 MB each, any type): rows of `files` of kind 'respond'. */
export const respondFiles = sqliteTable(
  "respond_files",
  { respondId: integer("respond_id").notNull(), fileId: integer("file_id").notNull() },
  (t) => [primaryKey({ columns: [t.respondId, t.fileId] }), index("respond_files_file_idx").on(t.fileId)],
);
