import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FinishingList as Finishing, FinishingListRespond as FinishingRespond, FinishingListService as FinishingService } from "~/domain/projects/finishing.server";
import { useTranslation } from "~/lib/i18n";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatRating } from "~/domain/reputation/score";

/** Becomes true once React runs in the browser: before that (no script) dialogs are shown as page sections. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A person's avatar: the photo, or the initials; a check once rated (spec 3 §2 'checked avatar once rated'). */
export function Avatar({ name, photo, checked, label }: { name: string; photo: string | null; checked?: boolean; label?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <span className={`cp-avatar${checked ? " cp-avatar--checked" : ""}`} aria-hidden={label ? undefined : true} aria-label={label} role={label ? "img" : undefined}>
      {photo ? <img src={photo} alt="" /> : <span>{initials}</span>}
      {checked ? <span className="cp-avatar__check">✓</span> : null}
    </span>
  );
}

type PageData = { finishing: Finishing; done: boolean };

/**
 * /complete-project/{id} (spec 3 §2 'Complete project page'): the project's name, the side list of the
 * chosen respondents and, for the respondent picked (respond/{respondId}), the services to rate and
 * 'Завершить проект'. On a phone the list comes first ('Оценить'), then the respondent with a back link.
 */
export function CompleteProjectPage({ data, respondId }: { data: PageData; respondId: number | null }) {
  const { t } = useTranslation();
  const { finishing, done } = data;
  const responds = finishing.responds;
  // Desktop without a choice shows the first respondent; a phone shows the list until one is chosen.
  const active = responds.find((r) => r.id === respondId) ?? null;
  const shown = active ?? responds[0] ?? null;
  const base = `/complete-project/${finishing.demandInfo.id}`;
  if (done) return <Success name={finishing.demandInfo.name} />;
  return (
    <section className="page cp" data-chosen={active ? "yes" : "no"}>
      <h1 className="cp__title">{finishing.demandInfo.name}</h1>
      <div className="cp__layout">
        <nav className="cp__side card" aria-labelledby="cp-respondents">
          <h2 id="cp-respondents" className="cp__side-title">
            {t("completeProject.respondents")}
          </h2>
          <ul className="cp__people">
            {responds.map((r) => {
              const current = shown?.id === r.id;
              return (
                <li key={r.id} className={`cp__person${current ? " cp__person--active" : ""}`}>
                  <Link to={`${base}/respond/${r.id}`} className="cp__person-link" aria-current={current ? "page" : undefined} preventScrollReset>
                    <Avatar name={r.user_name} photo={r.photo} />
                    <span className="cp__person-text">
                      <span className="cp__person-name">{r.user_name}</span>
                      {r.user_company.name_ru ? <span className="cp__muted">{r.user_company.name_ru}</span> : null}
                    </span>
                  </Link>
                  <Link to={`${base}/respond/${r.id}`} className="btn btn--ghost btn--sm cp__rate-mobile" aria-label={`${t("completeProject.rate")}: ${r.user_name}`}>
                    {t("completeProject.rate")}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="cp__main">
          {shown ? <RespondPane demandId={finishing.demandInfo.id} respond={shown} finishing={finishing} /> : <p className="cp__muted">{t("completeProject.chooseRespondent")}</p>}
        </div>
      </div>
    </section>
  );
}

function Success({ name }: { name: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const body = (
    <>
      <p>{name}</p>
      <div className="modal__actions">
        <a className="btn btn--primary" href="/projects">
          {t("completeProject.backToProjects")}
        </a>
      </div>
    </>
  );
  return (
    <section className="page cp">
      {hydrated ? (
        <Modal open onClose={() => window.location.assign("/projects")} title={t("completeProject.successTitle")} variant="alert">
          {body}
        </Modal>
      ) : (
        <div className="card cp__success" role="alert">
          <h1>{t("completeProject.successTitle")}</h1>
          {body}
        </div>
      )}
    </section>
  );
}

/** The services of one respondent, split once something is rated, and 'Завершить проект'. */
function RespondPane({ demandId, respond, finishing }: { demandId: number; respond: FinishingRespond; finishing: Finishing }) {
  const { t } = useTranslation();
  const base = `/complete-project/${demandId}`;
  const rated = respond.services.filter((s) => s.is_rated);
  const unrated = respond.services.filter((s) => !s.is_rated);
  const anyRated = finishing.responds.some((r) => r.services.some((s) => s.is_rated));
  const allRated = finishing.responds.every((r) => r.services.every((s) => s.is_rated));
  const rateLink = (s: FinishingService) => `${base}/service/${s.id}/user/${respond.user_id}/respond/${respond.id}`;
  return (
    <div className="cp__pane card">
      <p className="cp__back-mobile">
        <Link to={base} className="btn btn--ghost btn--sm">
          ← {t("completeProject.back")}
        </Link>
      </p>
      <div className="cp__pane-head">
        <Avatar name={respond.user_name} photo={respond.photo} />
        <div>
          <h2 className="cp__pane-title">{respond.user_name}</h2>
          {respond.user_company.name_ru ? <p className="cp__muted">{respond.user_company.name_ru}</p> : null}
        </div>
      </div>
      {!respond.services.length ? (
        <p className="cp__muted">{t("completeProject.noServices")}</p>
      ) : rated.length ? (
        <>
          {unrated.length ? <ServiceList title={t("completeProject.servicesUnrated")} items={unrated} link={rateLink} /> : null}
          <ServiceList title={t("completeProject.servicesRated")} items={rated} link={rateLink} />
        </>
      ) : (
        <ServiceList title={t("completeProject.services")} items={respond.services} link={rateLink} />
      )}
      {anyRated ? <FinishProject demandId={demandId} allRated={allRated} /> : null}
    </div>
  );
}

function ServiceList({ title, items, link }: { title: string; items: FinishingService[]; link: (s: FinishingService) => string }) {
  const { t, lang } = useTranslation();
  return (
    <section className="cp__services" aria-label={title}>
      <h3 className="cp__services-title">{title}</h3>
      <ul className="cp__service-list">
        {items.map((s) => (
          <li key={s.id} className="cp__service" data-testid="cp-service">
            <div>
              <p className="cp__service-name">{s.name}</p>
              <p className="cp__muted">
                {s.is_rated ? t("completeProject.rated", { rating: s.my_rating }) : s.rating_count ? `★ ${formatRating(s.rating, lang)} · ${t("completeProject.ratings", { count: s.rating_count })}` : t("completeProject.noRatings")}
              </p>
            </div>
            <Link to={link(s)} className="btn btn--ghost btn--sm" aria-label={`${t("completeProject.serviceRate")}: ${s.name}`}>
              {t("completeProject.serviceRate")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Завершить проект': when some service is still unrated the warning modal asks first (spec 3 §2, §8).
 * Without script the form posts at once and the action answers with the same warning as a page section.
 */
function FinishProject({ demandId, allRated }: { demandId: number; allRated: boolean }) {
  const { t } = useTranslation();
  const action = useActionData<{ needsConfirm?: boolean; message?: string }>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formAction = `/complete-project/${demandId}`;
  const confirmForm = (
    <Form method="post" action={formAction} className="modal__actions">
      <input type="hidden" name="confirm" value="1" />
      <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)} hidden={!hydrated}>
        {t("completeProject.finishBack")}
      </button>
      {!hydrated ? (
        <a className="btn btn--ghost" href={formAction}>
          {t("completeProject.finishBack")}
        </a>
      ) : null}
      <SubmitButton pending={pending}>{t("completeProject.finishConfirm")}</SubmitButton>
    </Form>
  );
  return (
    <div className="cp__finish">
      {action?.message ? (
        <p className="field__error" role="alert">
          {action.message}
        </p>
      ) : null}
      <Form
        method="post"
        action={formAction}
        onSubmit={(e) => {
          if (!allRated) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {allRated ? <input type="hidden" name="confirm" value="1" /> : null}
        <SubmitButton pending={pending && !open}>{t("completeProject.finish")}</SubmitButton>
      </Form>
      {hydrated ? (
        <Modal open={open} onClose={() => setOpen(false)} title={t("completeProject.finishTitle")} variant="alert">
          <p>{t("completeProject.finishWarning")}</p>
          {confirmForm}
        </Modal>
      ) : action?.needsConfirm ? (
        <div className="card cp__inline-dialog" role="alertdialog" aria-labelledby="cp-finish-title">
          <h2 id="cp-finish-title">{t("completeProject.finishTitle")}</h2>
          <p>{t("completeProject.finishWarning")}</p>
          {confirmForm}
        </div>
      ) : null}
    </div>
  );
}
