import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Field, FormError, validityMessage } from "~/components/ui/field";
import { AlertModal, Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { REC_LIMITS } from "~/domain/recommendations/limits";
import { EMAIL_PATTERN_HTML, LIMITS, NAME_PATTERN_HTML } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { focusAfterRemove } from "~/lib/focus-on-remove";

type Ratables = {
  tribes: { key: string; industry_id: number; option_id: number; title: string }[];
  expertises: { key: string; expertise_id: number; title: string }[];
  /** The user's own active services (spec 3: "request an estimate" on a service). */
  services?: { key: string; service_id: number; title: string }[];
};
type Found = { id: number; name: string; email?: string; company: { name: string | null }; rating: number; photo: string | null; need_approve: boolean };
type Person = { key: string; label: string; rater_user_id?: number; invite_rate_user?: { email: string; name: string; lastName: string; patronymic?: string } };
type Answer = { message: string; errors?: Record<string, string[]>; done?: "requested" };

/**
 * The request-recommendation dialog (spec 2 §4, §5): up to 5 specializations and competences, then the
 * people: search above 1 character (400 ms), the new-person mode above 2 characters when nobody is
 * found, 'Добавить рекомендателя' → 'Отправить'. The rules themselves are checked by the server.
 */
export function RequestDialog({ ratables, preselect, onClose }: { ratables: Ratables; preselect: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher<Answer>();
  const [step, setStep] = useState<"items" | "people">("items");
  const [chosen, setChosen] = useState<string[]>(preselect ? [preselect] : []);
  const [people, setPeople] = useState<Person[]>([]);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const newFormRef = useRef<HTMLDivElement>(null);

  const q = query.trim();
  useEffect(() => {
    setLocalError(null);
    if (q.length < REC_LIMITS.searchMin) {
      setFound(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/user/search?search=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        setFound(res.ok ? ((await res.json()) as Found[]) : []);
      } catch {
        if (!controller.signal.aborted) setFound([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, REC_LIMITS.debounceMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [q]);

  const newMode = q.length >= REC_LIMITS.newPersonMin && !loading && found !== null && found.length === 0;
  const done = fetcher.state === "idle" && fetcher.data?.done === "requested";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.done ? fetcher.data.message : null;

  // spec 2 §5: up to 5 specializations; the competences and services beside them only under the whole dialog's guard.
  const tribeKeys = new Set(ratables.tribes.map((x) => x.key));
  const full = (key: string, list: string[]) => list.length >= REC_LIMITS.maxSubjects || (tribeKeys.has(key) && list.filter((k) => tribeKeys.has(k)).length >= REC_LIMITS.maxTribes);
  const toggle = (key: string) => setChosen((list) => (list.includes(key) ? list.filter((k) => k !== key) : full(key, list) ? list : [...list, key]));
  const addPerson = (p: Person) => {
    setLocalError(null);
    setPeople((list) => (list.some((x) => x.key === p.key) || list.length >= REC_LIMITS.maxRaters ? list : [...list, p]));
    setQuery("");
  };

  const addNew = () => {
    const box = newFormRef.current;
    if (!box) return false;
    const inputs = Array.from(box.querySelectorAll("input"));
    // The browser checks the constraints and shows each message next to its field (components/ui/field).
    if (!inputs.every((i) => i.checkValidity())) return false;
    const v = (name: string) => (box.querySelector(`input[name="${name}"]`) as HTMLInputElement).value.trim();
    const email = v("email").toLowerCase();
    const patronymic = v("patronymic");
    addPerson({ key: `e:${email}`, label: `${v("name")} ${v("lastName")}, ${email}`, invite_rate_user: { email, name: v("name"), lastName: v("lastName"), ...(patronymic.length > 2 ? { patronymic } : {}) } });
    return true;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!people.length) {
      if (newMode) addNew();
      else setLocalError(t("recommendations.dialog.chooseUser"));
      return;
    }
    const subjects = [
      ...ratables.tribes.filter((x) => chosen.includes(x.key)).map((x) => ({ type: "tribe", industry_id: x.industry_id, option_id: x.option_id })),
      ...ratables.expertises.filter((x) => chosen.includes(x.key)).map((x) => ({ type: "expertise", expertise_id: x.expertise_id })),
      ...(ratables.services ?? []).filter((x) => chosen.includes(x.key)).map((x) => ({ type: "service", service_id: x.service_id })),
    ];
    const items = people.flatMap((p) => subjects.map((s) => ({ ...s, ...(p.rater_user_id ? { rater_user_id: p.rater_user_id } : { invite_rate_user: p.invite_rate_user!, is_invited: 1 }) })));
    fetcher.submit({ intent: "invite", items }, { method: "post", encType: "application/json" });
  };

  if (done)
    return (
      <AlertModal
        open
        onClose={() => navigate("/profile")}
        title={t("recommendations.dialog.successTitle")}
        text={t("recommendations.dialog.successText")}
        action={{ label: t("common.ok"), onClick: () => navigate("/profile") }}
      />
    );

  const title = t("recommendations.dialog.title");
  return (
    <Modal open onClose={onClose} title={title}>
      {step === "items" ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen.length) setStep("people");
          }}
        >
          <p>{t("recommendations.dialog.chooseLead")}</p>
          {ratables.tribes.length + ratables.expertises.length + (ratables.services?.length ?? 0) === 0 ? <p className="rec-empty">{t("recommendations.dialog.noItems")}</p> : null}
          <div className="rec-choices-wrap">
            {ratables.tribes.length ? (
              <fieldset className="field">
                <legend className="rec-group-title">{t("recommendations.outgoing.tribe")}</legend>
                <ul className="rec-choices">
                  {ratables.tribes.map((x) => (
                    <Choice key={x.key} id={x.key} title={x.title} checked={chosen.includes(x.key)} disabled={!chosen.includes(x.key) && full(x.key, chosen)} onToggle={toggle} />
                  ))}
                </ul>
              </fieldset>
            ) : null}
            {ratables.expertises.length ? (
              <fieldset className="field">
                <legend className="rec-group-title">{t("recommendations.outgoing.expertise")}</legend>
                <ul className="rec-choices">
                  {ratables.expertises.map((x) => (
                    <Choice key={x.key} id={x.key} title={x.title} checked={chosen.includes(x.key)} disabled={!chosen.includes(x.key) && full(x.key, chosen)} onToggle={toggle} />
                  ))}
                </ul>
              </fieldset>
            ) : null}
            {ratables.services?.length ? (
              <fieldset className="field">
                <legend className="rec-group-title">{t("recommendations.outgoing.service")}</legend>
                <ul className="rec-choices">
                  {ratables.services.map((x) => (
                    <Choice key={x.key} id={x.key} title={x.title} checked={chosen.includes(x.key)} disabled={!chosen.includes(x.key) && full(x.key, chosen)} onToggle={toggle} />
                  ))}
                </ul>
              </fieldset>
            ) : null}
          </div>
          <p className="field__hint" aria-live="polite">
            {t("recommendations.dialog.chosen", { count: chosen.length })}
          </p>
          <div className="modal__actions">
            <button type="submit" className="btn btn--primary" disabled={!chosen.length}>
              {t("recommendations.dialog.continue")}
            </button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <h3 className="rec-group-title">{t("recommendations.dialog.peopleTitle")}</h3>
          {people.length ? (
            <div>
              <p className="field__label">{t("recommendations.dialog.chosenPeople")}</p>
              <ul className="chips">
                {people.map((p) => (
                  <li key={p.key} className="chip">
                    {p.label}
                    <button type="button" className="link-button" aria-label={t("recommendations.dialog.removePerson", { name: p.label })} onClick={(e) => {
                        focusAfterRemove(e.currentTarget);
                        setPeople((l) => l.filter((x) => x.key !== p.key));
                      }}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Field
            label={t("recommendations.dialog.search")}
            name="search"
            type="search"
            autoComplete="off"
            maxLength={REC_LIMITS.searchMax}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint={t("recommendations.dialog.searchHint")}
          />
          <div aria-live="polite">
            {loading ? <p className="field__hint">{t("common.loading")}</p> : null}
            {!loading && found && found.length ? (
              <ul className="rec-results" aria-label={t("recommendations.dialog.results")}>
                {found.map((f) => (
                  <li key={f.id} className="rec-result">
                    <div>
                      <p className="rec-result__name">{f.name}</p>
                      <p className="rec-result__meta">{[f.email, f.company.name, `★ ${f.rating}`].filter(Boolean).join(" · ")}</p>
                    </div>
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => addPerson({ key: `u:${f.id}`, label: f.name, rater_user_id: f.id })} aria-label={`${t("recommendations.dialog.choose")}: ${f.name}`}>
                      {t("recommendations.dialog.choose")}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {newMode ? <p className="field__hint">{t("recommendations.dialog.notFound")}</p> : null}
            {!loading && found && !found.length && !newMode ? <p className="field__hint">{t("pickers.nothingFound")}</p> : null}
          </div>
          {newMode ? (
            <div ref={newFormRef} className="form">
              <Field label={t("recommendations.dialog.email")} name="email" type="email" required maxLength={LIMITS.emailMax} pattern={EMAIL_PATTERN_HTML} defaultValue={q.includes("@") ? q : ""} key={`email-${q.includes("@") ? q : ""}`} autoComplete="off" invalidMessage={validityMessage(t, { valueMissing: "validation.email_required", typeMismatch: "validation.email_invalid", patternMismatch: "validation.email_invalid" })} />
              <Field label={t("recommendations.dialog.lastName")} name="lastName" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" invalidMessage={validityMessage(t, { valueMissing: "validation.last_name_required", patternMismatch: "validation.name_letters" })} />
              <Field label={t("recommendations.dialog.name")} name="name" required maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" invalidMessage={validityMessage(t, { valueMissing: "validation.name_required", patternMismatch: "validation.name_letters" })} />
              <Field label={t("recommendations.dialog.patronymic")} name="patronymic" maxLength={LIMITS.nameMax} pattern={NAME_PATTERN_HTML} autoComplete="off" invalidMessage={validityMessage(t, { patternMismatch: "validation.name_letters" })} />
              {people.length ? (
                <div>
                  <button type="button" className="btn btn--ghost" onClick={addNew}>
                    {t("recommendations.dialog.addRecommender")}
                  </button>
                </div>
              ) : null}
            </div>
          ) : null}
          {localError ? <FormError message={localError} /> : null}
          {serverError ? <FormError message={serverError} /> : null}
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStep("items")}>
              {t("recommendations.dialog.back")}
            </button>
            <SubmitButton pending={fetcher.state !== "idle"}>{!people.length && newMode ? t("recommendations.dialog.addRecommender") : t("recommendations.dialog.send")}</SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}

function Choice({ id, title, checked, disabled, onToggle }: { id: string; title: string; checked: boolean; disabled: boolean; onToggle: (key: string) => void }) {
  return (
    <li>
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={() => onToggle(id)} />
        <span>{title}</span>
      </label>
    </li>
  );
}
