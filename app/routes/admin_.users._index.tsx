import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { searchUsers } from "~/domain/admin/users.server";
import { ConsoleList } from "~/components/admin/console-list";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { readOrFirstPage, requireAdmin } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.users" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(Object.entries({ search: params.get("q"), page: params.get("page") }).filter((e): e is [string, string] => e[1] !== null));
  return data({ texts: pageTexts(context, "console", "consoleUsers"), users: await readOrFirstPage((q) => searchUsers(context.ctx, actor, q), query) });
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
  const { t } = useTranslation();
  const pageText = t("consoleUsers.page", { page: users.page, pages: users.pages });
  return (
    <ConsoleList
      title={t("consoleUsers.title")}
      filter={
        <>
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
        </>
      }
      status={<p role="status">{t("consoleUsers.total", { count: users.total })}</p>}
      empty={users.items.length ? null : t("consoleUsers.nothing")}
      pager={{ page: users.page, label: pageText, lead: <span>{pageText}</span>, hasPrev: users.page > 1, hasNext: users.page < users.pages, prev: t("consoleUsers.prev"), next: t("consoleUsers.next") }}
    >
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
              <td data-label={t("consoleUsers.id")}>{u.id}</td>
              <td>
                <Link to={`/admin/users/${u.id}`} aria-label={t("consoleUsers.open", { name: u.name || u.email })}>
                  {u.name || u.email}
                </Link>
              </td>
              <td className="console__wrap">{u.email}</td>
              <td className="console__nowrap">{u.phone ?? ""}</td>
              <td data-label={t("consoleUsers.roles")}>{u.roles.map((r) => t(`consoleUsers.role_${r}`)).join(", ")}</td>
              <td data-label={t("consoleUsers.state")}>
                {u.blocked ? <strong className="console__blocked">{t("consoleUsers.blocked")}</strong> : t("consoleUsers.active")}
                {u.email_verified ? null : <>, {t("consoleUsers.notVerified")}</>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ConsoleList>
  );
}
