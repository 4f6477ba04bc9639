import { TextArea } from "~/components/ui/textarea";
import { Form, Link, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Field, FormError } from "~/components/ui/field";
import { useOpenedOnce } from "~/components/lazy-once";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { PAY_FORMATS, SVC, WORKLOAD_FORMATS, type WorkloadFormat } from "./limits";
import type { Format, Member, Named, ServiceDraft, WizardData } from "./types";
import { StatusChip, TeamList } from "./wizard-bits";

// The add-employee dialog (search, the new-employee form) loads when first opened: the page stays light.
const EmployeeDialog = lazy(() => import("./employee-dialog"));
// So do the expertise pickers (shared with registration and the profile) and the two alerts: the page
// stays within its JavaScript budget (docs/decisions/0019).
const IndustryPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.IndustryPicker })));
const OptionPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.OptionPicker })));
const Modal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.Modal })));
const AlertModal = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.AlertModal })));

export type StepId = "description" | "industry" | "team" | "specializations" | "competences" | "other";
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

export type WizardAnswer = { message?: string; errors?: Record<string, string[]>; ok?: true; saved?: true; id?: number; checked?: true };

const EMPTY: Omit<ServiceDraft, "id" | "format"> = {
  type: "",
  name: "",
  description: "",
  industries: [],
  options: [],
  expertises: [],
  specializations: [],
  companies: [],
  newCompanies: [],
  users: [],
  budget: String(SVC.defaultAmount),
  income: String(SVC.defaultAmount),
  hours: "",
  workload_format: "per_week",
  pay_format: "per_month",
};

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
  const [step, setStep] = useState<StepId>("description");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [askFormat, setAskFormat] = useState<Format | null>(null);
  const [employeeOpen, setEmployeeOpen] = useState(false);
  const [teamExpertises, setTeamExpertises] = useState<Named[] | null>(null);
  const [savedOpen, setSavedOpen] = useState(false);
  const checkingStep = useRef<StepId | null>(null);
  const askedOnce = useOpenedOnce(askFormat !== null);
  const savedOnce = useOpenedOnce(savedOpen);
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
    const panel = formRef.current?.querySelector<HTMLElement>(`[data-step="${focusRequest.step ?? step}"]`) ?? formRef.current;
    const el = panel?.querySelector<HTMLElement>("[aria-invalid='true'], .field--invalid input, .field--invalid select, .field--invalid textarea, .field--invalid button");
    el?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.saved) {
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
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-step="${nextStep}"] legend`)?.scrollIntoView({ block: "nearest" }));
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.state, check.data]);

  // A company picks its competences from the team's (spec 3: GET /api/service/expertises).
  const teamKey = draft.users.filter((u) => u.type !== "invited").map((u) => u.id).join(",");
  useEffect(() => {
    if (!js || draft.format !== "company" || !data.signedIn || !teamKey) return setTeamExpertises(null);
    const controller = new AbortController();
    const q = new URLSearchParams();
    q.set("users", teamKey);
    fetch(`/services/team-expertises?${q}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((list: unknown) => {
        if (Array.isArray(list)) setTeamExpertises(list as Named[]);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [js, draft.format, teamKey, data.signedIn]);

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
    setDraft({ ...EMPTY, id: draft.id, format: askFormat });
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
  // A company's competences: the owner's and the team's (spec 3 §2: picked from the team's own).
  const competences = draft.format === "company" && teamExpertises ? [...data.expertises, ...teamExpertises.filter((e) => !data.expertises.some((x) => x.id === e.id))] : data.expertises;
  const mainOptions = data.options.filter((o) => o.parent_id === null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const industryOpened = useOpenedOnce(step === "industry");
  const pickers = (
    <>
      <IndustryPicker industries={data.industries} selected={draft.industries} onChange={(v) => set("industries", v)} errors={errors.industries?.length ? errors.industries : undefined} limit={SVC.industriesMax} />
      <OptionPicker
        main={mainOptions}
        all={data.options}
        selected={draft.options}
        onChange={(v) => set("options", v)}
        newOptions={[]}
        onNewOptions={() => undefined}
        errors={errors.options?.length ? errors.options : errors.new_options}
        legend={t("servicesPage.functions")}
      />
    </>
  );
  // The names the pickers post (app/components/expertise-pickers.tsx).
  const pickerValues = (
    <>
      {draft.industries.map((id) => (
        <input key={`i${id}`} type="hidden" name="industry[]" value={id} />
      ))}
      {draft.options.map((id) => (
        <input key={`o${id}`} type="hidden" name="option[]" value={id} />
      ))}
    </>
  );
  const title = data.mode === "new" ? t("servicesPage.newTitle") : data.mode === "edit" ? t("servicesPage.editTitle") : t("servicesPage.viewTitle");

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
                const d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
                if (!d) return;
                e.preventDefault();
                const n = steps[(i + d + steps.length) % steps.length]!;
                setStep(n);
                requestAnimationFrame(() => document.getElementById(`svc-tab-${n}`)?.focus());
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

      <Form method="post" ref={formRef} className={`form card svc-wizard${js ? " js" : ""}`} noValidate={false} aria-label={title}>
        <input type="hidden" name="intent" value="save" />
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
            <Field label={t("servicesPage.name")} name="name" value={draft.name} maxLength={SVC.nameMax} onChange={(e) => set("name", e.target.value)} errors={errors.name?.length ? errors.name : undefined} hint={t("servicesPage.nameHint", { count: SVC.nameMax })} autoComplete="off" />
            <TextArea inputClassName="svc-textarea" label={t("servicesPage.description")} name="description" value={draft.description} maxLength={SVC.descriptionMax} rows={5} onChange={(e) => set("description", e.target.value)} errors={errors.description?.length ? errors.description : undefined} hint={`${draft.description.length} / ${SVC.descriptionMax}`} />
          </Panel>

          <Panel id="industry" step={step} js={js} title={t("servicesPage.step_industry")}>
            {/* The pickers load when their step is first opened, not with the page (its JavaScript budget,
                docs/decisions/0019); until then hidden inputs post the values. Without scripts the server's
                pickers are in a <noscript>, which the browser's React neither hydrates nor needs the code of. */}
            {!js ? (
              <noscript>{typeof document === "undefined" ? pickers : null}</noscript>
            ) : industryOpened ? (
              <Suspense fallback={<>{pickerValues}<p className="note">{t("common.loading")}</p></>}>{pickers}</Suspense>
            ) : (
              pickerValues
            )}
          </Panel>

          {draft.format === "company" ? (
            <Panel id="team" step={step} js={js} title={t("servicesPage.step_team")}>
              <p className="note">{t("servicesPage.teamLead")}</p>
              <TeamList users={draft.users} onRemove={readOnly ? undefined : (m) => set("users", draft.users.filter((u) => !(u.id === m.id && u.type === m.type)))} />
              {draft.users.map((u, i) => (
                <span key={`${u.type}-${u.id}`} hidden>
                  <input type="hidden" name={`users[${i}][id]`} value={u.id} />
                  <input type="hidden" name={`users[${i}][type]`} value={u.type} />
                </span>
              ))}
              {draft.users.length >= SVC.teamMax ? <p className="note">{t("servicesPage.teamMax", { count: SVC.teamMax })}</p> : null}
              <Errors list={errors.users} />
              {js && !readOnly ? (
                <div>
                  <button type="button" className="btn btn--ghost" onClick={() => setEmployeeOpen(true)} disabled={draft.users.length >= SVC.teamMax} aria-invalid={errors.users?.length ? true : undefined}>
                    + {t("servicesPage.addEmployee")}
                  </button>
                </div>
              ) : null}
            </Panel>
          ) : null}

          <Panel id="specializations" step={step} js={js} title={t("servicesPage.step_specializations")}>
            <Specializations draft={draft} industries={data.industries} options={data.options} onChange={(v) => set("specializations", v)} errors={errors.specializations} readOnly={readOnly} />
          </Panel>

          <Panel id="competences" step={step} js={js} title={t("servicesPage.step_competences")}>
            <fieldset className={`field${errors.expertises?.length ? " field--invalid" : ""}`} aria-describedby="svc-exp-hint">
              <legend className="field__label">{t("servicesPage.competencesHeader")}</legend>
              <p id="svc-exp-hint" className="field__hint">
                {t("servicesPage.competencesHint", { count: SVC.expertisesMax })}
              </p>
              {competences.length === 0 ? <p className="note">{t("servicesPage.competencesNone")}</p> : null}
              <div className="svc-checks">
                {competences.map((c) => {
                  const checked = draft.expertises.includes(c.id);
                  return (
                    <label key={c.id} className="checkbox">
                      <input
                        type="checkbox"
                        name="expertises[]"
                        value={c.id}
                        checked={checked}
                        disabled={!checked && draft.expertises.length >= SVC.expertisesMax}
                        aria-invalid={errors.expertises?.length ? true : undefined}
                        onChange={() => set("expertises", checked ? draft.expertises.filter((x) => x !== c.id) : [...draft.expertises, c.id])}
                      />
                      <span>{c.name}</span>
                    </label>
                  );
                })}
              </div>
              <Errors list={errors.expertises} />
            </fieldset>
          </Panel>

          <Panel id="other" step={step} js={js} title={t("servicesPage.step_other")}>
            {draft.format === "company" ? (
              <MoneyField name="budget" label={t("servicesPage.budget")} value={draft.budget} range={SVC.budget} onChange={(v) => set("budget", v)} errors={errors.budget} />
            ) : (
              <>
                <RadioGroup legend={t("servicesPage.payFormat")} name="pay_format" value={draft.pay_format} options={PAY_FORMATS.map((p) => ({ value: p, label: t(`servicesPage.pay_${p}`) }))} onChange={(v) => set("pay_format", v)} errors={errors.pay_format} />
                <MoneyField name="income" label={t("servicesPage.income")} value={draft.income} range={SVC.income[draft.pay_format === "per_hour" ? "per_hour" : "per_month"]} onChange={(v) => set("income", v)} errors={errors.income} />
                <RadioGroup legend={t("servicesPage.workload")} name="workload_format" value={draft.workload_format} options={WORKLOAD_FORMATS.map((w) => ({ value: w, label: t(`servicesPage.workload_${w}`) }))} onChange={(v) => set("workload_format", v)} errors={errors.workload_format} />
                <HoursField value={draft.hours} format={(WORKLOAD_FORMATS as string[]).includes(draft.workload_format) ? (draft.workload_format as WorkloadFormat) : "per_week"} onChange={(v) => set("hours", v)} errors={errors.hours} />
              </>
            )}
            <Companies draft={draft} onChange={(companies, newCompanies) => setDraft((d) => ({ ...d, companies, newCompanies }))} errors={errors.companies ?? errors.new_companies} readOnly={readOnly} />
          </Panel>
        </fieldset>

        {banner ? <FormError message={banner} /> : null}

        {readOnly ? null : (
          <div className="svc-nav">
            {js && index > 0 ? (
              <button type="button" className="btn btn--ghost" onClick={() => setStep(steps[index - 1]!)}>
                {t("servicesPage.back")}
              </button>
            ) : null}
            {js && !isLast ? (
              <button type="button" className="btn btn--primary" onClick={nextStep} aria-busy={check.state !== "idle" || undefined}>
                {t("servicesPage.next")}
              </button>
            ) : null}
            {!js || isLast ? (
              <SubmitButton pending={saving} name="intent" value="save">
                {data.mode === "edit" ? t("servicesPage.saveChanges") : t("servicesPage.save")}
              </SubmitButton>
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
            title={t("servicesPage.saved")}
            text={t("servicesPage.savedText")}
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

function Errors({ list, id }: { list?: string[]; id?: string }) {
  if (!list?.length) return null;
  return (
    <p className="field__error" role="alert" id={id}>
      {list.join(". ")}
    </p>
  );
}

function RadioGroup({ legend, name, value, options, onChange, errors }: { legend: string; name: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void; errors?: string[] }) {
  return (
    <fieldset className={`field${errors?.length ? " field--invalid" : ""}`}>
      <legend className="field__label">{legend}</legend>
      <div className="svc-format__choices">
        {options.map((o) => (
          <label key={o.value} className="svc-radio">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} aria-invalid={errors?.length ? true : undefined} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Errors list={errors} />
    </fieldset>
  );
}

/** A rubles input with the §9 range and step as HTML constraints; the server's message wins when it has one. */
function MoneyField({ name, label, value, range, onChange, errors }: { name: string; label: string; value: string; range: { min: number; max: number; step: number }; onChange: (v: string) => void; errors?: string[] }) {
  const { t } = useTranslation();
  const { min, max, step } = range;
  const fmt = (n: number) => n.toLocaleString("ru-RU");
  return (
    <Field
      label={label}
      name={name}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errors={errors?.length ? errors : undefined}
      hint={t(name === "budget" ? "servicesPage.budgetHint" : "servicesPage.incomeHint", { min: fmt(min), max: fmt(max), step: fmt(step) })}
      invalidMessage={(input) => (input.validity.valueMissing ? t("servicesPage.required") : input.validity.stepMismatch ? t("servicesPage.stepMismatch", { step: fmt(step) }) : t("servicesPage.range", { min: fmt(min), max: fmt(max) }))}
    />
  );
}

function HoursField({ value, format, onChange, errors }: { value: string; format: WorkloadFormat; onChange: (v: string) => void; errors?: string[] }) {
  const { t } = useTranslation();
  const { min, max } = SVC.hours[format];
  return (
    <Field
      label={t("servicesPage.hours")}
      name="hours"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errors={errors?.length ? errors : undefined}
      hint={t("servicesPage.hoursHint", { min, max })}
      invalidMessage={(input) => (input.validity.valueMissing ? t("servicesPage.required") : t("servicesPage.range", { min, max }))}
    />
  );
}

function Specializations({ draft, industries, options, onChange, errors, readOnly }: { draft: ServiceDraft; industries: Named[]; options: { id: number; name: string }[]; onChange: (v: ServiceDraft["specializations"]) => void; errors?: string[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const rows = draft.specializations;
  // Functions offered for a specialization: the service's own, or every function before any is chosen.
  const fnList = draft.options.length ? options.filter((o) => draft.options.includes(o.id)) : options;
  const indList = draft.industries.length ? industries.filter((i) => draft.industries.includes(i.id)) : industries;
  const slots = new Set(rows.map((r) => r.industry_id).filter(Boolean)).size;
  const update = (i: number, patch: Partial<ServiceDraft["specializations"][number]>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={`field${errors?.length ? " field--invalid" : ""}`}>
      <p className="note">{t("servicesPage.specializationsLead", { count: SVC.specializationIndustriesMax })}</p>
      <ul className="svc-specs">
        {rows.map((r, i) => (
          <li key={i} className="svc-spec">
            <div className="field">
              <label className="field__label" htmlFor={`spec-ind-${i}`}>
                {t("servicesPage.specIndustry")}
              </label>
              <select id={`spec-ind-${i}`} className="field__input" name={`specializations[${i}][industry_id]`} value={r.industry_id || ""} onChange={(e) => update(i, { industry_id: Number(e.target.value) })} aria-invalid={errors?.length ? true : undefined}>
                <option value="">{t("servicesPage.specChoose")}</option>
                {indList.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`spec-opt-${i}`}>
                {t("servicesPage.specFunction")}
              </label>
              <select id={`spec-opt-${i}`} className="field__input" name={`specializations[${i}][option_id]`} value={r.option_id || ""} onChange={(e) => update(i, { option_id: Number(e.target.value) })}>
                <option value="">{t("servicesPage.specChoose")}</option>
                {fnList.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            {readOnly ? null : (
              <button type="button" className="btn btn--ghost btn--sm svc-spec__remove" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                {t("servicesPage.specRemove")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <div>
          <button type="button" className="btn btn--ghost" disabled={slots >= SVC.specializationIndustriesMax && rows.length > 0 && rows.every((r) => r.industry_id)} onClick={() => onChange([...rows, { industry_id: 0, option_id: 0 }])}>
            + {t("servicesPage.specAdd")}
          </button>
        </div>
      )}
      <Errors list={errors} />
    </div>
  );
}

function Companies({ draft, onChange, errors, readOnly }: { draft: ServiceDraft; onChange: (companies: Named[], newCompanies: string[]) => void; errors?: string[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const total = draft.companies.length + draft.newCompanies.length;
  const add = () => {
    const name = text.trim();
    if (!name || total >= SVC.companiesMax) return;
    if (draft.newCompanies.some((n) => n.toLowerCase() === name.toLowerCase()) || draft.companies.some((c) => c.name.toLowerCase() === name.toLowerCase())) return setText("");
    onChange(draft.companies, [...draft.newCompanies, name]);
    setText("");
  };
  return (
    <fieldset className={`field${errors?.length ? " field--invalid" : ""}`}>
      <legend className="field__label">{t("servicesPage.companies")}</legend>
      <p className="field__hint">{t("servicesPage.companiesHint", { count: SVC.companiesMax })}</p>
      {total ? (
        <ul className="chips">
          {draft.companies.map((c, i) => (
            <li key={`c${c.id}`} className="chip">
              {c.name}
              <input type="hidden" name={`companies[${i}]`} value={c.id} />
              {readOnly ? null : (
                <button type="button" className="link-button" aria-label={t("servicesPage.removeItem", { name: c.name })} onClick={() => onChange(draft.companies.filter((x) => x.id !== c.id), draft.newCompanies)}>
                  ×
                </button>
              )}
            </li>
          ))}
          {draft.newCompanies.map((n, i) => (
            <li key={`n${n}`} className="chip">
              {n}
              <input type="hidden" name={`new_companies[${i}][name]`} value={n} />
              {readOnly ? null : (
                <button type="button" className="link-button" aria-label={t("servicesPage.removeItem", { name: n })} onClick={() => onChange(draft.companies, draft.newCompanies.filter((x) => x !== n))}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div className="inline-add">
          <input
            className="field__input"
            aria-label={t("servicesPage.companyPlaceholder")}
            placeholder={t("servicesPage.companyPlaceholder")}
            value={text}
            maxLength={SVC.nameMax}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="btn btn--ghost" onClick={add} disabled={total >= SVC.companiesMax}>
            {t("servicesPage.addCompany")}
          </button>
        </div>
      )}
      <Errors list={errors} />
    </fieldset>
  );
}
