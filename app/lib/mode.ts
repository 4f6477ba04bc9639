/**
 * The user mode (spec 1 §4): customer or executor, customer when unset, switchable at any time. It is
 * kept on the device in the `mode` cookie, so the server renders the right menus
 * (docs/decisions/0010-shell-and-promo.md). Not HttpOnly: a page may set it without a round trip.
 */
export const MODES = ["customer", "executor"] as const;
export type Mode = (typeof MODES)[number];
export const MODE_COOKIE = "mode";
export const DEFAULT_MODE: Mode = "customer";

export function toMode(value: unknown): Mode {
  return value === "executor" ? "executor" : DEFAULT_MODE;
}

/** The cookie's attributes: a year, the whole site (the server adds `Secure` in production). */
export const MODE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * Where the switch leads (spec 1 §2): on the request-add and profile pages customer mode goes to the
 * request page and expert mode to the profile; on the my-projects pages each mode has its own list;
 * anywhere else the page stays.
 */
export function pageForMode(path: string, mode: Mode) {
  const pathname = path.split(/[?#]/)[0]!;
  if (pathname === "/request-add" || pathname === "/profile" || pathname.startsWith("/profile/")) return mode === "executor" ? "/profile/information" : "/request-add";
  if (pathname === "/projects" || pathname.startsWith("/projects/")) return mode === "executor" ? "/projects/response" : "/projects/request";
  return path;
}
