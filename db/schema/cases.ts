import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A case of an expert's profile (spec 2 §3 Case): name ≤ 200, task/solution/results ≤ 2000, links free text.
 * Deleting it is soft (`deleted_at`, decision 0053): it leaves the profile and the response form, and the
 * responses that named it keep its name.
 */
export const cases = sqliteTable(
  "cases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    name: text("name").notNull(),
    task: text("task").notNull(),
    solution: text("solution").notNull(),
    results: text("results").notNull(),
    links: text("links"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    deletedAt: text("deleted_at"),
  },
  (t) => [index("cases_user_idx").on(t.userId)]
);

/** A case's attachments (≤ 5): rows of the files table (kind 'case') linked to their case. */
export const caseAttachments = sqliteTable(
  "case_attachments",
  {
    caseId: integer("case_id").notNull(),
    fileId: integer("file_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.fileId] }), index("case_attachments_file_idx").on(t.fileId)]
);

/** Additional publications (spec 2 §3 Publication): a link or a file (kind 'publication'), owner-only. */
export const publications = sqliteTable(
  "publications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    type: text("type", { enum: ["link", "file"] }).notNull(),
    link: text("link"),
    fileId: integer("file_id"),
    description: text("description"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("publications_user_idx").on(t.userId)]
);

/**
 * The resume banner and its processing, one row per user (docs/decisions/0015-cases.md). The profile's
 * resume is the newest file of kind 'resume'; this row says what the expert chose (`choice` 1 fill, 0 fill
 * myself, -1 closed), the processing state (`processed`: null none, 0 proposal waiting, 1 confirmed) and
 * the proposal (JSON) read from the resume.
 */
export const resumeStates = sqliteTable("resume_states", {
  userId: integer("user_id").primaryKey(),
  choice: integer("choice"),
  processed: integer("processed"),
  fileId: integer("file_id"),
  proposal: text("proposal"),
  processedAt: text("processed_at"),
  confirmedAt: text("confirmed_at"),
  acknowledgedAt: text("acknowledged_at"),
});
