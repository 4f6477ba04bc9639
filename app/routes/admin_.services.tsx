import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/ui/field";
import { servicesQueue } from "~/domain/services/moderation.server";
import { idOrNotFound } from "~/domain/validation";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/server/page.server";
import { pageTexts } from "~/server/page-texts.server";
import styles from "~/styles/services.css?url";

export const handle = { titleKey: "admin.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * The operator's services queue (issue 12): services waiting in moderation, approved or rejected with a
 * reason through the queue contract (app/domain/admin/queue.ts); the console issue folds it into its pages.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const queue = await servicesQueue.list(context.ctx, { page, perPage: 50, sort: "created_at", dir: "asc" });
  return data({ texts: pageTexts(context, "servicesPage"), queue });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    const decision = form.decision === "approve" ? "approve" : "reject";
    await servicesQueue.decide!(context.ctx, actor, idOrNotFound(form.id), { decision, reason: typeof form.reason === "string" ? form.reason : null });
  });
  if (!result.ok) return data(result.body, result.init);
  return data({ ok: true as const });
}

export default function AdminServicesRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminServices />
    </PageTexts>
  );
}

function AdminServices() {
  const { queue } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionErrors | { ok: true }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <section className="page">
      <p className="svc-back">
        <Link to="/admin">← {t("servicesPage.adminBack")}</Link>
      </p>
      <h1>{t("servicesPage.adminTitle")}</h1>
      {answer && "ok" in answer ? (
        <p className="banner banner--success" role="status">
          {t("servicesPage.adminDone")}
        </p>
      ) : null}
      {answer && !("ok" in answer) ? <FormError message={answer.message} /> : null}
      {queue.items.length === 0 ? (
        <p className="note">{t("servicesPage.adminEmpty")}</p>
      ) : (
        <ul className="svc-cards">
          {queue.items.map((item) => (
            <li key={item.id} className="card svc-card" aria-labelledby={`q-${item.id}`}>
              <h2 id={`q-${item.id}`} className="svc-card__title">
                {item.title}
              </h2>
              <dl className="svc-card__facts">
                <div>
                  <dt>{t("servicesPage.adminAuthor")}</dt>
                  <dd>{item.userName}</dd>
                </div>
                <div>
                  <dt>{t("servicesPage.adminFormat")}</dt>
                  <dd>{t(`servicesPage.format_${item.details.format}`)}</dd>
                </div>
                <div>
                  <dt>{t("servicesPage.adminSubmitted")}</dt>
                  <dd>{item.createdAt.slice(0, 10)}</dd>
                </div>
              </dl>
              <p className="svc-admin-desc">{String(item.details.description ?? "")}</p>
              <div className="svc-card__actions" role="group" aria-label={`${t("servicesPage.adminActions")}: ${item.title}`}>
                <Form method="post">
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" name="decision" value="approve" className="btn btn--primary btn--sm" disabled={navigation.state !== "idle"}>
                    {t("servicesPage.adminApprove")}
                  </button>
                </Form>
                <Form method="post" className="inline-add svc-admin-reject">
                  <input type="hidden" name="id" value={item.id} />
                  <input className="field__input" name="reason" required maxLength={1000} aria-label={t("servicesPage.adminReason")} placeholder={t("servicesPage.adminReason")} />
                  <button type="submit" name="decision" value="reject" className="btn btn--ghost btn--sm svc-danger" disabled={navigation.state !== "idle"}>
                    {t("servicesPage.adminReject")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
