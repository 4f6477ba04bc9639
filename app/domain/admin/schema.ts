import { z } from "zod";
import { LIMITS } from "../limits";
import { idField, wholeNumber } from "../validation";
import { PROMO_INTERVAL_MAX } from "../limits";
import { QUEUE_NAMES } from "./queue";

/** GET /api/admin/queues/{queue}: the page, the column it is sorted by and the direction, and a filter. */
export const queueListQuery = z.object({
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).default(1),
  sort: z.enum(["created_at", "title"], { error: "validation.invalid" }).default("created_at"),
  dir: z.enum(["asc", "desc"], { error: "validation.invalid" }).default("asc"),
  filter: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional(),
});

/**
 * POST /api/admin/moderation: one item (`id`) or several (`ids`, a bulk decision) of one queue (`kind`).
 * A rejection needs a reason (checked by the decision, so a page and the API say the same); a merge
 * names the kept entry.
 */
export const decisionSchema = z
  .object({
    kind: z.enum(QUEUE_NAMES, { error: "validation.invalid" }),
    id: idField.optional(),
    ids: z.array(idField, { error: "validation.invalid" }).max(LIMITS.bulkDecisions, "validation.invalid").optional(),
    decision: z.enum(["approve", "reject", "merge"], { error: "validation.invalid" }),
    reason: z.string({ error: "validation.invalid" }).max(LIMITS.decisionReason, "admin.reason_too_long").nullish(),
    merge_into_id: idField.nullish(),
    // The versions the operator saw (decision 0052): `version` for one item, `versions` by id for several.
    version: z.string({ error: "validation.invalid" }).max(100, "validation.invalid").nullish(),
    versions: z.record(z.string(), z.string({ error: "validation.invalid" }).max(100, "validation.invalid"), { error: "validation.invalid" })
      .refine((v) => Object.keys(v).length <= LIMITS.bulkDecisions, "validation.invalid")
      .optional(),
  })
  .refine((v) => (v.id === undefined) !== (v.ids === undefined), { message: "validation.invalid", path: ["id"] });

/** POST /api/admin/settings: moderation on or off per kind (spec README: defaults true, false, true). */
const onOff = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false")], { error: "validation.invalid" })
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");
/** A key left out keeps its value. */
export const settingsSchema = z.object({
  moderate_demands: onOff.optional(),
  moderate_responds: onOff.optional(),
  moderate_services: onOff.optional(),
  // spec 1 §9 'Promo interval: configured minutes': how long after a close the promo block shows again (up to a year).
  promo_interval_minutes: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(0, "validation.invalid").max(PROMO_INTERVAL_MAX, "validation.invalid")).optional(),
});

/** GET /api/admin/audit: newest first, optionally one action (or its prefix, `moderation.`) and one actor. */
/** GET /api/admin/contact-requests: the page, and which requests (new ones by default). */
export const contactRequestsQuery = z.object({
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).default(1),
  status: z.enum(["new", "done"], { error: "validation.invalid" }).default("new"),
});

export const auditQuery = z.object({
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).default(1),
  action: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional(),
  actor: idField.optional(),
});

/** GET /api/admin/users: a part of a name, an e-mail or a phone (any way it is written), and the page. */
export const usersQuery = z.object({
  search: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional(),
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).default(1),
});

/** POST /api/admin/users/{id}/block: the reason is required (the audit keeps it, the user is told it). */
export const blockSchema = z.object({
  reason: z
    .string({ error: "accountBlock.reason_required" })
    .trim()
    .min(1, "accountBlock.reason_required")
    .max(LIMITS.blockReason, "accountBlock.reason_too_long"),
});

/** POST /api/admin/users/{id}/unblock: a reason is optional; when given, the audit keeps it. */
export const unblockSchema = z.object({
  reason: z.string({ error: "validation.invalid" }).trim().max(LIMITS.blockReason, "accountBlock.reason_too_long").optional(),
});
