import { z } from "zod";
import { RATING_TYPES } from "../../../db/schema/reputation";
import { emailField, flag, idField, LIMITS, NAME_PATTERN, parseInput, personNameField, wholeNumber } from "../validation";
import { REC_LIMITS } from "./limits";

/**
 * The shapes of the recommendation calls (spec 2 §3, §5, spec README "Document 2 details"). Messages are
 * locale keys: common ones under `validation.`, this slice's under `recommend.` (app/locales/ru.server.ts).
 */
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), idField.optional());

const patronymic = z.preprocess(
  (v) => (typeof v === "string" && v.trim().length <= 2 ? undefined : v),
  z.string({ error: "validation.invalid" }).trim().max(LIMITS.nameMax, "validation.name_max").regex(NAME_PATTERN, "validation.name_letters").optional(),
);

/** spec 2 §5 'New recommender': e-mail required and valid; last and first name required, max 30, letters and hyphen. */
export const inviteRateUserSchema = z.object({
  email: emailField(),
  name: personNameField("validation.name_required"),
  lastName: personNameField("validation.last_name_required"),
  patronymic,
});

/** A rater-invitation item (spec 2 §3). `expertise_id` makes the type expertise (spec 2 §3 'Rating payload'). */
export const rateItemSchema = z
  .object({
    type: z.enum(RATING_TYPES, { error: "recommend.type_invalid" }).optional(),
    expertise_id: optionalId,
    service_id: optionalId,
    industry_id: optionalId,
    option_id: optionalId,
    work_role_id: optionalId,
    company_id: optionalId,
    rater_user_id: optionalId,
    // The service form's name for the same person (spec 2 §3, spec 3: 'type service, rate_user or invite_rate_user').
    rate_user: optionalId,
    invite_rate_user: inviteRateUserSchema.optional().nullable(),
    is_invited: flag,
  })
  .transform(({ rate_user, ...v }) => ({ ...v, rater_user_id: v.rater_user_id ?? rate_user, type: v.expertise_id ? ("expertise" as const) : v.type }))
  .superRefine((v, ctx) => {
    if (!v.type) ctx.addIssue({ code: "custom", path: ["type"], message: "recommend.type_invalid" });
    if (v.type === "tribe" && (!v.industry_id || !v.option_id)) ctx.addIssue({ code: "custom", path: ["industry_id"], message: "recommend.tribe_required" });
    if (v.type === "service" && !v.service_id) ctx.addIssue({ code: "custom", path: ["service_id"], message: "recommend.service_unavailable" });
    // spec 2 §5 'Person selection': at least one person needed to send.
    if (!v.rater_user_id && !v.invite_rate_user) ctx.addIssue({ code: "custom", path: ["rater_user_id"], message: "recommend.choose_user" });
  });
export type RateItemInput = z.output<typeof rateItemSchema>;

export const rateItemsSchema = z.object({
  items: z.array(rateItemSchema, { error: "recommend.choose_subject" }).min(1, "recommend.choose_subject").max(REC_LIMITS.maxSubjects * REC_LIMITS.maxRaters, "recommend.subjects_limit"),
});

const ratingField = wholeNumber(
  z
    .number({ error: "recommend.rating_required" })
    .int("recommend.rating_required")
    .min(REC_LIMITS.ratingMin, "recommend.rating_required")
    .max(REC_LIMITS.ratingMax, "recommend.rating_required"),
);

// Not optional: zod skips the checks of a missing optional key, and the score is required.
const requiredRating = ratingField;

const comment = z.string({ error: "validation.invalid" }).trim().max(REC_LIMITS.commentMax, "recommend.comment_max");

/** POST /api/user/rate: what is rated comes from the hash only. */
export const rateSchema = z.object({
  hash: z.string({ error: "recommend.bad_link" }).min(1, "recommend.bad_link"),
  rating: requiredRating,
  comment: z.preprocess((v) => (v === null ? undefined : v), comment.optional()),
});

/** POST /api/user/multi-rate: every listed item rated, a comment required (spec 2 §5 'Multi-rate'). */
export const multiRateSchema = z.object({
  hash: z.string({ error: "recommend.bad_link" }).min(1, "recommend.bad_link"),
  items: z.array(z.object({ rate_id: idField, rating: requiredRating }), { error: "recommend.rate_all" }).max(100, "validation.invalid").default([]),
  comment: z.preprocess((v) => (v === undefined || v === null ? "" : v), comment.min(1, "recommend.comment_required")),
});

export const remindSchema = z.object({ id: idField });

export const viewFlagsSchema = z.object({
  model: z.literal(["recommendation"], { error: "recommend.model_invalid" }),
  ids: z.array(idField, { error: "validation.invalid" }).min(1, "validation.invalid").max(100, "validation.invalid"),
});

export const outgoingQuerySchema = z.object({
  type: z.enum(RATING_TYPES, { error: "recommend.type_invalid" }).optional(),
  page: z.preprocess((v) => (v === "" || v === undefined ? 1 : v), wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid"))),
});

export const searchQuerySchema = z.object({
  search: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().max(REC_LIMITS.searchMax, "validation.search_max")),
  emailOnly: flag,
});

/** parseInput for this slice (its messages are `recommend.*` keys). */
export const parseRec = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input);
