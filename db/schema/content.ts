import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Landing page content (spec 1 §2): kept in D1 so that an operator can change it. */
export const landingExpertCards = sqliteTable("landing_expert_cards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  audience: text("audience", { enum: ["customer", "executor"] }).notNull(),
  expertName: text("expert_name").notNull(),
  expertNameEn: text("expert_name_en").notNull(),
  expertPosition: text("expert_position").notNull(),
  expertPositionEn: text("expert_position_en").notNull(),
  description: text("description").notNull(),
  descriptionEn: text("description_en").notNull(),
  photo: text("photo").notNull(),
  /** JSON: [{ru, en}] */
  chips: text("chips").notNull(),
  position: integer("position").notNull(),
});

export const landingTaskCards = sqliteTable("landing_task_cards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  audience: text("audience", { enum: ["customer", "executor"] }).notNull(),
  task: text("task").notNull(),
  taskEn: text("task_en").notNull(),
  solution: text("solution").notNull(),
  solutionEn: text("solution_en").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  description: text("description").notNull(),
  descriptionEn: text("description_en").notNull(),
  period: text("period").notNull(),
  periodEn: text("period_en").notNull(),
  payment: text("payment").notNull(),
  paymentEn: text("payment_en").notNull(),
  photo: text("photo").notNull(),
  chips: text("chips").notNull(),
  position: integer("position").notNull(),
});

export const landingCompetenceCards = sqliteTable("landing_competence_cards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  iconName: text("icon_name").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  chips: text("chips").notNull(),
  position: integer("position").notNull(),
});

/** Callback requests from the help button (POST /api/contact). */
export const contactRequests = sqliteTable(
  "contact_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    userId: integer("user_id"),
    status: text("status", { enum: ["new", "done"] }).notNull().default("new"),
    ip: text("ip"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("contact_requests_status_idx").on(t.status)],
);

/** The visit-time record per user (spec 1 §3): one JSON document, read and written whole. */
export const clientStorage = sqliteTable("client_storage", {
  userId: integer("user_id").primaryKey(),
  data: text("data").notNull(),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** Client events (promo close/action, resume banner close, …) for the operators' statistics. */
export const clientEvents = sqliteTable(
  "client_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id"),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("client_events_name_idx").on(t.name)],
);
