/** /service-add: a new service; ?teamAndPeople= and ?type= preselect the format and the type (spec 3 §2). */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ServiceWizard } from "~/components/services/wizard";
import { PageTexts } from "~/lib/i18n";
import { wizardLoader, wizardRouteAction } from "~/web/service-wizard-route.server";
import styles from "~/styles/services.css?url";

export const handle = { titleKey: "services.newTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = (args: LoaderFunctionArgs) => wizardLoader(args, "new");
export const action = (args: ActionFunctionArgs) => wizardRouteAction(args, "new");

export default function ServiceWizardRoute() {
  const { texts, wizard } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ServiceWizard data={wizard} key={wizard.draft.id ?? "new"} />
    </PageTexts>
  );
}
