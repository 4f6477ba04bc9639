import { z } from "zod";
import { PROJECT_LIMITS } from "../limits";
import { idField } from "../validation";

/**
 * The customer's calls of request management (spec 3 §7 Demands; spec README "Managing, starting,
 * completing", "Payments and contacts"): the API and the /request-list/{id} page's action parse through here.
 */

/** `remove` as JSON true/false, 1/0, or a form's "1"/"0"/"true"/"false"; absent means add. */
const removeFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false")], { error: "validation.invalid" })
  .optional()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

/** POST /api/demand/favorites. */
export const favoriteSchema = z.object({
  demand_id: idField,
  respond_id: idField,
  remove: removeFlag,
});

/** POST /api/demand/request-payment. */
export const requestPaymentSchema = z.object({ demand_id: idField });

/** POST /api/demand/shortlist: the chosen responses (a form sends `responds[i]` or repeated `responds`). */
export const shortlistSchema = z.object({
  demand_id: idField,
  responds: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]),
    z
      .array(idField, { error: "validation.invalid" })
      .min(1, "projects.choose_expert")
      .max(PROJECT_LIMITS.shortlistMax, "validation.invalid"),
  ),
});

/** POST /api/admin/demands/{id}/paid. */
export const paidSchema = z.object({
  paid: z.union([z.boolean(), z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false")], { error: "validation.invalid" }).transform((v) => v === true || v === 1 || v === "1" || v === "true"),
});
