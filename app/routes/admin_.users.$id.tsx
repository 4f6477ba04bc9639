import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { blockUser, unblockUser, userDetails } from "~/domain/admin/users.server";
import { createImpersonationLink } from "~/domain/auth/impersonation.server";
import { LIMITS } from "~/domain/limits";
import { FieldMessage } from "~/components/admin/field-message";
import { FormError } from "~/components/ui/field";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors, pageId } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.users" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const id = pageId(params.id);
  const user = await runAction(context, async () => await userDetails(context.ctx, actor, id));
  if (!user.ok) throw new Response(user.body.message, { status: user.init.status });
  return data({ texts: pageTexts(context, "console", "consoleUsers"), user: user.value });
}

type ActionData = ActionErrors | { message: string; link?: string };

/** Block (reason required), unblock, or make an impersonation link: the domain decides, audits and refuses. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const id = pageId(params.id);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    if (form.intent === "block") return { message: (await blockUser(context.ctx, actor, id, { reason: form.reason })).message };
    if (form.intent === "unblock") return { message: (await unblockUser(context.ctx, actor, id, { reason: form.reason || undefined })).message };
    const link = await createImpersonationLink(context.ctx, actor, id);
    return { message: "", link: link.url };
  });
  if (!result.ok) return data(result.body as ActionData, result.init);
  return data(result.value as ActionData);
}

/** A user in the console (issue 15): roles, verification, block, live sessions, impersonation. */
export default function AdminUser() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminUserPage />
    </PageTexts>
  );
}


function AdminUserPage() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { t, lang } = useTranslation();
  const fullName = [user.name, user.patronymic, user.last_name].filter(Boolean).join(" ");
  const errors = actionData && "errors" in actionData ? actionData : null;
  return (
    <section className="page console">
      <p>
        <Link to="/admin/users">{t("consoleUsers.back")}</Link>
      </p>
      <h1>{fullName || user.email}</h1>
      {actionData && "link" in actionData && actionData.link ? (
        <p className="banner" role="status">
          {t("consoleUsers.linkReady")}{" "}
          <a href={actionData.link} data-testid="impersonation-link">
            {t("consoleUsers.openLink")}
          </a>
        </p>
      ) : null}
      {actionData && !errors && actionData.message ? (
        <p className="banner banner--success" role="status">
          {actionData.message}
        </p>
      ) : null}
      {errors && !errors.errors.reason ? <FormError message={errors.message} /> : null}
      <dl className="console__user-facts">
        <dt>{t("consoleUsers.id")}</dt>
        <dd>{user.id}</dd>
        <dt>{t("consoleUsers.email")}</dt>
        <dd>
          {user.email} ({user.email_verified ? t("consoleUsers.verified") : t("consoleUsers.notVerified")})
        </dd>
        <dt>{t("consoleUsers.phone")}</dt>
        <dd>{user.phone ?? "—"}</dd>
        <dt>{t("consoleUsers.roles")}</dt>
        <dd>{user.roles.map((r) => t(`consoleUsers.role_${r}`)).join(", ")}</dd>
        <dt>{t("consoleUsers.registered")}</dt>
        <dd>{formatDateTime(user.created_at, lang)}</dd>
        <dt>{t("consoleUsers.language")}</dt>
        <dd>{user.locale}</dd>
        <dt>{t("consoleUsers.state")}</dt>
        <dd data-testid="user-state">
          {user.blocked ? (
            <>
              <strong className="console__blocked">{t("consoleUsers.blockedSince", { when: formatDateTime(user.blocked_at, lang) })}</strong>
              <br />
              {t("consoleUsers.blockedReason", { reason: user.blocked_reason ?? "" })}
            </>
          ) : (
            t("consoleUsers.active")
          )}
        </dd>
      </dl>

      <div className="console__user-actions">
        {user.can_impersonate ? (
          <Form method="post">
            <input type="hidden" name="intent" value="impersonate" />
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              {t("consoleUsers.impersonate")}
            </button>
          </Form>
        ) : null}
        {user.blocked ? (
          <Form method="post" className="card" aria-labelledby="unblock-title">
            <h2 id="unblock-title">{t("consoleUsers.unblockTitle")}</h2>
            <input type="hidden" name="intent" value="unblock" />
            <label className="field__label" htmlFor="unblock-reason">
              {t("consoleUsers.unblockReason")}
            </label>
            <textarea id="unblock-reason" className="field__input" name="reason" maxLength={LIMITS.blockReason} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("consoleUsers.unblock")}
            </button>
          </Form>
        ) : user.can_block ? (
          <Form method="post" className="card" aria-labelledby="block-title" noValidate>
            <h2 id="block-title">{t("consoleUsers.blockTitle")}</h2>
            <p className="field__hint" id="block-hint">
              {t("consoleUsers.blockHint")}
            </p>
            <input type="hidden" name="intent" value="block" />
            <label className="field__label" htmlFor="block-reason">
              {t("consoleUsers.blockReason")}
            </label>
            <textarea
              id="block-reason"
              className="field__input"
              name="reason"
              required
              maxLength={LIMITS.blockReason}
              aria-describedby={errors?.errors.reason ? "block-reason-error block-hint" : "block-hint"}
              aria-invalid={errors?.errors.reason ? true : undefined}
            />
            <FieldMessage id="block-reason-error" messages={errors?.errors.reason?.slice(0, 1)} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("consoleUsers.block")}
            </button>
          </Form>
        ) : user.roles.includes("admin") ? (
          <p>{t("consoleUsers.cannotBlock")}</p>
        ) : null}
      </div>

      <h2>{t("consoleUsers.sessions")}</h2>
      <p>
        {t("consoleUsers.sessionsCount", { count: user.sessions.count })} · {t("consoleUsers.lastSeen", { when: formatDateTime(user.sessions.last_seen_at, lang) })}
      </p>
      {user.sessions.items.length ? (
        <div className="table-wrap">
          <table className="table console__stack" aria-label={t("consoleUsers.sessions")}>
            <thead>
              <tr>
                <th scope="col">{t("consoleUsers.sessionStarted")}</th>
                <th scope="col">{t("consoleUsers.sessionSeen")}</th>
                <th scope="col">{t("consoleUsers.sessionIp")}</th>
                <th scope="col">{t("consoleUsers.sessionAgent")}</th>
              </tr>
            </thead>
            <tbody>
              {user.sessions.items.map((s, i) => (
                <tr key={i}>
                  <td>{formatDateTime(s.created_at, lang)}</td>
                  <td>
                    {formatDateTime(s.last_seen_at, lang)}
                    {s.impersonated ? ` (${t("consoleUsers.impersonated")})` : ""}
                  </td>
                  <td>{s.ip ?? "—"}</td>
                  <td>{s.user_agent ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
