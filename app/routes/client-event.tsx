import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordClientEvent } from "~/domain/visits/visits.server";
import { formObject, runAction } from "~/server/page.server";

/** Events of the pages (the promo block's close and action): the same domain call as POST /api/client/event. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => recordClientEvent(context.ctx, context.actor, await formObject(request)));
  if (!result.ok) return data(result.body, result.init);
  return data({ ok: true as const });
}

export const loader = () => redirect("/");
