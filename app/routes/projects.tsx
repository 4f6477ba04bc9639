import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PromoBlock } from "~/components/promo-block";
import { SectionTabs } from "~/components/section-tabs";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "~/web/page.server";
import { promoForPage } from "~/web/promo.server";

export const handle = { titleKey: "projects.title" };

/** 'Мои проекты' (spec 3 §2): tabs 'В роли Заказчика' and 'В роли Исполнителя'. The lists come with the requests issue. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({ promo: await promoForPage(context) });
}

export default function ProjectsLayout() {
  const { promo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <PromoBlock show={promo.show} />
      <h1>{t("projects.title")}</h1>
      <SectionTabs
        label={t("projects.title")}
        tabs={[
          { to: "/projects/request", labelKey: "projects.asCustomer" },
          { to: "/projects/response", labelKey: "projects.asExpert" },
        ]}
      />
      <Outlet />
    </section>
  );
}
