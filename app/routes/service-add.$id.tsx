/** /service-add/{id}: edit a service (spec 3 §2). */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ServiceWizard } from "~/components/services/wizard";
import { PageTexts } from "~/lib/i18n";
import { wizardLoader, wizardRouteAction } from "~/web/service-wizard-route.server";
import styles from "~/styles/services.css?url";

export const handle = { titleKey: "services.editTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = (args: LoaderFunctionArgs) => wizardLoader(args, "edit");
export const action = (args: ActionFunctionArgs) => wizardRouteAction(args, "edit");

export default function ServiceWizardRoute() {
  const { texts, wizard } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ServiceWizard data={wizard} key={wizard.draft.id ?? "new"} />
    </PageTexts>
  );
}
