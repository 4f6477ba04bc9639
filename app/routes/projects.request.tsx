import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DemandList } from "~/components/demands/demand-list";
import { deleteDemand, demandsPage, restartDemand, stopDemand } from "~/domain/demands/demands.server";
import { idOrNotFound } from "~/domain/validation";
import { PageTexts } from "~/lib/i18n";
import { pageTexts } from "~/web/page-texts.server";
import { formObject, requireUser, runAction } from "~/web/page.server";

export const handle = { titleKey: "projects.requestTitle" };

/**
 * /projects/request (spec 3 §2): the customer's requests by group, 3 per page (`?group=&page=` pages one
 * group; the hash picks the tab) with their signal chips, and stop, restart and delete.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const url = new URL(request.url);
  const list = await demandsPage(context.ctx, actor, Object.fromEntries(url.searchParams));
  // A page past the group's last (its request stopped, resumed or deleted from the last page) goes to the
  // last one, as the communities do: not an empty tab without a pager.
  const group = url.searchParams.get("group");
  const paged = group && Object.hasOwn(list, group) ? list[group as keyof typeof list] : null;
  if (paged && paged.total > 0 && paged.current_page > paged.last_page) return redirect(`/projects/request?group=${group}&page=${paged.last_page}`);
  return data({ texts: pageTexts(context, "demands", "completeProject"), list, group });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => {
    const input = await formObject(request);
    switch (input.intent) {
      case "stop":
        return await stopDemand(context.ctx, actor, input);
      case "restart":
        return await restartDemand(context.ctx, actor, input);
      case "delete":
        return await deleteDemand(context.ctx, actor, idOrNotFound(input.id));
      default:
        return null;
    }
  });
  if (!result.ok) return data({ ok: false as const, ...result.body }, result.init);
  return data({ ok: true as const, intent: typeof result.value === "object" ? "done" : "none" });
}

export default function ProjectsRequest() {
  const { texts, list, group } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <DemandList list={list} pagedGroup={group} />
    </PageTexts>
  );
}
