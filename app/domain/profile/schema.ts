import type { CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { SOCIAL_NAMES } from "../../../db/schema/profile";
import { EMAIL_PATTERN, emailField, idField, LIMITS, phoneField } from "../validation";
import { MODERATION_GROUP_ID, PROFILE_LIMITS } from "./limits";

/** A link of a social network: http(s) only, so a stored link can never be `javascript:`. */
const socialLink = z
  .string({ error: "validation.social_link" })
  .trim()
  .max(PROFILE_LIMITS.socialLinkMax, "validation.social_link")
  .refine((v) => {
    if (v === "") return true;
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".");
    } catch {
      return false;
    }
  }, "validation.social_link");

export const socialsField = z
  .array(z.object({ name: z.enum(SOCIAL_NAMES, { error: "validation.invalid" }), link: socialLink }), { error: "validation.invalid" })
  .max(SOCIAL_NAMES.length, "validation.invalid")
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, "validation.invalid");

/**
 * spec 2 §3/§5 contacts: phone and e-mail required and valid, corporate e-mail valid if given. A field
 * left out of the payload keeps its stored value; one sent empty gets its "required" message.
 */
export const contactsSchema = (country: CountryCode = "RU") =>
  z.object({
    phone: phoneField(country).optional(),
    email: emailField().optional(),
    corp_email: z
      .string({ error: "validation.corp_email_invalid" })
      .trim()
      .max(LIMITS.emailMax, "validation.corp_email_invalid")
      .refine((v) => v === "" || EMAIL_PATTERN.test(v), "validation.corp_email_invalid")
      .transform((v) => (v ? v.toLowerCase() : null))
      .nullish(),
    socials: socialsField.optional(),
  });

export const statusSchema = z.object({
  text: z.string({ error: "validation.invalid" }).max(PROFILE_LIMITS.statusMax, "validation.textarea_max").nullish().transform((v) => (v ?? "").trim()),
});

const ids = (limitCode: string, max: number) => z.array(idField, { error: "validation.invalid" }).max(max, limitCode);

export const industryIdsSchema = z.object({ ids: ids("validation.industries_limit", PROFILE_LIMITS.industries) });
export const optionIdsSchema = z.object({ ids: ids("validation.options_limit", PROFILE_LIMITS.options) });

const newOption = z.object({
  name: z.string({ error: "validation.option_name" }).trim().min(2, "validation.option_name").max(PROFILE_LIMITS.optionNameMax, "validation.option_name"),
  // The 'Другое (на модерацию)' pseudo-group (-10) or none: a new main function; a real id: a sub-function of it.
  parent_id: z.union([idField, z.literal(MODERATION_GROUP_ID)]).nullish().transform((v) => (v && v > 0 ? v : null)),
});

/** spec 2 §3 profile save payload: industries [{id, options, new_options:[{parent_id, name}]}]. */
export const industriesPayloadSchema = z
  .array(
    z.object({
      id: idField,
      options: z.array(idField, { error: "validation.invalid" }).max(PROFILE_LIMITS.options, "validation.options_limit").default([]),
      new_options: z.array(newOption, { error: "validation.invalid" }).max(PROFILE_LIMITS.options, "validation.options_limit").default([]),
    }),
    { error: "validation.invalid" },
  )
  // spec 2 §5: the industry modal saves a selection ('save disabled without selection'): an empty list
  // would take every industry and function off the profile, and the expert out of matching.
  .min(1, "validation.industries_required")
  .max(PROFILE_LIMITS.industries, "validation.industries_limit")
  .superRefine((list, ctx) => {
    // spec 2 §5 industry modal: each industry needs a selected function.
    if (list.some((i) => !i.options.length && !i.new_options.length)) ctx.addIssue({ code: "custom", message: "validation.industry_needs_option" });
    if (new Set(list.map((i) => i.id)).size !== list.length) ctx.addIssue({ code: "custom", message: "validation.invalid" });
  });

export const councilSchema = z.object({
  industry_id: idField,
  option_id: idField,
});
