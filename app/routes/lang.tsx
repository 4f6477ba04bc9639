import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { toLang } from "~/i18n";
import { langCookie } from "~/server/i18n.server";
import { safeRedirectPath } from "~/server/page.server";

/** The language switch: kept in a cookie (spec 1 §1: kept on the device), then back to the same page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const lang = toLang(String(form.get("lng") ?? "")) ?? "ru";
  const referer = request.headers.get("Referer");
  let back = "/";
  if (referer) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) back = url.pathname + url.search + url.hash;
  }
  return redirect(safeRedirectPath(String(form.get("redirectTo") ?? "") || back, "/"), { headers: { "Set-Cookie": await langCookie.serialize(lang) } });
}

export const loader = () => redirect("/");
