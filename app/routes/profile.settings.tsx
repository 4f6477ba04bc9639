import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { changePassword } from "~/domain/auth/auth.server";
import { LIMITS } from "~/domain/limits";
import { FormError, PasswordField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { formObject, requireUser, runAction, type ActionErrors } from "~/server/page.server";

export const handle = { titleKey: "settings.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => changePassword(context.ctx, actor, await formObject(request)));
  if (!result.ok) return data(result.body, result.init);
  return data({ done: result.value.message });
}

/** Settings (spec 2): 'Смена пароля'. Support and FAQ come with the profile issue. */
export default function Settings() {
  const actionData = useActionData<ActionErrors | { done: string }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  return (
    <section className="page page--narrow" id="privacy">
      <h1>{t("settings.title")}</h1>
      <Form method="post" className="form card">
        <h2>{t("settings.passwordTitle")}</h2>
        {actionData && "done" in actionData ? (
          <p className="success" role="status">
            {actionData.done}
          </p>
        ) : null}
        {actionData && "message" in actionData && !Object.keys(errors).length ? <FormError message={actionData.message} /> : null}
        <PasswordField label={t("auth.password")} name="old_password" autoComplete="current-password" required maxLength={128} errors={errors.old_password} />
        <PasswordField label={t("reset.password")} name="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={128} errors={errors.password} />
        <PasswordField label={t("reset.repeat")} name="password_confirmation" autoComplete="new-password" required maxLength={128} errors={errors.password_confirmation} />
        <SubmitButton pending={navigation.state !== "idle"}>{t("common.save")}</SubmitButton>
      </Form>
    </section>
  );
}
