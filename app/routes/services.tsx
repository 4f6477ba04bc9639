import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ServicesList } from "~/components/services/services-list";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { requireUser } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import { loadServicesList, servicesListAction } from "~/web/services-page.server";
import styles from "~/styles/services.css?url";

export const handle = { titleKey: "services.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** /services: my services, by format, and the hidden ones (spec 3 §2). Signed-in users only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  return data({ texts: pageTexts(context, "servicesPage", "ratingScale"), ...(await loadServicesList(context, actor)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  return servicesListAction(context, actor, request);
}

export default function ServicesRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Services />
    </PageTexts>
  );
}

function Services() {
  const { services, meId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <div className="svc-head">
        <h1>{t("servicesPage.title")}</h1>
        {services.length ? (
          <Link to="/service-add" className="btn btn--primary">
            + {t("servicesPage.add")}
          </Link>
        ) : null}
      </div>
      <ServicesList services={services} meId={meId} />
    </section>
  );
}
