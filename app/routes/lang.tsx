import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { rememberLanguage } from "~/domain/auth/auth.server";
import { toLang } from "~/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isDevEnv } from "~/server/env.server";
import { langCookie } from "~/server/i18n.server";

/** The language switch: kept in a cookie (spec 1 §1: kept on the device), then back to the same page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const lang = toLang(String(form.get("lng") ?? "")) ?? "ru";
  // Signed in, it is his language for the mails others' acts send him too.
  await rememberLanguage(context.ctx, context.actor, lang);
  return redirect(safeRedirectPath(String(form.get("redirectTo") ?? "") || refererPath(request), "/"), { headers: { "Set-Cookie": await langCookie.serialize(lang, { secure: !isDevEnv(context.ctx.env) }) } });
}

/** The page the switch was pressed on, when the Referer is ours; a malformed one is ignored (it was a 500: issue 10, finding 12). */
function refererPath(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  return url.origin === new URL(request.url).origin ? url.pathname + url.search + url.hash : "/";
}

export const loader = () => redirect("/");
