import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n";
import { socialReturn } from "~/web/social-return.server";

export const handle = { titleKey: "social.title" };

/** The provider's return address (app/web/social-return.server.ts); a failure is shown here (spec 1 §8). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const back = await socialReturn(context, request);
  if ("response" in back) throw back.response;
  // A signed-in person here was linking a provider in the settings (decision 0057): the way back is there.
  return data({ error: back.error, back: context.actor ? context.ctx.t("auth.back_to_settings") : null }, { status: back.status, headers: back.headers });
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
