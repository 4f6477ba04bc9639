import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { renderMarkdown } from "~/domain/faq/markdown.server";
import { filterQuestions } from "~/domain/faq/search";
import { listQuestions, type FaqGroupView } from "~/domain/reference/reference.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { parseMode, readModeCookie, type Mode } from "~/lib/mode";
import { pageTexts } from "~/server/page-texts.server";
import faqStyles from "~/styles/faq.css?url";

export const handle = { titleKey: "footer.faq" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: faqStyles }];

const QUERY_MAX = 100;

/** Answers become HTML here, on the server: `marked` stays out of the browser bundle. */
const withHtml = (groups: FaqGroupView[]) =>
  groups.map((g) => ({ id: g.id, groupName: g.groupName, questions: g.questions.map((q) => ({ id: q.id, question: q.question, answerHtml: renderMarkdown(q.answer) })) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The set: `?mode=` (the toggle without JavaScript), then the user mode of the device, then customer.
  const mode: Mode = parseMode(url.searchParams.get("mode")) ?? readModeCookie(request.headers.get("Cookie")) ?? "customer";
  const q = (url.searchParams.get("q") ?? "").slice(0, QUERY_MAX);
  const sets = await listQuestions(context.ctx);
  return data({ texts: pageTexts(context, "faq"), mode, q, sets: { customer: withHtml(sets.customer), executor: withHtml(sets.expert) } }, { headers: { "Cache-Control": "private, max-age=0" } });
}

export default function FaqPageRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <FaqPage />
    </PageTexts>
  );
}

function FaqPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(loaded.mode);
  const [query, setQuery] = useState(loaded.q);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  useEffect(() => setMode(loaded.mode), [loaded.mode]);
  useEffect(() => setQuery(loaded.q), [loaded.q]);

  const groups = useMemo(() => filterQuestions(loaded.sets[mode], query), [loaded.sets, mode, query]);
  const found = groups.reduce((n, g) => n + g.questions.length, 0);
  const searching = query.trim() !== "";

  const switchSet = (e: MouseEvent<HTMLAnchorElement>, next: Mode) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    setMode(next);
  };
  const setHref = (m: Mode) => `/faq?mode=${m}${query.trim() ? `&q=${encodeURIComponent(query.trim())}` : ""}`;

  return (
    <div className="faq">
      <div className="faq__head">
        <div className="faq__container">
          <h1 className="faq__title">{t("faq.title")}</h1>
          <p className="faq__lead">{t("faq.lead")}</p>
          <div className="faq__tools">
            <div className="faq-toggle" role="group" aria-label={t("faq.setLabel")}>
              {(["customer", "executor"] as const).map((m) => (
                <a key={m} href={setHref(m)} className="faq-toggle__option" aria-current={m === mode ? "true" : undefined} onClick={(e) => switchSet(e, m)}>
                  {m === "customer" ? t("faq.customer") : t("faq.expert")}
                </a>
              ))}
            </div>
            {/* Without JavaScript the form asks the server (GET ?q=); with it the list filters as one types. */}
            <form method="get" action="/faq" role="search" className="faq-search" onSubmit={(e) => e.preventDefault()}>
              <input type="hidden" name="mode" value={mode} />
              <label htmlFor="faq-q" className="visually-hidden">
                {t("faq.search")}
              </label>
              <svg className="faq-search__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M13.5 13.5L17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <input
                id="faq-q"
                name="q"
                type="search"
                className="faq-search__input"
                placeholder={t("faq.searchPlaceholder")}
                maxLength={QUERY_MAX}
                autoComplete="off"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              {live ? null : (
                <button type="submit" className="btn btn--primary faq-search__submit">
                  {t("faq.searchSubmit")}
                </button>
              )}
            </form>
          </div>
        </div>
      </div>

      <div className="faq__container faq__body">
        <div className="faq__status" role="status">
          {found === 0 ? (
            <div className="faq-empty">
              <p className="faq-empty__text">{t("faq.notFound")}</p>
              <a className="btn btn--primary" href="#support">
                {t("faq.contactSupport")}
              </a>
            </div>
          ) : searching ? (
            <p className="faq__found">{t("faq.found", { count: found })}</p>
          ) : null}
        </div>
        {found === 0 ? null : (
          <div className="faq__groups">
            {groups.map((group) => (
              <section key={group.id} className="faq-group" aria-labelledby={`faq-group-${group.id}`}>
                <h2 className="faq-group__title" id={`faq-group-${group.id}`}>
                  {group.groupName}
                </h2>
                <div className="faq-group__list">
                  {group.questions.map((item) => (
                    <details key={item.id} className="faq-item">
                      <summary className="faq-item__question">{item.question}</summary>
                      <div className="faq-item__answer" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
        {found === 0 ? null : (
          <aside className="faq-more" aria-labelledby="faq-more-title">
            <h2 className="faq-more__title" id="faq-more-title">
              {t("faq.stillQuestions")}
            </h2>
            <p className="faq-more__text">{t("faq.stillText")}</p>
            <a className="btn btn--ghost" href="#support">
              {t("faq.contactSupport")}
            </a>
          </aside>
        )}
      </div>
    </div>
  );
}
