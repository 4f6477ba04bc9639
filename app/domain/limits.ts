/**
 * Shared limits and patterns (spec 1 §5, §9), without zod: pages import them for HTML constraints and
 * counters, and zod must not reach the browser (docs/decisions/0005-validation-in-the-browser.md).
 */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  phoneMax: 25,
  nameMax: 30,
  emailMax: 254,
  textareaMax: 300,
  /** Files must be under 50 MB (spec 2 §5: "under 50 MB (52428800 bytes)"): resumes, attachments, confirmations. */
  fileBytes: 52_428_800,
  registrationFiles: 5,
  registrationIndustries: 11,
  profileIndustries: 100,
  profileOptions: 100,
} as const;

export const NAME_PATTERN = /^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*-?$/;
export const NAME_PATTERN_HTML = "[A-Za-zА-Яа-яЁё\\-]+";
export const PASSWORD_CHARS = /^[A-Za-z0-9_*@!#]+$/;
/** Digits, spaces, brackets, hyphen and plus: the inputs' `pattern` and, anchored, the server's check. */
export const PHONE_PATTERN_HTML = "[0-9\\s\\(\\)+\\-]+";
export const PHONE_CHARS = new RegExp(`^${PHONE_PATTERN_HTML}$`);
// A practical address check: one @, a dot in the domain, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Services (spec 3 §5, §9): the wizard's limits and ranges, in whole rubles and hours. Income steps by its
 * pay format, hours range by the workload format (default per_week); the company budget steps by 500.
 */
export const SERVICE_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  maturityMax: 100,
  teamMax: 10,
  expertisesMax: 10,
  companiesMax: 10,
  industriesMax: 10,
  /** Distinct industries among the specializations. */
  specializationIndustriesMax: 5,
  specializationsMax: 50,
  optionsMax: 50,
  newNameMax: 100,
  /** Default income and budget (spec 3 §9). */
  defaultAmount: 1000,
  income: { per_month: { min: 1000, max: 2_000_000_000, step: 1000 }, per_hour: { min: 1000, max: 2_000_000_000, step: 500 } },
  budget: { min: 1000, max: 2_000_000_000, step: 500 },
  hours: { per_day: { min: 1, max: 24 }, per_week: { min: 1, max: 60 }, per_month: { min: 1, max: 720 } },
  /** The new employee (spec 3 §5). */
  directionYears: { min: 1, max: 50 },
  projects: { min: 1, max: 100 },
  /** Progress of the wizard per step (spec 3 §9), percent. */
  progressStep: { company: 20, individual: 25 },
  /** GET /api/user/search for a team: at most this many people. */
  userSearchResults: 10,
} as const;
