import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logout } from "~/domain/auth/auth.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { readCookie, sessionCookieNames } from "~/server/session.server";
import { prevSessionCookie, sessionCookie } from "~/web/page.server";

/**
 * Sign-out revokes the session and goes to the start page (spec 1 §2), or, when the form names one, to the
 * sign-in page that brings the person back (the verification link of another account, decision 0055).
 */
export async function action({ context, request }: ActionFunctionArgs) {
  if (context.actor) await logout(context.ctx, context.actor, readCookie(request, sessionCookieNames(context.ctx).prev));
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, null));
  headers.append("Set-Cookie", prevSessionCookie(context, null));
  const asked = (await request.formData().catch(() => null))?.get("redirectTo");
  const to = safeRedirectPath(typeof asked === "string" ? asked : null, "/");
  return redirect(to.startsWith("/auth?") ? to : "/", { headers });
}

export const loader = () => redirect("/");
