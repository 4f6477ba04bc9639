import { lazy, Suspense, useEffect, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { useOpenedOnce } from "~/components/lazy-once";
import type { ExperienceSectionData, WorkView } from "~/domain/experience/works.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { ConfirmDialog, MessageDialog } from "./cases-shared";
import { useMonthLabel } from "./ui";
import "./experience.css";

const WorkModal = lazy(() => import("./work-modal"));

/** Other sections (the specializations' add button) ask this one to open the add-work modal. */
export const OPEN_WORK_EVENT = "profile:add-work";

/** What a section may pass with OPEN_WORK_EVENT (a CustomEvent): the resume's work period to prefill. */
export type OpenWorkDetail = { prefill?: WorkPrefill; onSaved?: () => void };
export type WorkPrefill = { company: string; work_start: string; work_finish: string | null };

/** `hidingRatings`: the rated specializations ('industry:function') each of the owner's works alone gives (decision 0060). */
type Data = ExperienceSectionData & { hidingRatings?: Record<number, string[]> };

/**
 * 'Опыт работы' (#experience, spec 2 §2): the places of work with what the person did there. The owner
 * adds, edits and deletes them; `readOnly` (someone else's profile, paths ending in /expert) shows the
 * list only, without buttons or empty-state prompts.
 */
export function ExperienceSection({ data, texts }: { data: Data; texts: object }) {
  return (
    <PageTexts texts={texts}>
      <Experience data={data} />
    </PageTexts>
  );
}

function Experience({ data }: { data: Data }) {
  const { t } = useTranslation();
  const month = useMonthLabel();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<{ work: WorkView | null; prefill?: WorkPrefill; onSaved?: () => void } | null>(null);
  const [deleting, setDeleting] = useState<WorkView | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const modalLoaded = useOpenedOnce(editing !== null);
  const { readOnly, works, roles } = data;

  useEffect(() => {
    if (readOnly) return;
    const open = (e: Event) => setEditing({ work: null, ...((e as CustomEvent<OpenWorkDetail | null>).detail ?? {}) });
    window.addEventListener(OPEN_WORK_EVENT, open);
    return () => window.removeEventListener(OPEN_WORK_EVENT, open);
  }, [readOnly]);

  const remove = async () => {
    if (!deleting || pending) return;
    setPending(true);
    // The API client loads with the first delete (the forms that also use it load on first use too).
    const { callApi } = await import("./api-client");
    const res = await callApi(`/api/user/profile/works/${deleting.id}`, { method: "DELETE" });
    setPending(false);
    setDeleting(null);
    if (!res.ok) setError(res.message || t("errors.unknown"));
    revalidator.revalidate();
  };

  return (
    <div className="xp-section">
      <div className="xp-section__head">
        <h2 className="xp-section__title">{t("profileExperience.experienceTitle")}</h2>
        {!readOnly ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing({ work: null })}>
            {t("profileExperience.addWork")}
          </button>
        ) : null}
      </div>
      {works.length ? (
        <ul className="xp-list">
          {works.map((w) => (
            <li key={w.id} className="xp-card">
              <div className="xp-card__head">
                <h3 className="xp-card__title">{w.company}</h3>
                {w.status === "moderation" ? <span className="chip chip--moderation">{t("profileExperience.companyModeration")}</span> : null}
              </div>
              <p className="xp-muted">
                {t("profileExperience.period", { from: month(w.work_start), to: w.work_finish ? month(w.work_finish) : t("profileExperience.present") })}
                {w.workareas[0] ? ` · ${t("profileExperience.years", { count: w.workareas[0].work_years })}` : ""}
              </p>
              <ul className="chips">
                {w.workareas.map((a) => (
                  <li key={a.id} className="chip">
                    {a.industry.name} - {a.option.name} · {a.role.name}
                  </li>
                ))}
              </ul>
              {!readOnly ? (
                <div className="xp-card__actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ work: w })} aria-label={`${t("profileExperience.editWork")}: ${w.company}`}>
                    {t("profileExperience.editWork")}
                  </button>
                  <button type="button" className="link-button xp-danger" onClick={() => setDeleting(w)} aria-label={`${t("profileExperience.deleteWork")}: ${w.company}`}>
                    {t("profileExperience.deleteWork")}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="xp-muted">{t(readOnly ? "profileExperience.noWorksOther" : "profileExperience.noWorks")}</p>
      )}
      {!readOnly && modalLoaded ? (
        <Suspense fallback={null}>
          <WorkModal
            open={editing !== null}
            work={editing?.work ?? null}
            ratedPairs={editing?.work ? data.hidingRatings?.[editing.work.id] : undefined}
            prefill={editing?.prefill ?? null}
            roles={roles}
            onClose={() => setEditing(null)}
            onSaved={() => {
              editing?.onSaved?.();
              setEditing(null);
              revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("profileExperience.deleteWorkTitle")}
        text={`${t("profileExperience.deleteWorkText", { company: deleting?.company ?? "" })}${deleting && data.hidingRatings?.[deleting.id] ? ` ${t("profileExperience.deleteWorkRated")}` : ""}`}
        confirmLabel={t("profileExperience.delete")}
        pending={pending}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
      <MessageDialog open={!!error} onClose={() => setError("")} title={t("common.errorTitle")} text={error} />
    </div>
  );
}
