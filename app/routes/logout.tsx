import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logout } from "~/domain/auth/auth.server";
import { prevSessionCookie, sessionCookie } from "~/web/page.server";

/** Sign-out revokes the session and goes to the start page (spec 1 §2). */
export async function action({ context }: ActionFunctionArgs) {
  if (context.actor) await logout(context.ctx, context.actor);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, null));
  headers.append("Set-Cookie", prevSessionCookie(context, null));
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
