import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listInvitesForOperator } from "~/domain/invites/invites.server";
import { useTranslation } from "~/lib/i18n";
import { requireAdmin } from "~/server/page.server";

export const handle = { titleKey: "invite.adminTitle" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1) || 1;
  return data({ invites: await listInvitesForOperator(context.ctx, actor, { page }) });
}

/** The operator console's invitations (decision 0017): who invited whom, the company, the account it became. */
export default function AdminInvites() {
  const { invites } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <p>
        <Link to="/admin">{t("admin.title")}</Link>
      </p>
      <h1>{t("invite.adminTitle")}</h1>
      {invites.items.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t("invite.adminDate")}</th>
                <th>{t("invite.adminInviter")}</th>
                <th>{t("invite.adminInvitee")}</th>
                <th>{t("invite.adminType")}</th>
                <th>{t("invite.adminCompany")}</th>
                <th>{t("invite.adminAccount")}</th>
              </tr>
            </thead>
            <tbody>
              {invites.items.map((i) => (
                <tr key={i.id} data-testid={`invite-${i.email}`}>
                  <td>{i.createdAt.slice(0, 16).replace("T", " ")}</td>
                  <td>{i.inviterEmail}</td>
                  <td>
                    {i.name} {i.lastName}, {i.email}
                  </td>
                  <td>{i.expertType === "company" ? t("invite.adminTypeCompany") : t("invite.adminTypeIndividual")}</td>
                  <td>
                    {i.companyName ?? "—"}
                    {i.companyStatus === "moderation" ? ` (${t("invite.adminModeration")})` : ""}
                  </td>
                  <td>{i.registeredUserId ? t("invite.adminRegistered", { id: i.registeredUserId }) : t("invite.adminPending")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("invite.adminEmpty")}</p>
      )}
    </section>
  );
}
