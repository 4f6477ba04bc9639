import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { resetPassword } from "~/domain/auth/auth.server";
import { LIMITS } from "~/domain/limits";
import { Field, PasswordField, validityMessage } from "~/components/ui/field";
import { AlertModal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "reset.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get("email")?.slice(0, 254) ?? "";
  return data({ texts: pageTexts(context, "accountPages"), email });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await resetPassword(context.ctx, await formObject(request)));
  if (!result.ok) return data(result.body, result.init);
  // spec 1 §2: success shows 'Новый пароль установлен' and goes to the sign-in page.
  return redirect("/auth?reset=1");
}

export default function ResetPassword() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Reset />
    </PageTexts>
  );
}

function Reset() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [alert, setAlert] = useState(false);
  const { errors, onChange: dismissError } = useAnswerErrors(actionData?.errors);
  useEffect(() => {
    // spec 1 §8: a reset failure shows the server's error in an alert.
    if (actionData && (actionData.errors?.token || actionData.errors?.form || !Object.keys(actionData.errors ?? {}).length)) setAlert(true);
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="page page--narrow auth-page">
      <h1>{t("reset.title")}</h1>
      {email ? <p className="note">{t("accountPages.reset_text", { email })}</p> : null}
      <Form method="post" className="form" onChange={dismissError}>
        <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={email} errors={errors.email} invalidMessage={validityMessage(t, { valueMissing: "validation.email_required", typeMismatch: "validation.email_invalid_reset" })} />
        <Field label={t("accountPages.reset_code")} name="token" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} pattern="[0-9]{6}" errors={errors.token} invalidMessage={validityMessage(t, { valueMissing: "validation.code_required", patternMismatch: "validation.code_invalid" })} />
        <PasswordField label={t("accountPages.reset_password")} name="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} errors={errors.password} invalidMessage={validityMessage(t, { valueMissing: "validation.password_required", tooShort: "validation.password_min" })} />
        <PasswordField label={t("accountPages.reset_repeat")} name="password_confirmation" autoComplete="new-password" required maxLength={LIMITS.passwordMax} errors={errors.password_confirmation} invalidMessage={validityMessage(t, { valueMissing: "validation.password_required" })} />
        <SubmitButton pending={navigation.state !== "idle"}>{t("accountPages.reset_submit")}</SubmitButton>
      </Form>
      <AlertModal open={alert} onClose={() => setAlert(false)} title={t("common.errorTitle")} text={actionData?.message ?? t("errors.unknown")} />
    </section>
  );
}
