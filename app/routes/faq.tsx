import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { FAQ_QUERY_MAX, FaqGroups, FaqSearch, FaqStatus, SupportLink } from "~/components/faq/faq-list";
import { faqSets } from "~/domain/faq/faq-view.server";
import { filterQuestions } from "~/domain/faq/search";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { parseMode, readModeCookie, type Mode } from "~/lib/mode";
import { pageTexts } from "~/web/page-texts.server";
import faqStyles from "~/styles/faq.css?url";

export const handle = { titleKey: "footer.faq" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: faqStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The set: `?mode=` (the toggle without JavaScript), then the user mode of the device, then customer.
  const mode: Mode = parseMode(url.searchParams.get("mode")) ?? readModeCookie(request.headers.get("Cookie")) ?? "customer";
  const q = (url.searchParams.get("q") ?? "").slice(0, FAQ_QUERY_MAX);
  return data({ texts: pageTexts(context, "faq"), mode, q, sets: await faqSets(context.ctx) }, { headers: { "Cache-Control": "private, max-age=0" } });
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
            <FaqSearch action="/faq" value={query} onChange={setQuery} live={live} hidden={{ mode }} />
          </div>
        </div>
      </div>

      <div className="faq__container faq__body">
        <FaqStatus found={found} searching={searching} />
        <FaqGroups groups={groups} />
        {found === 0 ? null : (
          <aside className="faq-more" aria-labelledby="faq-more-title">
            <h2 className="faq-more__title" id="faq-more-title">
              {t("faq.stillQuestions")}
            </h2>
            <p className="faq-more__text">{t("faq.stillText")}</p>
            <SupportLink className="btn btn--ghost">{t("faq.contactSupport")}</SupportLink>
          </aside>
        )}
      </div>
    </div>
  );
}
