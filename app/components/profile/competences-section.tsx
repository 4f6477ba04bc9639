import { lazy, Suspense, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { useDetailsMenu } from "~/components/details-menu";
import { useOpenedOnce } from "~/components/lazy-once";
import type { CompetencesSectionData, ExpertiseView } from "~/domain/experience/expertises.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { ConfirmDialog, MessageDialog } from "./cases-shared";
import { RatingBadge } from "./ui";
import "./experience.css";

/**
 * spec 2 §4: the competence list shows 2 per page. A page constant, not one of the domain's rules: importing
 * the rules module here would bring the work and competence forms' checks into the profile's first download.
 */
const PER_PAGE = 2;

const ExpertiseTreeModal = lazy(() => import("./expertise-tree-modal"));
const ConfirmModal = lazy(() => import("./confirm-modal"));

type Props = {
  data: CompetencesSectionData;
  texts: object;
  /** Option (1) of the confirm menu: the recommendation request dialog (another area). Without it, a link. */
  onRequestRecommendation?: (expertise: ExpertiseView) => void;
};

/**
 * 'Компетенции' (#expertise, spec 2 §4): the competences, 2 per page, with ratings and confirmations.
 * The owner adds them from the tree (or proposes new ones), confirms them (a recommendation, a place of
 * study, a document or link) and deletes them; `readOnly` shows the list only.
 */
export function CompetencesSection(props: Props) {
  return (
    <PageTexts texts={props.texts}>
      <Competences {...props} />
    </PageTexts>
  );
}

function Competences({ data, onRequestRecommendation }: Props) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { readOnly, expertises, studyYears } = data;
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<{ expertise: ExpertiseView; kind: "institution" | "publication" } | null>(null);
  const [deleting, setDeleting] = useState<ExpertiseView | null>(null);
  const [deletingInstitution, setDeletingInstitution] = useState<{ id: number; name: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const treeLoaded = useOpenedOnce(adding);
  const confirmLoaded = useOpenedOnce(confirming !== null);

  const per = PER_PAGE;
  const pages = Math.max(1, Math.ceil(expertises.length / per));
  const current = Math.min(page, pages - 1);
  const shown = expertises.slice(current * per, current * per + per);

  const run = async (path: string, after: () => void) => {
    if (pending) return;
    setPending(true);
    // The API client loads with the first delete (the forms that also use it load on first use too).
    const { callApi } = await import("./api-client");
    const res = await callApi(path, { method: "DELETE" });
    setPending(false);
    after();
    if (!res.ok) setError(res.message || t("errors.unknown"));
    revalidator.revalidate();
  };

  return (
    <div className="xp-section">
      <div className="xp-section__head">
        <h2 className="xp-section__title">{t("profileExperience.competencesTitle")}</h2>
        {!readOnly ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAdding(true)}>
            {t("profileExperience.addCompetence")}
          </button>
        ) : null}
      </div>
      {expertises.length ? (
        <ul className="xp-list">
          {shown.map((e) => (
            <li key={e.expertise_id} className="xp-card">
              <div className="xp-card__head">
                <h3 className="xp-card__title">{e.name}</h3>
                {e.status === "moderation" ? <span className="chip chip--moderation">{t("profileExperience.onModeration")}</span> : <RatingBadge rating={e.rating} count={e.rating_count} />}
              </div>
              {e.confirmations.length ? (
                <>
                  <p className="xp-muted">{t("profileExperience.confirmations", { count: e.confirmations.length })}</p>
                  <ul className="xp-confirmations">
                    {e.confirmations.map((c) => (
                      <li key={c.id}>
                        {c.link ? (
                          <a href={c.link} target="_blank" rel="noopener noreferrer nofollow">
                            {c.name}
                            <span className="visually-hidden"> {t("common.newTab")}</span>
                          </a>
                        ) : (
                          <span>{c.name}</span>
                        )}
                        {c.status === "moderation" ? <span className="xp-muted"> · {t("profileExperience.onModeration")}</span> : null}
                        {c.files.map((f) => (
                          <a key={f.id} className="xp-file" href={f.url} aria-label={t("profileExperience.download", { name: f.name })}>
                            {f.name}
                          </a>
                        ))}
                        {!readOnly && c.type === "institution" && c.institution_id ? (
                          <button type="button" className="modal__close xp-inline-remove" aria-label={t("profileExperience.deleteInstitution", { name: c.name })} onClick={() => setDeletingInstitution({ id: c.institution_id!, name: c.name })}>
                            ×
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {!readOnly ? (
                <div className="xp-card__actions">
                  {e.status === "active" ? <ConfirmMenu expertise={e} onPick={(kind) => setConfirming({ expertise: e, kind })} onRequestRecommendation={onRequestRecommendation} /> : null}
                  <button type="button" className="link-button xp-danger" onClick={() => setDeleting(e)} aria-label={t("profileExperience.deleteCompetence", { name: e.name })}>
                    {t("profileExperience.delete")}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="xp-muted">{t(readOnly ? "profileExperience.noCompetencesOther" : "profileExperience.noCompetences")}</p>
      )}
      {pages > 1 ? (
        <nav className="xp-pager" aria-label={t("profileExperience.pages")}>
          <button type="button" className="btn btn--ghost btn--sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t("profileExperience.prev")}
          </button>
          {Array.from({ length: pages }, (_, i) => (
            <button key={i} type="button" className={`btn btn--sm ${i === current ? "btn--primary" : "btn--ghost"}`} aria-current={i === current ? "page" : undefined} aria-label={t("profileExperience.page", { page: i + 1 })} onClick={() => setPage(i)}>
              {i + 1}
            </button>
          ))}
          <button type="button" className="btn btn--ghost btn--sm" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            {t("profileExperience.next")}
          </button>
        </nav>
      ) : null}
      {!readOnly && treeLoaded ? (
        <Suspense fallback={null}>
          <ExpertiseTreeModal
            open={adding}
            onClose={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
      {!readOnly && confirmLoaded ? (
        <Suspense fallback={null}>
          <ConfirmModal
            open={confirming !== null}
            kind={confirming?.kind ?? "institution"}
            expertise={confirming?.expertise ?? null}
            studyYears={studyYears}
            onClose={() => setConfirming(null)}
            onSaved={() => {
              setConfirming(null);
              revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("profileExperience.deleteCompetenceTitle")}
        text={`${t("profileExperience.deleteCompetenceText", { name: deleting?.name ?? "" })}${deleting?.rating_count ? ` ${t("profileExperience.deleteCompetenceRated")}` : ""}`}
        confirmLabel={t("profileExperience.delete")}
        pending={pending}
        onConfirm={() => deleting && run(`/api/user/profile/expertises/${deleting.expertise_id}`, () => setDeleting(null))}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={deletingInstitution !== null}
        title={t("profileExperience.deleteInstitutionTitle")}
        text={t("profileExperience.deleteInstitutionText", { name: deletingInstitution?.name ?? "" })}
        confirmLabel={t("profileExperience.delete")}
        pending={pending}
        onConfirm={() => deletingInstitution && run(`/api/user/profile/institutions/${deletingInstitution.id}`, () => setDeletingInstitution(null))}
        onClose={() => setDeletingInstitution(null)}
      />
      <MessageDialog open={!!error} onClose={() => setError("")} title={t("common.errorTitle")} text={error} />
    </div>
  );
}

/** The confirm menu's three options (spec 2 §4). */
function ConfirmMenu({ expertise, onPick, onRequestRecommendation }: { expertise: ExpertiseView; onPick: (kind: "institution" | "publication") => void; onRequestRecommendation?: (e: ExpertiseView) => void }) {
  const { t } = useTranslation();
  const { details } = useDetailsMenu();
  return (
    <details className="xp-menu" {...details}>
      <summary className="btn btn--primary btn--sm" aria-label={t("profileExperience.confirmMenu", { name: expertise.name })}>
        {t("profileExperience.confirm")}
      </summary>
      <ul className="xp-menu__list">
        <li>
          {onRequestRecommendation ? (
            <button type="button" className="xp-menu__item" onClick={() => onRequestRecommendation(expertise)}>
              {t("profileExperience.confirmRecommendation")}
            </button>
          ) : (
            <a className="xp-menu__item" href={`/profile/recommendation-request?expertise=${expertise.expertise_id}`}>
              {t("profileExperience.confirmRecommendation")}
            </a>
          )}
        </li>
        <li>
          <button type="button" className="xp-menu__item" onClick={() => onPick("institution")}>
            {t("profileExperience.confirmInstitution")}
          </button>
        </li>
        <li>
          <button type="button" className="xp-menu__item" onClick={() => onPick("publication")}>
            {t("profileExperience.confirmDocument")}
          </button>
        </li>
      </ul>
    </details>
  );
}
