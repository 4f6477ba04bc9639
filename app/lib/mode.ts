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
 * The pages that belong to one role, whatever the device's mode: an expert's request page
 * (/response-request/{id}, reached from his invitations) is an executor page; the customer's request
 * management and completion pages are customer pages. Opening one switches the device's mode to it (the
 * page's loader keeps the cookie), so the header and the menus always name the role the page serves.
 */
export function routeMode(pathname: string): Mode | null {
  if (pathname.startsWith("/response-request/")) return "executor";
  if (pathname.startsWith("/request-list/") || pathname.startsWith("/complete-project/")) return "customer";
  return null;
}

/** Where each mode's work lives: its my-projects list. */
const MODE_HOME: Record<Mode, string> = { customer: "/projects/request", executor: "/projects/response" };

/**
 * Where the switch leads (spec 1 §2): on the request-add and profile pages customer mode goes to the
 * request page and expert mode to the profile; on the my-projects pages each mode has its own list; on a
 * page of one role (routeMode) the other mode goes to its own list; anywhere else the page stays.
 */
export function pageForMode(path: string, mode: Mode) {
  const pathname = path.split(/[?#]/)[0]!;
  if (pathname === "/request-add" || pathname === "/profile" || pathname.startsWith("/profile/")) return mode === "executor" ? "/profile/information" : "/request-add";
  if (pathname === "/projects" || pathname.startsWith("/projects/")) return MODE_HOME[mode];
  // A page of the other role would switch the mode straight back: the chosen mode's list instead.
  const owner = routeMode(pathname);
  if (owner && owner !== mode) return MODE_HOME[mode];
  return path;
}

/**
 * The mode the shell shows at a location, in the server's order (app/web/mode.server.ts readMode): the
 * page's own role (routeMode), `?mode=`, then the device's cookie once in the browser, else the root
 * loader's `fallback`. The root's data is not read again on a client-side navigation, so the shell asks
 * the location and the cookie (not HttpOnly) itself.
 */
export function shellMode(location: { pathname: string; search: string }, fallback: Mode, cookie: string | null = typeof document === "undefined" ? null : document.cookie): Mode {
  return routeMode(location.pathname) ?? parseMode(new URLSearchParams(location.search).get("mode")) ?? readModeCookie(cookie) ?? fallback;
}
