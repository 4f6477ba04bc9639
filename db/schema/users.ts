import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const ROLES = ["customer", "executor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    patronymic: text("patronymic"),
    phone: text("phone"),
    corpEmail: text("corp_email"),
    photoFileId: integer("photo_file_id"),
    statusText: text("status_text"),
    emailVerifiedAt: text("email_verified_at"),
    isSubscribed: integer("is_subscribed", { mode: "boolean" }).notNull().default(false),
    locale: text("locale").notNull().default("ru"),
    country: text("country"),
    inviteId: integer("invite_id"),
    /** An operator blocked the account (issue 15): its sessions end and sign-in is refused. */
    blockedAt: text("blocked_at"),
    blockedReason: text("blocked_reason"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 (hex) of the random token: the token itself is never stored.
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    impersonatorUserId: integer("impersonator_user_id"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    // Idle timeout (decision 0022): refreshed at most every few minutes, checked in resolveActor's SELECT.
    lastSeenAt: integer("last_seen_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  // By impersonator: an operator's password change, reset or block ends the sessions he opened as others.
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_impersonator_idx").on(t.impersonatorUserId)],
);

export const TOKEN_KINDS = ["email_verify", "password_reset", "impersonate", "oauth_state", "social_register"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Single-use secrets: e-mail verification links, reset codes, impersonation links, OAuth state. */
export const tokens = sqliteTable(
  "tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: TOKEN_KINDS }).notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id"),
    email: text("email"),
    createdBy: integer("created_by"),
    payload: text("payload"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("tokens_kind_hash_unique").on(t.kind, t.tokenHash), index("tokens_kind_email_idx").on(t.kind, t.email)],
);

export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    /**
     * 1 when the link is the proven owner's: made to a verified account, through an address the provider
     * proved, or kept when the account's own session confirmed its address. Only a link that is not (0) goes
     * when someone reclaims the address (decision 0054); an e-mail change, which unproves the account, keeps it.
     */
    proven: integer("proven").notNull().default(0),
  },
  // One account of each provider per user (decision 0057): the settings' link and a sign-in by a confirmed address both keep to it.
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), uniqueIndex("social_accounts_user_provider_uq").on(t.userId, t.provider)],
);

export const userIndustries = sqliteTable(
  "user_industries",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    industryId: integer("industry_id").notNull(),
  },
  // Matching (README 'Matching') looks the experts up by the request's industries.
  (t) => [primaryKey({ columns: [t.userId, t.industryId] }), index("user_industries_industry_idx").on(t.industryId, t.userId)],
);

export const userOptions = sqliteTable(
  "user_options",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    optionId: integer("option_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.optionId] }), index("user_options_option_idx").on(t.optionId, t.userId)],
);

/** Invitations by e-mail (document 2): registration through the link links the new account here. */
export const invites = sqliteTable(
  "invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inviterUserId: integer("inviter_user_id").notNull(),
    expertType: text("expert_type", { enum: ["individual", "company"] }).notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    patronymic: text("patronymic"),
    phone: text("phone"),
    companyId: integer("company_id"),
    /**
     * `expert`: the invitation of document 2; `employee`: a new employee of a company service's team
     * (spec 3 §3 'Invite user'), who joins the services naming the invite when he registers by its link.
     */
    kind: text("kind", { enum: ["expert", "employee"] }).notNull().default("expert"),
    directionYears: integer("direction_years"),
    projects: integer("projects"),
    registeredUserId: integer("registered_user_id"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  // The inviter's lookups (his colleagues, his employee invitations) search by inviter and kind.
  (t) => [index("invites_email_idx").on(t.email), index("invites_inviter_idx").on(t.inviterUserId, t.kind)],
);
