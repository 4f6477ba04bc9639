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
  /** The operator console (issue 15): a decision's reason, a bulk decision's items, a queue's page. */
  decisionReason: 500,
  bulkDecisions: 100,
  queuePage: 25,
  /** The console's users (issue 15): a block's reason, a search's page. */
  blockReason: 500,
  usersPage: 25,
} as const;

export const NAME_PATTERN = /^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*-?$/;
export const NAME_PATTERN_HTML = "[A-Za-zА-Яа-яЁё\\-]+";
export const PASSWORD_CHARS = /^[A-Za-z0-9_*@!#]+$/;
/** Digits, spaces, brackets, hyphen and plus: the inputs' `pattern` and, anchored, the server's check. */
export const PHONE_PATTERN_HTML = "[0-9\\s\\(\\)+\\-]+";
export const PHONE_CHARS = new RegExp(`^${PHONE_PATTERN_HTML}$`);
// A practical address check: one @, a dot in the domain, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Requests (demands): spec 3 §5 Request and §9. */
export const DEMAND_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  industriesMax: 10,
  /** Not in the spec: a bound on what one request can list, so a body cannot name thousands. */
  optionsMax: 100,
  budgetMin: 1_000,
  budgetMax: 2_000_000_000,
  /** spec 3 §5: dd.MM.yyyy, year not above 2029. */
  deadlineYearMax: 2029,
  filesMax: 5,
  /** Each file under 50 MB (52428800 bytes). */
  fileBytes: LIMITS.fileBytes,
  /** spec README: the search runs 14 days from approval; restart 1–30 days without 20, default 10. */
  searchDays: 14,
  extensionMin: 1,
  extensionMax: 30,
  extensionDefault: 10,
  perPage: 3,
  /** spec 3 §9: default budget per type. */
  defaultBudget: { project: 30_000, consultation: 9_000 },
} as const;

/** spec 3 §9: the extension choices, 1 to 30 without 20. */
export const EXTENSION_DAYS: readonly number[] = Array.from({ length: 30 }, (_, i) => i + 1).filter((d) => d !== 20);

/** Accept list of the request's file input (the server checks the content). */
export const DEMAND_FILE_ACCEPT = ".jpg,.jpeg,.png,.pdf,.docx,.doc,.rtf,.pptx,.ppt,.msg";
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
