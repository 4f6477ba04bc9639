import type { AppLoadContext } from "@remix-run/cloudflare";
import { modeCookieValue, parseMode, readModeCookie, routeMode, toMode, type Mode } from "~/lib/mode";
import "./load-context";

/**
 * The mode of this request: the role of a page that belongs to one (routeMode), then `?mode=` on the pages
 * that take it, then the device's cookie, then customer (spec 1 §4).
 */
export function readMode(request: Request): Mode {
  // Asked up to three times a request (the page cache's key, the root loader, the page): its URL parsed once.
  let mode = modes.get(request);
  if (mode === undefined) {
    const url = new URL(request.url);
    mode = routeMode(url.pathname.replace(/\.data$/, "")) ?? parseMode(url.searchParams.get("mode")) ?? toMode(readModeCookie(request.headers.get("Cookie")));
    modes.set(request, mode);
  }
  return mode;
}
const modes = new WeakMap<Request, Mode>();

/**
 * The Set-Cookie that switches the device to the mode of a page of one role (routeMode), when the device is
 * in the other mode; null otherwise. The page's loader sends it, so the next pages keep that mode.
 */
export function routeModeCookie(context: AppLoadContext, request: Request): string | null {
  const owner = routeMode(new URL(request.url).pathname.replace(/\.data$/, ""));
  if (!owner || toMode(readModeCookie(request.headers.get("Cookie"))) === owner) return null;
  return modeCookie(context, owner);
}

export function modeCookie(context: AppLoadContext, mode: Mode) {
  return modeCookieValue(mode, context.ctx.env.APP_ENV === "production");
}
