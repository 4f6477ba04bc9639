import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OAUTH_BROWSER_COOKIE_SECONDS, oauthBrowserCookieName, startSocialLink, startSocialSignIn } from "~/domain/auth/social.server";
import { DomainError } from "~/domain/errors";
import { serializeCookie } from "~/server/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requireUser } from "~/web/page.server";

/**
 * Sends the browser to the provider; state and the PKCE verifier wait in D1 for the way back, bound to
 * this browser by a short-lived cookie (decision 0022: the callback refuses a state another browser began).
 * `?link=1` (the settings' 'Подключить', decision 0057): the state links the provider to the signed-in
 * account instead; a refusal goes back to the settings and is said there. A link, not a form: the page's
 * CSP (`form-action 'self'`) forbids a form whose answer redirects to another origin.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const ctx = context.ctx;
  const linking = new URL(request.url).searchParams.get("link") === "1";
  // Signing in is for guests, as on /auth (spec 1 §2): a signed-in person is sent to the profile, not
  // switched to whichever account the provider names. Linking is how he adds a provider.
  if (!linking && context.actor) return redirect("/profile/information");
  // A link starts from the settings' own button: another site sending a signed-in browser here (a GET, so
  // no Origin check) gets the settings page, where the person decides (decision 0057).
  if (linking && request.headers.get("Sec-Fetch-Site") === "cross-site") return redirect("/profile/settings#social");
  try {
    // Where a sign-in goes afterwards (the /auth page's redirectTo, e.g. the mailed verification link): ours only.
    const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "") || undefined;
    const { url, nonce } = linking ? await startSocialLink(ctx, requireUser(context, request), params.provider ?? "") : await startSocialSignIn(ctx, params.provider ?? "", returnTo);
    return redirect(url, { headers: { "Set-Cookie": serializeCookie(ctx, oauthBrowserCookieName(ctx), nonce, OAUTH_BROWSER_COOKIE_SECONDS) } });
  } catch (e) {
    if (e instanceof DomainError) {
      if (linking && e.status !== 404) {
        const back = new URLSearchParams({ social_error: e.code, provider: params.provider ?? "", count: String(e.params?.count ?? "") });
        return redirect(`/profile/settings?${back}#social`);
      }
      throw new Response(null, { status: e.status });
    }
    throw e;
  }
}
