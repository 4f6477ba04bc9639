import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser, runAction } from "~/web/page.server";
import { teamSearch } from "~/web/services-domain.server";

/** The add-employee dialog's person search (spec 3 §2 'Из текущих'): the services domain's team search as JSON. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const search = new URL(request.url).searchParams.get("search") ?? "";
  const result = await runAction(context, async () => await teamSearch(context.ctx, actor, { search }));
  if (!result.ok) return data(result.body, result.init);
  return data(result.value, { headers: { "Cache-Control": "private, no-store" } });
}
