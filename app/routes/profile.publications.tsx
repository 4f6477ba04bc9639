import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { addPublication, deletePublication } from "~/domain/cases/publications.server";
import { idField } from "~/domain/validation";
import { notFound } from "~/domain/errors";
import { formObject, runAction, type ActionErrors } from "~/server/page.server";

/** The profile's publication forms post here (the same domain calls as /api/user/profile/publications). */
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
      return deletePublication(context.ctx, actor, id.data);
    }
    // A file input left empty arrives as an empty File: it is no file.
    if (form.publication_file instanceof File && form.publication_file.size === 0 && !form.publication_file.name) delete form.publication_file;
    return addPublication(context.ctx, actor, form);
  });
  if (!result.ok) return data(result.body, result.init);
  if (!viaFetch) return redirect("/profile/information#publication");
  return data({ ok: true as const });
}

export const loader = () => redirect("/profile/information#publication");
