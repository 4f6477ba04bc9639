import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listInvitesForOperator } from "~/domain/invites/invites.server";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/web/page-texts.server";
import { requireAdmin } from "~/web/page.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "invite.adminTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1) || 1;
  return data({ texts: pageTexts(context, "adminInvitesPage"), invites: await listInvitesForOperator(context.ctx, actor, { page }) });
}

/** The operator console's invitations (decision 0017): who invited whom, the company, the account it became. */
export default function AdminInvitesRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminInvites />
    </PageTexts>
  );
}

function AdminInvites() {
  const { invites } = useLoaderData<typeof loader>();
  const { t, lang } = useTranslation();
  return (
    <section className="page">
      <p>
        <Link to="/admin">{t("admin.title")}</Link>
      </p>
      <h1>{t("invite.adminTitle")}</h1>
      {invites.items.length ? (
        <div className="table-wrap">
          <table className="table console__stack" aria-label={t("invite.adminTitle")}>
            <thead>
              <tr>
                <th>{t("adminInvitesPage.date")}</th>
                <th>{t("adminInvitesPage.inviter")}</th>
                <th>{t("adminInvitesPage.invitee")}</th>
                <th>{t("adminInvitesPage.type")}</th>
                <th>{t("adminInvitesPage.company")}</th>
                <th>{t("adminInvitesPage.account")}</th>
              </tr>
            </thead>
            <tbody>
              {invites.items.map((i) => (
                <tr key={i.id} data-testid={`invite-${i.email}`}>
                  <td data-label={t("adminInvitesPage.date")} className="console__nowrap">{formatDateTime(i.createdAt, lang)}</td>
                  <td data-label={t("adminInvitesPage.inviter")}>{i.inviterEmail}</td>
                  <td data-label={t("adminInvitesPage.invitee")}>
                    {i.name} {i.lastName}, {i.email}
                  </td>
                  <td data-label={t("adminInvitesPage.type")} className="console__nowrap">{i.expertType === "company" ? t("adminInvitesPage.typeCompany") : t("adminInvitesPage.typeIndividual")}</td>
                  <td data-label={t("adminInvitesPage.company")}>
                    {i.companyName ?? "—"}
                    {i.companyStatus === "moderation" ? ` (${t("adminInvitesPage.moderation")})` : ""}
                  </td>
                  <td data-label={t("adminInvitesPage.account")}>
                    {i.registeredUserId
                      ? t("adminInvitesPage.registered", { id: i.registeredUserId })
                      : i.unconfirmedUserId
                        ? t("adminInvitesPage.unconfirmed", { id: i.unconfirmedUserId })
                        : t("adminInvitesPage.pending")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("adminInvitesPage.empty")}</p>
      )}
    </section>
  );
}
