import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { useReference } from "./reference";
import type { ProfileActionData } from "./types";

type Application = { id: number; status: "moderation" | "active" | "rejected"; industry: { id: number; name: string }; option: { id: number; name: string; parent_id: number | null }; reason?: string | null };

/**
 * The expert council (spec 2 §2–§4, §8), the owner's only: the council text, the application form
 * (industry and function) and the applications with their status; an application can be deleted.
 */
export function CouncilSection({ applications }: { applications: Application[] }) {
  const { t } = useTranslation();
  // The form's lists are not part of the page: they are fetched once the page has loaded (decision 0020).
  const loaded = useReference(true);
  const reference = loaded && loaded !== "failed" ? loaded : { industries: [], options: [] };
  const apply = useFetcher<ProfileActionData>({ key: "council-apply" });
  const remove = useFetcher<ProfileActionData>({ key: "council-delete" });
  const [notice, setNotice] = useState<string | null>(null);
  const seen = useRef<unknown[]>([]);
  useEffect(() => {
    for (const [f, text] of [[apply, t("profilePage.council.applied")], [remove, t("profilePage.council.deleted")]] as const) {
      if (f.state === "idle" && f.data && !seen.current.includes(f.data)) {
        seen.current.push(f.data);
        setNotice(f.data.ok ? text : f.data.message);
      }
    }
  }, [apply.state, apply.data, remove.state, remove.data, t]);
  const applyErrors = apply.data && !apply.data.ok ? apply.data.errors : {};
  const main = reference.options.filter((o) => o.parent_id === null && o.status === "active");
  return (
    <section id="expert" className="profile-section card" aria-labelledby="expert-title">
      <h2 id="expert-title">{t("profilePage.tabs.expert")}</h2>
      <p>{t("profilePage.council.text")}</p>
      <apply.Form method="post" className="council-form">
        <input type="hidden" name="intent" value="council-apply" />
        <div className="field">
          <label className="field__label" htmlFor="council-industry">
            {t("profilePage.council.industry")}
          </label>
          <select id="council-industry" name="industry_id" className="field__input" required defaultValue="" aria-busy={!reference.industries.length || undefined}>
            <option value="" disabled>
              {loaded === "failed" ? t("common.errorTitle") : reference.industries.length ? t("profilePage.council.choose") : t("common.loading")}
            </option>
            {reference.industries.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
          {applyErrors?.industry_id ? <p className="field__error">{applyErrors.industry_id.join(". ")}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="council-option">
            {t("profilePage.council.function")}
          </label>
          <select id="council-option" name="option_id" className="field__input" required defaultValue="" aria-busy={!reference.options.length || undefined}>
            <option value="" disabled>
              {loaded === "failed" ? t("common.errorTitle") : reference.options.length ? t("profilePage.council.choose") : t("common.loading")}
            </option>
            {main.map((m) => (
              <optgroup key={m.id} label={m.name}>
                <option value={m.id}>{m.name}</option>
                {reference.options
                  .filter((o) => o.parent_id === m.id && o.status === "active")
                  .map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {applyErrors?.option_id ? <p className="field__error">{applyErrors.option_id.join(". ")}</p> : null}
        </div>
        <button type="submit" className="btn btn--primary" aria-busy={apply.state !== "idle" || undefined} onClick={(e) => apply.state !== "idle" && e.preventDefault()}>
          {t("profilePage.council.apply")}
        </button>
      </apply.Form>
      <p className="council__notice" role="status" aria-live="polite">
        {notice}
      </p>
      <h3>{t("profilePage.council.applications")}</h3>
      {applications.length ? (
        <ul className="council-list">
          {applications.map((a) => (
            <li key={a.id} className="council-list__item" data-testid="council-application">
              <span>
                {a.industry.name} — {a.option.name}
              </span>
              <span className={`council-status council-status--${a.status}`}>{t(`profilePage.council.status_${a.status}`)}</span>
              {a.status === "rejected" && a.reason ? <span className="council-reason">{t("profilePage.rejectedReason", { reason: a.reason })}</span> : null}
              <remove.Form method="post">
                <input type="hidden" name="intent" value="council-delete" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" className="btn btn--ghost btn--sm" aria-label={`${t("profilePage.council.remove")}: ${a.industry.name} — ${a.option.name}`}>
                  {t("profilePage.council.remove")}
                </button>
              </remove.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="note">{t("profilePage.council.empty")}</p>
      )}
    </section>
  );
}
