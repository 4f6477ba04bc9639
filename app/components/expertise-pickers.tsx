import { useState } from "react";
import { LIMITS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { foldName } from "~/domain/names";
import { focusAfterRemove } from "~/lib/focus-on-remove";

/**
 * The industries and functions pickers of registration (spec 1 §2), also used by the profile's industry
 * modal (spec 2 §2) with the profile's limit. New functions get temporary ids from -10 downwards and are
 * shown under 'Другое (на модерацию)' until saved.
 */
export function IndustryPicker({ industries, selected, onChange, errors, limit = LIMITS.registrationIndustries }: { industries: { id: number; name: string }[]; selected: number[]; onChange: (ids: number[]) => void; errors?: string[]; limit?: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const full = selected.length >= limit;
  const shown = filter ? industries.filter((i) => foldName(i.name).includes(foldName(filter))) : industries;
  return (
    <fieldset className={`field${errors?.length ? " field--invalid" : ""}`} aria-describedby="industry-hint">
      <legend className="field__label">{t("pickers.industries")}</legend>
      <p id="industry-hint" className="field__hint">
        {t("pickers.industriesHint", { count: limit })} · {t("pickers.selected", { count: selected.length })}
      </p>
      <input type="search" className="field__input picker__search" placeholder={t("pickers.industries")} aria-label={t("pickers.industries")} value={filter} onChange={(e) => setFilter(e.target.value)} />
      <div className="picker">
        {industries.map((i) => {
          const checked = selected.includes(i.id);
          return (
            <label key={i.id} className="checkbox" hidden={!shown.includes(i)}>
              <input type="checkbox" name="industry[]" value={i.id} checked={checked} disabled={!checked && full} onChange={() => onChange(checked ? selected.filter((x) => x !== i.id) : [...selected, i.id])} />
              <span>{i.name}</span>
            </label>
          );
        })}
      </div>
      <div aria-live="polite">{filter && !shown.length ? <p className="field__hint">{t("pickers.nothingFound")}</p> : null}</div>
      {errors?.length ? (
        <p className="field__error" role="alert">
          {errors.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}

export type Opt = { id: number; name: string; parent_id: number | null };
export function OptionPicker({ main, all, selected, onChange, newOptions, onNewOptions, errors, legend }: { main: Opt[]; all: Opt[]; selected: number[]; onChange: (ids: number[]) => void; newOptions: { id: number; name: string }[]; onNewOptions: (v: { id: number; name: string }[]) => void; errors?: string[]; legend?: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  function add() {
    const name = draft.trim();
    if (name.length < 2 || newOptions.some((o) => foldName(o.name) === foldName(name))) return;
    // spec 1 §3: new functions get temporary ids from -10 downwards until saved.
    const id = Math.min(-9, ...newOptions.map((o) => o.id)) - 1;
    onNewOptions([...newOptions, { id, name }]);
    setDraft("");
  }
  return (
    <fieldset className={`field${errors?.length ? " field--invalid" : ""}`}>
      <legend className="field__label">{legend ?? t("pickers.functions")}</legend>
      <p className="field__hint">
        {t("pickers.functionsHint")} · {t("pickers.selected", { count: selected.length + newOptions.length })}
      </p>
      <div className="picker">
        {main.map((m) => (
          <details key={m.id}>
            <summary>{m.name}</summary>
            <label className="checkbox">
              <input type="checkbox" name="option[]" value={m.id} checked={selected.includes(m.id)} onChange={() => toggle(m.id)} />
              <span>{m.name}</span>
            </label>
            {all
              .filter((o) => o.parent_id === m.id)
              .map((o) => (
                <label key={o.id} className="checkbox">
                  <input type="checkbox" name="option[]" value={o.id} checked={selected.includes(o.id)} onChange={() => toggle(o.id)} />
                  <span>{o.name}</span>
                </label>
              ))}
          </details>
        ))}
      </div>
      {newOptions.length ? (
        <div>
          <p className="field__label">{t("pickers.moderationGroup")}</p>
          <ul className="chips">
            {newOptions.map((o, i) => (
              <li key={o.id} className="chip chip--moderation">
                {o.name} · {t("pickers.onModeration")}
                <input type="hidden" name={`new_option[${i}][name]`} value={o.name} />
                <button type="button" className="link-button" aria-label={`${t("common.remove")}: ${o.name}`} onClick={(e) => {
                    focusAfterRemove(e.currentTarget);
                    onNewOptions(newOptions.filter((x) => x.id !== o.id));
                  }}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="inline-add">
        <input className="field__input" placeholder={t("pickers.newFunctionPlaceholder")} aria-label={t("pickers.newFunction")} value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); add(); } }} />
        <button type="button" className="btn btn--ghost" onClick={add}>
          {t("pickers.addFunction")}
        </button>
      </div>
      {errors?.length ? (
        <p className="field__error" role="alert">
          {errors.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}
