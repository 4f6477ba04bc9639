import type { CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { emailField, flag, idField, LIMITS, passwordField, personNameField, phoneField } from "../validation";

/** A password typed to prove who one is (sign-in, a password change): required and bounded; the strength rules are for new ones. */
const currentPassword = z.string({ error: "validation.password_required" }).min(1, "validation.password_required").max(LIMITS.passwordMax, "validation.password_max");

/** A new password, typed twice (reset, change): the second must be the first. */
const newPassword = { password: passwordField(), password_confirmation: z.string({ error: "validation.password_mismatch" }) };
const typedTwice = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { path: ["password_confirmation"], message: "validation.password_mismatch" };

/** spec 1 §5: sign-in */
export const loginSchema = z.object({
  email: emailField("validation.email_required", "validation.email_invalid"),
  password: currentPassword,
});

export const forgotPasswordSchema = z.object({
  email: emailField("validation.email_required", "validation.email_invalid"),
});

/** spec 1 §5: reset password (its own messages: 'Некорректный email', 'код доступа обязателен'). */
export const resetPasswordSchema = z
  .object({
    email: emailField("validation.email_required", "validation.email_invalid_reset"),
    token: z.string({ error: "validation.code_required" }).trim().min(1, "validation.code_required").max(16, "validation.code_invalid"),
    ...newPassword,
  })
  .refine(typedTwice, mismatch);

// spec 1 §3 names the field `resume (file)`: one file under the plain name is a list of one, as
// `resume[0]`, `resume[]` or repeated keys are.
const fileList = z.preprocess(
  (v) => (v instanceof File ? [v] : v),
  z
    .array(z.instanceof(File, { message: "validation.file_type" }))
    .max(LIMITS.registrationFiles, "validation.files_count")
    .optional(),
);

const newOption = z.object({
  name: z.string({ error: "validation.invalid" }).trim().min(2, "validation.option_name").max(100, "validation.option_name"),
  parent_id: idField.optional(),
});

/** What both ways of signing up ask besides the person (spec 1 §3): the roles and the invitation... */
const roleFlags = { is_subscribe: flag, is_demand: flag, is_expert: flag, invite_id: idField.optional(), is_invited: flag };
/** ...and an expert's industries, functions and resume. */
const expertFields = {
  industry: z.array(idField).max(LIMITS.registrationIndustries, "validation.industries_limit").optional(),
  option: z.array(idField).max(LIMITS.profileOptions, "validation.options_limit").optional(),
  new_option: z.array(newOption).max(20, "validation.options_limit").optional(),
  resume: fileList,
  /** Resumes sent straight to storage (POST /api/uploads, kind 'resume', as a guest): their ids (decision 0058). */
  uploads: z.unknown().optional(),
};

/** spec 1 §5: only experts send industries and functions, and then at least one of each. */
function expertNeedsIndustryAndFunction(v: { is_expert: boolean; industry?: number[]; option?: number[]; new_option?: unknown[] }, ctx: z.RefinementCtx) {
  if (!v.is_expert) return;
  if (!v.industry?.length) ctx.addIssue({ code: "custom", path: ["industry"], message: "validation.industries_required" });
  if (!v.option?.length && !v.new_option?.length) ctx.addIssue({ code: "custom", path: ["option"], message: "validation.options_required" });
}

/**
 * The registration payload of spec 1 §3. The phone's default country is the request's country
 * (spec README: Country), Russia when unknown.
 */
export const registerSchema = (country: CountryCode = "RU") => z
  .object({
    name: personNameField("validation.name_required"),
    lastName: personNameField("validation.last_name_required"),
    email: emailField(),
    phone: phoneField(country),
    password: passwordField(),
    ...roleFlags,
    ...expertFields,
  })
  .superRefine(expertNeedsIndustryAndFunction);
export type RegisterInput = z.output<ReturnType<typeof registerSchema>>;

/** Finishing a social sign-up: no password (the provider vouches), the e-mail may come from the provider. */
export const completeSocialSchema = (country: CountryCode = "RU") => z
  .object({
    token: z.string({ error: "validation.invalid" }).min(10, "validation.invalid").max(200, "validation.invalid"),
    name: personNameField("validation.name_required"),
    lastName: personNameField("validation.last_name_required"),
    email: emailField().optional(),
    phone: phoneField(country),
    ...roleFlags,
    ...expertFields,
  })
  .superRefine(expertNeedsIndustryAndFunction);
export type CompleteSocialInput = z.output<ReturnType<typeof completeSocialSchema>>;

export const verifyEmailSchema = z.object({
  token: z.string({ error: "validation.invalid" }).min(10, "validation.verify_invalid").max(200, "validation.verify_invalid"),
});

export const impersonateSchema = z.object({
  id: idField,
  hash: z.string({ error: "validation.invalid" }).min(10, "validation.invalid").max(200, "validation.invalid"),
});

export const socialProvidersQuery = z.object({
  redirect_url: z.string({ error: "validation.invalid" }).max(500, "validation.invalid").optional(),
});

export const socialCallbackQuery = z.object({
  /** Absent when the person declined at the provider, which sends `error` instead (RFC 6749 §4.1.2.1). */
  code: z.string({ error: "validation.invalid" }).min(1, "validation.invalid").max(2000, "validation.invalid").optional(),
  state: z.string({ error: "validation.invalid" }).min(10, "validation.invalid").max(200, "validation.invalid"),
  device_id: z.string().max(500).optional(),
  error: z.string({ error: "validation.invalid" }).max(200, "validation.invalid").optional(),
});

export const changePasswordSchema = z
  .object({
    old_password: currentPassword,
    ...newPassword,
  })
  .refine(typedTwice, mismatch);
