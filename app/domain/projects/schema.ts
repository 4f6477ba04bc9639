import { z } from "zod";
import { PROJECT_RATING_LIMITS } from "../limits";
import { idField, parseInput } from "../validation";

/** Messages of this area: `projects.v.*` in ru.server.ts / en.server.ts. */
const NS = "projects.v.";
const L = PROJECT_RATING_LIMITS;

/** A score of 1 to 5 (spec 3 §9: 1 starting, 5 best practices); a form sends it as a string. */
const score = z.coerce
  .number({ error: "projects.v.rating_range" })
  .int("projects.v.rating_range")
  .min(L.ratingMin, "projects.v.rating_range")
  .max(L.ratingMax, "projects.v.rating_range");

/** spec 3 §5 Rating: the comment is required, at most 300 characters. */
const comment = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? "projects.v.comment_required" : "validation.invalid") })
  .trim()
  .min(1, { error: "projects.v.comment_required", abort: true })
  .max(L.commentMax, "projects.v.comment_max");

/**
 * An item the member modal left without a score is not rated (the form sends every item, the API only the
 * rated ones): both come here, and only the scored ones remain.
 */
const scored = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((i) => !(i && typeof i === "object" && ((i as { rating?: unknown }).rating === "" || (i as { rating?: unknown }).rating == null))) : v),
    z.array(item, { error: "validation.invalid" }).max(L.itemsMax, "validation.invalid").optional().default([]),
  );

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
    expertises: scored(z.object({ id: idField, rating: score })),
    tribes: scored(z.object({ industry_id: idField, option_id: idField, rating: score })),
  })
  .refine((v) => v.expertises.length + v.tribes.length > 0, { error: "projects.v.items_required", path: ["expertises"] });

/** POST /api/demand/finishing: a service's rating or a member's (spec README "Managing, starting, completing"). */
export const finishingSchema = z.discriminatedUnion("type", [serviceRatingSchema, userRatingSchema], { error: "projects.v.type" });
export type FinishingInput = z.output<typeof finishingSchema>;

/** DELETE /api/rating {ids}. */
export const deleteRatingsSchema = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? v : [v]), z.array(idField, { error: "projects.v.ids_required" }).min(1, "projects.v.ids_required").max(L.deleteMax, "validation.invalid")),
});

/** POST /api/demand/complete {demand_id}. */
export const completeSchema = z.object({ demand_id: idField });

export const parseProjectInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input, { namespace: NS, topLevel: true });
