import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { resendVerification } from "~/domain/auth/auth.server";
import { FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";

export const handle = { titleKey: "verify.title" };

/** VerifyMock (spec 1 §2): the placeholder for users whose e-mail is not confirmed yet. */
export async function loader({ context }: LoaderFunctionArgs) {
  const u = context.actor?.user;
  // Nothing is closed to a proven account: it is told so nowhere here, it goes on to its profile.
  if (u?.isVerified) throw redirect("/profile/information");
  return data({ texts: pageTexts(context, "accountPages"), email: u?.email ?? null, verified: !!u?.isVerified });
}

export async function action({ context }: ActionFunctionArgs) {
  if (!context.actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  const actor = context.actor;
  const result = await runAction(context, () => resendVerification(context.ctx, actor));
  if (!result.ok) return data(result.body, result.init);
  return data({ sent: true });
}

export default function VerifyMock() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Verify />
    </PageTexts>
  );
}

function Verify() {
  const { email, verified } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors | { sent: true }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("verify.title")}</h1>
        <p>{email && !verified ? t("accountPages.verify_text", { email }) : t("accountPages.verify_textGuest")}</p>
        {email && !verified ? (
          <Form method="post" className="form">
            {actionData && "sent" in actionData ? <p className="success" role="status">{t("accountPages.verify_resent")}</p> : null}
            {actionData && "message" in actionData ? <FormError message={actionData.message} /> : null}
            <SubmitButton pending={navigation.state !== "idle"} className="btn btn--primary">
              {t("verify.resend")}
            </SubmitButton>
          </Form>
        ) : null}
        <p>
          {/* The page's one primary action is the mail for someone who waits for it; home is the way out. */}
          <Link className={email && !verified ? "btn btn--ghost" : "btn btn--primary"} to="/">
            {t("accountPages.verify_back")}
          </Link>
        </p>
      </div>
    </section>
  );
}
