import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { completeSocialRegistration, register } from "~/domain/auth/auth.server";
import { decodeInviteHash } from "~/domain/auth/invite-hash";
import { pendingSocialRegistration } from "~/domain/auth/social.server";
import { listIndustries, listOptions } from "~/domain/reference/reference.server";
import { LIMITS, NAME_PATTERN_HTML, PHONE_PATTERN_HTML } from "~/domain/limits";
import { Field, FormError, PasswordField, validityMessage, PASSWORD_PATTERN_HTML, PasswordChecklist, passwordProblem } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { DirectUpload, useUploadGate, useUploadTexts } from "~/components/ui/direct-upload";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { modeCookie } from "~/web/mode.server";
import { pageTexts } from "~/web/page-texts.server";
import { endReplacedSession, formObject, runAction, sessionCookie, type ActionErrors } from "~/web/page.server";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "register.title" };

// The two dialogs load when first opened: the pickers, shared with the profile, live in their own chunk,
// and the page stays within its JavaScript budget (docs/decisions/0013-profile.md).
const Modal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.Modal })));
const AlertModal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.AlertModal })));
// The expertise pickers too (shared with the profile's industry modal): only an expert's form shows them.
const IndustryPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.IndustryPicker })));
const OptionPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.OptionPicker })));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = context.actor;
  // spec 1 §2: a signed-in expert goes to the profile, a signed-in customer to the request page.
  if (actor) throw redirect(actor.user.roles.includes("executor") ? "/profile/information" : "/request-add");
  const url = new URL(request.url);
  const socialToken = url.searchParams.get("social");
  const [industries, options, social] = await Promise.all([
    listIndustries(context.ctx),
    listOptions(context.ctx, null, {}),
    socialToken ? pendingSocialRegistration(context.ctx, socialToken) : null,
  ]);
  return data({
    texts: pageTexts(context, "signUpPage", "pickers"),
    industries,
    options: options.map((o) => ({ id: o.id, name: o.name, parent_id: o.parent_id })),
    invite: decodeInviteHash(url.searchParams.get("hash")),
    social: social ? { ...social, token: socialToken! } : null,
    socialExpired: !!socialToken && !social,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    // Without scripts (or before they load) the status radios change nothing else in the form: one that
    // disagrees with the form's own `is_expert` registers nobody; the page comes back as the form of the
    // chosen status, with what was typed (never the password).
    const chosen = form.role === "expert" || form.role === "customer" ? form.role : null;
    if (chosen && (chosen === "expert") !== (form.is_expert === "1")) return { form, switched: chosen as Role };
    return { form, account: form.token ? await completeSocialRegistration(context.ctx, form) : await register(context.ctx, form) };
  });
  if (!result.ok) return data(result.body, result.init);
  if ("switched" in result.value) {
    const { form, switched } = result.value;
    const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string).slice(0, 254) : "");
    return data({ roleSwitch: switched, values: { name: text("name"), lastName: text("lastName"), email: text("email"), phone: text("phone") } });
  }
  const { form, account } = result.value;
  // spec 1 §2: after registration the profile, or the request page if a request was started.
  const to = form.is_demand === "1" ? "/request-add" : "/profile/information";
  // A new account starts in the mode it registered for (the guest menu's 'Предложить экспертизу' leads here).
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, account.token));
  headers.append("Set-Cookie", modeCookie(context, form.is_expert === "1" ? "executor" : "customer"));
  // A form posted from a tab opened before another sign-in: that session ends, as a sign-in at /auth ends it.
  await endReplacedSession(context, request, headers);
  return redirect(to, { headers });
}

type Role = "customer" | "expert";
/** The action's answer to a status chosen without scripts: the form again, as that status's. */
type RoleSwitch = { roleSwitch: Role; values: { name: string; lastName: string; email: string; phone: string } };
const FIELD_STEP: Record<string, number> = { name: 1, lastName: 1, email: 1, phone: 1, industry: 2, option: 2, new_option: 2, resume: 2, password: 3 };

export default function SignUpRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RegistrationPage />
    </PageTexts>
  );
}

/** Registration (spec 1 §2, §4, §5): a customer's or an expert's form, a wizard on mobile. */
function RegistrationPage() {
  const { industries, options, invite, social, socialExpired } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionErrors | RoleSwitch>();
  const switched = answer && "roleSwitch" in answer ? answer : null;
  const actionData = switched ? undefined : (answer as ActionErrors | undefined);
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t, lang } = useTranslation();
  // An invitation asks the person in as an expert (spec 2: "invited by e-mail as an expert or as a
  // company"; its mail says so): its form opens on 'Стать экспертом', unless the link names a role.
  const asked = params.get("role");
  const [role, setRole] = useState<Role>(switched?.roleSwitch ?? (asked === "expert" || asked === "customer" ? asked : invite?.is_invited ? "expert" : "customer"));
  const [step, setStep] = useState(1);
  const [js, setJs] = useState(false);
  const [askExpert, setAskExpert] = useState(false);
  const [alertOpen, setAlertOpen] = useState(false);
  const [values, setValues] = useState(
    switched
      ? { ...switched.values, email: social?.email ?? switched.values.email, password: "" }
      : { name: social?.name ?? invite?.name ?? "", lastName: social?.lastName ?? invite?.lastName ?? "", email: social?.email ?? social?.suggestedEmail ?? invite?.email ?? "", phone: invite?.phone ?? "", password: "" },
  );
  const [industryIds, setIndustryIds] = useState<number[]>([]);
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const [newOptions, setNewOptions] = useState<{ id: number; name: string }[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  // An expert's resumes go straight to storage as they are chosen (decision 0058): the form waits for them.
  const uploads = useUploadGate(formRef);
  // Mounted from the first opening on (what ~/components/lazy-once does; inline, so no shared chunk).
  const [askOnce, setAskOnce] = useState(false);
  const [alertOnce, setAlertOnce] = useState(false);
  if (askExpert && !askOnce) setAskOnce(true);
  if (alertOpen && !alertOnce) setAlertOnce(true);
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, onChange: dismissError } = useAnswerErrors(actionData?.errors, [["option", "new_option"]]);
  const isSocial = !!social;
  const expert = role === "expert";

  useEffect(() => {
    // What was typed or ticked before the scripts loaded (the form works without them) is kept: the
    // controlled fields would otherwise reset it to the server-rendered values on the next render.
    // In a transition: the lazy pickers' Suspense boundary may still be hydrating, and an urgent update
    // to it would make React throw it away (React error #421); a transition waits for the hydration.
    const form = formRef.current;
    const typed = form ? new FormData(form) : null;
    startTransition(() => {
      if (typed) {
        const text = (k: keyof typeof values) => String(typed.get(k) ?? "");
        setValues({ name: text("name"), lastName: text("lastName"), email: text("email"), phone: text("phone"), password: text("password") });
        setIndustryIds(typed.getAll("industry[]").map(Number));
        setOptionIds(typed.getAll("option[]").map(Number));
        const typedRole = typed.get("role");
        if (typedRole === "customer" || typedRole === "expert") setRole(typedRole);
      }
      setJs(true);
    });
  }, []);
  useEffect(() => {
    if (!actionData) return;
    const first = Object.keys(actionData.errors ?? {})[0];
    if (first && FIELD_STEP[first]) setStep(FIELD_STEP[first]!);
    // A failure no field shows (the social sign-up's session run out: `token`) is an alert too (spec 1 §8).
    if (actionData.userExistError || !first || !Object.hasOwn(FIELD_STEP, first)) setAlertOpen(true);
  }, [actionData]);

  // Steps of the mobile wizard: 1 contacts, 2 expertise (experts only), 3 password (not for social sign-up).
  const steps = useMemo(() => [1, ...(expert ? [2] : []), ...(isSocial ? [] : [3])], [expert, isSocial]);
  const stepIndex = Math.max(0, steps.indexOf(step));
  const isLast = stepIndex === steps.length - 1;

  // spec 1 §2: filled fields out of 7 (expert), 5 (customer), 3 or 1 (social completion).
  const progress = useMemo(() => {
    const phoneFilled = values.phone.length > 5;
    if (isSocial) {
      const names = social?.name && social?.lastName;
      if (names) return { filled: phoneFilled ? 1 : 0, total: 1 };
      return { filled: [values.name, values.lastName].filter(Boolean).length + (phoneFilled ? 1 : 0), total: 3 };
    }
    const base = [values.name, values.lastName, values.email, values.password].filter(Boolean).length + (phoneFilled ? 1 : 0);
    return expert ? { filled: base + (industryIds.length ? 1 : 0) + (optionIds.length || newOptions.length ? 1 : 0), total: 7 } : { filled: base, total: 5 };
  }, [values, expert, industryIds, optionIds, newOptions, isSocial, social]);

  // A value the browser refuses gets the server's message for it (spec 1 §5 texts), next to the field.
  const messages = useMemo(
    () => ({
      name: validityMessage(t, { valueMissing: "validation.name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
      lastName: validityMessage(t, { valueMissing: "validation.last_name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
      phone: validityMessage(t, { valueMissing: "validation.phone_required", patternMismatch: "validation.phone_invalid", tooLong: "validation.phone_max" }),
      password: (input: HTMLInputElement) => t(passwordProblem(input.value) ?? "validation.invalid"),
    }),
    [t],
  );

  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));

  function stepValid() {
    const el = formRef.current?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    if (!el) return true;
    for (const input of Array.from(el.querySelectorAll<HTMLInputElement>("input"))) if (!input.checkValidity()) return input.reportValidity(), false;
    return true;
  }

  // The phone's wizard: a new step takes the focus into its first field (the counter above says which step
  // it is), so that the keyboard does not stay on a 'Далее' or 'Назад' that the step has hidden.
  // (Only a move the person made: a step opened for the server's error leaves the focus to that error.)
  const moved = useRef(false);
  const goTo = (to: number) => {
    moved.current = to !== step;
    setStep(to);
  };
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    formRef.current?.querySelector<HTMLElement>(`[data-step="${step}"] :is(input, select, textarea, button):not([type="hidden"]):not([disabled])`)?.focus();
  }, [step]);

  function next() {
    if (!stepValid()) return;
    // spec 1 §2: a customer leaving step 1 is asked whether to get projects as an expert too.
    if (step === 1 && !expert) {
      setAskExpert(true);
      return;
    }
    goTo(steps[stepIndex + 1] ?? step);
  }

  const uploadTexts = useUploadTexts("signUpPage");

  const mainOptions = options.filter((o) => o.parent_id === null);
  const pending = navigation.state !== "idle";

  return (
    <section className="page page--narrow">
      <h1>{isSocial ? t("signUpPage.socialTitle") : t("register.title")}</h1>
      {socialExpired ? <p className="banner">{t("auth.social_expired")}</p> : null}
      {isSocial ? <p className="note">{t("signUpPage.socialText")}</p> : null}
      {invite?.invite_id ? (
        <p className="banner">
          {t("signUpPage.inviteNote")}. {t("signUpPage.inviteVerify")}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" ref={formRef} onChange={dismissError} className={`form card wizard${js ? " js" : ""}`} data-last={isLast} noValidate={false} onSubmit={(e) => {
        if (js && !stepValid()) e.preventDefault();
        else uploads.hold(e);
      }}>
        <fieldset className="role-choice">
          <legend>{t("signUpPage.chooseStatus")}</legend>
          <label>
            <input type="radio" name="role" value="customer" checked={role === "customer"} onChange={() => {
                // The resumes' field leaves the form: a registration held for them is dropped.
                uploads.reset();
                setRole("customer");
              }} />
            <span>{t("signUpPage.customer")}</span>
          </label>
          <label>
            <input type="radio" name="role" value="expert" checked={role === "expert"} onChange={() => setRole("expert")} />
            <span>{t("signUpPage.expert")}</span>
          </label>
        </fieldset>
        <input type="hidden" name="is_expert" value={expert ? "1" : "0"} />
        {params.get("demand") === "1" ? <input type="hidden" name="is_demand" value="1" /> : null}
        {invite?.invite_id ? <input type="hidden" name="invite_id" value={invite.invite_id} /> : null}
        {invite?.is_invited ? <input type="hidden" name="is_invited" value="1" /> : null}
        {social ? <input type="hidden" name="token" value={social.token} /> : null}

        <div className="wizard__head">
          <span className="wizard__counter" aria-live="polite">
            {t("signUpPage.step", { current: stepIndex + 1, total: steps.length })}
          </span>
          <span className="note">{t("signUpPage.progress", { filled: progress.filled, total: progress.total })}</span>
        </div>
        <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.filled} aria-label={t("signUpPage.progress", { filled: progress.filled, total: progress.total })}>
          <div className="progress__bar" style={{ width: `${(progress.filled / progress.total) * 100}%` }} />
        </div>

        <fieldset className="step" data-step="1" data-active={step === 1}>
          <legend>{t("signUpPage.contacts")}</legend>
          <div className="grid-2">
            <Field label={t("fields.name")} name="name" autoComplete="given-name" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} value={values.name} onChange={set("name")} errors={errors.name} invalidMessage={messages.name} />
            <Field label={t("signUpPage.lastName")} name="lastName" autoComplete="family-name" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} value={values.lastName} onChange={set("lastName")} errors={errors.lastName} invalidMessage={messages.lastName} />
          </div>
          <Field label={t("fields.email")} name="email" type="email" autoComplete="email" required={!social?.email} readOnly={!!social?.email} maxLength={LIMITS.emailMax} value={values.email} onChange={set("email")} errors={errors.email} />
          <Field label={t("fields.phone")} name="phone" type="tel" autoComplete="tel" required maxLength={LIMITS.phoneMax} pattern={PHONE_PATTERN_HTML} placeholder="+7 (999) 123-45-67" value={values.phone} onChange={set("phone")} errors={errors.phone} invalidMessage={messages.phone} />
        </fieldset>

        {expert ? (
          <fieldset className="step" data-step="2" data-active={step === 2}>
            <legend>{t("signUpPage.expertise")}</legend>
            <Suspense fallback={null}>
              <IndustryPicker industries={industries} selected={industryIds} onChange={setIndustryIds} errors={errors.industry} />
              <OptionPicker main={mainOptions} all={options} selected={optionIds} onChange={setOptionIds} newOptions={newOptions} onNewOptions={setNewOptions} errors={errors.option ?? errors.new_option} />
            </Suspense>
            <div className="field">
              <label className="field__label" htmlFor="resume">
                {t("signUpPage.resume")}
              </label>
              <DirectUpload
                kind="resume"
                inputId="resume"
                describedBy={errors.resume ? "resume-hint resume-error" : "resume-hint"}
                invalid={!!errors.resume}
                inlineName="resume[]"
                uploadsName="uploads[]"
                maxFiles={LIMITS.registrationFiles}
                maxBytes={LIMITS.fileBytes}
                accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                texts={uploadTexts}
                lang={lang}
                onBusyChange={uploads.onBusyChange}
                gone={actionData?.uploads_gone}
                goneMessage={actionData?.errors?.resume?.[0]}
              />
              <p id="resume-hint" className="field__hint">
                {t("signUpPage.resumeHint")}
              </p>
              {uploads.waiting ? (
                <p className="field__hint" role="status">
                  {t("signUpPage.waitUploads")}
                </p>
              ) : null}
              {errors.resume ? (
                <p id="resume-error" className="field__error" role="alert">
                  {errors.resume.join(". ")}
                </p>
              ) : null}
            </div>
          </fieldset>
        ) : null}

        {isSocial ? null : (
          <fieldset className="step" data-step="3" data-active={step === 3}>
            <legend>{t("signUpPage.passwordStep")}</legend>
            <PasswordField label={t("signUpPage.password")} name="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} pattern={PASSWORD_PATTERN_HTML} value={values.password} onChange={set("password")} errors={errors.password} invalidMessage={messages.password} hint={<PasswordChecklist value={values.password} />} />
          </fieldset>
        )}

        {/* On a phone's wizard these go with the last step, where 'Зарегистрироваться' is that they name. */}
        <label className="checkbox wizard__final-only">
          <input type="checkbox" name="is_subscribe" value="1" />
          <span>{t("signUpPage.subscribe")}</span>
        </label>
        <p className="note wizard__final-only">{t("signUpPage.consent")}</p>
        {errors.form ? <FormError message={errors.form.join(". ")} /> : null}

        <div className="wizard__nav">
          {js && stepIndex > 0 ? (
            <button type="button" className="btn btn--ghost wizard__mobile-only" onClick={() => goTo(steps[stepIndex - 1]!)}>
              {t("common.back")}
            </button>
          ) : null}
          {js && !isLast ? (
            <button type="button" className="btn btn--primary wizard__mobile-only wizard__next" onClick={next}>
              {t("common.next")}
            </button>
          ) : null}
          <SubmitButton pending={pending} className="btn btn--primary wizard__final">
            {t("signUpPage.submit")}
          </SubmitButton>
        </div>
        <p className="note">
          {t("signUpPage.haveAccount")} <Link to="/auth">{t("signUpPage.signIn")}</Link>
        </p>
      </Form>

      {askOnce ? (
        <Suspense fallback={null}>
      <Modal open={askExpert} onClose={() => { setAskExpert(false); goTo(steps[stepIndex + 1] ?? step); }} title={t("signUpPage.becomeExpertTitle")} variant="alert">
        <p>{t("signUpPage.becomeExpertText")}</p>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={() => { setAskExpert(false); goTo(isSocial ? 1 : 3); }}>
            {t("signUpPage.skip")}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => { setRole("expert"); setAskExpert(false); goTo(2); }}>
            {t("signUpPage.fill")}
          </button>
        </div>
      </Modal>
        </Suspense>
      ) : null}
      {alertOnce ? (
        <Suspense fallback={null}>
      <AlertModal
        open={alertOpen}
        onClose={() => setAlertOpen(false)}
        title={t("common.errorTitle")}
        text={actionData?.message ?? t("errors.unknown")}
        action={actionData?.userExistError ? { label: t("signUpPage.loginInstead"), href: "/auth" } : undefined}
      />
        </Suspense>
      ) : null}
    </section>
  );
}

