import { Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AlertModal, Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";
import { arrowTab } from "~/lib/tab-keys";
import type { ServiceCardView } from "./types";
import { TeamList } from "./team-list";
import { RatingScaleButton, RatingScaleDialog } from "~/components/ui/rating-scale";
import { StatusChip } from "./wizard-bits";
import { PendingButton } from "~/components/ui/pending-button";
import { formatRating } from "~/domain/reputation/score";

export type ListTab = "people" | "company" | "hidden";
const TABS: ListTab[] = ["people", "company", "hidden"];
type ActionAnswer = { ok?: true; done?: string; message?: string; errors?: Record<string, string[]> };

const tabOf = (hash: string): ListTab => {
  const h = hash.replace(/^#/, "");
  return (TABS as string[]).includes(h) ? (h as ListTab) : "people";
};

/**
 * My services (spec 3 §2): the tabs #people, #company and #hidden; a card per service with what the
 * signed-in user may do with it. Without scripts the three sections show one under the other.
 */
export function ServicesList({ services, meId }: { services: ServiceCardView[]; meId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [js, setJs] = useState(false);
  const [tab, setTab] = useState<ListTab>("people");
  const [allHidden, setAllHidden] = useState(false);
  // One rating-scale dialog for every card's '?'.
  const [scale, setScale] = useState(false);
  // What the last button did ('Услуга удалена'…), said in a live region of the list: the card itself goes.
  const [done, setDone] = useState<string | null>(null);
  const doneNote = (
    <p className={done ? "banner banner--success svc-done" : "visually-hidden"} role="status">
      {done ?? ""}
    </p>
  );
  useEffect(() => {
    setJs(true);
    setTab(tabOf(location.hash));
  }, [location.hash]);

  const hidden = services.filter((s) => s.status === "not_active");
  const visible = services.filter((s) => s.status !== "not_active");
  const groups: Record<ListTab, ServiceCardView[]> = {
    people: visible.filter((s) => s.format === "individual"),
    company: visible.filter((s) => s.format === "company"),
    // spec 3 §2: the hidden block shows all of them, or only the most recently updated one.
    hidden: allHidden ? hidden : [...hidden].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, 1),
  };

  if (!services.length)
    return (
      <>
        {doneNote}
        <div className="card svc-empty">
          <h2>{t("servicesPage.emptyTitle")}</h2>
          <p className="note">{t("servicesPage.emptyText")}</p>
          <Link to="/service-add" className="btn btn--primary">
            {t("servicesPage.add")}
          </Link>
        </div>
      </>
    );

  const counts: Record<ListTab, number> = { people: groups.people.length, company: groups.company.length, hidden: hidden.length };
  return (
    <>
      {doneNote}
      <div className="svc-tabs svc-tabs--page" role={js ? "tablist" : undefined} aria-label={t("servicesPage.tabsLabel")}>
        {TABS.map((k, i) => (
          <a
            key={k}
            href={`#${k}`}
            role={js ? "tab" : undefined}
            id={`svc-list-tab-${k}`}
            aria-controls={js ? `svc-list-${k}` : undefined}
            aria-selected={js ? tab === k : undefined}
            tabIndex={js && tab !== k ? -1 : 0}
            className="svc-tabs__tab"
            onClick={(e) => {
              if (!js) return;
              e.preventDefault();
              navigate({ hash: k }, { replace: true, preventScrollReset: true });
            }}
            onKeyDown={(e) => {
              const to = arrowTab(e, i, TABS.length);
              if (to === null) return;
              navigate({ hash: TABS[to]! }, { replace: true, preventScrollReset: true });
              document.getElementById(`svc-list-tab-${TABS[to]}`)?.focus();
            }}
          >
            {t(`servicesPage.tab_${k}`)} <span className="svc-tabs__count">{counts[k]}</span>
          </a>
        ))}
      </div>
      {TABS.map((k) => (
        <section key={k} id={`svc-list-${k}`} role={js ? "tabpanel" : undefined} aria-labelledby={`svc-list-tab-${k}`} hidden={js && tab !== k} className="svc-list-section">
          {js ? null : <h2>{t(`servicesPage.tab_${k}`)}</h2>}
          {k === "hidden" && hidden.length > 1 ? (
            <div className="svc-hidden-head">
              <p className="note">{allHidden ? t("servicesPage.count", { count: hidden.length }) : t("servicesPage.hiddenLatest")}</p>
              <button type="button" className="btn btn--ghost btn--sm" aria-pressed={allHidden} onClick={() => setAllHidden((v) => !v)}>
                {allHidden ? t("servicesPage.showLatestHidden") : t("servicesPage.showAllHidden")}
              </button>
            </div>
          ) : null}
          {groups[k].length ? (
            <ul className="svc-cards">
              {groups[k].map((s) => (
                <ServiceCard key={s.id} service={s} meId={meId} onScale={() => setScale(true)} onDone={setDone} />
              ))}
            </ul>
          ) : (
            <p className="note svc-tab-empty">{t("servicesPage.tabEmpty")}</p>
          )}
        </section>
      ))}
      <RatingScaleDialog open={scale} onClose={() => setScale(false)} />
    </>
  );
}

type Ask = "delete" | "hide" | "refuse" | null;

const DONE_TEXTS: Record<string, string> = { delete: "servicesPage.deleted", hide: "servicesPage.hidden", participate: "servicesPage.participating", refuse: "servicesPage.refused" };

function ServiceCard({ service: s, meId, onScale, onDone }: { service: ServiceCardView; meId: number; onScale: () => void; onDone: (text: string) => void }) {
  const { t, lang } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const [ask, setAsk] = useState<Ask>(null);
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setAsk(null);
    if (!fetcher.data.ok) setAlert(fetcher.data.message ?? t("errors.unknown"));
  }, [fetcher.state, fetcher.data, t]);
  // Said as soon as the answer comes, before the list's reload takes this card away (or moves it).
  useEffect(() => {
    const done = fetcher.data?.ok ? fetcher.data.done : undefined;
    if (done && DONE_TEXTS[done]) onDone(t(DONE_TEXTS[done]!));
  }, [fetcher.data, t, onDone]);
  const send = (intent: string) => fetcher.submit({ intent, id: String(s.id) }, { method: "post", action: "/services" });
  const busy = fetcher.state !== "idle";
  const titleId = `svc-${s.id}-title`;
  return (
    <li className="card svc-card" aria-labelledby={titleId}>
      <div className="svc-card__head">
        <h3 id={titleId} className="svc-card__title">
          {s.name}
        </h3>
        <StatusChip status={s.status} />
      </div>
      {s.status === "rejected" && s.rejectReason && s.isOwner ? <p className="svc-reason">{t("servicesPage.rejectedReason", { reason: s.rejectReason })}</p> : null}
      <dl className="svc-card__facts">
        <div>
          <dt>{t("servicesPage.type")}</dt>
          <dd>{s.typeName}</dd>
        </div>
        <div>
          <dt>
            {t("servicesPage.rating")} <RatingScaleButton onClick={onScale} />
          </dt>
          <dd>{s.ratingCount ? `★ ${formatRating(s.rating, lang)} · ${t("servicesPage.ratings", { count: s.ratingCount })}` : t("servicesPage.noRatings")}</dd>
        </div>
        {!s.isOwner ? (
          <div>
            <dt>{t("servicesPage.owner")}</dt>
            <dd>{s.ownerName}</dd>
          </div>
        ) : null}
        {s.format === "company" ? (
          <div>
            <dt>{t("servicesPage.performerShown")}</dt>
            <dd>{s.performer ?? t("servicesPage.performer_company")}</dd>
          </div>
        ) : null}
      </dl>
      {s.format === "company" ? (
        <div className="svc-card__team">
          <p className="svc-card__label">
            {t("servicesPage.team")} · {t("servicesPage.members", { count: s.users.length })}
          </p>
          <TeamList users={s.users} meId={meId} />
        </div>
      ) : null}
      {s.myPending ? <p className="banner svc-card__invite">{t("servicesPage.youArePending")}</p> : null}
      <div className="svc-card__actions" role="group" aria-label={t("servicesPage.actionsLabel", { name: s.name })}>
        {s.can.edit ? (
          <Link to={`/service-add/${s.id}`} className="btn btn--ghost btn--sm">
            {t("servicesPage.edit")}
          </Link>
        ) : (
          <Link to={`/service-add/quick-view/${s.id}`} className="btn btn--ghost btn--sm">
            {t("servicesPage.view")}
          </Link>
        )}
        {s.can.estimate ? (
          <Link to={`/profile/recommendation-request?service=${s.id}`} className="btn btn--ghost btn--sm">
            {t("servicesPage.estimate")}
          </Link>
        ) : null}
        {s.can.participate ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => send("participate")} disabled={busy}>
            {t("servicesPage.participate")}
          </button>
        ) : null}
        {s.can.hide ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setAsk("hide")} disabled={busy}>
            {t("servicesPage.hide")}
          </button>
        ) : null}
        {s.can.refuse ? (
          <button type="button" className="btn btn--ghost btn--sm svc-danger" onClick={() => setAsk("refuse")} disabled={busy}>
            {t("servicesPage.refuse")}
          </button>
        ) : null}
        {s.can.delete ? (
          <button type="button" className="btn btn--ghost btn--sm svc-danger" onClick={() => setAsk("delete")} disabled={busy}>
            {t("servicesPage.delete")}
          </button>
        ) : null}
      </div>
      <Modal
        open={ask !== null}
        onClose={() => setAsk(null)}
        title={ask === "delete" ? t("servicesPage.deleteTitle") : ask === "hide" ? t("servicesPage.hideTitle") : t("servicesPage.refuseTitle")}
        variant="alert"
      >
        <p>{ask === "delete" ? t("servicesPage.deleteText", { name: s.name }) : ask === "hide" ? t("servicesPage.hideText", { name: s.name }) : t("servicesPage.refuseText", { name: s.name })}</p>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsk(null)}>
            {t("servicesPage.cancel")}
          </button>
          {/* Deleting and refusing cannot be taken back: the confirmation is the danger button, as on the card. */}
          <PendingButton type="button" className={ask === "hide" ? "btn btn--primary" : "btn btn--danger"} pending={busy} onClick={() => ask && send(ask)}>
            {ask === "delete" ? t("servicesPage.deleteConfirm") : ask === "hide" ? t("servicesPage.hide") : t("servicesPage.refuse")}
          </PendingButton>
        </div>
      </Modal>
      <AlertModal open={alert !== null} onClose={() => setAlert(null)} title={t("common.errorTitle")} text={alert ?? ""} />
    </li>
  );
}
