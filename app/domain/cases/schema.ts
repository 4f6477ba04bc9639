import { z } from "zod";
import { idField, parseInput, wholeNumber } from "../validation";
import { CASE_LIMITS } from "./limits";

/** A required text: missing, empty or blank gives `required`, too long gives `max`. */
const text = (required: string, max: number, maxMessage: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, maxMessage);

const attachment = z.object({
  id: idField.optional(),
  file: z.instanceof(File, { message: "validation.file_type" }).optional(),
});

/** POST /api/user/cases (multipart): spec 2 §3 Case and §5. */
export const caseSchema = z.object({
  id: idField.optional(),
  name: text("cases.v.name_required", CASE_LIMITS.nameMax, "cases.v.name_max"),
  task: text("cases.v.task_required", CASE_LIMITS.textMax, "cases.v.text_max"),
  solution: text("cases.v.solution_required", CASE_LIMITS.textMax, "cases.v.text_max"),
  results: text("cases.v.results_required", CASE_LIMITS.textMax, "cases.v.text_max"),
  links: z
    .string({ error: "validation.invalid" })
    .trim()
    .max(CASE_LIMITS.linksMax, "cases.v.text_max")
    .optional()
    .transform((v) => v || null),
  attachments: z.array(attachment, { error: "validation.invalid" }).optional().default([]),
  /** New files sent straight to storage (POST /api/uploads, kind 'case'): their ids, checked by saveCase (decision 0058). */
  uploads: z.unknown().optional(),
});
export type CaseInput = z.output<typeof caseSchema>;

/** A link a person would paste: http(s), a host with a dot, no spaces. */
export function isValidLink(v: string) {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && /\.[a-zа-яё0-9-]{2,}$/i.test(u.hostname);
  } catch {
    return false;
  }
}

const description = z
  .string({ error: "validation.invalid" })
  .trim()
  .max(CASE_LIMITS.descriptionMax, "cases.v.description_max")
  .optional()
  .transform((v) => v || null);

/** POST /api/user/profile/publications (form data): spec 2 §3 Publication and §5. */
export const publicationSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("link"),
      link: z
        .string({ error: "cases.v.link_required" })
        .trim()
        .min(1, { error: "cases.v.link_required", abort: true })
        .max(CASE_LIMITS.linkMax, { error: "cases.v.link_invalid", abort: true })
        .refine(isValidLink, "cases.v.link_invalid"),
      description,
    }),
    z.object({
      type: z.literal("file"),
      publication_file: z.union([z.instanceof(File), z.array(z.instanceof(File))], { error: "cases.v.file_required" }).optional(),
      /** Or the file sent straight to storage (POST /api/uploads, kind 'publication'): its id, checked by addPublication (decision 0063). */
      uploads: z.unknown().optional(),
      description,
    }),
  ],
  { error: "validation.invalid" }
);
export type PublicationInput = z.output<typeof publicationSchema>;

/** POST /api/user/resume/process: JSON {process: 1 | 0 | -1} (spec README, Document 2 details). */
export const processSchema = z.object({
  process: wholeNumber(z.union([z.literal(1), z.literal(0), z.literal(-1)], { error: "validation.invalid" })),
});

/** The expert's choice among the proposal read from the resume: ids of what to add. */
export const confirmSchema = z.object({
  industries: z.array(idField).max(100).optional().default([]),
  options: z.array(idField).max(100).optional().default([]),
  expertises: z.array(idField).max(200).optional().default([]),
});

/**
 * parseInput for this area (its messages are `cases.v.*` keys); field paths inside an array
 * (`attachments.0.file`) are reported on the list (`attachments`).
 */
export const parseCasesInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input, { topLevel: true });
