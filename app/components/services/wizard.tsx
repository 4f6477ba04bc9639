import { Form, Link, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { arrowTab } from "~/lib/tab-keys";
import type { Format, Member, ServiceDraft, WizardData } from "./types";
import { Errors, StatusChip } from "./wizard-bits";
import { StepValues, type StepId } from "./wizard-values";

// The add-employee dialog (search, the new-employee form) loads when first opened: the page stays light.
const EmployeeDialog = lazy(() => import("./employee-dialog"));
// So do the steps after the first (./wizard-steps.tsx, with the expertise pickers inside) and the two
// alerts: the page stays within its JavaScript budget (issue 12, docs/decisions/0019).
const loadSteps = () => import("./wizard-steps");
const Step = lazy(() => loadSteps().then((m) => ({ default: m.Step })));
const SubmitButton = lazy(() => loadSteps().then((m) => ({ default: m.SubmitButton })));
const Modal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.Modal })));
const AlertModal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.AlertModal })));

export type { StepId };
const STEPS: Record<Format, StepId[]> = {
  company: ["description", "industry", "team", "specializations", "competences", "other"],
  individual: ["description", "industry", "specializations", "competences", "other"],
};

/** Which step shows the error of a field the server names (the first segment of its path). */
const FIELD_STEP: Record<string, StepId> = {
  format: "description",
  type: "description",
  name: "description",
  description: "description",
  maturity: "description",
  industries: "industry",
  options: "industry",
  new_options: "industry",
  users: "team",
  specializations: "specializations",
  expertises: "competences",
  companies: "other",
  new_companies: "other",
  budget: "other",
  income: "other",
  hours: "other",
  workload_format: "other",
  pay_format: "other",
  performer_type: "other",
};

export type WizardAnswer = { message?: string; errors?: Record<string, string[]>; ok?: true; saved?: true; id?: number; active?: boolean; checked?: true; team?: Member[]; teamSince?: string };

/** Errors grouped by the top-level field they are about (`users.2.id` → `users`). */
function byField(errors: Record<string, string[]> | undefined) {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors ?? {})) {
    const top = k.split(".")[0]!;
    out[top] = [...(out[top] ?? []), ...v];
  }
  return out;
}

/**
 * The service wizard (spec 3 §2): one form whose steps are panels. Without scripts every panel shows and
 * the form posts as a whole; with them the tabs switch in the page, 'Далее' asks the server to check the
 * step (the rules live in the domain) and an invalid save opens the step of the first error and focuses it.
 */
export function ServiceWizard({ data }: { data: WizardData }) {
  const { t } = useTranslation();
  const readOnly = data.mode === "view";
  const navigation = useNavigation();
  const actionData = useActionData<WizardAnswer>();
  const check = useFetcher<WizardAnswer>({ key: "service-check" });
  const formRef = useRef<HTMLFormElement>(null);
  const [js, setJs] = useState(false);
  const [draft, setDraft] = useState<ServiceDraft>(data.draft);
  // The first load's time, kept while the page's draft is: a refusal after it stays a refusal (decision 0071).
  const [teamSince, setTeamSince] = useState(data.teamSince);
  const [step, setStep] = useState<StepId>("description");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [askFormat, setAskFormat] = useState<Format | null>(null);
  const [employeeOpen, setEmployeeOpen] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const checkingStep = useRef<StepId | null>(null);
  const SVC = data.limits;
  // The alerts load on first use and then stay mounted (the native <dialog> returns the focus).
  const askedOnce = useOnce(askFormat !== null);
  const savedOnce = useOnce(savedOpen);
  // The last step has defaults (spec 3 §9: 1000 ₽): it counts once opened, not before.
  const [seenOther, setSeenOther] = useState(data.mode !== "new");
  useEffect(() => {
    if (step === "other") setSeenOther(true);
    // On a phone the steps scroll sideways: the current one stays in view.
    const tabEl = document.getElementById(`svc-tab-${step}`);
    const bar = tabEl?.parentElement;
    if (tabEl && bar && bar.scrollWidth > bar.clientWidth) bar.scrollTo({ left: tabEl.offsetLeft - bar.offsetLeft - 16, behavior: "smooth" });
  }, [step]);

  useEffect(() => startTransition(() => setJs(true)), []);

  const steps = draft.format ? STEPS[draft.format] : STEPS.individual;
  const index = Math.max(0, steps.indexOf(step));
  const isLast = index === steps.length - 1;

  // The progress bar (spec 3 §2, §9): 20 % per completed step for a company (5 counted), 25 % for an
  // individual (4 counted). A step counts once what it asks for is there; the server decides validity.
  const progress = useMemo(() => {
    if (!draft.format) return 0;
    const done = [
      !!(draft.type && draft.name.trim() && draft.description.trim()),
      draft.options.length > 0,
      ...(draft.format === "company" ? [draft.users.length > 0] : []),
      draft.expertises.length > 0,
      seenOther && (draft.format === "company" ? !!draft.budget : !!(draft.income && draft.hours)),
    ].filter(Boolean).length;
    return Math.min(100, done * SVC.progressStep[draft.format]);
  }, [draft, seenOther]);

  // The focus goes to the first field with an error once the errors (and their step) are on screen.
  const [focusRequest, setFocusRequest] = useState<{ step: StepId | null; n: number }>({ step: null, n: 0 });
  const focusFirstError = (fields: Record<string, string[]>) => {
    const first = Object.keys(fields).find((k) => FIELD_STEP[k]);
    const target = first ? FIELD_STEP[first]! : null;
    if (target) setStep(target);
    setFocusRequest((r) => ({ step: target, n: r.n + 1 }));
  };
  useEffect(() => {
    if (!focusRequest.n) return;
    // The step's code may still be loading (it loads on first use): look again for a few frames.
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const panel = formRef.current?.querySelector<HTMLElement>(`[data-step="${focusRequest.step ?? step}"]`) ?? formRef.current;
      const el = panel?.querySelector<HTMLElement>("[aria-invalid='true'], .field--invalid input, .field--invalid select, .field--invalid textarea, .field--invalid button");
      if (el) el.focus();
      else if (tries++ < 120) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.saved) {
      // The team as saved (decision 0071: one who refused while the page was open is not in it), and the
      // time the next save counts refusals from.
      if (actionData.team) setDraft((d) => ({ ...d, users: actionData.team! }));
      if (actionData.teamSince && teamSince) setTeamSince(actionData.teamSince);
      setSavedOpen(true);
      return;
    }
    const fields = byField(actionData.errors);
    setErrors(fields);
    setBanner(Object.keys(fields).some((k) => FIELD_STEP[k]) ? t("servicesPage.fixErrors") : (actionData.message ?? null));
    focusFirstError(fields);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);

  // The answer of a step check: the errors of that step, or the next step.
  useEffect(() => {
    if (check.state !== "idle" || !check.data || !checkingStep.current) return;
    const asked = checkingStep.current;
    checkingStep.current = null;
    const fields = byField(check.data.errors);
    const mine = Object.fromEntries(Object.entries(fields).filter(([k]) => FIELD_STEP[k] === asked));
    setErrors(mine);
    if (Object.keys(mine).length) {
      setBanner(null);
      focusFirstError(mine);
    } else {
      setBanner(null);
      const nextStep = steps[steps.indexOf(asked) + 1];
      if (nextStep) {
        setStep(nextStep);
        requestAnimationFrame(() => {
          // The new step's tab takes the focus: a screen reader says which step this is ('Команда, 3 из 6'),
          // and Tab goes on into its fields; 'Далее' is gone on the last step anyway.
          document.getElementById(`svc-tab-${nextStep}`)?.focus({ preventScroll: true });
          formRef.current?.querySelector<HTMLElement>(`[data-step="${nextStep}"] legend`)?.scrollIntoView({ block: "nearest" });
        });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.state, check.data]);


  const set = <K extends keyof ServiceDraft>(k: K, v: ServiceDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (errors[k as string]) setErrors((e) => ({ ...e, [k as string]: [] }));
  };

  const chooseFormat = (f: Format) => {
    if (f === draft.format) return;
    if (draft.format) setAskFormat(f);
    else setDraft((d) => ({ ...d, format: f, type: "" }));
  };
  // spec 3 §4: a format change asks first, then everything entered so far is dropped, the type too.
  const confirmFormat = () => {
    if (!askFormat) return;
    setDraft({ ...data.empty, id: draft.id, format: askFormat, type: "" });
    setErrors({});
    setStep("description");
    setAskFormat(null);
  };

  const nextStep = () => {
    const form = formRef.current;
    if (!form) return;
    // What the browser refuses (the HTML constraints from the limits) is shown first, without a request.
    const panel = form.querySelector<HTMLElement>(`[data-step="${step}"]`);
    const bad = panel ? Array.from(panel.querySelectorAll<HTMLInputElement>("input, select, textarea")).filter((i) => !i.checkValidity()) : [];
    if (bad.length) return;
    const body = new FormData(form);
    body.set("intent", "check");
    checkingStep.current = step;
    check.submit(body, { method: "post" });
  };

  const types = data.types.filter((ty) => !draft.format || ty.formats.includes(draft.format));
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  // A step's code loads the first time the step opens (its panel then stays mounted); the first use of
  // the form fetches it ahead, so that 'Далее' rarely waits for it.
  const [opened, setOpened] = useState<ReadonlySet<StepId>>(() => new Set(["description"]));
  if (!opened.has(step)) setOpened(new Set([...opened, step]));
  const warmSteps = () => void loadSteps().catch(() => undefined);
  const stepProps = { data, draft, set, setDraft, errors, readOnly, js };
  /** A later step: its fields once opened; before that, or while its code loads, its values as hidden inputs. */
  const later = (id: Exclude<StepId, "description">, content: ReactNode) =>
    !js ? (
      // Without scripts every step shows and posts: the server renders them into a <noscript>, which the
      // browser's React neither hydrates nor needs the code of.
      <noscript>{typeof document === "undefined" ? content : null}</noscript>
    ) : opened.has(id) ? (
      <Suspense fallback={<><StepValues step={id} draft={draft} /><p className="note">{t("common.loading")}</p></>}>{content}</Suspense>
    ) : (
      <StepValues step={id} draft={draft} />
    );
  const saveLabel = data.mode === "edit" ? t("servicesPage.saveChanges") : t("servicesPage.save");
  const title = data.mode === "new" ? t("services.newTitle") : data.mode === "edit" ? t("services.editTitle") : t("services.viewTitle");

  return (
    <section className="page svc-wizard-page">
      <p className="svc-back">
        <Link to="/services">← {t("servicesPage.title")}</Link>
      </p>
      <h1>{title}</h1>
      {!data.signedIn ? (
        <p className="banner" role="note">
          <GuestWarning />
        </p>
      ) : null}
      {data.status ? (
        <p className="svc-status-line">
          <StatusChip status={data.status} />
          {data.status === "rejected" && data.rejectReason ? <span className="svc-reason">{t("servicesPage.rejectedReason", { reason: data.rejectReason })}</span> : null}
        </p>
      ) : null}

      <div className="svc-progress">
        <span className="note" aria-hidden="true">
          {t("servicesPage.progress", { value: progress })}
        </span>
        <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t("servicesPage.progress", { value: progress })}>
          <div className="progress__bar" style={{ width: `${progress}%` }} />
        </div>
      </div>

      {js ? (
        <div className="svc-steps" role="tablist" aria-label={t("servicesPage.stepsLabel")}>
          {steps.map((s, i) => (
            <button
              key={s}
              type="button"
              role="tab"
              id={`svc-tab-${s}`}
              aria-controls={`svc-step-${s}`}
              aria-selected={s === step}
              tabIndex={s === step ? 0 : -1}
              className="svc-steps__tab"
              onClick={() => setStep(s)}
              onKeyDown={(e) => {
                const to = arrowTab(e, i, steps.length);
                if (to === null) return;
                setStep(steps[to]!);
                document.getElementById(`svc-tab-${steps[to]}`)?.focus();
              }}
            >
              <span className="svc-steps__num" aria-hidden="true">
                {i + 1}
              </span>
              {t(`servicesPage.step_${s}`)}
            </button>
          ))}
        </div>
      ) : null}

      <Form method="post" ref={formRef} className={`form card svc-wizard${js ? " js" : ""}`} noValidate={false} aria-label={title} onFocus={warmSteps} onPointerDown={warmSteps}>
        <input type="hidden" name="intent" value="save" />
        {teamSince ? <input type="hidden" name="team_since" value={teamSince} /> : null}
        <fieldset className="svc-fields" disabled={readOnly}>
          <Panel id="description" step={step} js={js} title={t("servicesPage.step_description")}>
            <fieldset className={`field svc-format${errors.format?.length ? " field--invalid" : ""}`}>
              <legend className="field__label">{t("servicesPage.formatLegend")}</legend>
              <div className="svc-format__choices">
                {(["individual", "company"] as Format[]).map((f) => (
                  <label key={f} className="svc-radio">
                    <input type="radio" name="format" value={f} checked={draft.format === f} onChange={() => chooseFormat(f)} aria-invalid={errors.format?.length ? true : undefined} />
                    <span>{f === "company" ? t("servicesPage.formatTeam") : t("servicesPage.formatSelf")}</span>
                  </label>
                ))}
              </div>
              <Errors list={errors.format} />
            </fieldset>
            <div className={`field${errors.type?.length ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="svc-type">
                {t("servicesPage.serviceType")}
              </label>
              <select id="svc-type" name="type" className="field__input" value={draft.type} onChange={(e) => set("type", e.target.value)} aria-invalid={errors.type?.length ? true : undefined} aria-describedby={errors.type?.length ? "svc-type-error" : undefined}>
                <option value="">{t("servicesPage.chooseType")}</option>
                {types.map((ty) => (
                  <option key={ty.id} value={ty.id}>
                    {ty.name}
                  </option>
                ))}
              </select>
              <Errors id="svc-type-error" list={errors.type} />
            </div>
            <TextField id="svc-name" label={t("servicesPage.name")} errors={errors.name} hint={t("servicesPage.nameHint", { count: SVC.nameMax })}>
              {(a11y) => <input {...a11y} name="name" className="field__input" value={draft.name} maxLength={SVC.nameMax} onChange={(e) => set("name", e.target.value)} autoComplete="off" />}
            </TextField>
            <TextField id="svc-description" label={t("servicesPage.description")} errors={errors.description} hint={`${draft.description.length} / ${SVC.descriptionMax}`}>
              {(a11y) => <textarea {...a11y} name="description" className="field__input svc-textarea" value={draft.description} maxLength={SVC.descriptionMax} rows={5} onChange={(e) => set("description", e.target.value)} />}
            </TextField>
            <TextField id="svc-maturity" label={t("servicesPage.maturity")} errors={errors.maturity} hint={t("servicesPage.maturityHint")}>
              {(a11y) => <input {...a11y} name="maturity" className="field__input" value={draft.maturity} maxLength={SVC.maturityMax} onChange={(e) => set("maturity", e.target.value)} autoComplete="off" />}
            </TextField>
          </Panel>

          <Panel id="industry" step={step} js={js} title={t("servicesPage.step_industry")}>
            {later("industry", <Step id="industry" {...stepProps} />)}
          </Panel>

          {draft.format === "company" ? (
            <Panel id="team" step={step} js={js} title={t("servicesPage.step_team")}>
              {later("team", <Step id="team" {...stepProps} onAddEmployee={() => setEmployeeOpen(true)} />)}
            </Panel>
          ) : null}

          <Panel id="specializations" step={step} js={js} title={t("servicesPage.step_specializations")}>
            {later("specializations", <Step id="specializations" {...stepProps} />)}
          </Panel>

          <Panel id="competences" step={step} js={js} title={t("servicesPage.step_competences")}>
            {later("competences", <Step id="competences" {...stepProps} />)}
          </Panel>

          <Panel id="other" step={step} js={js} title={t("servicesPage.step_other")}>
            {later("other", <Step id="other" {...stepProps} />)}
          </Panel>
        </fieldset>

        {banner ? (
          <p className="form-error" role="alert">
            {banner}
          </p>
        ) : null}

        {readOnly ? null : (
          <div className="svc-nav">
            {js && index > 0 ? (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  // As forward: the step's tab takes the focus ('Назад' is gone on the first step).
                  const previous = steps[index - 1]!;
                  setStep(previous);
                  requestAnimationFrame(() => document.getElementById(`svc-tab-${previous}`)?.focus());
                }}
              >
                {t("servicesPage.back")}
              </button>
            ) : null}
            {js && !isLast ? (
              <button type="button" className="btn btn--primary" onClick={nextStep} aria-busy={check.state !== "idle" || undefined}>
                {t("servicesPage.next")}
              </button>
            ) : null}
            {/* Without scripts a plain button posts the form; with them the last step's button, which the
                steps' code brings, guards against a double click (spec 1 §9). */}
            {!js ? (
              <button type="submit" className="btn btn--primary" name="intent" value="save">
                {saveLabel}
              </button>
            ) : isLast ? (
              <Suspense fallback={null}>
                <SubmitButton pending={saving} name="intent" value="save">
                  {saveLabel}
                </SubmitButton>
              </Suspense>
            ) : null}
          </div>
        )}
      </Form>

      {askedOnce ? (
        <Suspense fallback={null}>
          <Modal open={askFormat !== null} onClose={() => setAskFormat(null)} title={t("servicesPage.changeFormatTitle")} variant="alert">
            <p>{t("servicesPage.changeFormatText")}</p>
            <div className="modal__actions">
              <button type="button" className="btn btn--ghost" onClick={() => setAskFormat(null)}>
                {t("servicesPage.cancel")}
              </button>
              <button type="button" className="btn btn--primary" onClick={confirmFormat}>
                {t("servicesPage.changeFormatConfirm")}
              </button>
            </div>
          </Modal>
        </Suspense>
      ) : null}

      {employeeOpen ? (
        <Suspense fallback={null}>
          <EmployeeDialog
            members={draft.users}
            meId={data.me?.id ?? null}
            onAdd={(m: Member) => setDraft((d) => (d.users.length >= SVC.teamMax || d.users.some((u) => u.id === m.id && u.type === m.type) ? d : { ...d, users: [...d.users, m] }))}
            onClose={() => setEmployeeOpen(false)}
          />
        </Suspense>
      ) : null}

      {savedOnce ? (
        <Suspense fallback={null}>
          <AlertModal
            open={savedOpen}
            onClose={() => setSavedOpen(false)}
            title={t(actionData?.active ? "servicesPage.savedActive" : "servicesPage.saved")}
            text={t(actionData?.active ? "servicesPage.savedActiveText" : "servicesPage.savedText")}
            action={{ label: t("servicesPage.toServices"), href: `/services#${draft.format === "company" ? "company" : "people"}` }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function GuestWarning() {
  const { t } = useTranslation();
  // The sentence keeps its two links where the translation puts them.
  const raw = t("servicesPage.guestWarning", { signIn: "\u0000", signUp: "\u0001" });
  const parts = raw.split(/[\u0000\u0001]/);
  const signInFirst = raw.indexOf("\u0000") < raw.indexOf("\u0001");
  const a = <Link to="/auth?redirectTo=%2Fservice-add">{t("servicesPage.guestSignIn")}</Link>;
  const b = <Link to="/sign-up">{t("servicesPage.guestSignUp")}</Link>;
  return (
    <>
      {parts[0]}
      {signInFirst ? a : b}
      {parts[1]}
      {signInFirst ? b : a}
      {parts[2]}
    </>
  );
}

function Panel({ id, step, js, title, children }: { id: StepId; step: StepId; js: boolean; title: string; children: ReactNode }) {
  return (
    <fieldset className="step svc-step" data-step={id} data-active={step === id} id={`svc-step-${id}`} role={js ? "tabpanel" : undefined} aria-labelledby={js ? `svc-tab-${id}` : undefined} hidden={js && step !== id}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** True from the first time `open` is true (a lazily loaded dialog then stays mounted). */
function useOnce(open: boolean) {
  const [once, setOnce] = useState(open);
  if (open && !once) setOnce(true);
  return once || open;
}

/** A labelled input or textarea with its hint and its errors, described by both (like ui/field.tsx). */
function TextField({ id, label, hint, errors, children }: { id: string; label: string; hint: string; errors?: string[]; children: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby": string }) => ReactNode }) {
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `${id}-error ${id}-hint` : `${id}-hint` })}
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <Errors id={`${id}-error`} list={errors} />
    </div>
  );
}
