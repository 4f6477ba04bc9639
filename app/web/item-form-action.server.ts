import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { idOrNotFound } from "~/domain/validation";
import type { Actor } from "~/server/session.server";
import { formObject, runAction, type ActionErrors } from "./page.server";

type Form = Record<string, unknown>;

/**
 * The action of a profile form that works with and without JavaScript, calling the same domain functions as
 * the API: `handle` gets the signed-in actor and the form. A form sent by a fetcher (`_fetch=1`) gets JSON,
 * `{ ok: true }` with what `handle` returned; one sent without JavaScript goes back to `back` (the section).
 * A refused call answers with the page's error body either way.
 */
export async function fetcherFormAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  back: string,
  handle: (actor: Actor, form: Form) => Promise<object | void>,
) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  let viaFetch = false;
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    viaFetch = form._fetch === "1";
    return await handle(actor, form);
  });
  if (!result.ok) return data(result.body, result.init);
  if (!viaFetch) return redirect(back);
  return data({ ok: true as const, ...(result.value ?? {}) });
}

/**
 * The action of a profile list whose items are added and deleted by forms (cases, publications).
 * `intent=delete` with an `id` deletes, anything else saves; a fetcher gets `{ ok: true }`.
 */
export function itemFormAction(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  back: string,
  calls: { save: (actor: Actor, form: Form) => Promise<unknown>; remove: (actor: Actor, id: number) => Promise<unknown> },
) {
  return fetcherFormAction(args, back, async (actor, form) => {
    if (form.intent === "delete") {
      const id = idOrNotFound(form.id);
      await calls.remove(actor, id);
    } else await calls.save(actor, form);
  });
}
