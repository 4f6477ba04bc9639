import { z } from "zod";
import { idField, parseInput } from "../validation";
import { isValidLink } from "../cases/schema";
import { EXPERIENCE_LIMITS as L, parseDay, specializationKey, studyYearRange, workDateProblem } from "./rules";

/** An optional id: '', null and absent are "not chosen". */
const optId = z.preprocess((v) => (v === "" || v === null || v === undefined || v === 0 || v === "0" ? undefined : v), idField.optional());
const optText = z.preprocess((v) => (v === null || v === undefined ? undefined : v), z.string({ error: "validation.invalid" }).trim().optional());

const workarea = z.object({
  industry_id: optId,
  option_id: optId,
  role_id: optId,
  work_years: z.unknown().optional(),
});

/** One work of the save payload (spec 2 §3 Work payload), every §5 rule with its message. */
export const workInput = (now: Date) =>
  z
    .object({
      work_id: optId,
      company_id: optId,
      new_company: optText.pipe(z.string().max(L.companyNameMax, "experience.company_name").optional()),
      work_start: optText,
      // Omitted or null: currently working (spec 2 §4).
      work_finish: optText,
      workareas: z.array(workarea, { error: "experience.workareas_required" }).max(L.workareasPerWork, "validation.invalid").optional(),
    })
    .superRefine((w, ctx) => {
      if (!w.company_id && !w.new_company) ctx.addIssue({ code: "custom", path: ["company_id"], message: "experience.company_required" });
      if (w.new_company !== undefined && w.new_company.length === 1) ctx.addIssue({ code: "custom", path: ["new_company"], message: "experience.company_name" });
      const start = workDateProblem(w.work_start, now);
      if (start) ctx.addIssue({ code: "custom", path: ["work_start"], message: `experience.${start}` });
      // Omitted or null means currently working; an empty value is a missing end date.
      if (w.work_finish !== undefined) {
        const finish = workDateProblem(w.work_finish, now);
        if (finish) ctx.addIssue({ code: "custom", path: ["work_finish"], message: `experience.${finish}` });
        else if (!start && parseDay(w.work_finish)!.getTime() < parseDay(w.work_start)!.getTime()) {
          ctx.addIssue({ code: "custom", path: ["work_finish"], message: "experience.finish_before_start" });
        }
      }
      // An untouched row (the empty row the modal keeps) is not a workarea.
      const rows = (w.workareas ?? []).filter((a) => a.industry_id || a.option_id || a.role_id);
      if (!rows.length || rows.some((a) => !a.industry_id || !a.option_id)) ctx.addIssue({ code: "custom", path: ["workareas"], message: "experience.workareas_required" });
      if (rows.some((a) => !a.role_id) || !rows.length) ctx.addIssue({ code: "custom", path: ["role_id"], message: "experience.role_required" });
    })
    .transform((w) => {
      // spec 2 §4: duplicate industry and function pairs are dropped.
      const seen = new Set<string>();
      const workareas = (w.workareas ?? [])
        .filter((a) => a.industry_id && a.option_id && a.role_id)
        .filter((a) => {
          const key = specializationKey(a.industry_id!, a.option_id!);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((a) => ({ industry_id: a.industry_id!, option_id: a.option_id!, role_id: a.role_id! }));
      return { work_id: w.work_id, company_id: w.company_id, new_company: w.company_id ? undefined : w.new_company, work_start: w.work_start!, work_finish: w.work_finish || null, workareas };
    });

export const worksSave = (now: Date) =>
  z.object({ works: z.array(workInput(now), { error: "validation.invalid" }).min(1, "validation.invalid").max(L.worksPerSave, "validation.invalid") });
export type WorkInput = z.output<ReturnType<typeof workInput>>;

export const nameSearch = z.object({ name: z.string({ error: "validation.invalid" }).trim().max(200, "validation.invalid").optional() });

export const newCompany = z.object({
  name: z.string({ error: (i) => (i.input === undefined ? "experience.company_required" : "validation.invalid") }).trim().min(2, "experience.company_name").max(L.companyNameMax, "experience.company_name"),
});

export const expertisesSave = z.object({
  expertises: z.object(
    {
      items: z.array(z.object({ expertise_id: idField }), { error: "validation.invalid" }).max(L.expertisesPerSave, "experience.expertises_limit").optional().default([]),
      new_items: z
        .array(z.object({ name: z.string({ error: "experience.expertise_name" }).trim().min(2, "experience.expertise_name").max(L.expertiseNameMax, "experience.expertise_name") }), { error: "validation.invalid" })
        .max(L.expertisesPerSave, "experience.expertises_limit")
        .optional()
        .default([]),
    },
    { error: "experience.expertises_required" },
  ),
});

/** POST /api/user/profile/expertises/confirm (spec 2 §3 Competence confirmation, §5 rules). */
export const confirmInput = (now: Date, hasFiles: boolean) => {
  const range = studyYearRange(now);
  return z
    .object({
      confirm_type: z.enum(["institution", "publication"], { error: "experience.confirm_type" }),
      expertise_id: idField,
      description: optText.pipe(z.string().max(L.titleMax, "experience.title_max").optional()),
      study_finish: optText,
      institution_id: optId,
      new_institution: optText.pipe(z.string().max(L.companyNameMax, "experience.institution_required").optional()),
      link: optText.pipe(z.string().max(L.linkMax, "experience.link_invalid").optional()),
    })
    .superRefine((c, ctx) => {
      if (c.confirm_type === "institution") {
        if (!c.institution_id && (!c.new_institution || c.new_institution.length < 2)) ctx.addIssue({ code: "custom", path: ["institution_id"], message: "experience.institution_required" });
        const year = /^(\d{4})(-01-01)?$/.exec(c.study_finish ?? "");
        const y = year ? Number(year[1]) : NaN;
        if (!(y >= range.from && y <= range.to)) ctx.addIssue({ code: "custom", path: ["study_finish"], message: "experience.study_year" });
      } else {
        // spec 2 §5: link and title required unless a file is attached.
        if (!hasFiles && !c.link) ctx.addIssue({ code: "custom", path: ["link"], message: "experience.required" });
        if (c.link && !isValidLink(c.link)) ctx.addIssue({ code: "custom", path: ["link"], message: "experience.link_invalid" });
        if (!hasFiles && !c.description) ctx.addIssue({ code: "custom", path: ["description"], message: "experience.required" });
      }
    })
    .transform((c) => ({ ...c, study_finish: c.study_finish ? `${c.study_finish.slice(0, 4)}-01-01` : null, range }));
};

/**
 * parseInput for this area: its messages live in the `experience` namespace of the server texts, and
 * the year messages carry the year range (spec 2 §5).
 */
export const parseExperience = <S extends z.ZodType>(schema: S, input: unknown, params: Record<string, unknown> = {}): z.output<S> =>
  parseInput(schema, input, { params });
