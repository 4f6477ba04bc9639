import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OAUTH_BROWSER_COOKIE_SECONDS, oauthBrowserCookieName, startSocialSignIn } from "~/domain/auth/social.server";
import { DomainError } from "~/domain/errors";
import { serializeCookie } from "~/server/session.server";

/**
 * Sends the browser to the provider; state and the PKCE verifier wait in D1 for the way back, bound to
 * this browser by a short-lived cookie (decision 0022: the callback refuses a state another browser began).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    const { url, nonce } = await startSocialSignIn(context.ctx, params.provider ?? "");
    const ctx = context.ctx;
    return redirect(url, { headers: { "Set-Cookie": serializeCookie(ctx, oauthBrowserCookieName(ctx), nonce, OAUTH_BROWSER_COOKIE_SECONDS) } });
  } catch (e) {
    if (e instanceof DomainError) throw new Response(null, { status: e.status });
    throw e;
  }
}
