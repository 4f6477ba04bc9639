import { lazy, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";

const CompanyResults = lazy(() => import("./company-results"));

export type CompanyChoice = { id: number | null; name: string; moderation: boolean };

/**
 * The invite company flow's picker (spec 2 §2, §8): search, or add a typed name as a new company that goes
 * to moderation. It sends `company_id`, or `new_companies[0][name]` for a new one. The results (and their
 * search call) load on the first keystroke (app/components/invite/company-results.tsx).
 */
export function CompanyPicker({ value, onChange, error, live }: { value: CompanyChoice | null; onChange: (choice: CompanyChoice | null) => void; error?: string; live: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  // Choosing replaces the search box with the chosen company: focus moves to its 'change' button.
  const clearRef = useRef<HTMLButtonElement>(null);
  const typed = text.trim();
  const errorId = `${id}-error`;

  return (
    <div className={`field company-picker${error ? " field--invalid" : ""}`}>
      {value ? (
        <>
          <span id={`${id}-label`} className="field__label">
            {t("invitePage.company")}
          </span>
          <div className="company-picker__chosen" role="group" aria-labelledby={`${id}-label`}>
            <span className="chip">
              {value.name}
              {value.moderation ? <span className="company-picker__status"> · {t("invitePage.companyModeration")}</span> : null}
            </span>
            <button
              type="button"
              className="link-button"
              ref={clearRef}
              onClick={() => {
                onChange(null);
                requestAnimationFrame(() => inputRef.current?.focus());
              }}
            >
              {t("invitePage.companyClear")}
            </button>
            {value.id ? <input type="hidden" name="company_id" value={value.id} /> : <input type="hidden" name="new_companies[0][name]" value={value.name} />}
          </div>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-input`} className="field__label">
            {t("invitePage.company")}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="search"
            className="field__input"
            autoComplete="off"
            maxLength={100}
            placeholder={t("invitePage.companyPlaceholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-controls={`${id}-results`}
            // Before the scripts run, the typed name goes as a new company (the server takes an existing
            // one of the same name instead); once they run, the picker decides what is sent.
            name={live ? undefined : "new_companies[0][name]"}
          />
          <div id={`${id}-results`} className="company-picker__results" aria-live="polite">
            {typed ? (
              <Suspense fallback={null}>
                <CompanyResults
                  text={typed}
                  onChoose={(choice) => {
                    onChange(choice);
                    setText("");
                    requestAnimationFrame(() => clearRef.current?.focus());
                  }}
                />
              </Suspense>
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
