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
} as const;

export const NAME_PATTERN = /^[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*-?$/;
export const NAME_PATTERN_HTML = "[A-Za-zА-Яа-яЁё\\-]+";
export const PASSWORD_CHARS = /^[A-Za-z0-9_*@!#]+$/;
/** Digits, spaces, brackets, hyphen and plus: the inputs' `pattern` and, anchored, the server's check. */
export const PHONE_PATTERN_HTML = "[0-9\\s\\(\\)+\\-]+";
export const PHONE_CHARS = new RegExp(`^${PHONE_PATTERN_HTML}$`);
// A practical address check: one @, a dot in the domain, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
