import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { confirmProposal, deleteResume, processResume, uploadResume } from "~/domain/cases/resume.server";
import { recordClientEvent } from "~/domain/visits/visits.server";
import { fetcherFormAction } from "~/web/item-form-action.server";

/**
 * The resume block and the resume banner post here: the same domain calls as POST/DELETE /api/user/resume,
 * POST /api/user/resume/process and /proposal. Closing the banner records the visit event parse_close
 * and reports -1 (spec 2 §4).
 */
export async function action(args: ActionFunctionArgs) {
  return fetcherFormAction(args, "/profile/information", async (actor, form) => {
    const ctx = args.context.ctx;
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
}

export const loader = () => redirect("/profile/information");
