import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { listUsers, recentAudit } from "~/domain/admin/admin.server";
import { queueSummaries } from "~/domain/admin/queues.server";
import { decideCouncilApplication } from "~/domain/profile/council.server";
import { createImpersonationLink } from "~/domain/auth/impersonation.server";
import { idOrNotFound } from "~/domain/validation";
import { FormError } from "~/components/ui/field";
import { AuditHead, auditActionLabel, auditTargetLabel } from "~/components/admin/audit-entry";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation, type TFn } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const url = new URL(request.url);
  const [queues, users, audit] = await Promise.all([
    queueSummaries(context.ctx, actor),
    listUsers(context.ctx, actor, { search: url.searchParams.get("q") ?? undefined, page: Number(url.searchParams.get("page") ?? 1) || 1 }),
    recentAudit(context.ctx, actor),
  ]);
  return data({ texts: pageTexts(context, "console"), queues, users, audit });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    // Expert council applications (spec 2 §4): accept or reject with a reason, audited by the domain. The
    // console decides them in their queue (/admin/queues/council); this form intent stays for old links.
    if (form.intent === "council") return { council: await decideCouncilApplication(context.ctx, actor, idOrNotFound(form.id), form.status, form.reason) };
    return await createImpersonationLink(context.ctx, actor, idOrNotFound(form.user_id));
  });
  if (!result.ok) return data(result.body, result.init);
  if ("council" in result.value) return data({ council: result.value.council });
  return data({ link: result.value.url });
}

/** How long the oldest item has waited, in the largest whole unit. */
function age(t: TFn, seconds: number) {
  if (seconds < 3600) return t("console.age_minutes", { count: Math.max(1, Math.floor(seconds / 60)) });
  if (seconds < 86_400) return t("console.age_hours", { count: Math.floor(seconds / 3600) });
  return t("console.age_days", { count: Math.floor(seconds / 86_400) });
}

/**
 * The operator console (spec README, issue 15): every queue with its count and the age of its oldest item,
 * the settings and the audit log; the users with their impersonation links; the latest audit rows.
 */
export default function Admin() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminPage />
    </PageTexts>
  );
}

function AdminPage() {
  const { queues, users, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors | { link: string }>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t, lang } = useTranslation();
  return (
    <section className="page console">
      <h1>{t("admin.title")}</h1>
      {actionData && "link" in actionData ? (
        <p className="banner" role="status">
          {t("console.user_linkReady")}{" "}
          <a href={actionData.link} data-testid="impersonation-link">
            {t("console.user_open")}
          </a>
        </p>
      ) : null}
      {actionData && "message" in actionData ? <FormError message={actionData.message} /> : null}
      <h2>{t("console.dashboard")}</h2>
      <ul className="console__cards">
        {queues.map((q) => (
          <li key={q.name}>
            <Link to={`/admin/queues/${q.name}`} className={`console__card${q.count ? " console__card--waiting" : ""}`} data-testid={`queue-${q.name}`}>
              <span className="console__card-title">{t(`console.queues.${q.name}`)}</span>
              <span className="console__card-count">{q.count ? t("console.count", { count: q.count }) : t("console.empty")}</span>
              {q.ageSeconds !== null && q.count ? <span className="console__card-age">{t("console.oldest", { age: age(t, q.ageSeconds) })}</span> : null}
              {!q.ready ? <span className="console__card-muted">{t("console.notReady")}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="console__links">
        <li>
          <Link to="/admin/settings">{t("console.settings")}</Link>
        </li>
        <li>
          <Link to="/admin/audit">{t("console.auditLog")}</Link>
        </li>
        <li>
          <Link to="/admin/users">{t("admin.users")}</Link>
        </li>
        <li>
          <Link to="/admin/content">{t("admin.content")}</Link>
        </li>
        <li>
          <a href="/admin/invites">{t("invite.adminTitle")}</a>
        </li>
        <li>
          <Link to="/admin/contact-requests">{t("console.callbacks")}</Link>
        </li>
      </ul>
      <h2>{t("admin.users")}</h2>
      <Form method="get" className="inline-add" role="search">
        <input className="field__input" name="q" type="search" defaultValue={params.get("q") ?? ""} aria-label={t("console.user_search")} placeholder={t("console.user_search")} />
        <button className="btn btn--ghost" type="submit">
          {t("console.user_find")}
        </button>
      </Form>
      <div className="table-wrap">
        <table className="table console__stack" aria-label={t("admin.users")}>
          <thead>
            <tr>
              <th>ID</th>
              <th>{t("fields.name")}</th>
              <th>{t("fields.email")}</th>
              <th>{t("profile.roles")}</th>
              <th>
                <span className="visually-hidden">{t("console.user_impersonate")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.items.map((u) => (
              <tr key={u.id}>
                <td data-label="ID">{u.id}</td>
                <td data-label={t("fields.name")}>
                  {u.name} {u.lastName}
                </td>
                <td data-label={t("fields.email")}>{u.email}</td>
                <td data-label={t("profile.roles")}>{u.roles.map((r) => t(`profile.role_${r}`)).join(", ")}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="user_id" value={u.id} />
                    <button type="submit" className="btn btn--ghost btn--sm btn--nowrap" disabled={navigation.state !== "idle"} aria-label={`${t("console.user_impersonate")}: ${u.email}`}>
                      {t("console.user_impersonate")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.items.length ? null : <p>{t("console.user_noUsers")}</p>}
      </div>
      <h2>{t("admin.audit")}</h2>
      <div className="table-wrap">
        <table className="table console__stack" aria-label={t("admin.audit")}>
          <AuditHead t={t} />
          <tbody>
            {audit.map((a) => (
              <tr key={a.id}>
                <td data-label={t("console.auditWhen")}>
                  <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, lang)}</time>
                </td>
                <td data-label={t("console.auditAction")}>{auditActionLabel(t, a.action)}</td>
                <td data-label={t("console.auditWhat")}>{auditTargetLabel(t, a.targetType, a.targetId)}</td>
                <td data-label={t("console.auditWho")}>{a.actorUserId === null ? "—" : a.impersonatorUserId !== null ? t("console.actingAs", { operator: `#${a.impersonatorUserId}`, user: `#${a.actorUserId}` }) : `#${a.actorUserId}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
