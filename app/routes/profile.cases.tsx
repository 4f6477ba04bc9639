import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteCase, saveCase } from "~/domain/cases/cases.server";
import { idField } from "~/domain/validation";
import { notFound } from "~/domain/errors";
import { formObject, runAction, type ActionErrors } from "~/server/page.server";

/**
 * The profile's case form and delete button post here (the same domain calls as POST and DELETE
 * /api/user/cases). A form sent by a fetcher gets JSON; one sent without JavaScript goes back to the page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  let viaFetch = false;
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    viaFetch = form._fetch === "1";
    if (form.intent === "delete") {
      const id = idField.safeParse(form.id);
      if (!id.success) throw notFound();
      return deleteCase(context.ctx, actor, id.data);
    }
    return saveCase(context.ctx, actor, form);
  });
  if (!result.ok) return data(result.body, result.init);
  if (!viaFetch) return redirect("/profile/information#case");
  return data({ ok: true as const });
}

export const loader = () => redirect("/profile/information#case");
