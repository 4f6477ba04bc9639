import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { confirmProposal, deleteResume, processResume, uploadResume } from "~/domain/cases/resume.server";
import { recordClientEvent } from "~/domain/visits/visits.server";
import { formObject, runAction, type ActionErrors } from "~/server/page.server";

/**
 * The resume block and the resume banner post here: the same domain calls as POST/DELETE /api/user/resume,
 * POST /api/user/resume/process and /proposal. Closing the banner records the visit event parse_close
 * and reports -1 (spec 2 §4).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  let viaFetch = false;
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    viaFetch = form._fetch === "1";
    const ctx = context.ctx;
    switch (form.intent) {
      case "upload":
        if (form.resume instanceof File && form.resume.size === 0 && !form.resume.name) delete form.resume;
        return uploadResume(ctx, actor, form);
      case "delete":
        return deleteResume(ctx, actor);
      case "close":
        await recordClientEvent(ctx, actor, { name: "parse_close" });
        return processResume(ctx, actor, { process: -1 });
      case "confirm":
        return confirmProposal(ctx, actor, form);
      default:
        return processResume(ctx, actor, { process: form.process });
    }
  });
  if (!result.ok) return data(result.body, result.init);
  if (!viaFetch) return redirect("/profile/information");
  return data({ ok: true as const, ...(result.value as object) });
}

export const loader = () => redirect("/profile/information");
