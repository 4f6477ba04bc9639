import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { createInvite } from "~/domain/invites/invites.server";
import { pageTexts } from "./page-texts.server";
import { formObject, requireUser, runAction } from "./page.server";
import "./load-context";

/** spec 2 §2 'Invitation pages': signed-in (and, spec README, verified) users only. */
export function inviteLoader(context: AppLoadContext, request: Request) {
  requireUser(context, request);
  return data({ texts: pageTexts(context, "invitePage") });
}

/** POST /api/invite's rule, from either invitation page (spec 2 §2). */
export async function inviteAction(context: AppLoadContext, request: Request, expertType: "individual" | "company") {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => await createInvite(context.ctx, actor, { ...(await formObject(request)), expert_type: expertType }));
  if (!result.ok) return data(result.body, result.init);
  return data({ sent: true as const, email: result.value.invite.email });
}
