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
  // The operator's own session comes back only from a live impersonated one: a browser whose impersonation
  // has ended (it looks signed out) must not give the operator's session to whoever posts here. A session
  // of one's own stays as it is.
  if (actor?.impersonator) headers.append("Set-Cookie", sessionCookie(context, previous));
  else if (!actor) headers.append("Set-Cookie", sessionCookie(context, null));
  headers.append("Set-Cookie", prevSessionCookie(context, null));
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
