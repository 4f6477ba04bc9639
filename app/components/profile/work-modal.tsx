import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Modal, scrollDialogToTop } from "~/components/ui/modal";
import type { WorkView } from "~/domain/experience/works.server";
import { dayToMonthValue, monthChoices, monthValueToDay, specializationKey, workYears } from "~/domain/experience/rules";
import { useTranslation } from "~/lib/i18n";
import { callApi, stripPrefix } from "./api-client";
import { CompanyPicker, type PickedEntry } from "./company-picker";
import { loadReference } from "./reference";
import type { WorkPrefill } from "./experience-section";
import { useAnswerErrors } from "~/lib/answer-errors";

type Ref = { id: number; name: string; parent_id?: number | null };
type Row = { industry: Ref | null; fn: Ref | null; option: Ref | null };
const emptyRow = (): Row => ({ industry: null, fn: null, option: null });

function rowsOf(work: WorkView | null): Row[] {
  if (!work?.workareas.length) return [emptyRow()];
  return work.workareas.map((a) => ({ industry: a.industry, fn: null, option: a.option }));
}

/**
 * Add or edit a place of work (spec 2 §4): company picker, role, start and end month ('YYYY.MM.01'),
 * the currently-working toggle, and the specializations (industry, function, sub-function) edited in a
 * sub-modal. The server checks every rule; its messages are shown next to the fields, and the modal
 * scrolls to its top when the save is refused.
 */
export default function WorkModal({
  open,
  work,
  prefill = null,
  roles,
  ratedPairs,
  onClose,
  onSaved,
}: {
  open: boolean;
  work: WorkView | null;
  /** The rated specializations ('industry:function') only this work gives (decision 0060). */
  ratedPairs?: string[];
  /** A new work's company and dates from the resume's proposal (decision 0015); the expert adds the rest. */
  prefill?: WorkPrefill | null;
  roles: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [company, setCompany] = useState<PickedEntry | null>(null);
  const [roleId, setRoleId] = useState("");
  const [start, setStart] = useState("");
  const [finish, setFinish] = useState("");
  const [current, setCurrent] = useState(false);
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [answered, setErrors] = useState<Record<string, string[]>>({});
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, dismiss } = useAnswerErrors(answered, [["company_id", "new_company"]]);
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const months = useMemo(() => monthChoices(new Date()), []);

  // spec 2 §4: the modal opens with the work's values (or empty) and no validation messages.
  useEffect(() => {
    if (!open) return;
    const from = work ? { start: work.work_start, finish: work.work_finish } : prefill ? { start: prefill.work_start, finish: prefill.work_finish } : null;
    // A resume's company is offered as typed; the server takes an existing company of that name instead.
    setCompany(work ? { id: work.company_id, name: work.company, status: work.status } : prefill ? { id: null, name: prefill.company, isNew: true } : null);
    setRoleId(work?.workareas[0] ? String(work.workareas[0].role.id) : "");
    setStart(from ? dayToMonthValue(from.start) : "");
    setFinish(from?.finish ? dayToMonthValue(from.finish) : "");
    setCurrent(!!from && !from.finish);
    setRows(rowsOf(work));
    setErrors({});
    setMessage("");
    setEditing(null);
  }, [open, work, prefill]);

  const monthLabel = (m: { year: number; month: number }) => `${t(`profileExperience.months.m${m.month}`)} ${m.year}`;
  const rowName = (r: Row) => (r.industry && r.option ? `${r.industry.name} - ${r.option.name}` : "");
  // Decision 0060: a rated specialization taken out of the only work that gives it loses its line, never its ratings.
  const dropsRated = !!ratedPairs?.some((pair) => !rows.some((r) => r.industry && r.option && specializationKey(r.industry.id, r.option.id) === pair));

  const removeRow = (i: number) => {
    dismiss("workareas");
    // spec 2 §4: removing the last row leaves an empty one.
    setRows((list) => {
      const next = list.filter((_, j) => j !== i);
      return next.length ? next : [emptyRow()];
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    const workStart = start ? monthValueToDay(start) : "";
    const workFinish = current || !finish ? null : monthValueToDay(finish);
    const role = roleId ? Number(roleId) : null;
    const filled = rows.filter((r) => r.industry || r.option);
    const years = workStart ? workYears(workStart, workFinish, new Date()) : 0;
    const areas = (filled.length ? filled : [emptyRow()]).map((r) => ({ industry_id: r.industry?.id ?? null, option_id: r.option?.id ?? null, role_id: role, work_years: years }));
    const payload: Record<string, unknown> = { work_start: workStart, workareas: areas };
    if (work) payload.work_id = work.id;
    if (company?.id) payload.company_id = company.id;
    else if (company?.isNew) payload.new_company = company.name;
    // Currently working: no end date (spec 2 §3 'omitted, a date or null'); otherwise the end is required.
    if (!current) payload.work_finish = workFinish ?? "";
    const res = await callApi("/api/user/profile/works", { json: { works: [payload] } });
    setPending(false);
    if (res.ok) {
      onSaved();
      return;
    }
    const fields = stripPrefix(res.errors, "works.0.");
    setErrors(fields);
    setMessage(Object.keys(fields).length ? "" : res.message || t("errors.unknown"));
    // spec 2 §5: on failed work validation the modal scrolls to the top.
    scrollDialogToTop(formRef.current);
  };

  const err = (k: string) => errors[k];
  const fieldClass = (k: string) => `field${err(k)?.length ? " field--invalid" : ""}`;
  // A plain call, not a component made anew each render: a component type React has not seen before
  // remounts its alert on every render, and a screen reader reads every error again at each keystroke.
  const errorText = (k: string) =>
    err(k)?.length ? (
      <p id={`${id}-${k}-error`} className="field__error" role="alert">
        {err(k)!.join(". ")}
      </p>
    ) : null;
  const described = (k: string) => (err(k)?.length ? `${id}-${k}-error` : undefined);

  return (
    <Modal open={open} onClose={onClose} title={work ? t("profileExperience.workModalEdit") : t("profileExperience.workModalAdd")}>
      <form ref={formRef} className="form xp-form" noValidate onSubmit={submit}>
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
        <CompanyPicker
          value={company}
          onChange={(c) => {
            setCompany(c);
            dismiss("company_id");
          }}
          errors={err("company_id") ?? err("new_company")} inputId={`${id}-company`} />
        <div className={fieldClass("role_id")}>
          <label className="field__label" htmlFor={`${id}-role`}>
            {t("profileExperience.role")}
          </label>
          <select id={`${id}-role`} className="select" value={roleId} onChange={(e) => {
              setRoleId(e.target.value);
              dismiss("role_id");
            }} aria-invalid={!!err("role_id") || undefined} aria-describedby={described("role_id")}>
            <option value="">{t("profileExperience.rolePlaceholder")}</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {errorText("role_id")}
        </div>
        <div className="xp-dates">
          <div className={fieldClass("work_start")}>
            <label className="field__label" htmlFor={`${id}-start`}>
              {t("profileExperience.workStart")}
            </label>
            <select id={`${id}-start`} className="select" value={start} onChange={(e) => {
                setStart(e.target.value);
                dismiss("work_start");
              }} aria-invalid={!!err("work_start") || undefined} aria-describedby={described("work_start")}>
              <option value="">{t("profileExperience.monthPlaceholder")}</option>
              {months.map((m) => (
                <option key={m.value} value={m.value}>
                  {monthLabel(m)}
                </option>
              ))}
            </select>
            {errorText("work_start")}
          </div>
          {!current ? (
            <div className={fieldClass("work_finish")}>
              <label className="field__label" htmlFor={`${id}-finish`}>
                {t("profileExperience.workFinish")}
              </label>
              <select id={`${id}-finish`} className="select" value={finish} onChange={(e) => {
                  setFinish(e.target.value);
                  dismiss("work_finish");
                }} aria-invalid={!!err("work_finish") || undefined} aria-describedby={described("work_finish")}>
                <option value="">{t("profileExperience.monthPlaceholder")}</option>
                {months.map((m) => (
                  <option key={m.value} value={m.value}>
                    {monthLabel(m)}
                  </option>
                ))}
              </select>
              {errorText("work_finish")}
            </div>
          ) : null}
        </div>
        <label className="checkbox">
          <input type="checkbox" role="switch" checked={current} onChange={(e) => {
              setCurrent(e.target.checked);
              dismiss("work_finish");
            }} />
          <span>{t("profileExperience.currentlyWorking")}</span>
        </label>
        <fieldset className={`xp-areas ${fieldClass("workareas")}`} aria-describedby={described("workareas")}>
          <legend className="field__label">{t("profileExperience.workareas")}</legend>
          <ul className="xp-areas__list">
            {rows.map((r, i) => (
              <li key={i} className="xp-areas__row">
                <span className={rowName(r) ? "" : "xp-muted"}>{rowName(r) || t("profileExperience.workareaEmpty")}</span>
                <span className="xp-areas__actions">
                  <button type="button" className="link-button" onClick={() => setEditing(i)}>
                    {t("profileExperience.editWorkarea")}
                  </button>
                  <button type="button" className="modal__close xp-areas__remove" aria-label={t("profileExperience.removeWorkarea", { name: rowName(r) || i + 1 })} onClick={() => removeRow(i)}>
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(rows.length)}>
            {t("profileExperience.addWorkarea")}
          </button>
          {errorText("workareas")}
          {/* A live region present before its text, so that a screen reader announces the text when it comes. */}
          {ratedPairs?.length ? (
            <p className="field__hint" role="status">
              {dropsRated ? t("profileExperience.editWorkRated") : null}
            </p>
          ) : null}
        </fieldset>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("profileExperience.cancel")}
          </button>
          <button type="submit" className="btn btn--primary" aria-busy={pending || undefined} aria-disabled={pending || undefined}>
            {t("profileExperience.save")}
          </button>
        </div>
      </form>
      <SpecializationModal
        open={editing !== null}
        row={editing !== null ? rows[editing] ?? emptyRow() : emptyRow()}
        onClose={() => setEditing(null)}
        onSave={(row) => {
          dismiss("workareas");
          setRows((list) => {
            const next = [...list];
            next[editing!] = row;
            // spec 2 §4: duplicate industry and function pairs are dropped; so is an empty row once one is filled.
            const seen = new Set<string>();
            const deduped = next.filter((r) => {
              if (!r.industry || !r.option) return false;
              const key = specializationKey(r.industry.id, r.option.id);
              if (seen.has(key)) return false;
              seen.add(key);
              return true;
            });
            return deduped.length ? deduped : [emptyRow()];
          });
          setEditing(null);
        }}
      />
    </Modal>
  );
}

/** The specialization sub-modal: industry, function and sub-function, each required (spec 2 §5). */
function SpecializationModal({ open, row, onClose, onSave }: { open: boolean; row: Row; onClose: () => void; onSave: (row: Row) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [ref, setRef] = useState<{ industries: Ref[]; options: Ref[] } | null>(null);
  const [industry, setIndustry] = useState("");
  const [fn, setFn] = useState("");
  const [option, setOption] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open) return;
    loadReference().then(setRef, () => setRef({ industries: [], options: [] }));
    setIndustry(row.industry ? String(row.industry.id) : "");
    setOption(row.option ? String(row.option.id) : "");
    setFn(row.option?.parent_id ? String(row.option.parent_id) : "");
    setErrors({});
  }, [open, row]);

  const mains = ref?.options.filter((o) => !o.parent_id) ?? [];
  const subs = ref?.options.filter((o) => fn && o.parent_id === Number(fn)) ?? [];
  const save = () => {
    const next: Record<string, string> = {};
    if (!industry) next.industry = t("profileExperience.industryRequired");
    if (!fn) next.fn = t("profileExperience.functionRequired");
    if (!option) next.option = t("profileExperience.subFunctionRequired");
    setErrors(next);
    if (Object.keys(next).length) return;
    const ind = ref!.industries.find((i) => i.id === Number(industry))!;
    const sub = ref!.options.find((o) => o.id === Number(option))!;
    onSave({ industry: { id: ind.id, name: ind.name }, fn: mains.find((m) => m.id === Number(fn)) ?? null, option: { id: sub.id, name: sub.name, parent_id: sub.parent_id } });
  };
  const select = (key: string, label: string, value: string, set: (v: string) => void, list: Ref[]) => (
    <div className={`field${errors[key] ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select id={`${id}-${key}`} className="select" value={value} onChange={(e) => set(e.target.value)} aria-invalid={!!errors[key] || undefined} aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}>
        <option value="">{t("profileExperience.choose")}</option>
        {list.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="field__error" role="alert">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  return (
    <Modal open={open} onClose={onClose} title={t("profileExperience.specModalTitle")}>
      <div className="form xp-form">
        {select("industry", t("profileExperience.industry"), industry, setIndustry, ref?.industries ?? [])}
        {select(
          "fn",
          t("profileExperience.function"),
          fn,
          (v) => {
            setFn(v);
            setOption("");
          },
          mains,
        )}
        {select("option", t("profileExperience.subFunction"), option, setOption, subs)}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("profileExperience.cancel")}
          </button>
          <button type="button" className="btn btn--primary" onClick={save}>
            {t("profileExperience.save")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
