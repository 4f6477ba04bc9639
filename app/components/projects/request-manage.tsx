import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { AlertModal } from "~/components/ui/modal";
import type { ManageInfo, ManageRespond } from "~/domain/projects/manage.server";
import { useTranslation, type TFn } from "~/lib/i18n";
import "~/styles/request-manage.css";
import { formatDate, numberFormat } from "~/lib/format";
import { PendingButton } from "~/components/ui/pending-button";
import { formatRating } from "~/domain/reputation/score";

type Answer = { ok: boolean; intent: string | null; message?: string | null; errors?: Record<string, string[]> } | null;
type Props = { info: ManageInfo | null; openedId: number | null; tab: "about" | "responds"; forbidden: string | null; answer: Answer };

/** The choice of experts is kept per request in the browser until the project starts (spec 3 §4). */
const choiceKey = (id: number) => `request-list:${id}:choice`;

function readChoice(id: number): number[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(choiceKey(id)) ?? "[]");
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function writeChoice(id: number, ids: number[]) {
  try {
    if (ids.length) window.localStorage.setItem(choiceKey(id), JSON.stringify(ids));
    else window.localStorage.removeItem(choiceKey(id));
  } catch {
    // Private mode or a full storage: the choice lives in the page only.
  }
}

/**
 * /request-list/{id} (spec 3 §2, §4, §6, §8): the tabs 'Отклики' and 'О проекте', the master list of
 * responses and the detail pane (on a phone: the list, then the opened response with a way back), the
 * contract, the contacts once paid, the choice of experts and 'Начать проект'. Every action is a form
 * posting to the page's action, so it works before (and without) JavaScript.
 */
export function RequestManage({ info, openedId, tab, forbidden, answer }: Props) {
  const { t, lang } = useTranslation();
  const navigate = useNavigate();
  const [successOpen, setSuccessOpen] = useState(false);
  useEffect(() => {
    if (answer?.ok && answer.intent === "shortlist") {
      if (info) writeChoice(info.id, []);
      setSuccessOpen(true);
    }
  }, [answer, info]);

  if (!info) {
    return (
      <div className="page rm">
        <div className="card rm__alert" role="alert">
          <p>{forbidden ?? t("requestManage.forbidden")}</p>
          <Link to="/projects/request#search" className="btn btn--ghost">
            {t("requestManage.back")}
          </Link>
        </div>
      </div>
    );
  }

  const backHash = info.status === "search_expired" ? "expired" : "search";
  const base = `/request-list/${info.id}`;
  const money = numberFormat(lang);
  const opened = info.responds.find((r) => r.id === openedId) ?? null;
  const started = answer?.ok && answer.intent === "shortlist";

  return (
    <div className="page rm">
      <div className="rm__head">
        <Link to={`/projects/request#${backHash}`} className="rm__back">
          ← {t("requestManage.back")}
        </Link>
        <h1 className="rm__title">{info.name}</h1>
        <ul className="chips">
          <li className="chip">{info.service_type.name}</li>
          <li className={`chip${info.status === "search_expired" || info.status === "moderation" ? " chip--moderation" : ""}`}>{t(`requestManage.status.${info.status === "search_expired" && !info.is_expired ? "search_stopped" : info.status}`)}</li>
        </ul>
        {info.reject_reason ? <p className="rm__reason">{t("requestManage.rejectReason", { reason: info.reject_reason })}</p> : null}
      </div>

      <nav className="rm__tabs" aria-label={t("requestManage.tabsLabel")}>
        {info.responds.length ? (
          <Link to={base} className={`rm__tab${tab === "responds" ? " rm__tab--active" : ""}`} aria-current={tab === "responds" ? "page" : undefined} preventScrollReset>
            {t("requestManage.tabResponds")}
            <span className="rm__count">{info.responds.length}</span>
          </Link>
        ) : null}
        <Link to={`${base}?tab=about`} className={`rm__tab${tab === "about" ? " rm__tab--active" : ""}`} aria-current={tab === "about" ? "page" : undefined} preventScrollReset>
          {t("requestManage.tabAbout")}
        </Link>
      </nav>

      {started ? (
        <div className="banner banner--success" role="status">
          <p>{t("requestManage.success")}</p>
          <Link to="/projects/request#active" className="btn btn--primary btn--sm">
            {t("requestManage.toProjects")}
          </Link>
        </div>
      ) : null}
      {answer && !answer.ok && answer.message ? (
        <p className="form-error" role="alert">
          {answer.message}
        </p>
      ) : null}

      {tab === "about" ? <About info={info} money={money} /> : <Responds info={info} opened={opened} money={money} answer={answer} />}

      <AlertModal
        open={successOpen}
        onClose={() => {
          setSuccessOpen(false);
          navigate("/projects/request#active");
        }}
        title={t("requestManage.successTitle")}
        text={t("requestManage.success")}
        action={{ label: t("requestManage.toProjects"), href: "/projects/request#active" }}
      />
    </div>
  );
}

function Contract({ info, money }: { info: ManageInfo; money: Intl.NumberFormat }) {
  const { t, lang } = useTranslation();
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "request-payment";
  // The request's button leaves with the answer: the focus goes to what replaced it, which is read out.
  const requested = useRef<HTMLParagraphElement>(null);
  const wasRequested = useRef(!!info.payment_requested_at);
  useEffect(() => {
    if (info.payment_requested_at && !wasRequested.current) requested.current?.focus();
    wasRequested.current = !!info.payment_requested_at;
  }, [info.payment_requested_at]);
  return (
    <section className="card rm__contract" aria-labelledby="rm-contract">
      <h2 id="rm-contract" className="rm__h2">
        {t("requestManage.contractTitle")}
      </h2>
      <p className="rm__deposit">
        <strong>{t("requestManage.deposit", { amount: money.format(info.deposit) })}</strong>
        <span className="rm__muted">{t("requestManage.depositHint")}</span>
      </p>
      {info.status === "active" ? (
        <p>{t("requestManage.activeText", { date: formatDate(info.started_at, lang) })}</p>
      ) : info.is_paid ? (
        <p>{t("requestManage.contractSigned", { date: formatDate(info.paid_at, lang) })}</p>
      ) : info.payment_requested_at ? (
        <p role="status" tabIndex={-1} ref={requested}>
          {t("requestManage.contractRequested", { date: formatDate(info.payment_requested_at, lang) })}
        </p>
      ) : (
        <>
          {info.payment_rejected ? (
            <p className="rm__refusal" data-testid="contract-rejected">
              {t("requestManage.contractRejected", { date: formatDate(info.payment_rejected.at, lang), reason: info.payment_rejected.reason })}
            </p>
          ) : null}
          <p>{t("requestManage.contractText")}</p>
          {info.can.request_payment ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="request-payment" />
              <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
                {t("requestManage.requestContract")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}

function Responds({ info, opened, money, answer }: { info: ManageInfo; opened: ManageRespond | null; money: Intl.NumberFormat; answer: Answer }) {
  const { t } = useTranslation();
  const nav = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  // Why 'Начать проект' is off, in the order the customer meets the conditions: the contract, the
  // moderator's approval (an edited request goes back to moderation), a response still open to choose.
  const chooseOff = info.can.choose || info.status === "active" ? null : !info.is_paid ? "chooseHint" : info.status !== "searching" && info.status !== "search_expired" ? "chooseNotApproved" : "chooseNoneOpen";
  const choosable = useMemo(() => new Set(info.responds.filter((r) => r.status === "sent").map((r) => r.id)), [info.responds]);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    setHydrated(true);
    setChosen(readChoice(info.id).filter((id) => choosable.has(id)));
  }, [info.id, choosable]);
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen.filter((x) => x !== id), id] : chosen.filter((x) => x !== id);
    setChosen(next);
    writeChoice(info.id, next);
  };
  const starting = nav.state !== "idle" && nav.formData?.get("intent") === "shortlist";
  // Before hydration the choice is unknown: the button stays usable, and the action checks the choice.
  const startDisabled = !info.can.choose || starting || (hydrated && chosen.length === 0);
  const base = `/request-list/${info.id}`;
  const contacts = new Map((info.contacts ?? []).map((c) => [c.user_id, c]));
  useListDetailFocus(opened?.user_id ?? null, "rm-detail-name", (userId) => `a.rm__link[href$="?userId=${userId}"]`);

  return (
    <>
      <Contract info={info} money={money} />
      <div className={`rm__layout${opened ? " rm__layout--opened" : ""}`}>
        <section className="rm__master" aria-labelledby="rm-list">
          <h2 id="rm-list" className="visually-hidden">
            {t("requestManage.listLabel")}
          </h2>
          <ul className="rm__list">
            {info.responds.map((r) => (
              <li key={r.id} className={`rm__item${opened?.id === r.id ? " rm__item--open" : ""}`}>
                {info.can.choose && choosable.has(r.id) ? (
                  <input
                    type="checkbox"
                    className="rm__check"
                    form="rm-start"
                    name="responds[]"
                    value={r.id}
                    checked={chosen.includes(r.id)}
                    onChange={(e) => toggle(r.id, e.target.checked)}
                    aria-label={t("requestManage.choose", { name: r.user_name })}
                  />
                ) : null}
                <Link to={`${base}?userId=${r.user_id}`} className="rm__link" aria-current={opened?.id === r.id ? "true" : undefined} preventScrollReset>
                  <Avatar name={r.user_name} photo={r.photo} />
                  <span className="rm__who">
                    <span className="rm__name">{r.user_name}</span>
                    {r.user_company.name_ru ? <span className="rm__muted">{r.user_company.name_ru}</span> : null}
                    <span className="rm__price">{t("requestManage.price", { amount: money.format(r.price) })}</span>
                    <Badges r={r} t={t} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {info.can.choose ? (
            <Form method="post" id="rm-start" className="rm__start" preventScrollReset>
              <input type="hidden" name="intent" value="shortlist" />
              <p className="rm__muted">{hydrated && chosen.length ? t("requestManage.chosenCount", { count: chosen.length }) : t("requestManage.startHint")}</p>
              {answer && !answer.ok && answer.errors?.responds ? (
                <p className="field__error" role="alert">
                  {answer.errors.responds[0]}
                </p>
              ) : null}
              <button type="submit" className="btn btn--primary" disabled={startDisabled} aria-busy={starting || undefined}>
                {t("requestManage.start")}
              </button>
            </Form>
          ) : chooseOff ? (
            <>
              <button type="button" className="btn btn--primary rm__start-off" disabled aria-describedby="rm-choose-hint">
                {t("requestManage.start")}
              </button>
              <p id="rm-choose-hint" className="rm__hint">
                {t(`requestManage.${chooseOff}`)}
              </p>
            </>
          ) : null}
        </section>
        <section className="rm__detail" aria-labelledby="rm-detail">
          <h2 id="rm-detail" className="visually-hidden">
            {t("requestManage.detailLabel")}
          </h2>
          {opened ? (
            <Detail info={info} r={opened} money={money} contact={contacts.get(opened.user_id) ?? null} />
          ) : (
            <p className="rm__muted rm__placeholder">{t("requestManage.chooseResponse")}</p>
          )}
        </section>
      </div>
    </>
  );
}

function Badges({ r, t }: { r: ManageRespond; t: TFn }) {
  return (
    <span className="rm__badges">
      {r.status === "active" || r.status === "completed" ? <span className="chip rm__chosen">{t("requestManage.badgeChosen")}</span> : null}
      {r.status === "rejected" ? <span className="chip chip--moderation">{t("requestManage.badgeRejected")}</span> : null}
      {r.status === "sent" ? <span className={`chip${r.is_viewed ? "" : " chip--new"}`}>{r.is_viewed ? t("requestManage.badgeViewed") : t("requestManage.badgeNew")}</span> : null}
      {r.is_favorite ? <span className="chip rm__fav">★ {t("requestManage.badgeFavorite")}</span> : null}
    </span>
  );
}

function Avatar({ name, photo }: { name: string; photo: string | null }) {
  const initials = name
    .split(" ")
    .map((p) => p[0] ?? "")
    .join("")
    .slice(0, 2);
  return photo ? <img className="rm__avatar" src={photo} alt="" width={48} height={48} /> : <span className="rm__avatar rm__avatar--empty" aria-hidden="true">{initials}</span>;
}

function Detail({ info, r, money, contact }: { info: ManageInfo; r: ManageRespond; money: Intl.NumberFormat; contact: { phone: string; email: string } | null }) {
  const { t, lang } = useTranslation();
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "favorite";
  const list = (title: string, items: { id: number | null; name: string }[]) =>
    items.length ? (
      <div className="rm__part">
        <h4 className="rm__h4">{title}</h4>
        <ul className="chips">
          {items.map((x, i) => (
            <li key={`${x.id}-${i}`} className="chip">
              {x.name}
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <article className="card rm__card" aria-labelledby="rm-detail-name">
      <Link to={`/request-list/${info.id}`} className="rm__mobile-back" preventScrollReset>
        ← {t("requestManage.backToList")}
      </Link>
      <header className="rm__card-head">
        <Avatar name={r.user_name} photo={r.photo} />
        <div>
          <h3 id="rm-detail-name" className="rm__detail-name" tabIndex={-1}>
            {r.user_name}
          </h3>
          {r.user_company.name_ru ? <p className="rm__muted">{r.user_company.name_ru}</p> : null}
          <p className="rm__muted">
            ★ {formatRating(r.rating, lang)} · {r.rating_count ? t("requestManage.ratingCount", { count: r.rating_count }) : t("requestManage.noRatings")}
          </p>
        </div>
      </header>
      <Badges r={r} t={t} />
      <p className="rm__detail-price">
        <strong>{t("requestManage.price", { amount: money.format(r.price) })}</strong>
        {r.tax.name ? <span className="rm__muted">{t("requestManage.priceHint", { tax: r.tax.name })}</span> : null}
      </p>
      <div className="rm__actions">
        <Link to={`/profile/${r.user_id}/expert#${info.id}`} className="btn btn--ghost btn--sm">
          {t("requestManage.viewProfile")}
        </Link>
        {info.can.favorite && r.is_viewed ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="favorite" />
            <input type="hidden" name="respond_id" value={r.id} />
            <input type="hidden" name="remove" value={r.is_favorite ? "1" : "0"} />
            {/* The label says what a press does; no aria-pressed, which would read "Убрать из избранного, нажата". */}
            <PendingButton type="submit" className="btn btn--ghost btn--sm" pending={busy}>
              <span aria-hidden="true">{r.is_favorite ? "★" : "☆"}</span> {r.is_favorite ? t("requestManage.favoriteRemove") : t("requestManage.favoriteAdd")}
            </PendingButton>
          </Form>
        ) : null}
      </div>
      <div className="rm__part">
        <h4 className="rm__h4">{t("requestManage.contacts")}</h4>
        {contact ? (
          <dl className="rm__contacts">
            <dt>{t("requestManage.phone")}</dt>
            <dd>{contact.phone ? <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a> : "—"}</dd>
            <dt>{t("requestManage.email")}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </dl>
        ) : (
          <p className="rm__hint">{t("requestManage.contactsHint")}</p>
        )}
      </div>
      {r.comment ? (
        <div className="rm__part">
          <h4 className="rm__h4">{t("requestManage.comment")}</h4>
          <p className="rm__comment">{r.comment}</p>
        </div>
      ) : null}
      {list(t("requestManage.services"), r.services)}
      {list(t("requestManage.cases"), r.cases)}
      {list(t("requestManage.expertises"), r.expertises)}
      {list(t("requestManage.options"), r.options)}
      {list(t("requestManage.team"), r.users)}
      {list(t("requestManage.companies"), r.companies)}
      {r.files.length ? (
        <div className="rm__part">
          <h4 className="rm__h4">{t("requestManage.files")}</h4>
          <ul className="file-list">
            {r.files.map((f) => (
              <li key={f.id}>
                <a href={f.filepath} target="_blank" rel="noreferrer">
                  {f.name}
                  <span className="visually-hidden"> {t("common.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

function About({ info, money }: { info: ManageInfo; money: Intl.NumberFormat }) {
  const { t, lang } = useTranslation();
  return (
    <section className="card rm__about" aria-labelledby="rm-about">
      <h2 id="rm-about" className="rm__h2">
        {t("requestManage.tabAbout")}
      </h2>
      {!info.responds.length ? <p className="rm__muted">{t("requestManage.noResponds")}</p> : null}
      <dl className="rm__props">
        <dt>{t("requestManage.description")}</dt>
        <dd className="rm__comment">{info.description}</dd>
        <dt>{t("requestManage.type")}</dt>
        <dd>{info.service_type.name}</dd>
        <dt>{t("requestManage.budgetLabel")}</dt>
        <dd>{money.format(info.budget)} ₽</dd>
        <dt>{t("requestManage.depositLabel")}</dt>
        <dd>{money.format(info.deposit)} ₽</dd>
        <dt>{t("requestManage.expertLevel")}</dt>
        <dd>{info.expert_type === "premium" ? t("requestManage.premium") : t("requestManage.ordinary")}</dd>
        <dt>{t("requestManage.needTeam")}</dt>
        <dd>{info.need_team ? t("requestManage.yes") : t("requestManage.no")}</dd>
        <dt>{t("requestManage.deadline")}</dt>
        <dd>{info.execution_period}</dd>
        <dt>{t("requestManage.createdAt")}</dt>
        <dd>{formatDate(info.created_at, lang)}</dd>
        {info.search_finish ? (
          <>
            <dt>{t("requestManage.searchFinish")}</dt>
            <dd>{formatDate(`${info.search_finish}T00:00:00Z`, lang)}</dd>
          </>
        ) : null}
        <dt>{t("requestManage.industries")}</dt>
        <dd>{info.industries.map((x) => x.name).join(", ")}</dd>
        <dt>{t("requestManage.functions")}</dt>
        <dd>{info.options.map((x) => x.name).join(", ")}</dd>
        {info.files.length ? (
          <>
            <dt>{t("requestManage.files")}</dt>
            <dd>
              <ul className="file-list">
                {info.files.map((f) => (
                  <li key={f.id}>
                    <a href={f.filepath}>{f.name}</a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * A phone shows the list or the opened item, never both: the link that opened an item, or the way back
 * that closed it, is hidden with its pane, and focus would fall to the page's start. Then the opened item's
 * heading takes it, and on the way back the list's link to the item just seen. A wide screen shows both
 * panes: focus stays where it was.
 */
export function useListDetailFocus(openedKey: number | null, headingId: string, linkTo: (key: number) => string) {
  const shown = useRef(openedKey);
  useEffect(() => {
    const previous = shown.current;
    shown.current = openedKey;
    if (previous === openedKey) return;
    const active = document.activeElement as HTMLElement | null;
    if (active && active !== document.body && active.isConnected && active.offsetParent !== null) return;
    if (openedKey !== null) document.getElementById(headingId)?.focus();
    else if (previous !== null) document.querySelector<HTMLElement>(linkTo(previous))?.focus();
  }, [openedKey, headingId, linkTo]);
}
