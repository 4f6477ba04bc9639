import { isValidPhoneNumber, type CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { DomainError, notFound, type FieldErrors } from "./errors";

import { EMAIL_PATTERN, LIMITS, NAME_PATTERN, PASSWORD_CHARS, PHONE_CHARS } from "./limits";

export { EMAIL_PATTERN, LIMITS, NAME_PATTERN, NAME_PATTERN_HTML, PASSWORD_CHARS, PHONE_CHARS, PHONE_PATTERN_HTML } from "./limits";


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
    .max(LIMITS.passwordMax, { error: "validation.password_max", abort: true })
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

/**
 * A whole number as JSON sends it (a number) or a form and an address do (its decimal digits, an optional
 * minus, "5.0" as 5): `schema` (a z.number() with its checks) then judges it. Anything else reaches `schema` as it came
 * and is refused there: a boolean, an array, null, "", " 3 ", "4e0" or "0x10" is no number, where
 * z.coerce.number took true for 1 and [4] for 4.
 */
export function wholeNumber<T extends z.ZodType<number>>(schema: T) {
  // "5.0" too: a number input with step=1 takes it as 5.
  return z.preprocess((v) => (typeof v === "string" && /^-?\d{1,16}(\.0+)?$/.test(v) ? Number(v) : v), schema);
}

/**
 * An amount as a person types it in a form: digits, grouped by spaces ("150 000", a no-break space too);
 * blank is absent. A JSON number goes to `schema` as it is (which judges anything else). The one rule of the
 * money and hours fields: a request's budget, a response's price, a service's amounts.
 */
export function typedAmount<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return undefined;
    if (typeof v !== "string") return v;
    const digits = v.replace(/[\s\u00a0]/g, "");
    return /^\d{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
  }, schema);
}

export const idField = wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").positive("validation.invalid").max(2 ** 31, "validation.invalid"));

/** The id of a path or a form's item: what is not an id names nothing, so it is a 404 like an unknown id. */
export function idOrNotFound(raw: unknown): number {
  const id = idField.safeParse(raw);
  if (!id.success) throw notFound();
  return id.data;
}

export type ParseOptions = {
  /** Report a field inside a list (`attachments.0.file`) on the list itself (`attachments`). */
  topLevel?: boolean;
  /** Values the messages interpolate (the year range of spec 2 §5, say). */
  params?: Record<string, unknown>;
};

/**
 * Parses outside input; on failure throws a DomainError whose fields hold locale keys, the first of
 * them as its code. Any message that is not one of ours (a type mismatch zod reports itself) becomes
 * 'validation.invalid'. Every area parses through here.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, opts: ParseOptions = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues, opts);
  throw new DomainError("validation", Object.values(fields)[0]?.[0] ?? "errors.validation", { fields, params: opts.params });
}

/**
 * A message of ours is a locale key (`validation.required`, `cases.v.title_max`, `accountBlock.reason_required`):
 * whatever area a schema belongs to, its keys are kept without the parse naming that area (a console schema
 * whose keys were not named answered 'Некорректное значение' for an empty reason). zod's own messages are
 * sentences, never keys.
 */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

export function issuesToFields(issues: z.core.$ZodIssue[], opts: Pick<ParseOptions, "topLevel"> = {}): FieldErrors {
  const fields: FieldErrors = {};
  const ours = (m: string) => MESSAGE_KEY.test(m);
  for (const issue of issues) {
    const key = !issue.path.length ? "form" : opts.topLevel ? String(issue.path[0]) : issue.path.map(String).join(".");
    const message = ours(issue.message) ? issue.message : "validation.invalid";
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}
