import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { DirectUpload, useUploadGate, useUploadTexts } from "~/components/ui/direct-upload";
import { SubmitButton } from "~/components/ui/submit-button";
import type { DemandFormReference } from "~/domain/demands/demands.server";
import { DEMAND_FILE_ACCEPT, DEMAND_FILE_EXTENSIONS, DEMAND_LIMITS } from "~/domain/limits";
import { expertBudget } from "~/domain/demands/money";
import { foldName } from "~/domain/names";
import { numberFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { useAnswerErrors } from "~/lib/answer-errors";
import type { ActionErrors } from "~/web/page.server";
import "~/styles/demands.css";

type Demand = {
  id: number;
  name: string;
  description: string;
  service_type_id: number;
  duration_id: number | null;
  expert_type: "ordinary" | "premium";
  need_team: boolean;
  execution_period: string;
  budget: number;
  /** A signed contract fixes the type and the budget: the form shows them locked. */
  is_paid?: boolean;
  /** The operator's reason, while the request stays rejected: what the customer corrects here (spec README). */
  reject_reason?: string | null;
  industries: { id: number }[];
  options: { id: number }[];
  sub_options: { id: number }[];
  files: { id: number; name: string }[];
};

/**
 * A field's wrapper: the label (or legend), the control, its hint and its error, announced. `hintBelow`:
 * the hint under the control, so that two fields side by side keep their controls on one line.
 */
/** The fee line under the budget (spec 3 §9 'Fee shown', 'Expert-visible budget'), in the page's words. */
function feeText(t: ReturnType<typeof useTranslation>["t"], lang: string, money: DemandFormReference["types"][number]["money"], budget: string) {
  const fee = numberFormat(lang).format(Math.round(Number(money.fee) * 10_000) / 100);
  const amount = Number(budget.replace(/\s/g, ""));
  const valid = Number.isInteger(amount) && amount >= DEMAND_LIMITS.budgetMin && amount <= DEMAND_LIMITS.budgetMax;
  return valid ? t("demands.budgetFeeShown", { fee, amount: numberFormat(lang).format(expertBudget(amount, money)) }) : t("demands.budgetFee", { fee });
}

function Block({ label, errors, hint, hintBelow, children, group, htmlFor, id }: { label: string; errors?: string[]; hint?: ReactNode; hintBelow?: boolean; children: ReactNode; group?: boolean; htmlFor?: string; id: string }) {
  const invalid = !!errors?.length;
  const hintLine = hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
  const body = (
    <>
      {hintBelow ? null : hintLine}
      {children}
      {hintBelow ? hintLine : null}
      {invalid ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </>
  );
  return group ? (
    <fieldset className={`field${invalid ? " field--invalid" : ""}`} aria-describedby={[invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined} data-field={id}>
      <legend className="field__label">{label}</legend>
      {body}
    </fieldset>
  ) : (
    <div className={`field${invalid ? " field--invalid" : ""}`} data-field={id}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {body}
    </div>
  );
}

/**
 * The request form (spec 3 §2, §5): every field of a request, the type watcher (a new type resets the
 * budget to its default and the duration to its first), the double-click guard, and the server's messages
 * next to their fields (the form is not validated by the browser: the texts are the spec's, from the server).
 */
export function DemandForm({ reference, demand, answer, pending }: { reference: DemandFormReference; demand: Demand | null; answer: ActionErrors | null; pending: boolean }) {
  const { t, lang } = useTranslation();
  const uid = useId();
  // The server's errors, each hidden once its field is changed; functions and sub-functions are one block.
  const { errors, onChange: dismissError, dismiss } = useAnswerErrors(answer?.errors, [["options", "sub_options"]]);
  const firstType = reference.types[0];
  const [typeId, setTypeId] = useState<number>(demand?.service_type_id ?? firstType?.id ?? 0);
  const paid = !!demand?.is_paid;
  const type = reference.types.find((x) => x.id === typeId);
  const [durationId, setDurationId] = useState<number | "">(demand?.duration_id ?? type?.durations[0]?.id ?? "");
  const [budget, setBudget] = useState<string>(String(demand?.budget ?? type?.defaultBudget ?? ""));
  const [industries, setIndustries] = useState<number[]>(demand?.industries.map((i) => i.id) ?? []);
  const [options, setOptions] = useState<number[]>(demand?.options.map((o) => o.id) ?? []);
  const [subOptions, setSubOptions] = useState<number[]>(demand?.sub_options.map((o) => o.id) ?? []);
  const [kept, setKept] = useState<number[]>(demand?.files.map((f) => f.id) ?? []);
  const [filter, setFilter] = useState("");
  const [description, setDescription] = useState(demand?.description ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  // Sent while files were on their way: the form goes by itself once they are stored.
  const uploads = useUploadGate(formRef);

  // spec 3 §4: the type watcher resets the default budget and duration.
  function changeType(id: number) {
    const next = reference.types.find((x) => x.id === id);
    setTypeId(id);
    setDurationId(next?.durations[0]?.id ?? "");
    if (next) setBudget(String(next.defaultBudget));
    // The duration and budget the errors spoke of are replaced too.
    dismiss("duration_id", "budget");
  }

  // After a refused save the first field with an error takes the focus.
  useEffect(() => {
    if (!answer?.errors) return;
    const first = Object.keys(answer.errors)[0];
    const block = first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null;
    block?.querySelector<HTMLElement>("input, textarea, select")?.focus();
  }, [answer]);

  const main = reference.options.filter((o) => o.parent_id === null);
  const shownIndustries = filter ? reference.industries.filter((i) => foldName(i.name).includes(foldName(filter))) : reference.industries;
  const fullIndustries = industries.length >= DEMAND_LIMITS.industriesMax;
  const toggle = (list: number[], set: (v: number[]) => void, id: number) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const f = (name: string) => `${name}-${uid}`;
  const uploadTexts = useUploadTexts("demands");
  // spec 3 §9: the type's fee in per cent, and the budget experts will see once it is a valid amount.
  const feeHint = type ? feeText(t, lang, type.money, budget) : undefined;
  const describedBy = (name: string, hint = false) => [errors[name]?.length ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="page page--narrow demand-form">
      <h1>{demand ? t("requestAdd.editTitle") : t("requestAdd.title")}</h1>
      {demand?.reject_reason ? (
        <p className="banner demand-form__reason" role="note">
          {t("demands.rejectReason", { reason: demand.reject_reason })}
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="card form"
        ref={formRef}
        onChange={dismissError}
        // The files go straight to storage as they are chosen (DirectUpload); the form carries their ids
        // and waits for the last one. Without script the files go inline with the form.
        onSubmit={uploads.hold}
      >
        {answer?.message && !Object.keys(answer.errors ?? {}).some((k) => k !== "form") ? (
          <p className="form-error" role="alert">
            {answer.message}
          </p>
        ) : null}
        {errors.form?.length ? (
          <p className="form-error" role="alert">
            {errors.form.join(". ")}
          </p>
        ) : null}

        <Block label={t("demands.name")} errors={errors.name} htmlFor={f("name")} id="name">
          <input id={f("name")} name="name" className="field__input" defaultValue={demand?.name ?? ""} maxLength={DEMAND_LIMITS.nameMax} aria-invalid={!!errors.name || undefined} aria-describedby={describedBy("name")} autoComplete="off" />
        </Block>

        <Block label={t("demands.type")} errors={errors.service_type_id} group id="service_type_id" hint={paid ? t("demands.paidTerms") : undefined}>
          <div className="role-choice demand-form__choice">
            {reference.types.map((x) => (
              <label key={x.id}>
                <input type="radio" name="service_type_id" value={x.id} checked={typeId === x.id} onChange={() => changeType(x.id)} disabled={paid && typeId !== x.id} />
                <span>{x.name}</span>
              </label>
            ))}
          </div>
        </Block>

        <Block label={t("demands.duration")} errors={errors.duration_id} htmlFor={f("duration")} id="duration_id">
          <select id={f("duration")} name="duration_id" className="select" value={durationId} onChange={(e) => setDurationId(e.target.value ? Number(e.target.value) : "")} aria-invalid={!!errors.duration_id || undefined} aria-describedby={describedBy("duration_id")}>
            {type?.durations.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </Block>

        <Block label={t("demands.expertLevel")} errors={errors.expert_type} group id="expert_type">
          <div className="role-choice demand-form__choice">
            {(["ordinary", "premium"] as const).map((level) => (
              <label key={level}>
                <input type="radio" name="expert_type" value={level} defaultChecked={demand?.expert_type === level} />
                <span>{t(`demands.${level}`)}</span>
              </label>
            ))}
          </div>
        </Block>

        <Block label={t("demands.description")} errors={errors.description} htmlFor={f("description")} id="description" hint={t("demands.counter", { count: description.length, max: DEMAND_LIMITS.descriptionMax })}>
          <textarea
            id={f("description")}
            name="description"
            className="field__input demand-form__textarea"
            rows={6}
            maxLength={DEMAND_LIMITS.descriptionMax}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={!!errors.description || undefined}
            aria-describedby={describedBy("description", true)}
          />
        </Block>

        <Block label={t("demands.industries")} errors={errors.industries} group id="industries" hint={`${t("demands.industriesHint", { count: DEMAND_LIMITS.industriesMax })} · ${t("demands.selected", { count: industries.length })}`}>
          <input type="search" className="field__input picker__search" placeholder={t("demands.industriesFilter")} aria-label={t("demands.industriesFilter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <div className="picker">
            {reference.industries.map((i) => {
              const checked = industries.includes(i.id);
              return (
                <label key={i.id} className="checkbox" hidden={!shownIndustries.includes(i)}>
                  <input type="checkbox" name="industries[]" value={i.id} checked={checked} disabled={!checked && fullIndustries} onChange={() => toggle(industries, setIndustries, i.id)} />
                  <span>{i.name}</span>
                </label>
              );
            })}
          </div>
          <div aria-live="polite">{filter && !shownIndustries.length ? <p className="field__hint">{t("pickers.nothingFound")}</p> : null}</div>
        </Block>

        <Block label={t("demands.functions")} errors={errors.options ?? errors.sub_options} group id="options" hint={t("demands.selected", { count: options.length })}>
          <div className="picker">
            {main.map((m) => {
              const checked = options.includes(m.id);
              const subs = reference.options.filter((o) => o.parent_id === m.id);
              return (
                <div key={m.id} className="demand-form__function">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="options[]"
                      value={m.id}
                      checked={checked}
                      onChange={() => {
                        toggle(options, setOptions, m.id);
                        // A sub-function belongs to its function: unchecking the function drops them.
                        if (checked) setSubOptions((s) => s.filter((id) => !subs.some((x) => x.id === id)));
                      }}
                    />
                    <span>{m.name}</span>
                  </label>
                  {checked && subs.length ? (
                    <fieldset className="demand-form__subs">
                      <legend className="visually-hidden">{t("demands.subFunctions", { name: m.name })}</legend>
                      {subs.map((o) => (
                        <label key={o.id} className="checkbox">
                          <input type="checkbox" name="sub_options[]" value={o.id} checked={subOptions.includes(o.id)} onChange={() => toggle(subOptions, setSubOptions, o.id)} />
                          <span>{o.name}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </div>
              );
            })}
          </div>
        </Block>

        <div className="grid-2">
          <Block label={t("demands.budget")} errors={errors.budget} htmlFor={f("budget")} id="budget" hint={paid ? t("demands.paidTerms") : feeHint} hintBelow>
            <input id={f("budget")} name="budget" className="field__input" inputMode="numeric" value={budget} readOnly={paid} onChange={(e) => setBudget(e.target.value.replace(/[^\d\s]/g, ""))} aria-invalid={!!errors.budget || undefined} aria-describedby={describedBy("budget", paid || !!feeHint)} />
          </Block>
          <Block label={t("demands.deadline")} errors={errors.execution_period} htmlFor={f("deadline")} id="execution_period" hint={t("demands.deadlineHint")} hintBelow>
            <input
              id={f("deadline")}
              name="execution_period"
              className="field__input"
              inputMode="numeric"
              placeholder={t("demands.deadlinePlaceholder")}
              maxLength={10}
              defaultValue={demand?.execution_period ?? ""}
              aria-invalid={!!errors.execution_period || undefined}
              aria-describedby={describedBy("execution_period", true)}
              autoComplete="off"
            />
          </Block>
        </div>

        <label className="checkbox">
          <input type="hidden" name="need_team" value="0" />
          <input type="checkbox" name="need_team" value="1" defaultChecked={demand?.need_team ?? false} />
          <span>{t("demands.needTeam")}</span>
        </label>

        <Block label={t("demands.files")} errors={errors.files} htmlFor={f("files")} id="files" hint={t("demands.filesHint")}>
          {demand?.files.length ? (
            <ul className="file-list demand-form__kept">
              {demand.files.map((file) => (
                <li key={file.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={kept.includes(file.id)} onChange={() => toggle(kept, setKept, file.id)} aria-label={t("demands.keepFile", { name: file.name })} />
                    <span>{file.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {kept.map((id, i) => (
            <input key={id} type="hidden" name={`files[${i}][id]`} value={id} />
          ))}
          <DirectUpload
            kind="demand"
            inputId={f("files")}
            describedBy={describedBy("files", true)}
            invalid={!!errors.files}
            inlineName="files[]"
            uploadsName="uploads[]"
            maxFiles={DEMAND_LIMITS.filesMax - kept.length}
            maxBytes={DEMAND_LIMITS.fileBytes - 1}
            accept={DEMAND_FILE_ACCEPT}
            extensions={DEMAND_FILE_EXTENSIONS}
            texts={uploadTexts}
            lang={lang}
            onBusyChange={uploads.onBusyChange}
            gone={answer?.uploads_gone}
            goneMessage={answer?.errors?.files?.[0]}
          />
        </Block>

        {uploads.waiting ? (
          <p className="form-error" role="alert">
            {t("demands.waitUploads")}
          </p>
        ) : null}
        <SubmitButton pending={pending}>{demand ? t("demands.save") : t("demands.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
