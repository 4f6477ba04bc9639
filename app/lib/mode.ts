/**
 * The user mode (spec 1 §4): customer or executor, customer when unset, switchable at any time. It is
 * kept on the device in the `mode` cookie, so the server renders the right menus and the landing in the
 * right mode on the first byte (docs/decisions/0011-shell-and-promo.md). Not HttpOnly: a page (the landing's
 * toggle) may set it without a round trip. It is a preference, not a secret.
 */
export const MODES = ["customer", "executor"] as const;
export type Mode = (typeof MODES)[number];
export const MODE_COOKIE = "mode";
export const DEFAULT_MODE: Mode = "customer";

/** The cookie's lifetime: a year, the whole site (`Secure` added in production). */
export const MODE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** One of the two modes, or null for anything else (a query, a cookie). */
export function parseMode(value: unknown): Mode | null {
  return value === "customer" || value === "executor" ? value : null;
}

/** One of the two modes, customer for anything else. */
export function toMode(value: unknown): Mode {
  return parseMode(value) ?? DEFAULT_MODE;
}

/** The mode named by a Cookie header, or null. */
export function readModeCookie(cookieHeader: string | null | undefined): Mode | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === MODE_COOKIE) return parseMode(rest.join("="));
  }
  return null;
}

/** A Set-Cookie value (server) or a `document.cookie` assignment (browser) keeping the mode a year. */
export function modeCookieValue(mode: Mode, secure: boolean) {
  return `${MODE_COOKIE}=${mode}; Path=/; Max-Age=${MODE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

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
