import { lazy, Suspense, useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n";
import { PAY_FORMATS, SVC, WORKLOAD_FORMATS, type WorkloadFormat } from "./limits";
import type { Format, Member, Named, ServiceDraft, WizardData } from "./types";
import { SubmitButton } from "~/components/ui/submit-button";
import { TeamList } from "./team-list";
import { Errors } from "./wizard-bits";
import { StepValues, type StepId } from "./wizard-values";
import { formatNumber } from "~/lib/format";
import { focusAfterRemove } from "~/lib/focus-on-remove";

/**
 * The wizard's steps after the first (spec 3 §2): loaded when one of them is first opened (or the form
 * first used), not with the page, so that /service-add stays within its JavaScript budget (issue 12,
 * docs/decisions/0019). Until then ./wizard-values.tsx posts their values as hidden inputs.
 */

// The expertise pickers (shared with registration and the profile) load with the industry step only.
const IndustryPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.IndustryPicker })));
const OptionPicker = lazy(() => import("~/components/expertise-pickers").then((m) => ({ default: m.OptionPicker })));

export type StepProps = {
  data: WizardData;
  draft: ServiceDraft;
  set: <K extends keyof ServiceDraft>(k: K, v: ServiceDraft[K]) => void;
  setDraft: (f: (d: ServiceDraft) => ServiceDraft) => void;
  errors: Record<string, string[]>;
  readOnly: boolean;
  js: boolean;
  onAddEmployee?: () => void;
};

/** The step `id` (one lazily loaded component for every later step). */
export function Step({ id, ...props }: StepProps & { id: Exclude<StepId, "description"> }) {
  if (id === "industry") return <IndustryStep {...props} />;
  if (id === "team") return <TeamStep {...props} />;
  if (id === "specializations") return <SpecializationsStep {...props} />;
  if (id === "competences") return <CompetencesStep {...props} />;
  return <OtherStep {...props} />;
}

/** The double-click guarded 'Сохранить' (spec 1 §9): shown on the last step, so it loads with the steps. */
export { SubmitButton };

function IndustryStep({ data, draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  const mainOptions = data.options.filter((o) => o.parent_id === null);
  return (
    <Suspense fallback={<><StepValues step="industry" draft={draft} /><p className="note">{t("common.loading")}</p></>}>
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
    </Suspense>
  );
}

function TeamStep({ draft, set, errors, readOnly, js, onAddEmployee }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="note">{t("servicesPage.teamLead")}</p>
      <TeamList users={draft.users} onRemove={readOnly ? undefined : (m: Member) => set("users", draft.users.filter((u) => !(u.id === m.id && u.type === m.type)))} />
      <StepValues step="team" draft={draft} />
      {draft.users.length >= SVC.teamMax ? <p className="note">{t("servicesPage.teamMax", { count: SVC.teamMax })}</p> : null}
      <Errors list={errors.users} />
      {js && !readOnly ? (
        <div>
          <button type="button" className="btn btn--ghost" onClick={onAddEmployee} disabled={draft.users.length >= SVC.teamMax} aria-invalid={errors.users?.length ? true : undefined}>
            + {t("servicesPage.addEmployee")}
          </button>
        </div>
      ) : null}
    </>
  );
}

function SpecializationsStep({ data, draft, set, errors, readOnly }: StepProps) {
  return <Specializations draft={draft} industries={data.industries} options={data.options} onChange={(v) => set("specializations", v)} errors={errors.specializations} readOnly={readOnly} />;
}

function CompetencesStep({ data, draft, set, errors, js }: StepProps) {
  const { t } = useTranslation();
  const [teamExpertises, setTeamExpertises] = useState<Named[] | null>(null);
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
  // A company's competences: the owner's and the team's (spec 3 §2: picked from the team's own).
  const competences = draft.format === "company" && teamExpertises ? [...data.expertises, ...teamExpertises.filter((e) => !data.expertises.some((x) => x.id === e.id))] : data.expertises;
  return (
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
  );
}

function OtherStep({ draft, set, setDraft, errors, readOnly }: StepProps) {
  const { t } = useTranslation();
  const format: Format | "" = draft.format;
  return (
    <>
      {format === "company" ? (
        <>
          <MoneyField name="budget" label={t("servicesPage.budget")} value={draft.budget} range={SVC.budget} onChange={(v) => set("budget", v)} errors={errors.budget} />
          {/* spec 3 §4: a company service can be published on behalf of the company. */}
          <RadioGroup
            legend={t("servicesPage.performer")}
            name="performer_type"
            value={draft.performer_type}
            options={(["company", "individual"] as const).map((p) => ({ value: p, label: t(`servicesPage.performer_${p}`) }))}
            onChange={(v) => set("performer_type", v === "individual" ? "individual" : "company")}
            errors={errors.performer_type}
          />
        </>
      ) : (
        <>
          <RadioGroup legend={t("servicesPage.payFormat")} name="pay_format" value={draft.pay_format} options={PAY_FORMATS.map((p) => ({ value: p, label: t(`servicesPage.pay_${p}`) }))} onChange={(v) => set("pay_format", v)} errors={errors.pay_format} />
          <MoneyField name="income" label={t("servicesPage.income")} value={draft.income} range={SVC.income[draft.pay_format === "per_hour" ? "per_hour" : "per_month"]} onChange={(v) => set("income", v)} errors={errors.income} />
          <RadioGroup legend={t("servicesPage.workload")} name="workload_format" value={draft.workload_format} options={WORKLOAD_FORMATS.map((w) => ({ value: w, label: t(`servicesPage.workload_${w}`) }))} onChange={(v) => set("workload_format", v)} errors={errors.workload_format} />
          <HoursField value={draft.hours} format={(WORKLOAD_FORMATS as string[]).includes(draft.workload_format) ? (draft.workload_format as WorkloadFormat) : "per_week"} onChange={(v) => set("hours", v)} errors={errors.hours} />
        </>
      )}
      <Companies draft={draft} onChange={(companies, newCompanies) => setDraft((d) => ({ ...d, companies, newCompanies }))} errors={errors.companies ?? errors.new_companies} readOnly={readOnly} />
    </>
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
  const { t, lang } = useTranslation();
  const { min, max, step } = range;
  const fmt = (n: number) => formatNumber(n, lang);
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
                {/* Which one, for a screen reader: the rows' buttons read the same. */}
                <span className="visually-hidden"> {i + 1}</span>
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
                <button type="button" className="link-button" aria-label={t("servicesPage.removeItem", { name: c.name })} onClick={(e) => {
                    focusAfterRemove(e.currentTarget);
                    onChange(draft.companies.filter((x) => x.id !== c.id), draft.newCompanies);
                  }}>
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
                <button type="button" className="link-button" aria-label={t("servicesPage.removeItem", { name: n })} onClick={(e) => {
                    focusAfterRemove(e.currentTarget);
                    onChange(draft.companies, draft.newCompanies.filter((x) => x !== n));
                  }}>
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
