import { Form, useActionData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { SectionTabs } from "~/components/section-tabs";
import { Field, validityMessage } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { EMAIL_PATTERN, LIMITS, NAME_PATTERN_HTML, PHONE_PATTERN_HTML } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import type { CompanyPicker, CompanyChoice } from "./company-picker";

const InviteDialogs = lazy(() => import("./invite-dialogs"));

const TABS = [
  { to: "/invite/expert", labelKey: "invite.expertTitle" },
  { to: "/invite/company", labelKey: "invite.companyTitle" },
];

/** An invitation page (spec 2 §2): the two flows as tabs, the title, the form. */
export function InvitePage({ kind, CompanyField }: { kind: "individual" | "company"; CompanyField?: typeof CompanyPicker }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow invite-page">
      <SectionTabs label={t("invitePage.sections")} tabs={TABS} />
      <h1>{t(kind === "individual" ? "invite.expertTitle" : "invite.companyTitle")}</h1>
      <InviteForm kind={kind} CompanyField={CompanyField} />
    </section>
  );
}

export type InviteActionData = { sent: true; email: string } | { message: string; errors: Record<string, string[]> };

const EMPTY = { email: "", phone: "", lastName: "", name: "", patronymic: "" };
type Values = typeof EMPTY;
type Answer = { exists: boolean; name: string | null } | { message?: string; errors?: Record<string, string[]> };

/**
 * The invitation form (spec 2 §2, §4, §5). `individual`: two steps, the e-mail first ('Далее' asks the
 * server whether it has an account), then phone, last name, first name and patronymic. `company`: every
 * field at once plus the company picker. An address with an account shows 'Почта привязана к существующему
 * аккаунту — {name}' and blocks sending until it changes. Success resets the form and shows
 * 'Приглашение отправлено'; any other failure an alert that offers 'Вернуться на главную'.
 * Without JavaScript every field shows at once and the server checks everything. The company flow's page
 * passes the picker, so the expert flow's page does not download it.
 */
export function InviteForm({ kind, CompanyField }: { kind: "individual" | "company"; CompanyField?: typeof CompanyPicker }) {
  const { t } = useTranslation();
  const actionData = useActionData<InviteActionData>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [step, setStep] = useState<1 | 2>(1);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // The address the server refused (an account, or a bad address): sending stays blocked until it changes.
  const [blockedEmail, setBlockedEmail] = useState<string | null>(null);
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [company, setCompany] = useState<CompanyChoice | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // The modals load when one first opens, then stay mounted (the pattern of app/components/lazy-once.ts).
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  if (!dialogsLoaded && (sentTo !== null || alert !== null)) setDialogsLoaded(true);
  useEffect(() => setLive(true), []);

  const twoSteps = kind === "individual" && live;
  const blocked = blockedEmail !== null && blockedEmail === values.email.trim().toLowerCase();

  useEffect(() => {
    if (!actionData) return;
    if ("sent" in actionData) {
      // spec 2 §4: submit resets the form.
      setValues(EMPTY);
      setCompany(null);
      setErrors({});
      setBlockedEmail(null);
      setCheckedEmail(null);
      setStep(1);
      formRef.current?.reset();
      setSentTo(actionData.email);
      return;
    }
    const fieldErrors = actionData.errors ?? {};
    setErrors(fieldErrors);
    if (fieldErrors.email?.length) {
      setBlockedEmail(values.email.trim().toLowerCase());
      setStep(1);
    }
    const shown = ["email", "phone", "lastName", "name", "patronymic", "company_id", "new_companies.0.name"];
    if (!Object.keys(fieldErrors).some((f) => shown.includes(f))) setAlert(actionData.message || t("errors.unknown"));
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!live) return;
    const name = step === 2 ? "phone" : "email";
    const input = formRef.current?.elements.namedItem(name);
    if (step === 2 && input instanceof HTMLInputElement) input.focus();
  }, [step, live]);

  const set = (field: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

  /** The e-mail check (GET /api/invite/check): {exists, name} only. */
  async function check(email: string): Promise<boolean> {
    setChecking(true);
    try {
      const res = await fetch(`/api/invite/check?email=${encodeURIComponent(email)}`, { headers: { Accept: "application/json" } });
      const body = (await res.json()) as Answer;
      if (res.ok && "exists" in body) {
        setCheckedEmail(email.toLowerCase());
        if (!body.exists) return true;
        setErrors((e) => ({ ...e, email: [t("invitePage.accountExists", { name: body.name })] }));
        setBlockedEmail(email.toLowerCase());
        return false;
      }
      const fieldErrors = "errors" in body ? body.errors : undefined;
      if (res.status === 422 && fieldErrors?.email) setErrors((e) => ({ ...e, email: fieldErrors.email! }));
      else setAlert(("message" in body && body.message) || t("errors.unknown"));
    } catch {
      setAlert(t("errors.unknown"));
    } finally {
      setChecking(false);
    }
    return false;
  }

  async function next() {
    const input = formRef.current?.elements.namedItem("email");
    if (!(input instanceof HTMLInputElement) || !input.reportValidity() || blocked) return;
    if (await check(values.email.trim())) setStep(2);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!live) return;
    if (twoSteps && step === 1) {
      // Enter in the e-mail field is 'Далее'.
      e.preventDefault();
      void next();
      return;
    }
    if (blocked) {
      e.preventDefault();
      return;
    }
    if (kind === "company" && !company) {
      e.preventDefault();
      setErrors((v) => ({ ...v, company_id: [t("invitePage.companyRequired")] }));
    }
  }

  const emailStep = !twoSteps || step === 1;
  const detailsStep = !twoSteps || step === 2;
  const messages = {
    email: validityMessage(t, { valueMissing: "validation.email_required", typeMismatch: "validation.email_invalid", patternMismatch: "validation.email_invalid" }),
    name: validityMessage(t, { valueMissing: "validation.name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    lastName: validityMessage(t, { valueMissing: "validation.last_name_required", patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    patronymic: validityMessage(t, { patternMismatch: "validation.name_letters", tooLong: "validation.name_max" }),
    phone: validityMessage(t, { patternMismatch: "validation.phone_invalid", tooLong: "validation.phone_max" }),
  };
  const optional = (label: string) => `${label} (${t("invitePage.optional")})`;

  return (
    <>
      <p className="note invite-lead">{kind === "individual" ? t("invitePage.leadExpert") : t("invitePage.leadCompany")}</p>
      <Form method="post" ref={formRef} className="form card invite-form" onSubmit={onSubmit}>
        <input type="hidden" name="expert_type" value={kind} />
        {twoSteps ? (
          <p className="note" aria-live="polite">
            {t("invitePage.step", { current: step, total: 2 })}
          </p>
        ) : null}
        {emailStep ? (
          <Field
            label={t("invitePage.email")}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={LIMITS.emailMax}
            pattern={EMAIL_PATTERN.source}
            value={values.email}
            onChange={set("email")}
            onBlur={() => {
              // The company flow checks the address as soon as it is typed (spec 2 §2).
              const email = values.email.trim();
              if (kind === "company" && live && EMAIL_PATTERN.test(email) && checkedEmail !== email.toLowerCase()) void check(email);
            }}
            errors={errors.email}
            invalidMessage={messages.email}
          />
        ) : (
          <div className="invite-form__email">
            <input type="hidden" name="email" value={values.email.trim()} />
            <span className="field__label">{t("invitePage.email")}</span>
            <span className="invite-form__email-value">{values.email.trim()}</span>
            <button type="button" className="link-button" onClick={() => setStep(1)}>
              {t("invitePage.changeEmail")}
            </button>
          </div>
        )}
        {twoSteps && step === 1 ? (
          <button type="button" className="btn btn--primary" onClick={() => void next()} disabled={blocked || checking} aria-busy={checking || undefined}>
            {t("invitePage.next")}
          </button>
        ) : null}
        {detailsStep ? (
          <>
            <Field label={optional(t("invitePage.phone"))} name="phone" type="tel" autoComplete="off" maxLength={LIMITS.phoneMax} pattern={PHONE_PATTERN_HTML} placeholder="+7 (999) 123-45-67" value={values.phone} onChange={set("phone")} errors={errors.phone} invalidMessage={messages.phone} />
            <div className="grid-2">
              <Field label={t("invitePage.lastName")} name="lastName" autoComplete="off" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} value={values.lastName} onChange={set("lastName")} errors={errors.lastName} invalidMessage={messages.lastName} />
              <Field label={t("invitePage.name")} name="name" autoComplete="off" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} value={values.name} onChange={set("name")} errors={errors.name} invalidMessage={messages.name} />
            </div>
            <Field label={optional(t("invitePage.patronymic"))} name="patronymic" autoComplete="off" maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} value={values.patronymic} onChange={set("patronymic")} errors={errors.patronymic} invalidMessage={messages.patronymic} />
            {kind === "company" && CompanyField ? (
              <CompanyField
                live={live}
                value={company}
                onChange={(c) => {
                  setCompany(c);
                  if (c) setErrors(({ company_id: _a, ["new_companies.0.name"]: _b, ...rest }) => rest);
                }}
                error={(errors.company_id ?? errors["new_companies.0.name"])?.join(". ")}
              />
            ) : null}
            <div className="invite-form__actions">
              {twoSteps ? (
                <button type="button" className="btn btn--ghost" onClick={() => setStep(1)}>
                  {t("invitePage.back")}
                </button>
              ) : null}
              <SubmitButton pending={navigation.state === "submitting"} disabled={blocked || checking}>
                {t("invitePage.submit")}
              </SubmitButton>
            </div>
          </>
        ) : null}
      </Form>
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <InviteDialogs sentTo={sentTo} onSentClose={() => setSentTo(null)} alert={alert} onAlertClose={() => setAlert(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
