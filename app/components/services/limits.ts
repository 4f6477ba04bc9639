/**
 * The limits the service pages show as hints and HTML constraints (spec 3 §5, §9). TEMPORARY: replaced by
 * the domain's limits module once the svc-core contract lands (the rules are checked there).
 */
export const SVC = {
  nameMax: 100,
  descriptionMax: 1000,
  industriesMax: 10,
  specializationIndustriesMax: 5,
  teamMax: 10,
  expertisesMax: 10,
  companiesMax: 10,
  money: { min: 1000, max: 2_000_000_000, stepPerMonth: 1000, stepPerHour: 500, stepBudget: 500, default: 1000 },
  hours: { per_day: { min: 1, max: 24 }, per_week: { min: 1, max: 60 }, per_month: { min: 1, max: 720 } },
  directionYears: { min: 1, max: 50 },
  projects: { min: 1, max: 100 },
  progressStep: { company: 20, individual: 25 },
  debounceMs: 400,
  searchMin: 2,
} as const;
export type WorkloadFormat = keyof typeof SVC.hours;
export const WORKLOAD_FORMATS = Object.keys(SVC.hours) as WorkloadFormat[];
export const PAY_FORMATS = ["per_month", "per_hour"] as const;
