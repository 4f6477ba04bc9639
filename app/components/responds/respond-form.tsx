import { Form, Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import type { Member } from "~/components/services/types";
import { customerPrice } from "~/domain/demands/money";
import { RESPOND_LIMITS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { useAnswerErrors } from "~/lib/answer-errors";
import type { ActionErrors } from "~/web/page.server";
import { RespondFiles } from "./respond-files";
import { useUploadGate } from "~/components/ui/direct-upload";
import { formatNumber } from "~/lib/format";
import { focusAfterRemove } from "~/lib/focus-on-remove";

// The services' add-employee dialog ('Из текущих' / 'Новый сотрудник'), loaded when first opened.
const EmployeeDialog = lazy(() => import("~/components/services/employee-dialog"));

type Named = { id: number; name: string };
export type RespondFormReference = { services: Named[]; cases: Named[]; expertises: Named[]; options: Named[]; companies: Named[]; taxes: { id: number; name: string; percent: number }[] };

/** A field's wrapper: its legend (or label), hint, control and error, announced; `data-field` takes the focus on errors. */
function Block({ id, label, errors, hint, children }: { id: string; label: string; errors?: string[]; hint?: ReactNode; children: ReactNode }) {
  const invalid = !!errors?.length;
  return (
    <fieldset className={`field respond-form__block${invalid ? " field--invalid" : ""}`} data-field={id} aria-describedby={[invalid ? `r-${id}-error` : null, hint ? `r-${id}-hint` : null].filter(Boolean).join(" ") || undefined}>
      <legend className="field__label">{label}</legend>
      {hint ? (
        <p id={`r-${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {invalid ? (
        <p id={`r-${id}-error`} className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}

function Checks({ name, items, checked, onToggle, disabled }: { name: string; items: Named[]; checked?: number[]; onToggle?: (id: number) => void; disabled?: (id: number) => boolean }) {
  return (
    <div className="picker">
      {items.map((x) => (
        <label key={x.id} className="checkbox">
          <input
            type="checkbox"
            name={`${name}[]`}
            value={x.id}
            {...(checked ? { checked: checked.includes(x.id), onChange: () => onToggle?.(x.id) } : {})}
            disabled={disabled?.(x.id)}
          />
          <span>{x.name}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * The response form of /response-request/{id} (spec 3 §2, §5): cost with the customer's price beside it per
 * tax (app/domain/demands/money.ts), comment, cases, competences, functions, up to 3 active services, a team
 * of up to 20 (the services' add-employee dialog), companies and files. A Remix form: without script it
 * posts to the page's action, which calls the same domain function as POST /api/respond; the server's
 * messages show next to their fields and the first field with an error takes the focus.
 */
export function RespondForm({ demandId, reference, answer, pending, meId }: { demandId: number; reference: RespondFormReference; answer: ActionErrors | null; pending: boolean; meId: number }) {
  const { t, lang } = useTranslation();
  // The server's errors, each hidden once its field is changed; the team's two kinds of error are one block's.
  const { errors, onChange: dismissError, dismiss } = useAnswerErrors(answer?.errors, [["users", "invite_users"]]);
  const formRef = useRef<HTMLFormElement>(null);
  const [salary, setSalary] = useState("");
  const [taxId, setTaxId] = useState<number>(reference.taxes[0]?.id ?? 1);
  const [description, setDescription] = useState("");
  const [services, setServices] = useState<number[]>(reference.services.length === 1 ? [reference.services[0]!.id] : []);
  const [team, setTeam] = useState<Member[]>([]);
  const [dialog, setDialog] = useState(false);
  // Files on their way to storage (RespondFiles): a submit meanwhile waits, and goes by itself once they are stored.
  const uploads = useUploadGate(formRef);

  useEffect(() => {
    if (!answer?.errors) return;
    const first = Object.keys(answer.errors)[0];
    const block = first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null;
    (block?.querySelector<HTMLElement>("input:not([type=hidden]):not(:disabled), textarea, select, button") ?? formRef.current?.querySelector<HTMLElement>("[role=alert]"))?.focus();
  }, [answer]);

  const tax = reference.taxes.find((x) => x.id === taxId);
  const amount = Number(salary.replace(/\s/g, ""));
  const price = salary && Number.isFinite(amount) ? customerPrice(amount, tax?.percent ?? 0) : null;
  const toggleService = (id: number) => setServices((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const formError = answer?.message && !Object.keys(answer.errors ?? {}).length ? answer.message : null;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="form respond-form"
      ref={formRef}
      aria-labelledby="respond-form-title"
      onChange={dismissError}
      // The files go straight to storage as they are chosen; the form carries their ids and waits for the
      // last one. Without script the files go inline with the form.
      onSubmit={uploads.hold}
    >
      <input type="hidden" name="intent" value="respond" />
      <input type="hidden" name="demand_id" value={demandId} />
      {formError ? (
        <p className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}

      <div className="respond-form__money">
        <div className={`field${errors.salary ? " field--invalid" : ""}`} data-field="salary">
          <label className="field__label" htmlFor="respond-salary">
            {t("respondPage.salary")}
          </label>
          <input
            id="respond-salary"
            name="salary"
            className="field__input"
            inputMode="numeric"
            autoComplete="off"
            value={salary}
            onChange={(e) => setSalary(e.target.value.replace(/[^\d\s]/g, ""))}
            aria-invalid={!!errors.salary || undefined}
            aria-describedby={["respond-salary-hint", errors.salary ? "respond-salary-error" : null, "respond-price"].filter(Boolean).join(" ")}
          />
          <p id="respond-salary-hint" className="field__hint">
            {t("respondPage.salaryHint")}
          </p>
          {errors.salary ? (
            <p id="respond-salary-error" className="field__error" role="alert">
              {errors.salary.join(". ")}
            </p>
          ) : null}
        </div>
        <div className={`field${errors.tax_id ? " field--invalid" : ""}`} data-field="tax_id">
          <label className="field__label" htmlFor="respond-tax">
            {t("respondPage.tax")}
          </label>
          <select id="respond-tax" name="tax_id" className="select" value={taxId} onChange={(e) => setTaxId(Number(e.target.value))}>
            {reference.taxes.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
          {errors.tax_id ? <p className="field__error" role="alert">{errors.tax_id.join(". ")}</p> : null}
        </div>
        <p id="respond-price" className="respond-form__price" aria-live="polite">
          {price !== null ? t("respondPage.customerPrice", { price: formatNumber(price, lang) }) : null}
        </p>
      </div>

      <div className={`field${errors.description ? " field--invalid" : ""}`} data-field="description">
        <label className="field__label" htmlFor="respond-comment">
          {t("respondPage.comment")}
        </label>
        <textarea
          id="respond-comment"
          name="description"
          className="field__input respond-form__textarea"
          rows={5}
          maxLength={RESPOND_LIMITS.descriptionMax}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={!!errors.description || undefined}
          aria-describedby={["respond-comment-hint", errors.description ? "respond-comment-error" : null].filter(Boolean).join(" ")}
        />
        <p id="respond-comment-hint" className="field__hint">
          {t("respondPage.counter", { count: description.length, max: RESPOND_LIMITS.descriptionMax })}
        </p>
        {errors.description ? (
          <p id="respond-comment-error" className="field__error" role="alert">
            {errors.description.join(". ")}
          </p>
        ) : null}
      </div>

      <Block id="services" label={t("respondPage.services")} errors={errors.services} hint={t("respondPage.servicesHint", { count: services.length })}>
        <Checks name="services" items={reference.services} checked={services} onToggle={toggleService} disabled={(id) => !services.includes(id) && services.length >= RESPOND_LIMITS.servicesMax} />
      </Block>

      <Block id="cases" label={t("respondPage.cases")} errors={errors.cases}>
        {reference.cases.length ? (
          <Checks name="cases" items={reference.cases} />
        ) : (
          <p className="note">
            {t("respondPage.noCases")} <Link to="/profile/cases">{t("respondPage.addCases")}</Link>
          </p>
        )}
      </Block>

      <Block id="expertises" label={t("respondPage.competences")} errors={errors.expertises}>
        {reference.expertises.length ? <Checks name="expertises" items={reference.expertises} /> : <p className="note">{t("respondPage.noCompetences")}</p>}
      </Block>

      <Block id="options" label={t("respondPage.functionsPick")} errors={errors.options}>
        <Checks name="options" items={reference.options} />
      </Block>

      <Block id="users" label={t("respondPage.team")} errors={[...(errors.users ?? []), ...(errors.invite_users ?? [])]}>
        {team.length ? (
          <ul className="respond-form__team">
            {team.map((m, i) => (
              <li key={`${m.type}-${m.id}`} className="chip">
                <input type="hidden" name={`users[${i}][id]`} value={m.id} />
                <input type="hidden" name={`users[${i}][type]`} value={m.type === "invited" ? "invited" : "user"} />
                {m.name}
                {m.type === "invited" ? ` (${t("respondPage.invitedMember")})` : ""}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t("respondPage.removeMember", { name: m.name })}
                  onClick={(e) => {
                    focusAfterRemove(e.currentTarget);
                    setTeam((list) => list.filter((x) => x !== m));
                    dismiss("users");
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDialog(true)} disabled={team.length >= RESPOND_LIMITS.teamMax}>
          {t("respondPage.addMember")}
        </button>
        {dialog ? (
          <Suspense fallback={null}>
            <EmployeeDialog
              members={team}
              meId={meId}
              maxMembers={RESPOND_LIMITS.teamMax}
              scope="colleagues"
              onAdd={(m) => {
                setTeam((list) => (list.some((x) => x.id === m.id && x.type === m.type) || list.length >= RESPOND_LIMITS.teamMax ? list : [...list, m]));
                dismiss("users");
              }}
              onClose={() => setDialog(false)}
            />
          </Suspense>
        ) : null}
      </Block>

      <Block id="companies" label={t("respondPage.companies")} errors={errors.companies}>
        {reference.companies.length ? <Checks name="companies" items={reference.companies} /> : <p className="note">{t("respondPage.noCompanies")}</p>}
      </Block>

      <RespondFiles errors={errors.attachments} onBusyChange={uploads.onBusyChange} gone={answer?.uploads_gone} goneMessage={answer?.errors?.attachments?.[0]} />

      {uploads.waiting ? (
        <p className="form-error" role="alert">
          {t("respondPage.waitUploads")}
        </p>
      ) : null}

      <SubmitButton pending={pending}>{t("respondPage.submit")}</SubmitButton>
    </Form>
  );
}
