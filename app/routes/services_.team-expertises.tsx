import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser, runAction } from "~/web/page.server";
import { teamExpertises } from "~/web/services-domain.server";

/** The competences a company service may pick: the team's own (spec 3 §2), as JSON for the wizard. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const users = (new URL(request.url).searchParams.get("users") ?? "").split(",").filter(Boolean);
  const result = await runAction(context, async () => await teamExpertises(context.ctx, actor, { users }));
  if (!result.ok) return data(result.body, result.init);
  return data(result.value, { headers: { "Cache-Control": "private, no-store" } });
}
