import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { verifyEmail } from "~/domain/auth/auth.server";
import { peekToken } from "~/domain/auth/tokens.server";
import { FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";

export const handle = { titleKey: "verify.confirmTitle" };

// The link only shows the page; confirming is a POST (a GET must never change anything: mail scanners
// open links). With JavaScript the form is sent at once, without it the person presses the button.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "";
  // The link confirms only in the account's own session (decision 0055): a guest signs in first and comes
  // back here; a link that no longer works is said at once, not after the sign-in (a look, nothing used).
  const owner = token ? ((await peekToken(context.ctx, "email_verify", token))?.userId ?? null) : null;
  const dead = !context.actor && !owner;
  const t = context.ctx.t;
  return data({
    texts: pageTexts(context, "accountPages"),
    token,
    signedIn: !!context.actor,
    // A proven account opening a link of its own (or one no longer usable) has nothing left to confirm: the
    // page says so instead of sending a link that can only fail. Another account's live link goes on to
    // the confirmation, which offers to switch accounts (decision 0055).
    alreadyVerified: !!context.actor?.user.isVerified && (owner === null || owner === context.actor.user.id),
    invalid: dead ? t("auth.verify_invalid") : null,
    // Only the words this visit can show.
    words: {
      signInFirst: !context.actor && !dead ? t("auth.verify_sign_in_first") : "",
      signIn: context.actor ? "" : t("auth.verify_sign_in_button"),
      switchAccount: context.actor ? t("auth.verify_switch_account") : "",
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await verifyEmail(context.ctx, await formObject(request), context.actor));
  // Another account's link (403; the only other 403 is an impersonated session, which may not confirm at
  // all): the page offers to sign out and sign in to that account, coming back here.
  if (!result.ok) return data({ ...result.body, otherAccount: result.init.status === 403 && !context.actor?.impersonator }, result.init);
  return data({ verified: true as const });
}

export default function EmailVerify() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Confirm />
    </PageTexts>
  );
}

function Confirm() {
  const { token, signedIn, alreadyVerified, invalid, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<(ActionErrors & { otherAccount?: boolean }) | { verified: true }>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const { t } = useTranslation();
  const sent = useRef(false);
  useEffect(() => {
    if (token && signedIn && !alreadyVerified && !sent.current && formRef.current) {
      sent.current = true;
      submit(formRef.current);
    }
  }, [token, signedIn, alreadyVerified, submit]);
  const verified = actionData && "verified" in actionData;
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("verify.confirmTitle")}</h1>
        {!signedIn && invalid ? (
          <>
            <FormError message={invalid} />
            {/* Signed in, an unverified account lands on /verify, which mails a new link. */}
            <Link className="btn btn--primary" to="/auth?redirectTo=%2Fverify">
              {words.signIn}
            </Link>
          </>
        ) : !signedIn && !verified ? (
          <>
            <p>{words.signInFirst}</p>
            <Link className="btn btn--primary" to={`/auth?redirectTo=${encodeURIComponent(`/email/verify?token=${token}`)}`}>
              {words.signIn}
            </Link>
          </>
        ) : actionData && "otherAccount" in actionData && actionData.otherAccount ? (
          <Form method="post" action="/logout" className="form">
            <FormError message={actionData.message} />
            <input type="hidden" name="redirectTo" value={`/auth?redirectTo=${encodeURIComponent(`/email/verify?token=${token}`)}`} />
            <SubmitButton pending={navigation.state !== "idle"}>{words.switchAccount}</SubmitButton>
          </Form>
        ) : verified || alreadyVerified ? (
          <>
            <p className="success" role="status">
              {t(verified ? "accountPages.verify_confirmed" : "accountPages.verify_already")}
            </p>
            <Link className="btn btn--primary" to="/profile/information">
              {t("accountPages.verify_toProfile")}
            </Link>
          </>
        ) : actionData && "message" in actionData ? (
          <>
            {/* A link that failed fails again: /verify mails a new one. */}
            <FormError message={actionData.message} />
            <Link className="btn btn--primary" to="/verify">
              {t("accountPages.verify_newLink")}
            </Link>
          </>
        ) : (
          <Form method="post" ref={formRef} className="form">
            <input type="hidden" name="token" value={token} />
            <p>{t("accountPages.verify_confirmText")}</p>
            <SubmitButton pending={navigation.state !== "idle"}>{t("accountPages.verify_confirm")}</SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}
