/**
 * Limits of recommendations and ratings by link (spec 2 §5, §9), without zod, so that the pages can
 * import them for hints and HTML constraints (docs/decisions/0005-validation-in-the-browser.md).
 */
export const REC_LIMITS = {
  /** Specializations chosen in one request dialog (spec 2 §5: "up to 5 specializations"). */
  maxTribes: 5,
  /** Everything chosen in one dialog, competences and services with the specializations: a guard on its size. */
  maxSubjects: 20,
  /** People asked in one request dialog. */
  maxRaters: 10,
  commentMax: 300,
  ratingMin: 1,
  ratingMax: 5,
  pageSize: 7,
  /** Person search starts above 1 character, the new-person mode above 2 (spec 2 §9). */
  searchMin: 2,
  newPersonMin: 3,
  searchMax: 100,
  debounceMs: 400,
  searchResults: 20,
  /** A reminder at most once per this many hours (docs/decisions/0016-recommendations.md). */
  remindCooldownHours: 24,
} as const;

/** What a rating is about. Services come with the services issue: the pages offer tribe and expertise only. */
export const REQUEST_SECTIONS = ["tribe", "expertise", "service"] as const;
export type RequestSection = (typeof REQUEST_SECTIONS)[number];
