import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { searchUsers } from "~/domain/admin/users.server";
import { DomainError } from "~/domain/errors";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { requireAdmin } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.users" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const query = { search: params.get("q") ?? undefined, page: params.get("page") ?? undefined };
  const texts = pageTexts(context, "console", "consoleUsers");
  try {
    return data({ texts, users: await searchUsers(context.ctx, actor, query) });
  } catch (e) {
    // A hand-edited address with a bad page or an overlong search shows the first page unfiltered.
    if (e instanceof DomainError && e.kind === "validation") return data({ texts, users: await searchUsers(context.ctx, actor, {}) });
    throw e;
  }
}

/** The console's users (issue 15): search by name, e-mail or phone; each row opens the user's page. */
export default function AdminUsers() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminUsersPage />
    </PageTexts>
  );
}

function AdminUsersPage() {
  const { users } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{t("consoleUsers.title")}</h1>
      <Form method="get" className="console__filter" role="search">
        <label className="field__label" htmlFor="users-search">
          {t("consoleUsers.searchLabel")}
        </label>
        <input id="users-search" className="field__input" name="q" type="search" defaultValue={users.search} placeholder={t("consoleUsers.searchPlaceholder")} maxLength={100} />
        <button className="btn btn--primary btn--sm" type="submit">
          {t("consoleUsers.search")}
        </button>
        {users.search ? (
          <Link className="btn btn--ghost btn--sm" to="/admin/users">
            {t("consoleUsers.reset")}
          </Link>
        ) : null}
      </Form>
      <p role="status">{t("consoleUsers.total", { count: users.total })}</p>
      <div className="table-wrap">
        <table className="table console__stack" aria-label={t("consoleUsers.title")}>
          <thead>
            <tr>
              <th scope="col">{t("consoleUsers.id")}</th>
              <th scope="col">{t("consoleUsers.name")}</th>
              <th scope="col">{t("consoleUsers.email")}</th>
              <th scope="col">{t("consoleUsers.phone")}</th>
              <th scope="col">{t("consoleUsers.roles")}</th>
              <th scope="col">{t("consoleUsers.state")}</th>
            </tr>
          </thead>
          <tbody>
            {users.items.map((u) => (
              <tr key={u.id} data-testid="user-row">
                <td>{u.id}</td>
                <td>
                  <Link to={`/admin/users/${u.id}`} aria-label={t("consoleUsers.open", { name: u.name || u.email })}>
                    {u.name || u.email}
                  </Link>
                </td>
                <td className="console__wrap">{u.email}</td>
                <td className="console__nowrap">{u.phone ?? ""}</td>
                <td>{u.roles.map((r) => t(`consoleUsers.role_${r}`)).join(", ")}</td>
                <td>
                  {u.blocked ? <strong className="console__blocked">{t("consoleUsers.blocked")}</strong> : t("consoleUsers.active")}
                  {u.email_verified ? null : <>, {t("consoleUsers.notVerified")}</>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.items.length ? null : <p>{t("consoleUsers.nothing")}</p>}
      </div>
      <nav className="console__pager" aria-label={t("consoleUsers.page", { page: users.page, pages: users.pages })}>
        <span>{t("consoleUsers.page", { page: users.page, pages: users.pages })}</span>
        {users.page > 1 ? <Link to={href(users.page - 1)}>{t("consoleUsers.prev")}</Link> : null}
        {users.page < users.pages ? <Link to={href(users.page + 1)}>{t("consoleUsers.next")}</Link> : null}
      </nav>
    </section>
  );
}
