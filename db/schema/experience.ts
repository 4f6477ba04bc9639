import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Work experience, specializations and competences of a profile (document 2). Specializations are not
 * stored: they are read from the works' workareas (industry + sub-function pairs) and the ratings table.
 */

/** A place of work: work_finish null means the person works there now (spec 2 §4). */
export const works = sqliteTable(
  "works",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    companyId: integer("company_id").notNull(),
    /** 'YYYY-MM-DD', the first day of the month. */
    workStart: text("work_start").notNull(),
    workFinish: text("work_finish"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("works_user_idx").on(t.userId), index("works_company_idx").on(t.companyId)],
);

/** What the person did at a work: an industry, a sub-function and a role, with the years of the work. */
export const workareas = sqliteTable(
  "workareas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workId: integer("work_id").notNull(),
    userId: integer("user_id").notNull(),
    industryId: integer("industry_id").notNull(),
    optionId: integer("option_id").notNull(),
    roleId: integer("role_id").notNull(),
    workYears: integer("work_years").notNull(),
  },
  (t) => [index("workareas_work_idx").on(t.workId), index("workareas_user_idx").on(t.userId), index("workareas_option_idx").on(t.optionId)],
);

/** A competence of the profile: one row per user and competence of the tree. */
export const userExpertises = sqliteTable(
  "user_expertises",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    expertiseId: integer("expertise_id").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex("user_expertises_unique").on(t.userId, t.expertiseId), index("user_expertises_expertise_idx").on(t.expertiseId)],
);

/** A place of study of the profile (spec 2 §3 Institution: id, name, study_finish), deletable on its own. */
export const userInstitutions = sqliteTable(
  "user_institutions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    institutionId: integer("institution_id").notNull(),
    /** 'YYYY-01-01'. */
    studyFinish: text("study_finish").notNull(),
  },
  (t) => [index("user_institutions_user_idx").on(t.userId)],
);

export const CONFIRM_TYPES = ["institution", "publication"] as const;

/** A confirmation of a competence: by a place of study, or by a document or a link (spec 2 §4). */
export const expertiseConfirmations = sqliteTable(
  "expertise_confirmations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    expertiseId: integer("expertise_id").notNull(),
    confirmType: text("confirm_type", { enum: CONFIRM_TYPES }).notNull(),
    userInstitutionId: integer("user_institution_id"),
    description: text("description"),
    link: text("link"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("expertise_confirmations_user_idx").on(t.userId, t.expertiseId)],
);

/** The files of a confirmation by document (rows of the shared files table, kind 'confirmation'). */
export const confirmationFiles = sqliteTable(
  "confirmation_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    confirmationId: integer("confirmation_id").notNull(),
    fileId: integer("file_id").notNull(),
  },
  (t) => [index("confirmation_files_confirmation_idx").on(t.confirmationId)],
);
