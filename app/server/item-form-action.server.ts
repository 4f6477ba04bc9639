import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/domain/errors";
import { idField } from "~/domain/validation";
import type { Actor } from "./session.server";
import { formObject, runAction, type ActionErrors } from "./page.server";

type Form = Record<string, unknown>;

/**
 * The action of a profile list whose items are added and deleted by forms (cases, publications): the
 * same domain calls as the API's. `intent=delete` with an `id` deletes, anything else saves. A form sent
 * by a fetcher (`_fetch=1`) gets JSON; one sent without JavaScript goes back to `back` (the section).
 */
export async function itemFormAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  back: string,
  calls: { save: (actor: Actor, form: Form) => Promise<unknown>; remove: (actor: Actor, id: number) => Promise<unknown> },
) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  let viaFetch = false;
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    viaFetch = form._fetch === "1";
    if (form.intent === "delete") {
      const id = idField.safeParse(form.id);
      if (!id.success) throw notFound();
      return calls.remove(actor, id.data);
    }
    return calls.save(actor, form);
  });
  if (!result.ok) return data(result.body, result.init);
  if (!viaFetch) return redirect(back);
  return data({ ok: true as const });
}
