import { z } from "zod";
import { RESPOND_LIMITS as L } from "../limits";
import { idField, parseInput, wholeNumber, typedAmount } from "../validation";

/**
 * A response's input (spec 3 §3 'Response payload', §5 Response, README "Responses"): POST /api/respond
 * (multipart: arrays as key[i], objects as key[i][field]; or JSON) and the /response-request/{id} page's
 * action parse through here. Messages are keys of the `responds.v.` namespace (ru.server.ts) beside the
 * shared `validation.` ones; the new employees (`invite_users`) are checked with the services' own rules.
 */

/** A list from `key[i]` (an object keyed by index), an array, or one bare value; absent is empty. */
const asList = (v: unknown) =>
  v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "object" && !(v instanceof File) ? Object.values(v as object) : [v];

const ids = (min: number, requiredMessage: string | null, max: number, maxMessage: string) => {
  const list = z.preprocess((v) => asList(v).filter((x) => x !== ""), z.array(idField, { error: "validation.invalid" }).max(max, maxMessage));
  return min && requiredMessage ? list.refine((a) => a.length >= min, requiredMessage) : list;
};

const file = z.custom<File>((v) => v instanceof File, { message: "validation.file_type" });

export const respondSchema = z.object({
  demand_id: idField,
  salary: typedAmount(
    z
      .number({ error: (issue) => (issue.input === undefined ? "responds.v.required" : "responds.v.salary") })
      .int("responds.v.salary")
      .min(L.salaryMin, "responds.v.salary")
      .max(L.salaryMax, "responds.v.salary"),
  ),
  description: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? "responds.v.required" : "validation.invalid") })
    .trim()
    .min(1, { error: "responds.v.required", abort: true })
    .max(L.descriptionMax, "responds.v.description_max"),
  cases: ids(1, "responds.v.required", L.casesMax, "validation.invalid"),
  expertises: ids(1, "responds.v.expertises_required", L.expertisesMax, "validation.invalid"),
  options: ids(1, "responds.v.options_required", L.optionsMax, "validation.invalid"),
  services: ids(L.servicesMin, "responds.v.services_required", L.servicesMax, "responds.v.services_max"),
  /**
   * The team: registered users by id (`users[i]`), or as the services' team payload `users[i][id]`,
   * `users[i][type]` ('user', or 'invited' for the caller's own new-employee invitation made with POST
   * /api/invite, which the page's add-employee dialog uses).
   */
  users: z.preprocess(
    (v) => asList(v).filter((x) => x !== ""),
    z
      .array(z.union([idField.transform((id) => ({ id, type: "user" as const })), z.object({ id: idField, type: z.preprocess((t) => (t === undefined || t === "" ? "user" : t), z.enum(["user", "invited"], { error: "validation.invalid" })) })], { error: "validation.invalid" }), { error: "validation.invalid" })
      .max(L.teamMax, "responds.v.team_max"),
  ),
  /** The new employees, each checked by the services' new-employee rules (see createRespond). */
  invite_users: z.preprocess(asList, z.array(z.unknown(), { error: "validation.invalid" }).max(L.teamMax, "responds.v.team_max")),
  companies: ids(0, null, L.companiesMax, "responds.v.companies_max"),
  tax_id: z.preprocess((v) => (v === undefined || v === null || v === "" ? L.defaultTaxId : v), idField),
  attachments: z.preprocess(
    // A form's file input left empty still sends one part (an empty string, or a nameless empty file): no file.
    (v) => asList(v).filter((x) => x !== "" && !(x instanceof File && x.size === 0 && x.name === "")),
    z.array(file, { error: "validation.file_type" }).max(L.filesMax, "validation.files_count"),
  ),
  /**
   * Files sent straight to storage (POST /api/uploads, kind 'respond'): their upload ids, claimed with the
   * response (docs/decisions/0032-direct-uploads.md). With `attachments` at most 5 files together; the ids
   * and the count are checked by createRespond, whose errors name `attachments` as the inline files' do.
   */
  uploads: z.preprocess((v) => asList(v).filter((x) => x !== ""), z.array(z.unknown())),
});
export type RespondInput = z.output<typeof respondSchema>;

/** GET /api/respond?page=. */
export const respondListQuery = z.object({
  page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).optional().default(1),
});

/** POST /api/reject-respond {demand_id}. */
export const declineSchema = z.object({ demand_id: idField });

export const parseRespondInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseInput(schema, input, { topLevel: true });
