import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ProfileTabs } from "~/components/profile-tabs";
import { AlertModal } from "~/components/ui/modal";
import { REQUEST_SECTIONS, type RequestSection } from "~/domain/recommendations/limits";
import { inviteRates, recommendationRequestPage, remindToRate, remindWaitText } from "~/domain/recommendations/recommendations.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireUser, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import recStyles from "~/styles/recommendations.css?url";

export const handle = { titleKey: "recPages.outgoing" };

// The dialog (search, new-person form) loads on first use: the page stays within the 100 KB budget.
const RequestDialog = lazy(() => import("~/components/recommendations/request-dialog").then((m) => ({ default: m.RequestDialog })));
export const links: LinksFunction = () => [{ rel: "stylesheet", href: recStyles }];

const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1;
};

/** Outgoing recommendation requests (spec 2 §2): sections tribe, expertise, service, 7 per page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const url = new URL(request.url);
  const ctx = context.ctx;
  const page = Object.fromEntries(REQUEST_SECTIONS.map((type) => [type, pageOf(url.searchParams.get(`${type}_page`))])) as Record<RequestSection, number>;
  const { ratables, sections: lists } = await recommendationRequestPage(ctx, actor, page);
  const now = ctx.now().getTime();
  const sections = lists.map(({ type, meta, data: items }) => ({
    type,
    meta,
    items: items.map((item) => {
      const wait = new Date(item.remind_available_at).getTime() - now;
      return { ...item, remindWait: item.can_remind && wait > 0 ? remindWaitText(ctx.t, wait) : null };
    }),
  }));
  const expertise = Number(url.searchParams.get("expertise"));
  // ?service= comes from "Запросить оценку" on /services (spec 3 §2): the dialog opens with that service.
  const service = Number(url.searchParams.get("service"));
  const preselect = ratables.expertises.find((e) => e.expertise_id === expertise)?.key ?? ratables.services.find((s) => s.service_id === service)?.key ?? null;
  return data({ texts: pageTexts(context, "recommendations", "pickers"), sections, ratables, preselect });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const isJson = (request.headers.get("Content-Type") ?? "").includes("application/json");
  // An unreadable body, or JSON that is not an object, reads as an empty form: the calls below refuse it.
  const raw: unknown = isJson ? await request.json().catch(() => ({})) : await formObject(request).catch(() => ({}));
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  if (body.intent === "remind") {
    const result = await runAction(context, () => remindToRate(context.ctx, actor, { id: body.id }));
    if (!result.ok) return data(result.body, result.init);
    return data({ done: "reminded" as const, message: result.value.message });
  }
  const result = await runAction(context, () => inviteRates(context.ctx, actor, { items: body.items }));
  if (!result.ok) return data(result.body, result.init);
  return data({ done: "requested" as const, message: result.value.message });
}

export default function RecommendationRequestRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RecommendationRequest />
    </PageTexts>
  );
}

type Section = ReturnType<typeof useLoaderData<typeof loader>>["sections"][number];

function RecommendationRequest() {
  const { sections, ratables, preselect } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(preselect !== null);
  useEffect(() => {
    if (preselect !== null) setOpen(true);
  }, [preselect, params]);
  return (
    <section className="page">
      <ProfileTabs />
      <div className="rec-head">
        <h1>{t("recPages.outgoing")}</h1>
        <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
          {t("recommendations.outgoing.request")}
        </button>
      </div>
      <p className="rec-lead">{t("recommendations.outgoing.lead")}</p>
      <nav aria-label={t("recommendations.outgoing.sections")}>
        <ul className="rec-anchors">
          {sections.map((s) => (
            <li key={s.type}>
              <a href={`#${s.type}`}>{t(`recommendations.outgoing.${s.type}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((s) => (
        <OutgoingSection key={s.type} section={s} />
      ))}
      {open ? (
        <Suspense fallback={null}>
          <RequestDialog ratables={ratables} preselect={preselect} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function OutgoingSection({ section }: { section: Section }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type: RequestSection = section.type;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set(`${type}_page`, String(page));
    // The preselection opened the dialog once; paging is no request to open it again.
    next.delete("expertise");
    next.delete("service");
    return `?${next.toString()}#${type}`;
  };
  const { current_page: page, last_page: last } = section.meta;
  return (
    <section className="card rec-section" id={type} aria-labelledby={`${type}-title`}>
      <h2 id={`${type}-title`}>{t(`recommendations.outgoing.${type}`)}</h2>
      {section.items.length === 0 ? (
        <p className="rec-empty">{t("recommendations.outgoing.empty")}</p>
      ) : (
        <ul className="rec-list">
          {section.items.map((item) => (
            <OutgoingItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {last > 1 ? (
        <nav className="rec-pager" aria-label={t(`recommendations.outgoing.${type}`)}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} preventScrollReset>
              {t("recommendations.outgoing.previous")}
            </Link>
          ) : null}
          <span>{t("recommendations.outgoing.pageOf", { page, last })}</span>
          {page < last ? (
            <Link to={pageHref(page + 1)} preventScrollReset>
              {t("recommendations.outgoing.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function OutgoingItem({ item }: { item: Section["items"][number] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionErrors | { done: "reminded"; message: string }>();
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setAlert(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  const who = [`${item.name} ${item.lastName}`.trim(), item.email].filter(Boolean).join(", ");
  return (
    <li className="rec-item">
      <div>
        <p className="rec-item__title">{item.title}</p>
        <p className="rec-item__who">{who}</p>
      </div>
      <div className="rec-item__side">
        <span className={`rec-status rec-status--${item.status}`}>
          <span className="visually-hidden">{t("recommendations.outgoing.statusLabel")}: </span>
          {t(`recommendations.outgoing.status_${item.status}`)}
        </span>
        {/* The domain says whether a reminder may go (an item nobody may rate now, a blocked rater: none). */}
        {item.can_remind ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remind" />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className="btn btn--ghost btn--sm" disabled={!!item.remindWait || fetcher.state !== "idle"} aria-describedby={item.remindWait ? `wait-${item.id}` : undefined}>
              {t("recommendations.outgoing.remind")}
            </button>
          </fetcher.Form>
        ) : null}
        {item.remindWait ? (
          <span className="rec-wait" id={`wait-${item.id}`}>
            {item.remindWait}
          </span>
        ) : null}
      </div>
      <AlertModal
        open={alert !== null}
        onClose={() => setAlert(null)}
        title={fetcher.data && "done" in fetcher.data ? t("recommendations.dialog.reminded") : t("common.errorTitle")}
        text={fetcher.data && "done" in fetcher.data ? "" : (alert ?? "")}
      />
    </li>
  );
}

