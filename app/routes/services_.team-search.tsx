import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser, runAction } from "~/web/page.server";
import { teamSearch } from "~/web/services-domain.server";

/** The add-employee dialog's person search (spec 3 §2 'Из текущих'): the services domain's team search as JSON. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const scope = params.get("scope") ?? undefined;
  const result = await runAction(context, async () => await teamSearch(context.ctx, actor, { search, scope }));
  if (!result.ok) return data(result.body, result.init);
  return data(result.value, { headers: { "Cache-Control": "private, no-store" } });
}
