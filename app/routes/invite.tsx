import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SectionTabs } from "~/components/section-tabs";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/server/page-texts.server";
import { requireUser } from "~/server/page.server";
import inviteStyles from "~/styles/invite.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: inviteStyles }];

/** spec 2 §2 'Invitation pages': signed-in (and, spec README, verified) users invite an expert or a company. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({ texts: pageTexts(context, "invitePage") });
}

export default function InviteLayout() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <InviteSections />
    </PageTexts>
  );
}

function InviteSections() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow invite-page">
      <SectionTabs
        label={t("invitePage.sections")}
        tabs={[
          { to: "/invite/expert", labelKey: "invite.expertTitle" },
          { to: "/invite/company", labelKey: "invite.companyTitle" },
        ]}
      />
      <Outlet />
    </section>
  );
}
