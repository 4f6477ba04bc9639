import type { AppLoadContext } from "@remix-run/cloudflare";
import { MODE_COOKIE, MODE_COOKIE_MAX_AGE, toMode, type Mode } from "~/lib/mode";
import { readCookie } from "./session.server";
import "./load-context";

/** The mode kept on the device; customer when there is none (spec 1 §4). */
export function readMode(request: Request): Mode {
  return toMode(readCookie(request, MODE_COOKIE));
}

export function modeCookie(context: AppLoadContext, mode: Mode) {
  const secure = context.ctx.env.APP_ENV === "production" ? "; Secure" : "";
  return `${MODE_COOKIE}=${mode}; Path=/; SameSite=Lax; Max-Age=${MODE_COOKIE_MAX_AGE}${secure}`;
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
