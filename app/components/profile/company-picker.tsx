import { useEffect, useId, useRef, useState } from "react";
import { EXPERIENCE_LIMITS } from "~/domain/experience/rules";
import { useTranslation } from "~/lib/i18n";
import { foldName } from "~/domain/names";

export type PickedEntry = { id: number | null; name: string; status?: string; isNew?: boolean };
type Found = { id: number; name: string; status: string };

export type SearchPickerTexts = { label: string; placeholder: string; notFound: string; found: (count: number) => string; add: (name: string) => string; moderation: string; newEntry: string; clear: string };

/**
 * A search-as-you-type picker over a `?name=` endpoint (debounced 400 ms, spec 2 §9) that can also take a
 * new name when nothing matches. The chosen entry is `{id}` for an existing one or `{id: null, name,
 * isNew}` for a new one, which the server puts into moderation.
 */
export function SearchPicker({ endpoint, value, onChange, texts, errors, inputId, required }: { endpoint: string; value: PickedEntry | null; onChange: (v: PickedEntry | null) => void; texts: SearchPickerTexts; errors?: string[]; inputId?: string; required?: boolean }) {
  const auto = useId();
  const id = inputId ?? `picker-${auto}`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // Choosing replaces the search box with the chosen name: focus moves to its 'change' button, not nowhere.
  const clearRef = useRef<HTMLButtonElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (value && chosen.current) clearRef.current?.focus();
    chosen.current = false;
  }, [value]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setFound(null);
      return;
    }
    const n = ++seq.current;
    const timer = setTimeout(async () => {
      const res = await fetch(`${endpoint}?name=${encodeURIComponent(q)}`, { headers: { Accept: "application/json" } }).catch(() => null);
      const list = res && res.ok ? ((await res.json()) as Found[]) : [];
      if (n === seq.current) {
        setFound(list.slice(0, 20));
        setActive(-1);
      }
    }, EXPERIENCE_LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [query, endpoint]);

  const choose = (entry: PickedEntry) => {
    chosen.current = true;
    onChange(entry);
    setQuery("");
    setFound(null);
  };
  const invalid = !!errors?.length;

  if (value) {
    return (
      <div className={`field${invalid ? " field--invalid" : ""}`}>
        <span className="field__label" id={`${id}-label`}>
          {texts.label}
        </span>
        <div className="xp-picked" role="group" aria-labelledby={`${id}-label`}>
          <span className="xp-picked__name">{value.name}</span>
          {value.isNew ? <span className="chip chip--new">{texts.newEntry}</span> : value.status === "moderation" ? <span className="chip chip--moderation">{texts.moderation}</span> : null}
          <button
            type="button"
            className="link-button"
            ref={clearRef}
            onClick={() => {
              onChange(null);
              setTimeout(() => inputRef.current?.focus(), 0);
            }}
          >
            {texts.clear}
          </button>
        </div>
        {invalid ? (
          <p id={errorId} className="field__error" role="alert">
            {errors!.join(". ")}
          </p>
        ) : null}
      </div>
    );
  }

  const options = found ?? [];
  const q = query.trim();
  return (
    <div className={`field xp-search${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {texts.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        role="combobox"
        aria-expanded={found !== null}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        aria-required={required || undefined}
        placeholder={texts.placeholder}
        autoComplete="off"
        maxLength={EXPERIENCE_LIMITS.companyNameMax}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && options.length) {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === "ArrowUp" && options.length) {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === "Enter") {
            e.preventDefault();
            if (active >= 0 && options[active]) choose(options[active]!);
          } else if (e.key === "Escape" && found) {
            e.stopPropagation();
            e.preventDefault();
            setFound(null);
          }
        }}
      />
      {/* What the search found, read out as it changes (the list itself is not announced). */}
      <p className="visually-hidden" role="status">
        {found === null ? "" : texts.found(options.length)}
      </p>
      {found !== null ? (
        <div className="xp-search__popup">
          <ul id={listId} role="listbox" aria-label={texts.label} className="xp-search__list">
            {options.map((o, i) => (
              <li
                key={o.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`xp-search__option${i === active ? " xp-search__option--active" : ""}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
              >
                {o.name}
                {o.status === "moderation" ? <span className="xp-muted"> {texts.moderation}</span> : null}
              </li>
            ))}
          </ul>
          {!options.some((o) => foldName(o.name) === foldName(q)) && q.length >= 2 ? (
            <div className="xp-search__new">
              {!options.length ? <p className="xp-muted">{texts.notFound}</p> : null}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => choose({ id: null, name: q, isNew: true })}>
                {texts.add(q)}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {invalid ? (
        <p id={errorId} className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </div>
  );
}

/** The company picker of the work modal (spec 2 §4), reusable by the company invitation (spec 2 §2). */
export function CompanyPicker(props: { value: PickedEntry | null; onChange: (v: PickedEntry | null) => void; errors?: string[]; inputId?: string; texts?: Partial<SearchPickerTexts> }) {
  const { t } = useTranslation();
  const texts: SearchPickerTexts = {
    label: t("profileExperience.company"),
    placeholder: t("profileExperience.companySearch"),
    notFound: t("profileExperience.companyNotFound"),
    found: (count) => t("profileExperience.foundOptions", { count }),
    add: (name) => t("profileExperience.companyAdd", { name }),
    moderation: t("profileExperience.onModeration"),
    newEntry: t("profileExperience.companyNew"),
    clear: t("profileExperience.companyClear"),
    ...props.texts,
  };
  return <SearchPicker endpoint="/api/companies" value={props.value} onChange={props.onChange} texts={texts} errors={props.errors} inputId={props.inputId} required />;
}
