import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { oauthBrowserCookieName, socialCallback } from "~/domain/auth/social.server";
import { FormError } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { modeCookie } from "~/web/mode.server";
import { endReplacedSession, runAction, sessionCookie } from "~/web/page.server";
import { readCookie, serializeCookie } from "~/server/session.server";

export const handle = { titleKey: "social.title" };

/**
 * The provider's return address. A known account is signed in; a new one goes to registration to be
 * finished (spec 1 §2). The one-time state in D1 is what makes this GET safe to act on, and it must come
 * back to the browser that began it: the binding cookie is checked, then cleared whatever the outcome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = context.ctx;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const cookieName = oauthBrowserCookieName(ctx);
  const result = await runAction(context, () => socialCallback(ctx, query, { cookieNonce: readCookie(request, cookieName) }, context.actor));
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(ctx, cookieName, null));
  // A signed-in person here was linking a provider in the settings (decision 0057): the way back is there.
  if (!result.ok) return data({ error: result.body.message, back: context.actor ? ctx.t("auth.back_to_settings") : null }, { status: result.init.status, headers });
  const value = result.value;
  if (value.status === "linked") return redirect(`/profile/settings?linked=${value.provider}#social`, { headers });
  const { token, status } = value;
  if (status === "register") return redirect(`/sign-up?social=${encodeURIComponent(token)}`, { headers });
  // A sign-in: the user mode becomes customer (spec 1 §2). It goes where it was asked from (the mailed
  // verification link, decision 0055), a path of ours, checked again here.
  headers.append("Set-Cookie", sessionCookie(context, token));
  headers.append("Set-Cookie", modeCookie(context, "customer"));
  await endReplacedSession(context, request, headers);
  return redirect(safeRedirectPath("returnTo" in value ? value.returnTo : null, "/profile/information"), { headers });
}

export default function SocialCallback() {
  const { error, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("social.title")}</h1>
        <FormError message={error} />
        {back ? (
          <Link className="btn btn--primary" to="/profile/settings#social">
            {back}
          </Link>
        ) : (
          <Link className="btn btn--primary" to="/auth">
            {t("auth.login")}
          </Link>
        )}
      </div>
    </section>
  );
}
