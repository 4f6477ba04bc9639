/**
 * Limits of the communities directory (spec 3 §2, §9), without zod, so that the pages can import them for
 * HTML constraints and the search's delay (docs/decisions/0005-validation-in-the-browser.md).
 */
export const COMMUNITY_LIMITS = {
  /** spec 3 §9: communities per page. */
  perPage: 5,
  perPageMax: 50,
  pageMax: 10_000,
  searchMax: 100,
  /** spec 3 §9: searches wait 400 ms after the last key. */
  debounceMs: 400,
} as const;

/** The tabs of /community and the `type` of GET /api/user/communities (spec 3 §2). */
export const COMMUNITY_TABS = [
  { type: "tribe", path: "/community/industry-functions", labelKey: "community.industryFunctions" },
  { type: "option", path: "/community/functions", labelKey: "community.functions" },
  { type: "alumni", path: "/community/alumni", labelKey: "community.alumni" },
] as const;
export type CommunityType = (typeof COMMUNITY_TABS)[number]["type"];
