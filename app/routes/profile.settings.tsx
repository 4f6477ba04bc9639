import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { FAQ_QUERY_MAX, FaqGroups, FaqSearch, FaqStatus, SupportLink } from "~/components/faq/faq-list";
import { ProfileTabs } from "~/components/profile-tabs";
import { FormError, PasswordField, validityMessage, PASSWORD_PATTERN_HTML, PasswordChecklist, passwordProblem } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { changePassword } from "~/domain/auth/auth.server";
import { socialLinksRead, unlinkSocial } from "~/domain/auth/social.server";
import { runRead } from "~/domain/reads";
import { faqSets } from "~/domain/faq/faq-view.server";
import { filterQuestions } from "~/domain/faq/search";
import { resetPasswordProfile } from "~/domain/settings/settings.server";
import { LIMITS } from "~/domain/limits";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { readModeCookie } from "~/lib/mode";
import { pageTexts } from "~/web/page-texts.server";
import { formObject, requireUser, runAction, type ActionErrors } from "~/web/page.server";
import faqStyles from "~/styles/faq.css?url";
import settingsStyles from "~/styles/settings.css?url";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "settings.title" };

const SettingsDialogs = lazy(() => import("~/components/profile/settings-dialogs"));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: faqStyles },
  { rel: "stylesheet", href: settingsStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const url = new URL(request.url);
  // The FAQ of the user's current mode (the FAQ page's default set).
  const mode = readModeCookie(request.headers.get("Cookie")) ?? "customer";
  const [social, faq] = await Promise.all([runRead(context.ctx, socialLinksRead(context.ctx, actor.user.id)), faqSets(context.ctx)]);
  // The way back from a provider after a link (decision 0057): said only when the provider is linked now;
  // a link refused before it left (auth_.social.$provider.tsx) names one of the known reasons.
  const linkedNow = social.find((p) => p.linked && p.code === url.searchParams.get("linked"));
  const refusal = url.searchParams.get("social_error");
  const refusedProvider = social.find((p) => p.code === url.searchParams.get("provider"));
  const socialError = refusal && LINK_REFUSALS.has(refusal) ? context.ctx.t(refusal, { name: refusedProvider?.name ?? "", count: Math.min(60, Math.max(1, Number(url.searchParams.get("count")) || 1)) }) : null;
  return data(
    {
      texts: pageTexts(context, "settingsPage", "faq"),
      email: actor.user.email,
      q: (url.searchParams.get("q") ?? "").slice(0, FAQ_QUERY_MAX),
      questions: faq[mode],
      social,
      linked: linkedNow ? context.ctx.t("auth.social_linked", { name: linkedNow.name }) : null,
      socialError,
    },
    { headers: { "Cache-Control": "private, max-age=0" } },
  );
}

/** Why a link can be refused before it leaves for the provider: the texts the settings say. */
const LINK_REFUSALS = new Set(["auth.social_already_linked", "auth.impersonation_forbidden", "errors.rate_limited"]);

type Intent = "password" | "forgot" | "social";
type ActionData = (ActionErrors & { intent: Intent }) | { done: string; intent: "password" | "social" };

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const ctx = context.ctx;
  let intent: Intent = "password";
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    if (form.intent === "forgot") {
      intent = "forgot";
      // spec 2 §2 'Забыли пароль?': a code to the user's own address, then the reset page (decision 0017).
      return { forgot: await resetPasswordProfile(ctx, actor) };
    }
    // 'Вход через соцсети' (decision 0057): a provider is unlinked here (linked through /auth/social/{code}?link=1).
    if (form.intent === "social_unlink") {
      intent = "social";
      return { unlinked: await unlinkSocial(ctx, actor, String(form.provider ?? "")) };
    }
    return { changed: await changePassword(ctx, actor, form) };
  });
  if (!result.ok) return data({ ...result.body, intent }, result.init);
  const value = result.value as { forgot?: { email: string }; changed?: { message: string }; unlinked?: { message: string } };
  if (value.forgot) return redirect(`/reset-password?email=${encodeURIComponent(value.forgot.email)}`);
  if (value.unlinked) return data({ done: value.unlinked.message, intent: "social" as const });
  return data({ done: value.changed!.message, intent: "password" as const });
}

export default function SettingsRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Settings />
    </PageTexts>
  );
}

/** Settings (spec 2 §2): 'Смена пароля' (#privacy) with 'Забыли пароль?', the support modal, the FAQ with search. */
function Settings() {
  const { email, q, questions, social, linked, socialError } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [query, setQuery] = useState(q);
  const [live, setLive] = useState(false);
  const [formKey, setFormKey] = useState(0);
  // The modals load when one first opens, then stay mounted (the pattern of app/components/lazy-once.ts).
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  if (!dialogsLoaded && (forgotOpen || alert !== null)) setDialogsLoaded(true);
  useEffect(() => setLive(true), []);
  useEffect(() => setQuery(q), [q]);

  const done = actionData && "done" in actionData && actionData.intent === "password" ? actionData.done : null;
  const socialDone = actionData && "done" in actionData && actionData.intent === "social" ? actionData.done : linked;
  const socialFailed = actionData && !("done" in actionData) && actionData.intent === "social" ? actionData.message : actionData ? null : socialError;
  const failed = actionData && !("done" in actionData) ? actionData : null;
  const { errors, onChange: dismissError } = useAnswerErrors(failed?.intent === "password" ? failed.errors : undefined);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) {
      // A changed password leaves no trace in the form. The form is made anew, and the button that sent
      // it with it: its message takes the focus, so that a screen reader reads it and the keyboard goes on.
      setPassword("");
      setFormKey((k) => k + 1);
      requestAnimationFrame(() => doneRef.current?.focus());
    }
    // A failed code request: the error in an alert (spec 2 §8), as on /auth.
    if (failed?.intent === "forgot") {
      setForgotOpen(false);
      setAlert(failed.message || t("errors.unknown"));
    }
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps

  const groups = useMemo(() => filterQuestions(questions, query), [questions, query]);
  const found = groups.reduce((n, g) => n + g.questions.length, 0);
  const pending = navigation.state !== "idle";
  const intent = navigation.formData?.get("intent");

  return (
    <div className="page settings-page">
      <h1>{t("settings.title")}</h1>
      <ProfileTabs />
      <section className="card settings-section" id="privacy" aria-labelledby="settings-password">
        <h2 id="settings-password">{t("settings.passwordTitle")}</h2>
        {done ? (
          <p className="success" role="status" tabIndex={-1} ref={doneRef}>
            {done}
          </p>
        ) : null}
        <Form method="post" className="form" key={formKey} onChange={dismissError}>
          <input type="hidden" name="intent" value="password" />
          {failed?.intent === "password" && !Object.keys(failed.errors ?? {}).length ? <FormError message={failed.message} /> : null}
          <PasswordField
            label={t("settingsPage.oldPassword")}
            name="old_password"
            autoComplete="current-password"
            required
            maxLength={LIMITS.passwordMax}
            errors={errors.old_password}
            invalidMessage={validityMessage(t, { valueMissing: "validation.password_required" })}
          />
          <PasswordField
            label={t("settingsPage.newPassword")}
            name="password"
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            maxLength={LIMITS.passwordMax}
            pattern={PASSWORD_PATTERN_HTML}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={errors.password}
            invalidMessage={(input) => t(passwordProblem(input.value) ?? "validation.invalid")}
            hint={<PasswordChecklist value={password} />}
          />
          <PasswordField
            label={t("settingsPage.repeatPassword")}
            name="password_confirmation"
            autoComplete="new-password"
            required
            maxLength={LIMITS.passwordMax}
            errors={errors.password_confirmation}
            invalidMessage={validityMessage(t, { valueMissing: "validation.password_required" })}
          />
          <button type="button" className="link-button settings-page__forgot" onClick={() => setForgotOpen(true)}>
            {t("auth.forgot")}
          </button>
          <SubmitButton pending={pending && intent === "password"}>{t("common.save")}</SubmitButton>
        </Form>
      </section>

      {social.length ? (
        <section className="card settings-section" id="social" aria-labelledby="settings-social">
          <h2 id="settings-social">{t("settingsPage.socialTitle")}</h2>
          <p>{t("settingsPage.socialText")}</p>
          {socialDone ? (
            <p className="success" role="status">
              {socialDone}
            </p>
          ) : null}
          <FormError message={socialFailed ?? undefined} />
          <ul className="settings-social">
            {social.map((p) => {
              const busy = pending && intent?.toString().startsWith("social") && navigation.formData?.get("provider") === p.code;
              return (
                <li key={p.code} className="settings-social__item">
                  <span className="settings-social__name">{p.name}</span>
                  <span className={p.linked ? "settings-social__state settings-social__state--on" : "settings-social__state"}>
                    {t(p.linked ? "settingsPage.socialLinked" : "settingsPage.socialNotLinked")}
                  </span>
                  {p.linked ? (
                    <Form method="post" className="settings-social__form">
                      <input type="hidden" name="intent" value="social_unlink" />
                      <input type="hidden" name="provider" value={p.code} />
                      <SubmitButton pending={!!busy} className="btn btn--ghost btn--nowrap" aria-label={t("settingsPage.socialUnlinkOf", { name: p.name })}>
                        {t("settingsPage.socialUnlink")}
                      </SubmitButton>
                    </Form>
                  ) : (
                    // Linking leaves for the provider: a whole-page link (the CSP's form-action keeps forms on our origin).
                    <a className="btn btn--primary btn--nowrap" href={`/auth/social/${p.code}?link=1`} aria-label={t("settingsPage.socialLinkOf", { name: p.name })}>
                      {t("settingsPage.socialLink")}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section className="card settings-section" aria-labelledby="settings-support">
        <h2 id="settings-support">{t("settingsPage.supportTitle")}</h2>
        <p>{t("settingsPage.supportText")}</p>
        <SupportLink className="btn btn--ghost">{t("settingsPage.contactSupport")}</SupportLink>
      </section>

      <section className="settings-section settings-faq" aria-labelledby="settings-faq">
        <h2 id="settings-faq">{t("settingsPage.faqTitle")}</h2>
        <FaqSearch action="/profile/settings" value={query} onChange={setQuery} live={live} />
        <FaqStatus found={found} searching={query.trim() !== ""} />
        <FaqGroups groups={groups} headingLevel={3} />
      </section>

      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDialogs forgotOpen={forgotOpen} onForgotClose={() => setForgotOpen(false)} pending={pending && intent === "forgot"} email={email} alert={alert} onAlertClose={() => setAlert(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
