import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { listUsers, recentAudit } from "~/domain/admin/admin.server";
import { councilQueue, decideCouncilApplication } from "~/domain/profile/council.server";
import { createImpersonationLink } from "~/domain/auth/impersonation.server";
import { idOrNotFound } from "~/domain/validation";
import { FormError } from "~/components/ui/field";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/server/page-texts.server";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/server/page.server";

export const handle = { titleKey: "admin.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const url = new URL(request.url);
  const [users, audit, council] = await Promise.all([
    listUsers(context.ctx, actor, { search: url.searchParams.get("q") ?? undefined, page: Number(url.searchParams.get("page") ?? 1) || 1 }),
    recentAudit(context.ctx, actor),
    councilQueue(context.ctx, actor),
  ]);
  return data({ users, audit, council, texts: pageTexts(context, "profilePage") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    // Expert council applications (spec 2 §4): accept or reject, audited by the domain.
    if (form.intent === "council") return { council: await decideCouncilApplication(context.ctx, actor, idOrNotFound(form.id), form.status) };
    return await createImpersonationLink(context.ctx, actor, idOrNotFound(form.user_id));
  });
  if (!result.ok) return data(result.body, result.init);
  if ("council" in result.value) return data({ council: result.value.council });
  return data({ link: result.value.url });
}

/** The operator console (spec README): for now users and impersonation links, and the audit log. */
export default function Admin() {
  const { users, audit, council, texts } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors | { link: string }>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("admin.title")}</h1>
      {actionData && "link" in actionData ? (
        <p className="banner" role="status">
          {t("admin.linkReady")}{" "}
          <a href={actionData.link} data-testid="impersonation-link">
            {t("admin.open")}
          </a>
        </p>
      ) : null}
      {actionData && "message" in actionData ? <FormError message={actionData.message} /> : null}
      <p>
        <a href="/admin/invites">{t("invite.adminTitle")}</a>
      </p>
      <h2>{t("admin.users")}</h2>
      <Form method="get" className="inline-add" role="search">
        <input className="field__input" name="q" type="search" defaultValue={params.get("q") ?? ""} aria-label={t("admin.search")} placeholder={t("admin.search")} />
        <button className="btn btn--ghost" type="submit">
          {t("admin.search")}
        </button>
      </Form>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t("fields.name")}</th>
              <th>{t("fields.email")}</th>
              <th>{t("profile.roles")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.items.map((u) => (
              <tr key={u.id}>
                <td>{u.id}</td>
                <td>
                  {u.name} {u.lastName}
                </td>
                <td>{u.email}</td>
                <td>{u.roles.map((r) => t(`profile.role_${r}`)).join(", ")}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="user_id" value={u.id} />
                    <button type="submit" className="btn btn--ghost btn--sm" disabled={navigation.state !== "idle"} aria-label={`${t("admin.impersonate")}: ${u.email}`}>
                      {t("admin.impersonate")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.items.length ? null : <p>{t("admin.noUsers")}</p>}
      </div>
      <PageTexts texts={texts}>
        <CouncilQueue items={council} disabled={navigation.state !== "idle"} />
      </PageTexts>
      <h2>{t("admin.audit")}</h2>
      <div className="table-wrap">
        <table className="table">
          <tbody>
            {audit.map((a) => (
              <tr key={a.id}>
                <td>{a.createdAt}</td>
                <td>{a.action}</td>
                <td>
                  {a.targetType} {a.targetId}
                </td>
                <td>{a.actorUserId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CouncilQueue({ items, disabled }: { items: ReturnType<typeof useLoaderData<typeof loader>>["council"]; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("profilePage.council.queue")}</h2>
      <div className="table-wrap">
        <table className="table">
          <tbody>
            {items.map((a) => (
              <tr key={a.id} data-testid="council-row">
                <td>
                  {a.user.name} {a.user.lastName} ({a.user.email})
                </td>
                <td>
                  {a.industry.name} — {a.option.name}
                </td>
                <td>{t(`profilePage.council.status_${a.status}`)}</td>
                <td>
                  {a.status === "moderation" ? (
                    <Form method="post" className="inline-add">
                      <input type="hidden" name="intent" value="council" />
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" name="status" value="active" className="btn btn--primary btn--sm" disabled={disabled}>
                        {t("profilePage.council.accept")}
                      </button>
                      <button type="submit" name="status" value="rejected" className="btn btn--ghost btn--sm" disabled={disabled}>
                        {t("profilePage.council.reject")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {items.length ? null : <p>{t("profilePage.council.queueEmpty")}</p>}
      </div>
    </>
  );
}
