import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ConfirmDialog, MessageDialog, useActionFetcher, type ActionAnswer } from "~/components/profile/cases-shared";
import { Modal } from "~/components/ui/modal";
import { SignalChip, stampVisit } from "~/components/ui/signal-chip";
import type { DemandListItem, DemandPageWithSignals } from "~/domain/demands/demands.server";
import type { DemandGroup } from "~/domain/demands/schema";
import { countsUnviewed } from "~/domain/visits/badges";
import { DEMAND_LIMITS, EXTENSION_DAYS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { arrowTab } from "~/lib/tab-keys";
import "~/styles/demands.css";
import { CompleteProjectButton } from "~/components/projects/complete-button";
import { numberFormat } from "~/lib/format";

type Group = DemandGroup;
type DemandListData = Record<DemandGroup, DemandPageWithSignals>;

/** The hash tabs of spec 3 §2, in the order of their labels: Поиск, Активные, Завершенные, Неактивные. */
const TABS: { hash: string; group: Group; label: "demands.tabSearch" | "demands.tabActive" | "demands.tabCompleted" | "demands.tabExpired" }[] = [
  { hash: "search", group: "searching", label: "demands.tabSearch" },
  { hash: "active", group: "active", label: "demands.tabActive" },
  { hash: "completed", group: "completed", label: "demands.tabCompleted" },
  { hash: "expired", group: "search_expired", label: "demands.tabExpired" },
];

const hashOf = (group: string | null) => TABS.find((t) => t.group === group)?.hash ?? "search";

type Pending = { kind: "stop" | "delete" | "restart"; item: DemandListItem } | null;

/** The customer's list (spec 3 §2, §4, §8): tabs by hash, 3 per page, the progress bar, stop, restart, delete. */
export function DemandList({ list, pagedGroup }: { list: DemandListData; pagedGroup: string | null }) {
  const { t, lang } = useTranslation();
  const [tab, setTab] = useState<string>(hashOf(pagedGroup));
  const [pending, setPending] = useState<Pending>(null);
  const [extension, setExtension] = useState<number>(DEMAND_LIMITS.extensionDefault);
  // `then`: the tab closing the message opens (spec 3 §8: a resumed search goes to the projects' search tab).
  const [message, setMessage] = useState<{ title: string; text: string; then?: string } | null>(null);
  const lastIntent = useRef<string | null>(null);
  const lastItem = useRef<string>("");
  // A stopped request leaves the tab at once (spec 3 §8: to 'Неактивные'); the list says where it went, and
  // the message takes the focus its stop button had.
  const [stopped, setStopped] = useState("");
  const stoppedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (stopped) stoppedRef.current?.focus();
  }, [stopped]);
  // Whether the last restart extended a running search ('Продлить') rather than resumed a stopped one ('Возобновить').
  const extending = useRef(false);
  const fetcher = useActionFetcher("demands-list", (answer: ActionAnswer) => {
    const intent = lastIntent.current;
    setPending(null);
    if (answer.ok) {
      // spec 3 §8: 'Поиск успешно продлен' for a running search; 'Успешно!' with 'Поиск по заявке продлен' for a
      // resumed one, then /projects (its search tab, where the request now is).
      if (intent === "restart" && extending.current) setMessage({ title: t("demands.success"), text: t("demands.extendedRunning") });
      else if (intent === "restart") setMessage({ title: t("demands.success"), text: t("demands.extended"), then: "search" });
      if (intent === "delete") setMessage({ title: t("demands.success"), text: t("demands.removed") });
      if (intent === "stop") setStopped(t("demands.stopped", { name: lastItem.current }));
    } else if (answer.message) setMessage({ title: t("common.errorTitle"), text: answer.message });
  });
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  useEffect(() => {
    const read = () => {
      const h = window.location.hash.replace("#", "");
      const next = TABS.some((x) => x.hash === h) ? h : hashOf(pagedGroup);
      setTab(next);
      stampVisit("customer", next, countsUnviewed(next));
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [pagedGroup]);

  function submit(intent: "stop" | "restart" | "delete", item: DemandListItem) {
    lastIntent.current = intent;
    lastItem.current = item.name;
    setStopped("");
    const body: Record<string, string> = { intent, id: String(item.id) };
    if (intent === "restart") {
      body.extension = String(extension);
      extending.current = item.status === "searching";
    }
    fetcher.submit(body, { method: "post" });
  }

  function onTabKey(e: KeyboardEvent<HTMLAnchorElement>, i: number) {
    const next = arrowTab(e, i, TABS.length);
    if (next === null) return;
    tabRefs.current[next]?.focus();
    tabRefs.current[next]?.click();
  }

  const total = TABS.reduce((n, x) => n + list[x.group].total, 0);
  const current = TABS.find((x) => x.hash === tab) ?? TABS[0]!;
  const page = list[current.group];
  const money = numberFormat(lang);
  const busy = fetcher.state !== "idle";

  return (
    <div className="demands">
      <div className="demands__head">
        <h2 className="demands__title">{t("demands.listLabel")}</h2>
        {/* With no request yet, the empty state's button is the one (two identical ones would stack on a phone). */}
        {total ? (
          <Link to="/request-add" className="btn btn--primary">
            {t("demands.create")}
          </Link>
        ) : null}
      </div>
      {stopped ? (
        <p className="banner demands__stopped" role="status" tabIndex={-1} ref={stoppedRef}>
          {stopped}
        </p>
      ) : null}
      {total === 0 ? (
        <div className="card demands__empty">
          <p>{t("demands.empty")}</p>
          <Link to="/request-add" className="btn btn--primary">
            {t("demands.create")}
          </Link>
        </div>
      ) : (
        <>
          <div className="demands__tabs" role="tablist" aria-label={t("demands.listLabel")}>
            {TABS.map((x, i) => (
              <a
                key={x.hash}
                ref={(el) => (tabRefs.current[i] = el)}
                href={`#${x.hash}`}
                role="tab"
                id={`demands-tab-${x.hash}`}
                aria-selected={tab === x.hash}
                aria-controls="demands-panel"
                tabIndex={tab === x.hash ? 0 : -1}
                className={`demands__tab${tab === x.hash ? " demands__tab--active" : ""}`}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t(x.label)}
                <SignalChip fresh={list[x.group].fresh} total={list[x.group].total} freshLabel={t("demands.fresh", { count: list[x.group].fresh })} totalLabel={t("demands.total", { count: list[x.group].total })} />
              </a>
            ))}
          </div>
          <div id="demands-panel" role="tabpanel" aria-labelledby={`demands-tab-${current.hash}`}>
            {page.data.length === 0 ? <p className="demands__none">{t("demands.emptyTab")}</p> : null}
            <ul className="demands__list">
              {page.data.map((item) => (
                <li key={item.id}>
                  <DemandCard item={item} money={money} busy={busy} onAct={(kind) => setPending({ kind, item })} />
                </li>
              ))}
            </ul>
            {page.last_page > 1 ? (
              <nav className="demands__pages" aria-label={t("demands.pages")}>
                {page.current_page > 1 ? (
                  <Link className="btn btn--ghost btn--sm" to={`?group=${current.group}&page=${page.current_page - 1}#${current.hash}`} preventScrollReset>
                    {t("demands.prev")}
                  </Link>
                ) : null}
                <span aria-current="page">{t("demands.pageOf", { page: page.current_page, last: page.last_page })}</span>
                {page.current_page < page.last_page ? (
                  <Link className="btn btn--ghost btn--sm" to={`?group=${current.group}&page=${page.current_page + 1}#${current.hash}`} preventScrollReset>
                    {t("demands.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </>
      )}

      <ConfirmDialog
        open={pending?.kind === "stop"}
        title={t("demands.stopConfirm")}
        text={pending?.item.name ?? ""}
        confirmLabel={t("demands.stopAction")}
        onConfirm={() => pending && submit("stop", pending.item)}
        onClose={() => setPending(null)}
        pending={busy}
      />
      <ConfirmDialog
        open={pending?.kind === "delete"}
        title={t("demands.remove")}
        text={t("demands.removeConfirm", { name: pending?.item.name ?? "" })}
        confirmLabel={t("demands.remove")}
        onConfirm={() => pending && submit("delete", pending.item)}
        onClose={() => setPending(null)}
        pending={busy}
      />
      <Modal open={pending?.kind === "restart"} onClose={() => setPending(null)} title={pending?.item.status === "searching" ? t("demands.restartExtend") : t("demands.restartResume")}>
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (pending && !busy) submit("restart", pending.item);
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor="demand-extension">
              {t("demands.extensionDays")}
            </label>
            <select id="demand-extension" className="select" value={extension} onChange={(e) => setExtension(Number(e.target.value))}>
              {EXTENSION_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t("demands.days", { count: d })}
                </option>
              ))}
            </select>
          </div>
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setPending(null)}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="btn btn--primary" aria-busy={busy || undefined} disabled={busy}>
              {pending?.item.status === "searching" ? t("demands.restartExtend") : t("demands.restartResume")}
            </button>
          </div>
        </form>
      </Modal>
      <MessageDialog
        open={message !== null}
        title={message?.title ?? ""}
        text={message?.text ?? ""}
        onClose={() => {
          setMessage(null);
          // This page is /projects' list: the tab is its hash (the list follows hashchange).
          if (message?.then) window.location.hash = message.then;
        }}
      />
    </div>
  );
}

/** How many responses the request has, and how many of them the customer has not opened yet. */
function RespondsLine({ responds }: { responds: DemandListItem["responds"] }) {
  const { t } = useTranslation();
  const fresh = responds.filter((r) => !r.is_viewed).length;
  return (
    <p className="demand-card__responds">
      {t("demands.respondsCount", { count: responds.length })}
      {fresh ? <span className="chip demand-card__new">{t("demands.respondsNew", { count: fresh })}</span> : null}
    </p>
  );
}

function DemandCard({ item, money, busy, onAct }: { item: DemandListItem; money: Intl.NumberFormat; busy: boolean; onAct: (kind: "stop" | "delete" | "restart") => void }) {
  const { t } = useTranslation();
  const editable = item.status !== "active" && item.status !== "completed";
  return (
    <article className="demand-card card" aria-labelledby={`demand-${item.id}`}>
      <ul className="chips demand-card__chips">
        <li className="chip">{item.service_type.name}</li>
        <li className={`chip${item.status === "rejected" ? " chip--rejected" : item.status === "moderation" || item.status === "search_expired" ? " chip--moderation" : ""}`}>{t(`demands.status.${item.status === "search_expired" && !item.is_expired ? "search_stopped" : item.status}`)}</li>
      </ul>
      <h3 className="demand-card__name" id={`demand-${item.id}`}>
        <Link to={`/request-list/${item.id}`}>{item.name}</Link>
      </h3>
      <p className="demand-card__budget">{t("demands.budgetShown", { amount: money.format(item.budget) })}</p>
      {item.responds.length ? <RespondsLine responds={item.responds} /> : null}
      {item.reject_reason ? <p className="demand-card__reason">{t("demands.rejectReason", { reason: item.reject_reason })}</p> : null}
      <div className="progress demand-card__progress" role="progressbar" aria-label={t("demands.progressLabel")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress}>
        <div className="progress__bar" style={{ width: `${item.progress}%` }} />
      </div>
      {item.status === "searching" ? <p className="demand-card__days">{t("demands.daysLeft", { count: item.days_left })}</p> : null}
      <div className="demand-card__actions">
        {item.status === "searching" ? (
          <>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => onAct("stop")} disabled={busy}>
              {t("demands.stop")}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => onAct("restart")} disabled={busy}>
              {t("demands.extend")}
            </button>
          </>
        ) : null}
        {/* spec 3 §4: an active request is completed through the rating flow (components/projects). */}
        {item.status === "active" ? <CompleteProjectButton demandId={item.id} name={item.name} /> : null}
        {item.status === "search_expired" ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => onAct("restart")} disabled={busy}>
            {t("demands.resume")}
          </button>
        ) : null}
        {editable ? (
          <Link to={`/request-add?id=${item.id}`} className="btn btn--ghost btn--sm">
            {t("demands.edit")}
          </Link>
        ) : null}
        {editable ? (
          <button type="button" className="btn btn--ghost btn--sm demand-card__delete" onClick={() => onAct("delete")} disabled={busy}>
            {t("demands.remove")}
          </button>
        ) : null}
      </div>
    </article>
  );
}
