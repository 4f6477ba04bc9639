import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { leaveImpersonation } from "~/domain/auth/impersonation.server";
import { prevSessionCookie, sessionCookie } from "~/web/page.server";
import { readCookie, sessionCookieNames } from "~/server/session.server";

/** Leaving impersonation restores the operator's own session and reloads the start page (spec 1 §4). */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = context.actor;
  if (actor?.impersonator) await leaveImpersonation(context.ctx, actor);
  const previous = readCookie(request, sessionCookieNames(context.ctx).prev);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, actor?.impersonator ? previous : (previous ?? null)));
  headers.append("Set-Cookie", prevSessionCookie(context, null));
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
