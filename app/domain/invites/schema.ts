import type { CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { emailField, idField, LIMITS, NAME_PATTERN, personNameField, phoneField } from "../validation";

/** Names of companies a user proposes (they go to moderation). */
export const COMPANY_NAME_MAX = 100;

/** spec 2 §5: optional fields the page sends only when longer than 2 characters; shorter ones count as absent. */
const blankUnder3 = (v: unknown) => (typeof v === "string" && v.trim().length <= 2 ? undefined : v);

/** The invite payload of spec 2 §3 and its rules of §5. */
export const inviteSchema = (country: CountryCode = "RU") =>
  z
    .object({
      expert_type: z.enum(["individual", "company"], { error: "validation.invalid" }),
      name: personNameField("validation.name_required"),
      lastName: personNameField("validation.last_name_required"),
      email: emailField(),
      phone: z.preprocess(blankUnder3, phoneField(country).optional()),
      patronymic: z.preprocess(
        blankUnder3,
        z.string({ error: "validation.invalid" }).trim().max(LIMITS.nameMax, { error: "validation.name_max", abort: true }).regex(NAME_PATTERN, "validation.name_letters").optional(),
      ),
      company_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField.optional()),
      new_companies: z
        .array(
          z.object({
            name: z
              .string({ error: "validation.invite_company" })
              .trim()
              .min(1, { error: "validation.invite_company", abort: true })
              .max(COMPANY_NAME_MAX, "validation.invite_company_max"),
          }),
          { error: "validation.invalid" },
        )
        .max(1, "validation.invalid")
        .optional(),
    })
    .superRefine((v, ctx) => {
      // spec 2 §5: the company flow needs a company, chosen or new ('Выберите компанию').
      if (v.expert_type === "company" && !v.company_id && !v.new_companies?.length) ctx.addIssue({ code: "custom", path: ["company_id"], message: "validation.invite_company" });
    });
export type InviteInput = z.output<ReturnType<typeof inviteSchema>>;

export const inviteCheckSchema = z.object({ email: emailField() });

