import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { signUpHref } from "~/lib/sign-up-link";
import { LIMITS } from "~/domain/limits";
import { login, forgotPassword } from "~/domain/auth/auth.server";
import { configuredProviders } from "~/domain/auth/social.server";
import { Field, FormError, PasswordField, validityMessage } from "~/components/ui/field";
import { ForgotPasswordModal } from "~/components/auth/forgot-password-modal";
import { AlertModal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { modeCookie } from "~/web/mode.server";
import { endReplacedSession, formObject, runAction, sessionCookie, type ActionErrors } from "~/web/page.server";
import { signInTarget } from "~/lib/safe-redirect";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "auth.title" };

export async function loader({ context }: LoaderFunctionArgs) {
  // spec 1 §2: a signed-in user is sent to the profile.
  if (context.actor) throw redirect("/profile/information");
  return data({ providers: configuredProviders(context.ctx.env).map((p) => ({ code: p.code, name: context.ctx.t(`social.${p.code}`) })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  let intent = "login";
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    intent = form.intent === "forgot" ? "forgot" : "login";
    return intent === "forgot" ? { forgot: await forgotPassword(context.ctx, form) } : { login: await login(context.ctx, form) };
  });
  if (!result.ok) return data({ ...result.body, intent }, result.init);
  const { forgot, login: signedIn } = result.value as { forgot?: { email: string }; login?: { token: string; user: { isVerified: boolean } } };
  if (forgot) return redirect(`/reset-password?email=${encodeURIComponent(forgot.email)}`);
  const { token, user } = signedIn!;
  // spec 1 §2: verified → profile, unverified → the verification placeholder.
  // An unverified person goes to the verification placeholder, unless he signed in to confirm through the mailed link (decision 0055).
  const to = signInTarget(user.isVerified, url.searchParams.get("redirectTo"));
  // spec 1 §2: sign-in sets the user mode to customer.
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, token));
  headers.append("Set-Cookie", modeCookie(context, "customer"));
  await endReplacedSession(context, request, headers);
  return redirect(to, { headers });
}

type ActionData = ActionErrors & { intent: string };

export default function AuthPage() {
  const { t } = useTranslation();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [alertOpen, setAlertOpen] = useState(false);
  const pending = navigation.state !== "idle";
  const { errors: loginErrors, onChange: dismissLoginError } = useAnswerErrors(actionData?.intent === "login" ? actionData.errors : undefined);
  const forgotErrors = actionData?.intent === "forgot" ? actionData.errors : undefined;

  useEffect(() => {
    // spec 1 §8: a failed reset request shows an alert with the error; the modal may reopen afterwards.
    if (actionData?.intent === "forgot") {
      setForgotOpen(false);
      setAlertOpen(true);
    }
  }, [actionData]);

  return (
    <section className="page page--narrow auth-page">
      <h1>{t("auth.title")}</h1>
      {params.get("reset") === "1" && !actionData ? (
        <p className="banner banner--success" role="status">
          {t("reset.done")}
        </p>
      ) : null}
      <Form method="post" className="form" noValidate={false} onChange={dismissLoginError} action={`/auth${params.get("redirectTo") ? `?redirectTo=${encodeURIComponent(params.get("redirectTo")!)}` : ""}`}>
        <input type="hidden" name="intent" value="login" />
        <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required maxLength={254} errors={loginErrors?.email} />
        <PasswordField label={t("auth.password")} name="password" autoComplete="current-password" required maxLength={LIMITS.passwordMax} errors={loginErrors?.password} invalidMessage={validityMessage(t, { valueMissing: "validation.password_required" })} />
        {loginErrors?.form || (actionData?.intent === "login" && !Object.keys(actionData.errors ?? {}).length) ? <FormError message={actionData?.message} /> : null}
        <button type="button" className="link-button auth-page__forgot" onClick={() => setForgotOpen(true)}>
          {t("auth.forgot")}
        </button>
        <SubmitButton pending={pending && navigation.formData?.get("intent") === "login"}>{t("auth.login")}</SubmitButton>
        <Link to={signUpHref(params.get("redirectTo"))} className="btn btn--ghost">
          {t("auth.register")}
        </Link>
      </Form>
      <SocialButtons providers={useProviders()} redirectTo={params.get("redirectTo")} />
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} action="/auth" pending={pending && navigation.formData?.get("intent") === "forgot"} errors={forgotErrors?.email} />
      <AlertModal
        open={alertOpen}
        onClose={() => setAlertOpen(false)}
        title={t("common.errorTitle")}
        text={actionData?.message ?? t("errors.unknown")}
        action={{ label: t("common.ok"), onClick: () => { setAlertOpen(false); setForgotOpen(true); } }}
      />
    </section>
  );
}

function useProviders() {
  return useLoaderData<typeof loader>().providers;
}

export function SocialButtons({ providers, redirectTo }: { providers: { code: string; name: string }[]; redirectTo?: string | null }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  return (
    <div className="social">
      <p className="social__title">{t("social.title")}</p>
      <div className="social__list">
        {providers.map((p) => (
          <a key={p.code} className={`btn btn--social btn--${p.code}`} href={`/auth/social/${p.code}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
            {t("social.continueWith", { name: p.name })}
          </a>
        ))}
      </div>
    </div>
  );
}
