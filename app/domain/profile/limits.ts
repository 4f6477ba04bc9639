/**
 * Profile limits (spec 2 §5, §9) without zod, for the pages' hints and HTML constraints; the rules
 * themselves are in ./schema.ts and ./profile.server.ts (docs/decisions/0005).
 */
export const PROFILE_LIMITS = {
  statusMax: 300,
  industries: 100,
  options: 100,
  /** spec 2 §5: an avatar under 20 MB; one of exactly 20 MB is refused. */
  avatarBytes: 20 * 1024 * 1024,
  /** The cropped avatar's longest side (spec 2 §5: downscaled to about 1920 px). */
  avatarPx: 1920,
  /** spec 2 §5: PNG "quality 0.75" (PNG is lossless; the browser ignores the value, kept as the spec says). */
  avatarQuality: 0.75,
  socialLinkMax: 300,
  optionNameMax: 100,
  /** spec 2 §4: industry save has a 5-second double-submit lock. */
  industrySaveLockMs: 5000,
} as const;

/** spec 2 §3: a custom function's temporary id, from -10 downwards; -10 also names the 'Другое' group. */
export const MODERATION_GROUP_ID = -10;

export const COUNCIL_STATUSES = ["moderation", "active", "rejected"] as const;
export type CouncilStatus = (typeof COUNCIL_STATUSES)[number];
