/**
 * Shared limits and patterns (spec 1 §5, §9), without zod: pages import them for HTML constraints and
 * counters, and zod must not reach the browser (docs/decisions/0005-validation-in-the-browser.md).
 */
import { FIELD_LIMITS } from "./field-limits";

export { FIELD_LIMITS };

export const LIMITS = {
  ...FIELD_LIMITS,
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

const NAME_BODY = "[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*-?";
/** A name, trimmed (spec 1 §5): letters, words joined by single hyphens. */
export const NAME_PATTERN = new RegExp(`^${NAME_BODY}$`);
/** The same rule as an input's `pattern`, which the browser checks untrimmed: spaces around are the server's to trim. */
export const NAME_PATTERN_HTML = `\\s*${NAME_BODY}\\s*`;
export const PASSWORD_CHARS = /^[A-Za-z0-9_*@!#]+$/;
/** Digits, spaces, brackets, hyphen and plus: the inputs' `pattern` and, anchored, the server's check. */
export const PHONE_PATTERN_HTML = "[0-9\\s\\(\\)+\\-]+";
export const PHONE_CHARS = new RegExp(`^${PHONE_PATTERN_HTML}$`);
// A practical address check: one @, a dot in the domain, no spaces.
const EMAIL_BODY = "[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}";
export const EMAIL_PATTERN = new RegExp(`^${EMAIL_BODY}$`);
/** The same check as an input's `pattern` (spaces around are the server's to trim). */
export const EMAIL_PATTERN_HTML = `\\s*${EMAIL_BODY}\\s*`;

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
export const EXTENSION_DAYS: readonly number[] = /* @__PURE__ */ Array.from({ length: 30 }, (_, i) => i + 1).filter((d) => d !== 20);

/**
 * Direct uploads (docs/decisions/0032-direct-uploads.md): the presigned PUT lives 10 minutes; an upload can be
 * claimed for 23 hours and is swept with its object after 24 (the hour between keeps the sweep away from a
 * claim in flight). The content check reads the first 256 KB; a user starts at most 60 uploads an hour and
 * 2 GB a day (weighted by megabytes), so the bucket cannot be filled through the page.
 */
export const UPLOAD_LIMITS = {
  putSeconds: 600,
  claimHours: 23,
  sweepHours: 24,
  sniffBytes: 256 * 1024,
  nameMax: 200,
  perHour: 60,
  megabytesPerDay: 2048,
  /** A response's files (spec 3 §5 Response: max 5, each under 50 MB, any type). */
  respondFilesMax: 5,
} as const;

/** Accept list of the request's file input (the server checks the content). */
export const DEMAND_FILE_ACCEPT = ".jpg,.jpeg,.png,.pdf,.docx,.doc,.rtf,.pptx,.ppt,.msg";
/** The same as extensions (jpeg read as jpg), for the page's check before a direct upload. */
export const DEMAND_FILE_EXTENSIONS: readonly string[] = ["jpg", "png", "pdf", "docx", "doc", "rtf", "pptx", "ppt", "msg"];
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

/** Responses (spec 3 §5 Response, §9; README "Responses"). */
export const RESPOND_LIMITS = {
  salaryMin: 0,
  salaryMax: 2_000_000_000,
  descriptionMax: 2000,
  servicesMin: 1,
  servicesMax: 3,
  teamMax: 20,
  companiesMax: 10,
  filesMax: 5,
  /** Each file under 50 MB (52428800 bytes); any type. */
  fileBytes: LIMITS.fileBytes,
  /** Not in the spec: a bound on what one response can name, so a body cannot list thousands. */
  casesMax: 50,
  expertisesMax: 100,
  optionsMax: 100,
  defaultTaxId: 1,
  perPage: 20,
} as const;

/** Project ratings (spec 3 §5 Rating, §9): a score of 1 to 5 and a required comment of at most 300 characters. */
export const PROJECT_RATING_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  commentMax: 300,
  /** Items of one member's rating (his competences and specializations): a guard on the body, not a rule of the spec. */
  itemsMax: 100,
  /** Ratings one DELETE /api/rating may name. */
  deleteMax: 100,
} as const;

/** Request management (spec 3 §2, §4): how many responses one shortlist may choose at once. */
export const PROJECT_LIMITS = {
  shortlistMax: 100,
} as const;

/**
 * The operator's content (issue 15; the rules: admin/content-schema.ts): FAQ groups and questions in both
 * languages, the footer and support contacts, the landing's figures, communities. Generous but bounded: a
 * body cannot fill D1. Here, not beside the schema: the console's pages use them, and zod must stay out of
 * the browser (the schema module brought 30 KB gzip of it to /admin/content/*, decision 0040).
 */
export const CONTENT_LIMITS = { groupName: 100, question: 300, answer: 5000, link: 300, code: 20, socialServices: 10, figure: 12, communityName: 200, sort: 10_000 } as const;

/** The longest promo interval an operator may set (spec 1 §9, /admin/settings): a year, in minutes. */
export const PROMO_INTERVAL_MAX = 525_600;
