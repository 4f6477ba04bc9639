import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createDemand, demandFormReference, getOwnDemand, updateDemand } from "~/domain/demands/demands.server";
import { idOrNotFound } from "~/domain/validation";
import { DemandForm } from "~/components/demands/demand-form";
import { PageTexts } from "~/lib/i18n";
import { pageTexts } from "~/web/page-texts.server";
import { runAction, formObject, requireUser, type ActionErrors, pageId, pageRead } from "~/web/page.server";
import type { TitleHandle } from "~/root";

export const handle: TitleHandle = { titleKey: (data) => ((data as { demand?: unknown } | undefined)?.demand ? "requestAdd.editTitle" : "requestAdd.title") };

/**
 * /request-add (spec 3 §2 Customer requests): the new request, or `?id=` to edit one's own (a different
 * call: updateDemand). Signed in with a verified e-mail, otherwise the verification placeholder.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The guard sends an unverified user to /verify (app/domain/auth/policy.server.ts); creating refuses him too.
  const actor = requireUser(context, request);
  const idParam = new URL(request.url).searchParams.get("id");
  const [reference, demand] = await Promise.all([demandFormReference(context.ctx), idParam ? pageRead(context, () => getOwnDemand(context.ctx, actor, pageId(idParam))) : Promise.resolve(null)]);
  return data({ texts: pageTexts(context, "demands", "pickers"), reference, demand });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const idParam = new URL(request.url).searchParams.get("id");
  const result = await runAction(context, async () => {
    const input = await formObject(request);
    return idParam ? await updateDemand(context.ctx, actor, idOrNotFound(idParam), input) : await createDemand(context.ctx, actor, input);
  });
  if (!result.ok) return data(result.body, result.init);
  return redirect("/projects/request#search");
}

export default function RequestAdd() {
  const { texts, reference, demand } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionErrors>();
  const navigation = useNavigation();
  return (
    <PageTexts texts={texts}>
      <DemandForm reference={reference} demand={demand} answer={answer ?? null} pending={navigation.state !== "idle"} />
    </PageTexts>
  );
}
