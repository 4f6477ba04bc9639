import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { createContactRequest } from "~/domain/support/support.server";
import { formObject, runAction } from "~/web/page.server";

/**
 * The callback form of the help button and the support modal: the same domain call as POST
 * /api/contact, with the pages' error shape. The modal posts here with fetch() and reads JSON (no
 * fetcher: docs/decisions/0011-shell-and-promo.md), so the answer is a plain JSON response.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await createContactRequest(context.ctx, context.actor, await formObject(request)));
  if (!result.ok) return Response.json(result.body, result.init);
  return Response.json({ sent: true, message: result.value.message });
}

export const loader = () => redirect("/");
