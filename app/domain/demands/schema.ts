import { z } from "zod";
import { EXPERT_TYPES } from "../../../db/schema/demands";
import { DEMAND_LIMITS, EXTENSION_DAYS } from "../limits";
import { flag, idField, parseInput, wholeNumber, typedAmount } from "../validation";

/**
 * A request's input (spec 3 §5 Request): POST /api/demand and POST /api/demand/{id} (multipart: arrays as
 * key[i], objects as key[i][field]) and the /request-add page's action parse through here.
 */

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** A list of ids from `key[i]` (or one bare value); an absent list is empty, so `min` reports "required". */
const idList = (requiredMessage: string | null, max: number, maxMessage: string) => {
  const list = z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]),
    z.array(idField, { error: "validation.invalid" }).max(max, maxMessage),
  );
  return requiredMessage ? list.refine((a) => a.length > 0, requiredMessage) : list;
};

/** dd.MM.yyyy, ten characters, a real day, the year not above 2029 (the "not in the past" rule needs today: see `checkDeadline`). */
export function parseDeadline(v: string): string | null {
  if (v.length !== 10) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y > DEMAND_LIMITS.deadlineYearMax || y < 1900 || mo < 1 || mo > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== mo - 1) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** yyyy-mm-dd → dd.MM.yyyy (the form's and the calls' shape). */
export const formatDeadline = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const file = z.custom<File>((v) => v instanceof File, { message: "validation.file_type" });
/** A new file, a kept one by its id (editing), or either inside an object (`files[i][file]`, `files[i][id]`). */
const fileItem = z.union([file, z.object({ id: idField.optional(), file: file.optional() })], { error: "validation.file_type" });

export const demandSchema = z.object({
  name: required("demands.v.name_required").max(DEMAND_LIMITS.nameMax, "demands.v.name_max"),
  service_type_id: z.preprocess(emptyToUndefined, wholeNumber(z.number({ error: "demands.v.type_required" }).int("demands.v.type_required").positive("demands.v.type_required").max(2 ** 31, "demands.v.type_required"))),
  /** Spec 3 §3 names the request's type `service_type`: the same id, taken when `service_type_id` is absent (withTypeAlias). */
  service_type: z.unknown().optional(),
  duration_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField.optional()),
  expert_type: z.enum(EXPERT_TYPES, { error: "demands.v.expert_type_required" }),
  description: required("demands.v.description_required").max(DEMAND_LIMITS.descriptionMax, "demands.v.description_max"),
  industries: idList("validation.industries_required", DEMAND_LIMITS.industriesMax, "validation.industries_limit"),
  options: idList("validation.options_required", DEMAND_LIMITS.optionsMax, "validation.options_limit"),
  sub_options: idList(null, DEMAND_LIMITS.optionsMax, "validation.options_limit").optional().default([]),
  budget: typedAmount(
    z
      .number({ error: (issue) => (issue.input === undefined ? "demands.v.budget_required" : "demands.v.budget_range") })
      .int("demands.v.budget_range")
      .min(DEMAND_LIMITS.budgetMin, "demands.v.budget_range")
      .max(DEMAND_LIMITS.budgetMax, "demands.v.budget_range"),
  ),
  execution_period: required("demands.v.deadline_required")
    .transform((v, ctx) => {
      const iso = parseDeadline(v);
      if (!iso) ctx.addIssue({ code: "custom", message: "demands.v.deadline_invalid" });
      return iso ?? "";
    }),
  need_team: flag,
  files: z
    // A form's file input left empty still sends one part (an empty string, or a nameless empty file): no file.
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== "" && !(x instanceof File && x.size === 0 && x.name === "")), z.array(fileItem))
    .optional()
    .default([]),
  /** Files uploaded straight to storage (POST /api/uploads): their upload ids, claimed with the request. */
  uploads: z
    .preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== ""), z.array(z.string({ error: "validation.invalid" })))
    .optional()
    .default([]),
});
export type DemandInput = z.output<typeof demandSchema>;

/** POST /api/demand/stop {id}. */
export const stopSchema = z.object({ id: idField });

/** POST /api/demand/restart {id, extension}: 1–30 days without 20, default 10 (spec 3 §9). */
export const restartSchema = z.object({
  id: idField,
  extension: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? DEMAND_LIMITS.extensionDefault : v),
    wholeNumber(z.number({ error: "demands.v.extension" }).int("demands.v.extension")).refine((d) => EXTENSION_DAYS.includes(d), "demands.v.extension"),
  ),
});

export const DEMAND_GROUPS = ["searching", "active", "completed", "search_expired"] as const;
export type DemandGroup = (typeof DEMAND_GROUPS)[number];

/** GET /api/demand?group=&page=. */
export const listQuery = z.object({
  group: z.enum(DEMAND_GROUPS, { error: "validation.invalid" }).optional(),
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).optional().default(1),
});


export const parseDemandInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input, { topLevel: true });

/**
 * The request's payload with spec 3 §3's field name: `service_type` (the type's id, or the type as a request
 * reads back) stands for
 * `service_type_id` when that is absent or empty; our pages send `service_type_id`. Its errors are reported
 * on `service_type_id`, like the pages' field.
 */
export function withTypeAlias(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  if ((r.service_type_id !== undefined && r.service_type_id !== "") || r.service_type === undefined) return raw;
  // As the request reads back (`service_type: {id, name, type}`), or the bare id.
  const type = r.service_type;
  return { ...r, service_type_id: type && typeof type === "object" && "id" in type ? (type as { id: unknown }).id : type };
}
