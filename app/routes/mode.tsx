import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { pageForMode, toMode } from "~/lib/mode";
import { modeCookie } from "~/web/mode.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** The customer/expert switch: keeps the mode on the device and goes where that mode belongs. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const mode = toMode(form.get("mode"));
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/");
  return redirect(pageForMode(back, mode), { headers: { "Set-Cookie": modeCookie(context, mode) } });
}

export const loader = () => redirect("/");
