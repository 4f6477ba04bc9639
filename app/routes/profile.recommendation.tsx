import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { ProfileTabs } from "~/components/profile-tabs";
import { FormError } from "~/components/ui/field";
import { declineIncoming, incomingRecommendations, setViewFlags } from "~/domain/recommendations/recommendations.server";
import { multiRatePath } from "~/domain/recommendations/links";
import { idOrNotFound } from "~/domain/validation";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireUser, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import recStyles from "~/styles/recommendations.css?url";

export const handle = { titleKey: "recPages.incoming" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: recStyles }];

/** Incoming recommendation requests (spec 2 §2): unseen first with a dot, 'Оценить' and 'Не оценивать'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const list = await incomingRecommendations(context.ctx, actor);
  return data({ texts: pageTexts(context, "recommendations"), list });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => {
    // An unreadable body is the form's error (422), like the fields'.
    const body = await formObject(request);
    const id = idOrNotFound(body.id);
    if (body.intent === "view") return await setViewFlags(context.ctx, actor, { model: "recommendation", ids: [id] });
    return await declineIncoming(context.ctx, actor, id);
  });
  if (!result.ok) return data(result.body, result.init);
  return data({ ok: true });
}

export default function RecommendationRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Incoming />
    </PageTexts>
  );
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["list"][number];

function Incoming() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <ProfileTabs />
      <h1>{t("recPages.incoming")}</h1>
      <div className="card">
        {list.length === 0 ? (
          <p className="rec-empty">{t("recommendations.incoming.empty")}</p>
        ) : (
          <>
            <p className="rec-lead">{t("recommendations.incoming.lead")}</p>
            <ul className="rec-list">
              {list.map((entry) => (
                <IncomingItem key={entry.id} entry={entry} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function IncomingItem({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const decline = useFetcher<ActionErrors | { ok: true }>();
  const name = `${entry.user.name} ${entry.user.lastName}`;
  const error = decline.state === "idle" && decline.data && "message" in decline.data ? decline.data.message : null;
  return (
    <li className="rec-item" data-viewed={entry.is_viewed ? "true" : "false"}>
      <div className="rec-person">
        {entry.user.photo ? <img className="rec-person__photo" src={entry.user.photo} alt="" width={48} height={48} /> : <span className="rec-person__photo" aria-hidden="true">{entry.user.name.slice(0, 1)}</span>}
        <div>
          <p className="rec-person__name">
            {!entry.is_viewed ? (
              <>
                <span className="rec-dot" aria-hidden="true" />
                <span className="visually-hidden">{t("recommendations.incoming.unseen")}: </span>
              </>
            ) : null}
            {name}
          </p>
          <p className="rec-item__who">
            {t("recommendations.incoming.asks")} {entry.recommendations.map((r) => r.title).join("; ")}
          </p>
        </div>
      </div>
      <div className="rec-actions">
        {/* Opening the multi-rate page marks the request seen (spec 2 §4: viewed when the user acts). */}
        <Link className="btn btn--primary btn--sm" to={multiRatePath(entry.hash)}>
          {t("recommendations.incoming.rate")}
        </Link>
        <decline.Form method="post">
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="id" value={entry.id} />
          <button type="submit" className="btn btn--ghost btn--sm" disabled={decline.state !== "idle"} aria-label={`${t("recommendations.incoming.decline")}: ${name}`}>
            {t("recommendations.incoming.decline")}
          </button>
        </decline.Form>
      </div>
      {error ? <FormError message={error} /> : null}
    </li>
  );
}
