/**
 * The work-experience, specialization and competence rules of spec 2 that need no zod: pure, so the
 * pages (hints, the month select), the server and the unit tests share them (docs/decisions/0005).
 */
import { LIMITS } from "../limits";
import { roundRating, wilsonScore } from "../reputation/score";

export const EXPERIENCE_LIMITS = {
  workYearMin: 1950,
  /** spec 2 §9: graduation year from the current year minus 50 to plus 5. */
  studyYearsBack: 50,
  studyYearsAhead: 5,
  companyNameMax: 200,
  expertiseNameMax: 100,
  titleMax: 200,
  linkMax: 2000,
  confirmationFiles: 5,
  fileBytes: LIMITS.fileBytes,
  worksPerSave: 10,
  workareasPerWork: 30,
  expertisesPerSave: 100,
  searchDebounceMs: 400,
} as const;

/** spec 2 §5: case attachment types, also those of a confirmation by document. */
export const CONFIRMATION_FILE_TYPES = ["jpg", "png", "pdf", "docx", "doc", "rtf", "pptx", "ppt", "msg"] as const;
export const CONFIRMATION_FILE_ACCEPT = ".jpg,.jpeg,.png,.pdf,.docx,.doc,.rtf,.pptx,.ppt,.msg";

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → UTC date, or null when it is not a real calendar date. */
export function parseDay(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/** The month select's value 'YYYY.MM.01' (spec 2 §3) as the payload's 'YYYY-MM-DD'. */
export const monthValueToDay = (value: string) => value.replace(/\./g, "-");
export const dayToMonthValue = (day: string) => day.slice(0, 10).replace(/-/g, ".");

/**
 * spec 2 §5: a work date is required, its year from 1950 to the current year and its month past (the
 * current month counts). Returns the message key, or null when the date is fine.
 */
export function workDateProblem(value: string | null | undefined, now: Date): "required" | "year_range" | "month_past" | null {
  if (!value || !value.trim()) return "required";
  const date = parseDay(value);
  if (!date) return "required";
  const year = date.getUTCFullYear();
  if (year < EXPERIENCE_LIMITS.workYearMin || year > now.getUTCFullYear()) return "year_range";
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  if (Date.UTC(year, date.getUTCMonth(), 1) > monthStart) return "month_past";
  return null;
}

/** spec 2 §3: work_years is the whole period in years, rounded over 365 days (to today while working). */
export function workYears(start: string, finish: string | null | undefined, now: Date): number {
  const from = parseDay(start);
  const to = finish ? parseDay(finish) : now;
  if (!from || !to) return 0;
  return Math.max(0, Math.round((to.getTime() - from.getTime()) / DAY_MS / 365));
}

/** spec 2 §9: the graduation year range, current year −50 … +5. */
export function studyYearRange(now: Date) {
  const y = now.getUTCFullYear();
  return { from: y - EXPERIENCE_LIMITS.studyYearsBack, to: y + EXPERIENCE_LIMITS.studyYearsAhead };
}

/** The months a work may start or end in, newest first, as the select's 'YYYY.MM.01' values. */
export function monthChoices(now: Date): { value: string; year: number; month: number }[] {
  const out: { value: string; year: number; month: number }[] = [];
  for (let y = now.getUTCFullYear(); y >= EXPERIENCE_LIMITS.workYearMin; y--) {
    const last = y === now.getUTCFullYear() ? now.getUTCMonth() + 1 : 12;
    for (let m = last; m >= 1; m--) out.push({ value: `${y}.${String(m).padStart(2, "0")}.01`, year: y, month: m });
  }
  return out;
}

/** A specialization item: one industry + sub-function pair of the workareas (spec 2 §3). */
export type SpecializationItem = {
  name: string;
  industry_id: number;
  option_id: number;
  companies: string[];
  roles: string[];
  years: number;
  rating: number;
  rating_count: number;
};

export type SpecializationGroup = {
  name: string;
  tribe: SpecializationItem[];
  companies: string[];
  roles: string[];
  years: number;
  rating: number;
  n_rating: number;
  industry_id: number[];
  option_id: number[];
};

const uniq = <T,>(list: T[]) => [...new Set(list)];

/**
 * spec 2 §3: items 'industry - function' grouped by the function after ' - ': companies and roles
 * merged, years summed, rating the rounded average over rated items; groups ordered best first by the
 * Wilson score of their rating and count (§9), then by years.
 */
export function groupSpecializations(items: SpecializationItem[]): SpecializationGroup[] {
  const groups = new Map<string, SpecializationGroup>();
  for (const item of items) {
    const fn = item.name.slice(item.name.indexOf(" - ") + 3);
    let g = groups.get(fn);
    if (!g) groups.set(fn, (g = { name: fn, tribe: [], companies: [], roles: [], years: 0, rating: 0, n_rating: 0, industry_id: [], option_id: [] }));
    g.tribe.push(item);
    g.companies = uniq([...g.companies, ...item.companies]);
    g.roles = uniq([...g.roles, ...item.roles]);
    g.years += item.years;
    g.n_rating += item.rating_count;
    g.industry_id = uniq([...g.industry_id, item.industry_id]);
    g.option_id = uniq([...g.option_id, item.option_id]);
  }
  for (const g of groups.values()) {
    const rated = g.tribe.filter((i) => i.rating_count > 0);
    g.rating = rated.length ? roundRating(rated.reduce((s, i) => s + i.rating, 0) / rated.length) : 0;
  }
  return [...groups.values()].sort((a, b) => wilsonScore(b.rating, b.n_rating) - wilsonScore(a.rating, a.n_rating) || b.years - a.years || byName.compare(a.name, b.name));
}

/** One 'industry - function' pair of the workareas as a key: duplicates, rated pairs (spec 2 §4, decision 0060). */
export const specializationKey = (industryId: number, optionId: number) => `${industryId}:${optionId}`;

/**
 * The rated specializations a work alone gives, by work (decision 0060): the 'industry:function' pairs that
 * have ratings and that no other work of the person gives. Deleting the work, or editing it so that it no
 * longer gives such a pair, takes that pair's line off the profile. The ratings themselves stay (they
 * count in the rating customers see) and show again once a work gives the pair again; the owner's
 * confirmation and the work modal say so. Works that hide nothing are left out.
 */
export function worksHidingRatings(
  works: { id: number; workareas: { industry: { id: number }; option: { id: number } }[] }[],
  groups: Pick<SpecializationGroup, "tribe">[],
): Record<number, string[]> {
  const rated = new Set(groups.flatMap((g) => g.tribe.filter((i) => i.rating_count > 0).map((i) => specializationKey(i.industry_id, i.option_id))));
  const givenBy = new Map<string, Set<number>>();
  for (const w of works)
    for (const a of w.workareas) {
      const key = specializationKey(a.industry.id, a.option.id);
      givenBy.set(key, (givenBy.get(key) ?? new Set()).add(w.id));
    }
  const out: Record<number, string[]> = {};
  for (const [key, ids] of givenBy)
    if (rated.has(key) && ids.size === 1) {
      const [id] = ids;
      (out[id!] ??= []).push(key);
    }
  return out;
}

/** One collator for every comparison: `localeCompare` builds a new one on each call (costly in a Worker). */
const byName = new Intl.Collator("ru");
