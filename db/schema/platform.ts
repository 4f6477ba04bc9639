import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fixed-window counters: key = bucket:scope:value:windowStart. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: integer("actor_user_id"),
    // The operator behind an impersonated session: what he did is his, not only the user's.
    impersonatorUserId: integer("impersonator_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    meta: text("meta"),
    ip: text("ip"),
    requestId: text("request_id"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  // By impersonator too: the console's filter by who acted finds what an operator did as a user.
  (t) => [index("audit_log_actor_idx").on(t.actorUserId), index("audit_log_action_idx").on(t.action), index("audit_log_impersonator_idx").on(t.impersonatorUserId)],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);

export const FILE_KINDS = ["resume", "avatar", "case", "publication", "confirmation", "demand", "respond", "doc"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const files = sqliteTable(
  "files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerUserId: integer("owner_user_id"),
    kind: text("kind", { enum: FILE_KINDS }).notNull(),
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("files_owner_kind_idx").on(t.ownerUserId, t.kind)],
);

/**
 * A direct upload in progress (README 'Files of requests and responses'): the page asked for a presigned
 * PUT URL for `key`, and the browser sends the file straight to storage. The id (random, unguessable) is
 * what the page submits; the server then checks the stored object's size and type by content, turns it
 * into a `files` row and deletes this row in the same batch. Rows older than a day are swept with their
 * objects by the Cron Trigger (unused uploads leave nothing behind).
 */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    /** Null for a guest's upload (a resume sent before registering, decision 0058): its random id is its only key. */
    userId: integer("user_id"),
    /** The upload's kind (app/domain/files/uploads.server.ts UPLOAD_KINDS): its rules and the file kind it becomes. */
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    /** The size the page declared; the stored object must match it. */
    size: integer("size").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("uploads_user_idx").on(t.userId), index("uploads_created_idx").on(t.createdAt)],
);

/** Operator-tunable settings (promo interval, request moderation switch, …) and content blocks as JSON. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * One row: a number that every write to the data the pages show moves on, in the same statement, by the
 * triggers of migration 0004 (one AFTER INSERT/UPDATE/DELETE trigger per table; the tables they leave
 * out are listed in app/web/page-cache.server.ts with the reason). It is read with the session, and a
 * signed-in page is served from the per-isolate cache only while it is unchanged
 * (docs/decisions/0021-account-page-cache.md).
 */
export const dataVersion = sqliteTable("data_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});
