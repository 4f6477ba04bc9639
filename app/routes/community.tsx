import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SectionTabs } from "~/components/section-tabs";
import { COMMUNITY_TABS } from "~/domain/communities/limits";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "~/web/page.server";
import communitiesStyles from "~/styles/communities.css?url";

export const handle = { titleKey: "community.title" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: communitiesStyles }];

/** Communities (spec 3 §2): three tabs of messaging-app chats that fit the user's profile. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function CommunityLayout() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("community.title")}</h1>
      <SectionTabs label={t("community.title")} tabs={COMMUNITY_TABS.map((tab) => ({ to: tab.path, labelKey: tab.labelKey }))} />
      <Outlet />
    </section>
  );
}
