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
