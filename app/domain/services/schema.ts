import type { CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { PAY_FORMATS, SERVICE_FORMATS, SERVICE_MEMBER_TYPES, WORKLOAD_FORMATS, type PayFormat, type ServiceFormat, type ServiceMemberType, type ServiceStatus, type WorkloadFormat } from "../../../db/schema/services";
import { SERVICE_LIMITS as L } from "../limits";
import { emailField, flag, idField, LIMITS, NAME_PATTERN, parseInput, personNameField, phoneField, type ParseOptions, typedAmount } from "../validation";

/**
 * The services' inputs (spec 3 §3 'Service submit payload', 'Invite user'; §5 rules with their texts;
 * §9 ranges). Messages are keys of the `service` namespace of app/locales/ru.server.ts (`service.v.*`)
 * beside the shared `validation.*` ones. Bodies come as JSON or as multipart fields (`key[i]`,
 * `key[i][field]`), so numbers and flags are coerced.
 */

/** '', null and absent are "not given". */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optId = z.preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), idField.optional());

/** A list of ids; a lone value (a form with one field) counts as a list of one. */
const ids = (max: number, maxMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "object" ? Object.values(v as object) : [v]),
    z.array(idField, { error: "validation.invalid" }).max(max, maxMessage),
  );
const list = <T extends z.ZodType>(item: T, max: number, maxMessage: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "object" ? Object.values(v as object) : v), z.array(item, { error: "validation.invalid" }).max(max, maxMessage));

/** A whole number in rubles or hours ("150 000" as typed), or undefined when absent or blank (the rules say which are required). */
const amount = typedAmount(z.number({ error: "validation.invalid" }).int("validation.invalid").optional());

const text = (required: string, max: number, maxMessage: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? required : "validation.invalid") })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, maxMessage);

const newName = z
  .string({ error: "service.v.new_name" })
  .trim()
  .min(2, "service.v.new_name")
  .max(L.newNameMax, "service.v.new_name")
  .transform((v) => v.replace(/\s+/g, " "));

export const serviceMemberInput = z.object({
  id: idField,
  type: z.preprocess((v) => (v === undefined || v === "" ? "user" : v), z.enum(SERVICE_MEMBER_TYPES, { error: "validation.invalid" })),
});
export type ServiceMemberInput = z.output<typeof serviceMemberInput>;

export const specializationInput = z.object({ industry_id: idField, option_id: idField });

/** The message keys of a value out of its range: one per range, so each interpolates its own bounds. */
export const RANGE_MESSAGE = {
  budget: "service.v.range_budget",
  income: { per_month: "service.v.range_income_per_month", per_hour: "service.v.range_income_per_hour" },
  hours: { per_day: "service.v.range_hours_per_day", per_week: "service.v.range_hours_per_week", per_month: "service.v.range_hours_per_month" },
} as const;
export const STEP_MESSAGE = {
  budget: "service.v.step_budget",
  income: { per_month: "service.v.step_income_per_month", per_hour: "service.v.step_income_per_hour" },
} as const;

/** The bounds every range and step message interpolates (passed to parseInput as `params`). */
export const SERVICE_MESSAGE_PARAMS = {
  budgetMin: L.budget.min,
  budgetMax: L.budget.max,
  budgetStep: L.budget.step,
  incomePerMonthMin: L.income.per_month.min,
  incomePerMonthMax: L.income.per_month.max,
  incomePerMonthStep: L.income.per_month.step,
  incomePerHourMin: L.income.per_hour.min,
  incomePerHourMax: L.income.per_hour.max,
  incomePerHourStep: L.income.per_hour.step,
  hoursPerDayMin: L.hours.per_day.min,
  hoursPerDayMax: L.hours.per_day.max,
  hoursPerWeekMin: L.hours.per_week.min,
  hoursPerWeekMax: L.hours.per_week.max,
  hoursPerMonthMin: L.hours.per_month.min,
  hoursPerMonthMax: L.hours.per_month.max,
  teamMax: L.teamMax,
  expertisesMax: L.expertisesMax,
  companiesMax: L.companiesMax,
  specializationIndustriesMax: L.specializationIndustriesMax,
  nameMax: L.nameMax,
  descriptionMax: L.descriptionMax,
  directionYearsMin: L.directionYears.min,
  directionYearsMax: L.directionYears.max,
  projectsMin: L.projects.min,
  projectsMax: L.projects.max,
} as const;

/**
 * The service submit payload (POST /api/service, POST /api/service/{id}) with every rule of spec 3 §5.
 * A company adds the team (`users`), `budget` and `performer_type`; an individual adds `income`, `hours`,
 * `workload_format` (default per_week) and `pay_format` (default per_month). Fields of the other format
 * are ignored.
 */
export const serviceInput = z
  .object({
    name: text("service.v.name_required", L.nameMax, "service.v.name_max"),
    format: z.enum(SERVICE_FORMATS, { error: "service.v.format_required" }),
    performer_type: z.preprocess(blank, z.enum(SERVICE_FORMATS, { error: "validation.invalid" }).optional()),
    description: text("service.v.description_required", L.descriptionMax, "service.v.description_max"),
    maturity: z.preprocess((v) => (typeof v === "number" ? String(v) : blank(v)), z.string({ error: "validation.invalid" }).trim().max(L.maturityMax, "validation.invalid").optional()),
    /** The service type's id (spec 3 §3: `type`). */
    type: z.preprocess(blank, idField.optional()),
    industries: ids(L.industriesMax, "service.v.industries_max"),
    options: ids(L.optionsMax, "validation.invalid"),
    new_options: list(z.object({ name: newName, parent_id: optId }), L.optionsMax, "validation.invalid"),
    expertises: ids(L.expertisesMax, "service.v.expertises_max"),
    specializations: list(specializationInput, L.specializationsMax, "validation.invalid"),
    companies: ids(L.companiesMax, "service.v.companies_max"),
    new_companies: list(z.object({ name: newName }), L.companiesMax, "service.v.companies_max"),
    users: list(serviceMemberInput, L.teamMax, "service.v.team_max"),
    budget: amount,
    income: amount,
    hours: amount,
    workload_format: z.preprocess((v) => blank(v) ?? "per_week", z.enum(WORKLOAD_FORMATS, { error: "validation.invalid" })),
    pay_format: z.preprocess((v) => blank(v) ?? "per_month", z.enum(PAY_FORMATS, { error: "validation.invalid" })),
    /**
     * When the owner's form was loaded (the edit page sends it): a member who refused since then is not put
     * back in the team by this save of the older form (decision 0071).
     */
    team_since: z.preprocess(blank, z.iso.datetime({ error: "validation.invalid" }).optional()),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.type) issue("type", "service.v.type_required");
    if (!v.options.length && !v.new_options.length) issue("options", "service.v.options_required");
    if (new Set(v.specializations.map((s) => s.industry_id)).size > L.specializationIndustriesMax) issue("specializations", "service.v.specializations_max");
    if (v.companies.length + v.new_companies.length > L.companiesMax) issue("companies", "service.v.companies_max");
    if (v.format === "company") {
      if (v.budget === undefined) issue("budget", "service.v.budget_required");
      else if (v.budget < L.budget.min || v.budget > L.budget.max) issue("budget", RANGE_MESSAGE.budget);
      else if (v.budget % L.budget.step) issue("budget", STEP_MESSAGE.budget);
    } else {
      const pay = v.pay_format as PayFormat;
      const range = L.income[pay];
      if (v.income === undefined) issue("income", "service.v.income_required");
      else if (v.income < range.min || v.income > range.max) issue("income", RANGE_MESSAGE.income[pay]);
      else if (v.income % range.step) issue("income", STEP_MESSAGE.income[pay]);
      const load = v.workload_format as WorkloadFormat;
      const hours = L.hours[load];
      if (v.hours === undefined) issue("hours", "service.v.hours_required");
      else if (v.hours < hours.min || v.hours > hours.max) issue("hours", RANGE_MESSAGE.hours[load]);
    }
  })
  .transform((v) => {
    const company = v.format === "company";
    const uniq = (xs: number[]) => [...new Set(xs)];
    const seenMember = new Set<string>();
    const seenSpec = new Set<string>();
    return {
      name: v.name,
      format: v.format,
      performerType: (company ? (v.performer_type ?? "company") : "individual") as ServiceFormat,
      description: v.description,
      maturity: v.maturity || null,
      serviceTypeId: v.type!,
      industries: uniq(v.industries),
      options: uniq(v.options),
      newOptions: v.new_options,
      expertises: uniq(v.expertises),
      specializations: v.specializations.filter((s) => !seenSpec.has(`${s.industry_id}:${s.option_id}`) && !!seenSpec.add(`${s.industry_id}:${s.option_id}`)),
      companies: uniq(v.companies),
      newCompanies: v.new_companies,
      users: company ? v.users.filter((u) => !seenMember.has(`${u.type}:${u.id}`) && !!seenMember.add(`${u.type}:${u.id}`)) : [],
      budget: company ? v.budget! : null,
      income: company ? null : v.income!,
      hours: company ? null : v.hours!,
      workloadFormat: v.workload_format as WorkloadFormat,
      payFormat: company ? null : (v.pay_format as PayFormat),
      teamSince: v.team_since ? new Date(v.team_since).toISOString() : null,
    };
  });
export type ServiceInput = z.output<typeof serviceInput>;

/** POST /api/service/participate: `isParticipate` 1 accepts, 0 refuses (or leaves the team). */
export const participateInput = z.object({
  service_id: idField,
  isParticipate: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : v),
    z.union([z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.boolean(), z.literal("true"), z.literal("false")], { error: "validation.invalid" }),
  ).transform((v) => v === 1 || v === "1" || v === true || v === "true"),
});
export type ParticipateInput = z.output<typeof participateInput>;

/** GET /api/service/team-search?search=: the team modal's person search. */
export const teamSearchQuery = z.object({
  search: z.string({ error: "validation.invalid" }).trim().max(100, "validation.search_max").optional().default(""),
  /** `colleagues`: only the people the caller may name in a response's team (decision 0064). */
  scope: z.enum(["all", "colleagues"], { error: "validation.invalid" }).optional().default("all"),
});

/** GET /api/service: `active=1` lists only the caller's active services (the response form's picker). */
export const myServicesQuery = z.object({ active: flag });

/** GET /api/service/expertises: the competences of these users, of a service's team, or of one user. */
export const serviceExpertisesQuery = z.object({
  users: ids(L.teamMax + 1, "service.v.team_max"),
  service: optId,
  user: optId,
});
export type ServiceExpertisesQuery = z.output<typeof serviceExpertisesQuery>;

const optionalName = z.preprocess(
  blank,
  z.string({ error: "validation.invalid" }).trim().max(LIMITS.nameMax, { error: "validation.name_max", abort: true }).regex(NAME_PATTERN, "validation.name_letters").optional(),
);

/** A required whole number in a range with its own texts (spec 3 §5 'New employee'). */
const boundedInt = (required: string, range: { min: number; max: number }, minMessage: string, maxMessage: string) =>
  amount.pipe(z.number({ error: required }).min(range.min, minMessage).max(range.max, maxMessage));

/**
 * The new employee of a company team (spec 3 §3 'Invite user', §5 'New employee'), sent to
 * POST /api/invite: it answers the registration link, and the invite's id goes into the service's
 * `users` as `{id, type: 'invited'}`.
 */
export const newEmployeeInput = (country: CountryCode = "RU") =>
  z.object({
    name: personNameField("validation.name_required"),
    lastName: personNameField("validation.last_name_required"),
    patronymic: optionalName,
    email: emailField(),
    phone: phoneField(country),
    direction_years: boundedInt("service.v.direction_years_required", L.directionYears, "service.v.direction_years_min", "service.v.direction_years_max"),
    projects: boundedInt("service.v.projects_required", L.projects, "service.v.projects_min", "service.v.projects_max"),
  });
export type NewEmployeeInput = z.output<ReturnType<typeof newEmployeeInput>>;

/** A new-employee payload, told from the invitation of document 2 (which names an `expert_type`). */
export const isNewEmployeePayload = (raw: unknown) =>
  !!raw && typeof raw === "object" && !("expert_type" in raw) && ("direction_years" in raw || "projects" in raw);

/** parseInput for this area, with the bounds its range messages interpolate. */
export const parseService = <S extends z.ZodType>(schema: S, input: unknown, opts: Omit<ParseOptions, "params"> = {}): z.output<S> =>
  parseInput(schema, input, { ...opts, params: SERVICE_MESSAGE_PARAMS });

// ---------------------------------------------------------------------------------------------------
// What the calls answer (spec 3 §3 'Service', 'Team member', 'Service type').

export type Named = { id: number; name: string };

export type ServiceMemberView = {
  /** The user's id, or the invitation's for an `invited` member. */
  id: number;
  type: ServiceMemberType;
  name: string;
  photo: string | null;
  rating: number | null;
  /** Asked and not answered yet (shown to everyone but the member himself, spec 3 §4). */
  need_approve: boolean;
  user_company: { name: string | null };
};

export type ServiceView = {
  id: number;
  name: string;
  format: ServiceFormat;
  performer_type: ServiceFormat;
  /** The service type's id (the submit payload's `type`) and the type itself. */
  type: number;
  service_type_id: number;
  service_type: { id: number; name: string; type: string } | null;
  description: string;
  maturity: string | null;
  industries: Named[];
  options: (Named & { parent_id: number | null; status: string })[];
  expertises: (Named & { expertise_id: number })[];
  specializations: { industry_id: number; option_id: number; industry_name: string; option_name: string; name: string }[];
  companies: (Named & { status: string })[];
  users: ServiceMemberView[];
  users_count: number;
  budget: number | null;
  income: number | null;
  hours: number | null;
  workload_format: WorkloadFormat;
  pay_format: PayFormat | null;
  status: ServiceStatus;
  /** The operator's reason, shown to the owner only. */
  reject_reason: string | null;
  hidden: boolean;
  /** Average of the service's ratings (null without any) and their number. */
  rating: number | null;
  rating_count: number;
  user_id: number;
  user_name: string;
  /** The owner's current company (the company of his current work), if any. */
  company: { name: string | null };
  created_at: string;
  update_at: string;
  /** The caller's own relation to the service. */
  is_owner: boolean;
  /** The caller is a team member who has not answered yet. */
  need_approve: boolean;
  is_member: boolean;
  /** What the caller may do (spec 3 §6): the pages show the buttons from here. */
  can: { edit: boolean; delete: boolean; hide: boolean; estimate: boolean; participate: boolean; refuse: boolean };
};

/** GET /api/service: the caller's services grouped as the /services page shows them (spec 3 §2). */
export type MyServices = {
  /** Not hidden, format individual ('От себя'). */
  individual: ServiceView[];
  /** Not hidden, format company ('От компании'), including the services where the caller is a member. */
  company: ServiceView[];
  /** Status not_active, the most recently updated first. */
  hidden: ServiceView[];
  /** Everything above in one list, newest change first. */
  data: ServiceView[];
};

export type ServiceTypeView = { id: number; name: string; type: string; durations: Named[]; fee: number; is_rounded_up: boolean; round_base: number };
export type ServiceExpertiseView = { id: number; expertise_id: number; name: string; rating: number | null; rating_count: number };
export type ServiceSpecializationView = ServiceView["specializations"][number];
export type UserSearchItem = { id: number; name: string; photo: string | null; rating: number; user_company: { name: string | null } };
