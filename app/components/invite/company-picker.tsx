import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";

/** spec 2 §9: the company search waits 400 ms after the last keystroke. */
const DEBOUNCE_MS = 400;
const NAME_MAX = 100;

export type CompanyChoice = { id: number | null; name: string; moderation: boolean };
type Found = { id: number; name: string; status: "active" | "moderation" };

/**
 * The invite company flow's picker (spec 2 §2, §8): search, or add a typed name as a new company that goes
 * to moderation. It sends `company_id`, or `new_companies[0][name]` for a new one. The search call is
 * `GET /api/invite/companies?name=` until the companies API of its own branch lands (decision 0017).
 */
export function CompanyPicker({ value, onChange, error, live }: { value: CompanyChoice | null; onChange: (choice: CompanyChoice | null) => void; error?: string; live: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [searching, setSearching] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = text.trim();

  useEffect(() => {
    if (value || !typed) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const res = await fetch(`/api/invite/companies?name=${encodeURIComponent(typed)}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (res.ok) setFound(((await res.json()) as { items: Found[] }).items);
      } catch {
        // Aborted by the next keystroke, or offline: the list simply stays as it was.
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, value]);

  const choose = (choice: CompanyChoice) => {
    onChange(choice);
    setText("");
    setFound(null);
  };
  const errorId = `${id}-error`;

  return (
    <div className={`field company-picker${error ? " field--invalid" : ""}`}>
      {value ? (
        <span id={`${id}-label`} className="field__label">
          {t("invitePage.company")}
        </span>
      ) : (
        <label htmlFor={`${id}-input`} className="field__label">
          {t("invitePage.company")}
        </label>
      )}
      {value ? (
        <div className="company-picker__chosen" role="group" aria-labelledby={`${id}-label`}>
          <span className="chip">
            {value.name}
            {value.moderation ? <span className="company-picker__status"> · {t("invitePage.companyModeration")}</span> : null}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onChange(null);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            {t("invitePage.companyClear")}
          </button>
          {value.id ? <input type="hidden" name="company_id" value={value.id} /> : <input type="hidden" name="new_companies[0][name]" value={value.name} />}
        </div>
      ) : (
        <>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="search"
            className="field__input"
            autoComplete="off"
            maxLength={NAME_MAX}
            placeholder={t("invitePage.companyPlaceholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") e.preventDefault();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-controls={`${id}-results`}
            // Before the scripts run, the typed name goes as a new company (the server takes an existing
            // one of the same name instead); once they run, the picker decides what is sent.
            name={live ? undefined : "new_companies[0][name]"}
          />
          <div id={`${id}-results`} className="company-picker__results" aria-live="polite">
            {searching && !found ? <p className="note">{t("invitePage.companySearching")}</p> : null}
            {found && found.length ? (
              <ul className="company-picker__list" aria-label={t("invitePage.companyResults")}>
                {found.map((c) => (
                  <li key={c.id}>
                    <button type="button" className="company-picker__option" onClick={() => choose({ id: c.id, name: c.name, moderation: c.status === "moderation" })}>
                      {c.name}
                      {c.status === "moderation" ? <span className="company-picker__status"> · {t("invitePage.companyModeration")}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {found && typed && !found.some((c) => c.name.toLocaleLowerCase("ru") === typed.toLocaleLowerCase("ru")) ? (
              <div className="company-picker__new">
                {found.length ? null : <p>{t("invitePage.companyNotFound")}</p>}
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => choose({ id: null, name: typed, moderation: true })}>
                  {t("invitePage.companyAdd", { name: typed })}
                </button>
              </div>
            ) : null}
          </div>
        </>
      )}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
