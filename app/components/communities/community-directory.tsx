import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { COMMUNITY_LIMITS } from "~/domain/communities/limits";
import { PageTexts, useTranslation } from "~/lib/i18n";
import type { communityTabLoader } from "~/web/community-page.server";

type Tab = ReturnType<typeof useLoaderData<typeof communityTabLoader>>;
type Community = Tab["data"][number];

/** Only a web address opens as a link: a chat link is typed by an operator, and `javascript:` must not run. */
const webLink = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : null);

/**
 * A /community tab (spec 3 §2): the user's chats with a search (400 ms after the last key, spec 3 §9) and 5
 * per page. The search is a GET form: without JavaScript it asks the server, and the URL can be shared.
 */
export function CommunityDirectory() {
  const { texts } = useLoaderData<typeof communityTabLoader>();
  return (
    <PageTexts texts={texts}>
      <Directory />
    </PageTexts>
  );
}

function Directory() {
  const tab = useLoaderData<typeof communityTabLoader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const titleId = `communities-${tab.type}-title`;

  // spec 3 §2: no community at all for the profile (not a search that found none) is the not-found screen.
  if (!tab.search && tab.total === 0) return <NotFound type={tab.type} />;

  return (
    <section className="communities" aria-labelledby={titleId}>
      <h2 className="visually-hidden" id={titleId}>
        {t(`communities.listTitle_${tab.type}`)}
      </h2>
      <SearchForm search={tab.search} />
      <p className="communities__status" role="status">
        {tab.total === 0 ? t("communities.nothingFound") : t("communities.found", { count: tab.total })}
      </p>
      {tab.data.length ? (
        <ul className="communities__list" aria-busy={busy || undefined}>
          {tab.data.map((c) => (
            <CommunityItem key={c.id} community={c} />
          ))}
        </ul>
      ) : null}
      <Pager page={tab.current_page} last={tab.last_page} search={tab.search} />
    </section>
  );
}

function SearchForm({ search }: { search: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [value, setValue] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // What this form last asked for: an answer to it must not overwrite what has been typed since.
  const asked = useRef(search);
  useEffect(() => {
    if (search !== asked.current) setValue(search);
    asked.current = search;
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (text: string) => {
    const trimmed = text.trim();
    asked.current = trimmed;
    // A new search starts on the first page; an empty one leaves a clean address.
    submit(trimmed ? { search: trimmed } : {}, { method: "get", replace: true, preventScrollReset: true });
  };
  return (
    <Form
      method="get"
      role="search"
      className="communities__search"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        go(value);
      }}
    >
      <label className="field__label" htmlFor="community-search">
        {t("communities.searchLabel")}
      </label>
      <div className="communities__search-row">
        <input
          id="community-search"
          className="field__input"
          type="search"
          name="search"
          value={value}
          maxLength={COMMUNITY_LIMITS.searchMax}
          placeholder={t("communities.searchPlaceholder")}
          autoComplete="off"
          onChange={(e) => {
            const next = e.target.value;
            setValue(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => go(next), COMMUNITY_LIMITS.debounceMs);
          }}
        />
        <button type="submit" className="btn btn--ghost">
          {t("communities.searchButton")}
        </button>
      </div>
    </Form>
  );
}

function CommunityItem({ community }: { community: Community }) {
  const { t } = useTranslation();
  const link = webLink(community.chat_link);
  return (
    <li className="community">
      <div className="community__text">
        <h3 className="community__name">{community.name}</h3>
        {community.chat_name ? (
          <p className="community__chat">
            <span className="visually-hidden">{t("communities.chat")}: </span>
            {community.chat_name}
          </p>
        ) : null}
      </div>
      {link ? (
        <a className="btn btn--primary btn--sm community__go" href={link} target="_blank" rel="noopener noreferrer">
          {t("communities.goToChat")}
          <span className="visually-hidden">
            {" "}
            «{community.name}» ({t("communities.newTab")})
          </span>
        </a>
      ) : (
        <p className="community__pending">{t("communities.notCreated")}</p>
      )}
    </li>
  );
}

/** The pages around the current one: the first, the last, and the neighbours, with gaps between. */
function pageNumbers(page: number, last: number): (number | null)[] {
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

function Pager({ page, last, search }: { page: number; last: number; search: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (last <= 1) return null;
  const href = (n: number) => {
    const q = new URLSearchParams();
    if (search) q.set("search", search);
    if (n > 1) q.set("page", String(n));
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  return (
    <nav className="communities__pager" aria-label={t("communities.pages")}>
      <p className="visually-hidden">{t("communities.pageOf", { page, last })}</p>
      <ul className="pager">
        <li>
          {page > 1 ? (
            <Link className="pager__link" to={href(page - 1)} preventScrollReset rel="prev">
              <span aria-hidden="true">‹</span>
              {t("communities.previous")}
            </Link>
          ) : null}
        </li>
        {pageNumbers(page, last).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link className="pager__link pager__number" to={href(n)} preventScrollReset aria-current={n === page ? "page" : undefined} aria-label={t("communities.page", { page: n })}>
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < last ? (
            <Link className="pager__link" to={href(page + 1)} preventScrollReset rel="next">
              {t("communities.next")}
              <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

function NotFound({ type }: { type: Tab["type"] }) {
  const { t } = useTranslation();
  return (
    <div className="card communities-empty">
      <h2>{t("communities.notFoundTitle")}</h2>
      <p>{t(`communities.notFound_${type}`)}</p>
      <Link className="btn btn--primary" to="/profile/information">
        {t("communities.fillProfile")}
      </Link>
    </div>
  );
}
