/**
 * The lengths of a person's name, phone, e-mail and password (spec 1 §5, §9): part of LIMITS (./limits.ts),
 * and a module of their own so that a page needing only these (the profile's contacts form) does not load
 * every other limit with them (docs/decisions/0040).
 */
export const FIELD_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  phoneMax: 25,
  nameMax: 30,
  emailMax: 254,
} as const;
