import type { AppLoadContext } from "@remix-run/cloudflare";
import { modeCookieValue, parseMode, readModeCookie, toMode, type Mode } from "~/lib/mode";
import "./load-context";

/** The mode of this request: `?mode=` on the pages that take it, then the device's cookie, then customer (spec 1 §4). */
export function readMode(request: Request): Mode {
  return parseMode(new URL(request.url).searchParams.get("mode")) ?? toMode(readModeCookie(request.headers.get("Cookie")));
}

export function modeCookie(context: AppLoadContext, mode: Mode) {
  return modeCookieValue(mode, context.ctx.env.APP_ENV === "production");
}
