import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RateServicePage } from "~/components/projects/rate-service";
import { PageTexts } from "~/lib/i18n";
import styles from "~/styles/complete-project.css?url";
import { ratePageAction, ratePageLoader } from "~/web/complete-project-page.server";

export const handle = { titleKey: "projects.completeTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The rating page of one service of a chosen response (spec 3 §2 'Rate service page'). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return await ratePageLoader(context, request, params);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return await ratePageAction(context, request, params);
}

export default function RateService() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={data.texts}>
      <RateServicePage data={data} />
    </PageTexts>
  );
}
