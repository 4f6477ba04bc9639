import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordClientEvent } from "~/domain/visits/visits.server";
import { formObject, runAction, type ActionErrors } from "~/web/page.server";

/**
 * Events of the pages (the promo block's close and action): the same domain call as POST
 * /api/client/event. Only signed-in users see the promo block, so only they post here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  const result = await runAction(context, async () => await recordClientEvent(context.ctx, actor, await formObject(request)));
  if (!result.ok) return data(result.body, result.init);
  return data({ ok: true as const });
}

export const loader = () => redirect("/");
