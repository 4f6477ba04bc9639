import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { WizardData } from "~/components/services/types";
import { requireUser, pageId } from "./page.server";
import { pageTexts } from "./page-texts.server";
import { loadWizard, wizardAction } from "./services-page.server";

/**
 * The loader and action of the three wizard routes. A guest may open a new service (spec 3 §2: with the
 * warning that nothing is saved); editing and the quick view are for signed-in users.
 */
export async function wizardLoader({ request, context, params }: LoaderFunctionArgs, mode: WizardData["mode"]) {
  const actor = mode === "new" && !context.actor ? null : requireUser(context, request);
  return data({ texts: pageTexts(context, "servicesPage", "pickers"), wizard: await loadWizard(context, request, actor, mode, mode === "new" ? undefined : params.id) });
}

export async function wizardRouteAction({ request, context, params }: ActionFunctionArgs, mode: WizardData["mode"]) {
  if (mode === "view") return data({ message: context.ctx.t("errors.forbidden"), errors: {} }, { status: 405 });
  if (context.actor) requireUser(context, request);
  return wizardAction(context, request, mode === "new" ? null : pageId(params.id));
}
