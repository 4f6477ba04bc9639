import { z } from "zod";
import { COMMUNITY_TYPES } from "../../../db/schema/reference";
import { CONTENT_LIMITS, LIMITS, PHONE_CHARS } from "../limits";
import { idField, wholeNumber } from "../validation";

/**
 * The operator's content (issue 15): FAQ groups and questions in both languages, the footer and support
 * contacts, the landing's figures, communities. Limits are generous but bounded: a body cannot fill D1.
 */
export { CONTENT_LIMITS };

const text = (max: number, required = true) => {
  const s = z.string({ error: "validation.invalid" }).trim().max(max, "contentEdit.too_long");
  return required ? s.min(1, "validation.required") : s;
};
/** An https address (or a Telegram/WhatsApp/mail address a footer links to): never javascript: or data:. */
const link = z
  .string({ error: "validation.invalid" })
  .trim()
  .max(CONTENT_LIMITS.link, "contentEdit.too_long")
  .regex(/^(?:https:\/\/[^\s<>"']+|mailto:[^\s<>"']+)$/i, "contentEdit.link_invalid");
// An emptied field (the form's number input sends "") is no order given: 0, as before any was set.
const sort = z.preprocess(
  (v) => (v === "" ? undefined : v),
  wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(0, "validation.invalid").max(CONTENT_LIMITS.sort, "validation.invalid")).default(0),
);

export const faqGroupSchema = z.object({
  audience: z.enum(["customer", "expert"], { error: "validation.invalid" }),
  name: text(CONTENT_LIMITS.groupName),
  name_en: text(CONTENT_LIMITS.groupName),
  sort,
});

export const faqQuestionSchema = z.object({
  group_id: idField,
  question: text(CONTENT_LIMITS.question),
  question_en: text(CONTENT_LIMITS.question),
  answer: text(CONTENT_LIMITS.answer),
  answer_en: text(CONTENT_LIMITS.answer),
  sort,
});

const socialService = z.object({ code: text(CONTENT_LIMITS.code), name: text(CONTENT_LIMITS.groupName), link });
const socialServices = z.array(socialService, { error: "validation.invalid" }).max(CONTENT_LIMITS.socialServices, "validation.invalid").default([]);

export const footerSchema = z.object({
  social_services: socialServices,
  popup_url: z.union([link, z.literal(""), z.null()]).optional().transform((v) => v || null),
});

export const supportSchema = z.object({
  email: z.string({ error: "validation.invalid" }).trim().max(LIMITS.emailMax, "contentEdit.too_long").email("validation.email_invalid"),
  // Empty (no support phone), or the phone characters every other form takes.
  tel: z.string({ error: "validation.invalid" }).trim().max(LIMITS.phoneMax, "contentEdit.too_long").refine((v) => v === "" || PHONE_CHARS.test(v), "validation.phone_invalid"),
  social_services: socialServices,
});

/** The landing's three figures as shown ("1000+", "70", "800"): short texts, digits and a sign or two. */
const figure = z.string({ error: "validation.invalid" }).trim().min(1, "validation.required").max(CONTENT_LIMITS.figure, "contentEdit.too_long").regex(/^[0-9\s+~≈<>%.,kKкК]+$/u, "contentEdit.figure_invalid");
export const landingFiguresSchema = z.object({ experts: figure, areas: figure, competences: figure });

const optionalId = z.union([idField, z.literal(""), z.null()]).optional().transform((v) => (v === "" || v === undefined ? null : v));
/**
 * A community: a tribe belongs to an industry and a function, a function's chat to a function, an alumni
 * chat to an institution or a company (decision 0026). The fields a type does not use are cleared.
 */
export const communitySchema = z
  .object({
    type: z.enum(COMMUNITY_TYPES, { error: "validation.invalid" }),
    name: text(CONTENT_LIMITS.communityName),
    chat_name: text(CONTENT_LIMITS.communityName, false).optional().transform((v) => v || null),
    chat_link: z.union([link, z.literal(""), z.null()]).optional().transform((v) => v || null),
    industry_id: optionalId,
    option_id: optionalId,
    institution_id: optionalId,
    company_id: optionalId,
  })
  .superRefine((v, c) => {
    if (v.type === "tribe" && !v.industry_id) c.addIssue({ code: "custom", path: ["industry_id"], message: "contentEdit.community_industry_required" });
    if (v.type !== "alumni" && !v.option_id) c.addIssue({ code: "custom", path: ["option_id"], message: "contentEdit.community_option_required" });
    if (v.type === "alumni" && !v.institution_id === !v.company_id) c.addIssue({ code: "custom", path: ["institution_id"], message: "contentEdit.community_place_required" });
  })
  .transform((v) => ({
    ...v,
    industry_id: v.type === "tribe" ? v.industry_id : null,
    option_id: v.type === "alumni" ? null : v.option_id,
    institution_id: v.type === "alumni" ? v.institution_id : null,
    company_id: v.type === "alumni" ? v.company_id : null,
  }));

export const communitiesQuery = z.object({
  search: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional(),
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).default(1),
});

/** The answer's preview: the markdown as the FAQ page will render it. */
export const previewSchema = z.object({ answer: z.string({ error: "validation.invalid" }).max(CONTENT_LIMITS.answer, "contentEdit.too_long") });
