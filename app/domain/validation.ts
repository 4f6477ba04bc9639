import { isValidPhoneNumber, type CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { notFound, validationError, type FieldErrors } from "./errors";

import { EMAIL_PATTERN, LIMITS, NAME_PATTERN, PASSWORD_CHARS, PHONE_CHARS } from "./limits";

export { EMAIL_PATTERN, LIMITS, NAME_PATTERN, NAME_PATTERN_HTML, PASSWORD_CHARS, PHONE_CHARS } from "./limits";


/** A string field; a missing one (absent from a JSON body) gets the field's "required" message, not a type error. */
const str = (required = "validation.invalid") =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : "validation.invalid") });

export const emailField = (required = "validation.email_required", invalid = "validation.email_invalid") =>
  str(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(LIMITS.emailMax, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, invalid)
    .transform((v) => v.toLowerCase());

export const personNameField = (required: string) =>
  str(required).trim().min(1, { error: required, abort: true }).max(LIMITS.nameMax, { error: "validation.name_max", abort: true }).regex(NAME_PATTERN, "validation.name_letters");

export const passwordField = () =>
  str("validation.password_required")
    .min(1, { error: "validation.password_required", abort: true })
    .max(128, { error: "validation.password_max", abort: true })
    .superRefine((v, ctx) => {
      if (v.length === 0) return;
      if (v.length < LIMITS.passwordMin) ctx.addIssue({ code: "custom", message: "validation.password_min" });
      if (!/[A-Z]/.test(v)) ctx.addIssue({ code: "custom", message: "validation.password_uppercase" });
      if (!PASSWORD_CHARS.test(v)) ctx.addIssue({ code: "custom", message: "validation.password_chars" });
    });

/** Phone: required, ≤ 25 characters of digits, spaces, brackets, hyphen and plus, valid for its country. */
export const phoneField = (defaultCountry: CountryCode = "RU") =>
  str("validation.phone_required")
    .trim()
    .min(1, { error: "validation.phone_required", abort: true })
    .max(LIMITS.phoneMax, { error: "validation.phone_max", abort: true })
    .regex(PHONE_CHARS, { error: "validation.phone_invalid", abort: true })
    .refine((v) => isValidPhoneNumber(v, defaultCountry), "validation.phone_invalid");

export const flag = z
  .union([z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false"), z.literal("on"), z.boolean(), z.literal(1), z.literal(0)], {
    error: "validation.invalid",
  })
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on" || v === true || v === 1);

/** The request's country as a phone default (spec README: Country), Russia when unknown or unsupported. */
export function phoneCountry(country: string | null | undefined): CountryCode {
  return country && /^[A-Z]{2}$/.test(country) && country !== "XX" && country !== "T1" ? (country as CountryCode) : "RU";
}

export const idField = z.coerce.number({ error: "validation.invalid" }).int("validation.invalid").positive("validation.invalid").max(2 ** 31, "validation.invalid");

/**
 * An id from outside (a form's `id`, a path segment) for the domain, which takes numbers only: a bad one is
 * answered like an unknown one, 404 (issue 11: one way). The /api routes parse theirs with the route's
 * params schema (functions/openapi.ts), to the same effect.
 */
export function parseId(raw: unknown): number {
  const parsed = idField.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * Parses outside input; on failure throws a DomainError whose fields hold locale keys.
 * Any message that is not one of ours (a type mismatch zod reports itself) becomes 'validation.invalid'.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(issuesToFields(result.error.issues));
}

export function issuesToFields(issues: z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    const message = issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}
