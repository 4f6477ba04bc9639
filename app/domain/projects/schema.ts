import { z } from "zod";
import { PROJECT_LIMITS, PROJECT_RATING_LIMITS } from "../limits";
import { idField, parseInput, wholeNumber } from "../validation";

// Messages of this area: `projects.v.*` in ru.server.ts / en.server.ts.
const L = PROJECT_RATING_LIMITS;

/** A score of 1 to 5 (spec 3 §9: 1 starting, 5 best practices); a form sends it as a string. */
const score = wholeNumber(
  z
    .number({ error: "projects.v.rating_range" })
    .int("projects.v.rating_range")
    .min(L.ratingMin, "projects.v.rating_range")
    .max(L.ratingMax, "projects.v.rating_range"),
);

/** spec 3 §5 Rating: the comment is required, at most 300 characters. */
const comment = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? "projects.v.comment_required" : "validation.invalid") })
  .trim()
  .min(1, { error: "projects.v.comment_required", abort: true })
  .max(L.commentMax, "projects.v.comment_max");

/**
 * An item's score in the member modal, which sends every item: 1 to 5, or none ('Без оценки': an empty
 * value, null or no key), which takes back the score the item had in this project (rateInProject).
 */
const itemScore = z.preprocess((v) => (v === "" || v == null ? null : v), score.nullable());
const items = <T extends z.ZodType>(item: T) => z.array(item, { error: "validation.invalid" }).max(L.itemsMax, "validation.invalid").optional().default([]);
const isScored = (i: { rating: number | null }) => i.rating !== null;

export const serviceRatingSchema = z.object({
  type: z.literal("service"),
  demand_id: idField,
  user_id: idField,
  service_id: idField,
  rating: score,
  comment,
});

export const userRatingSchema = z
  .object({
    type: z.literal("user"),
    demand_id: idField,
    user_id: idField,
    comment,
    expertises: items(z.object({ id: idField, rating: itemScore })),
    tribes: items(z.object({ industry_id: idField, option_id: idField, rating: itemScore })),
    // spec 3 §2 'Member modal: a rating per service, competence and specialization': the person's score in
    // the services of his chosen response (an addition to the README's payload; optional, so its clients work).
    services: items(z.object({ id: idField, rating: itemScore })),
  })
  // At least one item scored: taking back every score is the dialog's delete (DELETE /api/rating).
  .refine((v) => v.expertises.some(isScored) || v.tribes.some(isScored) || v.services.some(isScored), { error: "projects.v.items_required", path: ["expertises"] });

/** POST /api/demand/finishing: a service's rating or a member's (spec README "Managing, starting, completing"). */
export const finishingSchema = z.discriminatedUnion("type", [serviceRatingSchema, userRatingSchema], { error: "projects.v.type" });
export type FinishingInput = z.output<typeof finishingSchema>;

/** DELETE /api/rating {ids}. */
export const deleteRatingsSchema = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? v : [v]), z.array(idField, { error: "projects.v.ids_required" }).min(1, "projects.v.ids_required").max(L.deleteMax, "validation.invalid")),
});

/** POST /api/demand/complete {demand_id}. */
export const completeSchema = z.object({ demand_id: idField });

export const parseProjectInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input, { topLevel: true });

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

/** POST /api/demand/shortlist: the chosen responses (a form sends `responds[i]` or `responds[]`, spec README: arrays as key[i]; a plain key sent twice is one value, the last, as every form field). */
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
