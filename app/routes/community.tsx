import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SectionTabs } from "~/components/section-tabs";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "~/server/page.server";

export const handle = { titleKey: "community.title" };

/** Communities (spec 3 §2): three tabs of messaging-app chats. The directory comes with the communities issue. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function CommunityLayout() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("community.title")}</h1>
      <SectionTabs
        label={t("community.title")}
        tabs={[
          { to: "/community/industry-functions", labelKey: "community.industryFunctions" },
          { to: "/community/functions", labelKey: "community.functions" },
          { to: "/community/alumni", labelKey: "community.alumni" },
        ]}
      />
      <Outlet />
    </section>
  );
}
