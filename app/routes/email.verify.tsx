import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { verifyEmail } from "~/domain/auth/auth.server";
import { FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { formObject, runAction, type ActionErrors } from "~/web/page.server";

export const handle = { titleKey: "verify.confirmTitle" };

// The link only shows the page; confirming is a POST (a GET must never change anything: mail scanners
// open links). With JavaScript the form is sent at once, without it the person presses the button.
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The link confirms only in the account's own session (decision 0055): a guest signs in first and comes back here.
  return data({ token: new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "", signedIn: !!context.actor });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await verifyEmail(context.ctx, await formObject(request), context.actor));
  if (!result.ok) return data(result.body, result.init);
  return data({ verified: true as const });
}

export default function EmailVerify() {
  const { token, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors | { verified: true }>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const { t } = useTranslation();
  const sent = useRef(false);
  useEffect(() => {
    if (token && signedIn && !sent.current && formRef.current) {
      sent.current = true;
      submit(formRef.current);
    }
  }, [token, signedIn, submit]);
  const verified = actionData && "verified" in actionData;
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("verify.confirmTitle")}</h1>
        {!signedIn && !verified ? (
          <>
            <p>{t("verify.signInFirst")}</p>
            <Link className="btn btn--primary" to={`/auth?redirectTo=${encodeURIComponent(`/email/verify?token=${token}`)}`}>
              {t("verify.signIn")}
            </Link>
          </>
        ) : verified ? (
          <>
            <p className="success" role="status">
              {t("verify.confirmed")}
            </p>
            <Link className="btn btn--primary" to="/profile/information">
              {t("verify.toProfile")}
            </Link>
          </>
        ) : (
          <Form method="post" ref={formRef} className="form">
            <input type="hidden" name="token" value={token} />
            {actionData && "message" in actionData ? <FormError message={actionData.message} /> : <p>{t("verify.confirmText")}</p>}
            <SubmitButton pending={navigation.state !== "idle"}>{t("verify.confirm")}</SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}
