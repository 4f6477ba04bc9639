import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteCase, saveCase } from "~/domain/cases/cases.server";
import { itemFormAction } from "~/web/item-form-action.server";

/** The profile's case form and delete button post here (the same domain calls as POST and DELETE /api/user/cases). */
export async function action(args: ActionFunctionArgs) {
  const ctx = args.context.ctx;
  return itemFormAction(args, "/profile/information#case", {
    save: (actor, form) => saveCase(ctx, actor, form),
    remove: (actor, id) => deleteCase(ctx, actor, id),
  });
}

export const loader = () => redirect("/profile/information#case");
