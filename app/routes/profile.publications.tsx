import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { addPublication, deletePublication } from "~/domain/cases/publications.server";
import { itemFormAction } from "~/web/item-form-action.server";

/** The profile's publication forms post here (the same domain calls as /api/user/profile/publications). */
export async function action(args: ActionFunctionArgs) {
  const ctx = args.context.ctx;
  return itemFormAction(args, "/profile/information#publication", {
    save: (actor, form) => {
      // A file input left empty arrives as an empty File: it is no file.
      if (form.publication_file instanceof File && form.publication_file.size === 0 && !form.publication_file.name) delete form.publication_file;
      return addPublication(ctx, actor, form);
    },
    remove: (actor, id) => deletePublication(ctx, actor, id),
  });
}

export const loader = () => redirect("/profile/information#publication");
