/** /service-add/quick-view/{id}: the service, read-only (spec 3 §2). */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ServiceWizard } from "~/components/services/wizard";
import { PageTexts } from "~/lib/i18n";
import { wizardLoader, wizardRouteAction } from "~/web/service-wizard-route.server";
import styles from "~/styles/services.css?url";

export const handle = { titleKey: "services.viewTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = (args: LoaderFunctionArgs) => wizardLoader(args, "view");
export const action = (args: ActionFunctionArgs) => wizardRouteAction(args, "view");

export default function ServiceWizardRoute() {
  const { texts, wizard } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ServiceWizard data={wizard} key={wizard.draft.id ?? "new"} />
    </PageTexts>
  );
}
