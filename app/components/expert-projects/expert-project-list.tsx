import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ExpertProjectItem, ExpertProjectsPage, PageTab } from "~/domain/responds/expert-projects";
import { SignalChip, stampVisit } from "~/components/ui/signal-chip";
import { countsUnviewed } from "~/domain/visits/badges";
import { useTranslation } from "~/lib/i18n";
import { arrowTab } from "~/lib/tab-keys";
import "~/styles/expert-projects.css";
import { formatDate, numberFormat } from "~/lib/format";

export type ExpertProjectTabs = Record<PageTab, ExpertProjectsPage & { fresh: number }>;

/** The tabs of spec 3 §2 in their order; the hashes are the executor keys of the visit record (spec 1 §3). */
const TABS: PageTab[] = ["invite", "sent", "active", "completed", "rejected"];

const isTab = (h: string): h is PageTab => (TABS as string[]).includes(h);

/** Opening an invitation drops its new mark (spec 3 §4); the request's page is the respond part's. */
function dropMark(item: ExpertProjectItem) {
  if (item.status !== "invite" || item.is_viewed) return;
  void fetch("/api/view-flags", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ model: "invite", ids: [item.id] }),
    keepalive: true,
  }).catch(() => {});
}

/**
 * /projects/response (spec 3 §2, §4): the expert's invitations and responses by hash tab, 3 per page, with
 * signal chips; an invitation can be removed ('Не интересно' → 'Удалить', or the cross to cancel), which
 * works as a plain form post before JavaScript has loaded (`?decline=<request id>` shows the choice).
 */
export function ExpertProjectList({ tabs, pagedTab, confirming }: { tabs: ExpertProjectTabs; pagedTab: PageTab | null; confirming: number | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PageTab>(pagedTab ?? "invite");
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  useEffect(() => {
    const read = () => {
      const h = window.location.hash.replace("#", "");
      const next = isTab(h) ? h : (pagedTab ?? "invite");
      setTab(next);
      stampVisit("executor", next, countsUnviewed(next));
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [pagedTab]);

  function onTabKey(e: KeyboardEvent<HTMLAnchorElement>, i: number) {
    const next = arrowTab(e, i, TABS.length);
    if (next === null) return;
    tabRefs.current[next]?.focus();
    tabRefs.current[next]?.click();
  }

  const total = TABS.reduce((n, x) => n + tabs[x].total, 0);
  const page = tabs[tab];

  return (
    <div className="xprojects">
      <h2 className="xprojects__title">{t("responsesPage.listLabel")}</h2>
      {total === 0 ? (
        <div className="card xprojects__empty">
          <p className="xprojects__empty-title">{t("responsesPage.empty")}</p>
          <p>{t("responsesPage.emptyHint")}</p>
          <Link to="/profile/information" className="btn btn--primary">
            {t("responsesPage.emptyAction")}
          </Link>
        </div>
      ) : (
        <>
          <div className="xprojects__tabs" role="tablist" aria-label={t("responsesPage.listLabel")}>
            {TABS.map((x, i) => (
              <a
                key={x}
                ref={(el) => (tabRefs.current[i] = el)}
                href={`#${x}`}
                role="tab"
                id={`xprojects-tab-${x}`}
                aria-selected={tab === x}
                aria-controls="xprojects-panel"
                tabIndex={tab === x ? 0 : -1}
                className={`xprojects__tab${tab === x ? " xprojects__tab--active" : ""}`}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t(`responsesPage.tabs.${x}`)}
                <SignalChip fresh={tabs[x].fresh} total={tabs[x].total} freshLabel={t("responsesPage.fresh", { count: tabs[x].fresh })} totalLabel={t("responsesPage.total", { count: tabs[x].total })} />
              </a>
            ))}
          </div>
          <div id="xprojects-panel" role="tabpanel" aria-labelledby={`xprojects-tab-${tab}`}>
            {page.data.length === 0 ? <p className="xprojects__none">{t("responsesPage.emptyTab")}</p> : null}
            <ul className="xprojects__list">
              {page.data.map((item) => (
                <li key={item.id}>
                  <ProjectCard item={item} confirming={confirming === item.demand_id} />
                </li>
              ))}
            </ul>
            {page.last_page > 1 ? (
              <nav className="xprojects__pages" aria-label={t("responsesPage.pages")}>
                {page.current_page > 1 ? (
                  <Link className="btn btn--ghost btn--sm" to={`?group=${tab}&page=${page.current_page - 1}#${tab}`} preventScrollReset>
                    {t("responsesPage.prev")}
                  </Link>
                ) : null}
                <span aria-current="page">{t("responsesPage.pageOf", { page: page.current_page, last: page.last_page })}</span>
                {page.current_page < page.last_page ? (
                  <Link className="btn btn--ghost btn--sm" to={`?group=${tab}&page=${page.current_page + 1}#${tab}`} preventScrollReset>
                    {t("responsesPage.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function statusLabel(item: ExpertProjectItem): { key: string; params?: Record<string, unknown>; tone: "muted" | "ok" | "warn" } | null {
  switch (item.status) {
    case "sent":
      return item.viewed_by_customer ? { key: "responsesPage.status.viewed", tone: "ok" } : { key: "responsesPage.status.sent", tone: "muted" };
    case "moderation":
      return { key: "responsesPage.status.moderation", tone: "warn" };
    case "active":
      return { key: "responsesPage.status.active", tone: "ok" };
    case "completed":
      return { key: "responsesPage.status.completed", tone: "muted" };
    case "rejected":
      return item.reject_reason ? { key: "responsesPage.status.rejectedReason", params: { reason: item.reject_reason }, tone: "warn" } : { key: "responsesPage.status.chosenOther", tone: "warn" };
    default:
      return null;
  }
}

function ProjectCard({ item, confirming }: { item: ExpertProjectItem; confirming: boolean }) {
  const { t, lang } = useTranslation();
  const [open, setOpen] = useState(confirming);
  const navigation = useNavigation();
  const removeRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLAnchorElement>(null);
  const busy = navigation.state !== "idle" && navigation.formData?.get("demand_id") === String(item.demand_id);
  const money = numberFormat(lang);
  const date = formatDate(item.created_at, lang);
  const invite = item.status === "invite";
  const label = statusLabel(item);
  // An invitation whose search is over is no news (it no longer counts in the tab's chip either).
  const fresh = invite && !item.is_viewed && !item.demand_is_finished;
  const href = `/response-request/${item.demand_id}${invite ? "?respond=true" : ""}`;

  useEffect(() => {
    if (open) removeRef.current?.focus();
  }, [open]);

  return (
    <article className={`xproject card${fresh ? " xproject--new" : ""}`} aria-labelledby={`xproject-${item.id}`}>
      <ul className="chips xproject__chips">
        {fresh ? <li className="chip xproject__new">{t("responsesPage.newMark")}</li> : null}
        <li className="chip">{item.demand_service_type.name}</li>
        {label ? <li className={`chip xproject__status xproject__status--${label.tone}`}>{t(label.key, label.params)}</li> : null}
        {invite && item.demand_is_finished ? <li className="chip xproject__status xproject__status--muted">{t("responsesPage.searchOver")}</li> : null}
      </ul>
      <h3 className="xproject__name" id={`xproject-${item.id}`}>
        <Link to={href} onClick={() => dropMark(item)}>
          {item.demand_name}
        </Link>
      </h3>
      <p className="xproject__budget">{t("responsesPage.budget", { amount: money.format(item.demand_budget) })}</p>
      <p className="xproject__date">{t(invite ? "responsesPage.invitedOn" : "responsesPage.sentOn", { date })}</p>
      {invite ? (
        <div className="xproject__actions">
          {open ? (
            <Form method="post" action="/projects/response" className="xproject__decline" aria-label={t("responsesPage.removeHint", { name: item.demand_name })}>
              <input type="hidden" name="intent" value="decline" />
              <input type="hidden" name="demand_id" value={item.demand_id} />
              <button ref={removeRef} type="submit" className="btn btn--primary btn--sm xproject__remove" disabled={busy} aria-busy={busy || undefined}>
                {t("responsesPage.remove")}
              </button>
              <Link
                to="/projects/response#invite"
                className="xproject__cancel"
                aria-label={t("responsesPage.cancel")}
                title={t("responsesPage.cancel")}
                onClick={(e) => {
                  e.preventDefault();
                  setOpen(false);
                  requestAnimationFrame(() => askRef.current?.focus());
                }}
                preventScrollReset
              >
                <span aria-hidden="true">×</span>
              </Link>
            </Form>
          ) : (
            <Link
              ref={askRef}
              to={`/projects/response?decline=${item.demand_id}#invite`}
              className="btn btn--ghost btn--sm"
              role="button"
              onClick={(e) => {
                e.preventDefault();
                setOpen(true);
              }}
              // A button answers Space too (Enter already clicks a link).
              onKeyDown={(e) => {
                if (e.key !== " ") return;
                e.preventDefault();
                setOpen(true);
              }}
              preventScrollReset
            >
              {t("responsesPage.notInterested")}
            </Link>
          )}
        </div>
      ) : null}
    </article>
  );
}
