/**
 * The user mode (spec 1 §4): customer or executor, customer when unset. Kept on the device in the
 * `mode` cookie so that the server renders the landing in the right mode on the first byte. Not HttpOnly:
 * the landing's toggle switches it in the browser without a round trip. It is a preference, not a secret.
 */
export type UserMode = "customer" | "executor";
export const MODE_COOKIE = "mode";
const ONE_YEAR_SEC = 60 * 60 * 24 * 365;

export function toUserMode(value: string | null | undefined): UserMode | null {
  return value === "customer" || value === "executor" ? value : null;
}

/** The mode named by a Cookie header, or null. */
export function readUserMode(cookieHeader: string | null | undefined): UserMode | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === MODE_COOKIE) return toUserMode(rest.join("="));
  }
  return null;
}

/** A Set-Cookie value (server) or a `document.cookie` assignment (browser) keeping the mode a year. */
export function userModeCookie(mode: UserMode, secure: boolean) {
  return `${MODE_COOKIE}=${mode}; Path=/; Max-Age=${ONE_YEAR_SEC}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
