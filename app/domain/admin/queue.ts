import type { SQL } from "drizzle-orm";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";

/**
 * The contract of one operator queue (spec README "The operator's calls"). Each area that has a status an
 * operator moves (services, requests, responses, companies, functions, competences, council, payments)
 * writes one `ModerationQueue` beside its own rules; `app/domain/admin/queues.server.ts` registers them, and
 * `/api/admin/queues`, `/api/admin/queues/{queue}`, `/api/admin/moderation` and the console pages reach every
 * queue only through it.
 */
export const QUEUE_NAMES = ["demands", "responds", "services", "companies", "options", "expertises", "institutions", "council", "payments"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * `version`: the item's version as the operator saw it (QueueItem.version). An approval that names it is
 * refused (409 'admin.item_changed') when the author has changed the item since (decision 0052).
 */
export type QueueDecision = { decision: "approve" | "reject" | "merge"; reason?: string | null; mergeIntoId?: number | null; version?: string | null };

/** One waiting item as the console lists it; `details` are shown one click away (plain values only). */
export type QueueItem = {
  id: number;
  title: string;
  userId: number | null;
  userName: string | null;
  createdAt: string;
  details: Record<string, string | number | boolean | null>;
  /** For items their author can edit while they wait (requests, services): the last change, which an approval names. */
  version?: string | null;
  /** The item's files (a request's, a response's), each read through GET /api/files/{id} as operators may. */
  files?: { id: number; name: string; url: string }[];
};

/** A queue item's files as the console links them. */
export const queueFiles = (rows: { ownerId: number; id: number; name: string }[], ownerId: number) =>
  rows.filter((f) => f.ownerId === ownerId).map((f) => ({ id: f.id, name: f.name, url: `/api/files/${f.id}` }));

export type QueuePageOptions = { page: number; perPage: number; sort?: "created_at" | "title"; dir?: "asc" | "desc"; filter?: string };

export type ModerationQueue = {
  name: QueueName;
  /**
   * `select count(*) as count, min(<created>) as oldest from … where <waiting>`: the dashboard unions every
   * queue's summary into ONE D1 query.
   */
  summarySql: SQL;
  /** One page, sorted and filtered in SQL (the D1 query pages, never the browser). */
  list(ctx: AppContext, opts: QueuePageOptions): Promise<{ items: QueueItem[]; total: number }>;
  /**
   * Decide one item: a conditional UPDATE on the waiting status (a second decision finds no row and is
   * refused with 409 'admin.already_decided'), the audit row in the same batch, then the user's e-mail.
   * A rejection needs a reason (422). Absent for queues decided by their own call (payments).
   */
  decide?(ctx: AppContext, operator: Actor, id: number, decision: QueueDecision): Promise<void>;
};
