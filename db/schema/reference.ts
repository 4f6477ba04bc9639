import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const MODERATION_STATUSES = ["active", "moderation", "rejected"] as const;

export const industries = sqliteTable("industries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  sort: integer("sort").notNull().default(0),
});

/** Functions: parent_id null = main function, otherwise a sub-function. New ones wait in moderation. */
export const options = sqliteTable(
  "options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    nameEn: text("name_en"),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("active"),
    createdBy: integer("created_by"),
    /** Set by migration 0008's insert trigger: the age of a proposal in the operators' queue. */
    createdAt: text("created_at"),
    /** The operator's decision on a proposal (issue 15): who, when, and the reason of a rejection. */
    decidedBy: integer("decided_by"),
    decidedAt: text("decided_at"),
    rejectReason: text("reject_reason"),
  },
  (t) => [index("options_parent_idx").on(t.parentId), index("options_status_idx").on(t.status), index("options_queue_idx").on(t.status, t.createdAt), index("options_queue_title_idx").on(t.status, t.name)],
);

export const workTypes = sqliteTable("work_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
});

export const serviceTypes = sqliteTable("service_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  type: text("type", { enum: ["project", "consultation"] }).notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  /** Platform fee as a fraction (0.15 = 15 %). */
  fee: text("fee").notNull(),
  isRoundedUp: integer("is_rounded_up", { mode: "boolean" }).notNull(),
  roundBase: integer("round_base").notNull(),
});

export const durations = sqliteTable("durations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  serviceTypeId: integer("service_type_id").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  days: integer("days").notNull(),
});

export const taxes = sqliteTable("taxes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  percent: integer("percent").notNull(),
});

export const workRoles = sqliteTable("work_roles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  /** A top-management role: an expert with a work in such a role is `premium` (README 'Matching'). */
  isTop: integer("is_top", { mode: "boolean" }).notNull().default(false),
});

/** The competence (expertise) tree: only leaves are selectable. */
export const expertises = sqliteTable(
  "expertises",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    nameEn: text("name_en"),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("active"),
    createdBy: integer("created_by"),
    /** Set by migration 0008's insert trigger: the age of a proposal in the operators' queue. */
    createdAt: text("created_at"),
    /** The operator's decision on a proposal (issue 15): who, when, and the reason of a rejection. */
    decidedBy: integer("decided_by"),
    decidedAt: text("decided_at"),
    rejectReason: text("reject_reason"),
  },
  (t) => [index("expertises_parent_idx").on(t.parentId), index("expertises_queue_idx").on(t.status, t.createdAt), index("expertises_queue_title_idx").on(t.status, t.name)],
);

export const companies = sqliteTable(
  "companies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("active"),
    createdBy: integer("created_by"),
    /** Set by migration 0008's insert trigger: the age of a proposal in the operators' queue. */
    createdAt: text("created_at"),
    /** The operator's decision on a proposal (issue 15): who, when, and the reason of a rejection. */
    decidedBy: integer("decided_by"),
    decidedAt: text("decided_at"),
    rejectReason: text("reject_reason"),
  },
  (t) => [index("companies_name_idx").on(t.name), index("companies_queue_idx").on(t.status, t.createdAt), index("companies_queue_title_idx").on(t.status, t.name)],
);

export const institutions = sqliteTable(
  "institutions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("active"),
    createdBy: integer("created_by"),
    /** Set by migration 0016's insert trigger: the age of a proposal in the operators' queue. */
    createdAt: text("created_at"),
    /** The operator's decision on a proposal: who, when, and the reason of a rejection. */
    decidedBy: integer("decided_by"),
    decidedAt: text("decided_at"),
    rejectReason: text("reject_reason"),
  },
  (t) => [index("institutions_name_idx").on(t.name), index("institutions_queue_idx").on(t.status, t.createdAt), index("institutions_queue_title_idx").on(t.status, t.name)],
);

export const faqGroups = sqliteTable("faq_groups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  audience: text("audience", { enum: ["customer", "expert"] }).notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const faqQuestions = sqliteTable(
  "faq_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    groupId: integer("group_id").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    questionEn: text("question_en").notNull(),
    answerEn: text("answer_en").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("faq_questions_group_idx").on(t.groupId)],
);

export const COMMUNITY_TYPES = ["tribe", "option", "alumni"] as const;

/**
 * Chats of a messaging app (spec 3 §2): a tribe has an industry and a function, an option community a
 * function, an alumni community an institution or a company (the places of study and work of profiles).
 */
export const communities = sqliteTable(
  "communities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: COMMUNITY_TYPES }).notNull(),
    name: text("name").notNull(),
    chatName: text("chat_name"),
    chatLink: text("chat_link"),
    industryId: integer("industry_id"),
    optionId: integer("option_id"),
    institutionId: integer("institution_id"),
    companyId: integer("company_id"),
    /**
     * The name and the chat name folded as app/domain/names.ts folds (Cyrillic case, ё), one per line:
     * SQLite's LIKE folds ASCII letters only, so the search compares this (docs/decisions/0026-communities.md).
     */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    index("communities_type_idx").on(t.type),
    index("communities_tribe_idx").on(t.industryId, t.optionId),
    index("communities_option_idx").on(t.optionId),
    index("communities_institution_idx").on(t.institutionId),
    index("communities_company_idx").on(t.companyId),
  ],
);
