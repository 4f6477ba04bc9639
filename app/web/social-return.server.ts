import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { oauthBrowserCookieName, socialCallback } from "~/domain/auth/social.server";
import { signInTarget } from "~/lib/safe-redirect";
import { readCookie, serializeCookie } from "~/server/session.server";
import { modeCookie } from "./mode.server";
import { endReplacedSession, runAction, sessionCookie } from "./page.server";

/**
 * A provider's return to one of our pages (`/auth/social-callback`, or the start page, spec 1 §2), one rule
 * for both. The one-time state in D1 is what makes this GET safe to act on, and it must come back to the
 * browser that began it: the binding cookie is checked, then cleared whatever the outcome. A known account
 * is signed in as at `/auth`: the user mode becomes customer, the session this browser had ends, and an
 * unproven address goes to `/verify` (spec 1 §4); a new one goes to registration; a link returns to the
 * settings. A failure (the person declined at the provider, a spent state) is the answer's `error`.
 */
export async function socialReturn(context: AppLoadContext, request: Request): Promise<{ response: Response } | { error: string; status: number; headers: Headers }> {
  const ctx = context.ctx;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const cookieName = oauthBrowserCookieName(ctx);
  const result = await runAction(context, () => socialCallback(ctx, query, { cookieNonce: readCookie(request, cookieName) }, context.actor));
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(ctx, cookieName, null));
  if (!result.ok) return { error: result.body.message, status: result.init.status ?? 422, headers };
  const value = result.value;
  if (value.status === "linked") return { response: redirect(`/profile/settings?linked=${value.provider}#social`, { headers }) };
  if (value.status === "register") return { response: redirect(`/sign-up?social=${encodeURIComponent(value.token)}`, { headers }) };
  headers.append("Set-Cookie", sessionCookie(context, value.token));
  headers.append("Set-Cookie", modeCookie(context, "customer"));
  await endReplacedSession(context, request, headers);
  // Where it was asked from, a path of ours, checked again here, as /auth decides it.
  return { response: redirect(signInTarget(value.verified, "returnTo" in value ? value.returnTo : null), { headers }) };
}

/** A query a provider sends back: a code (a lone one is refused, spec 1 §8), or the person's refusal with its state. */
export const isSocialReturn = (url: URL) => url.searchParams.has("code") || (url.searchParams.has("state") && url.searchParams.has("error"));
