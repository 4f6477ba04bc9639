import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RequestManage } from "~/components/projects/request-manage";
import { DomainError } from "~/domain/errors";
import { manageRead, setFavorite, shortlist, viewResponds } from "~/domain/projects/manage.server";
import { requestPayment } from "~/domain/projects/payments.server";
import { runRead } from "~/domain/reads";
import { idField } from "~/domain/validation";
import { PageTexts } from "~/lib/i18n";
import { routeModeCookie } from "~/web/mode.server";
import { pageTexts } from "~/web/page-texts.server";
import { formObject, requireUser, runAction } from "~/web/page.server";

export const handle = { titleKey: "projects.manageTitle" };

const notFoundPage = () => new Response("Not Found", { status: 404 });

function demandIdOf(raw: string | undefined) {
  const id = idField.safeParse(raw);
  if (!id.success || !/^\d+$/.test(raw ?? "")) throw notFoundPage();
  return id.data;
}

/**
 * /request-list/{id} (spec 3 §2 'Request management'): the customer's responses and the project's start.
 * `?userId=` opens that respondent's response, which marks it viewed (spec 3 §4); `?tab=about` shows the
 * request. The whole page is one D1 batch (manageRead), after the view mark when a response is opened.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const id = demandIdOf(params.id);
  const url = new URL(request.url);
  const userId = idField.safeParse(url.searchParams.get("userId"));
  const texts = pageTexts(context, "requestManage");
  try {
    let info = await runRead(context.ctx, manageRead(context.ctx, actor.user.id, id, { partsOf: userId.success ? userId.data : null }));
    if (!info) throw notFoundPage();
    // spec 3 §2: a completed request is not managed any more.
    if (info.is_completed) throw redirect("/");
    const opened = userId.success ? info.responds.find((r) => r.user_id === userId.data) : undefined;
    // Opening a response marks it viewed, which its expert sees: a link from another site (a forged one: our
    // mails link to the list, not to a response) opens it without the mark.
    if (opened && !opened.is_viewed && request.headers.get("Sec-Fetch-Site") !== "cross-site") {
      await viewResponds(context.ctx, actor, [opened.id]);
      info = { ...info, responds: info.responds.map((r) => (r.id === opened.id ? { ...r, is_viewed: true } : r)) };
    }
    const tab = url.searchParams.get("tab") === "about" || !info.responds.length ? "about" : "responds";
    // The customer's page: the device switches to the customer mode (app/lib/mode.ts routeMode).
    const modeCookie = routeModeCookie(context, request);
    return data({ texts, info, openedId: opened?.id ?? null, tab: tab as "about" | "responds", forbidden: null as string | null }, modeCookie ? { headers: { "Set-Cookie": modeCookie } } : undefined);
  } catch (e) {
    // spec 3 §8: the request info answering 403 shows its alert.
    if (e instanceof DomainError && e.kind === "forbidden") return data({ texts, info: null, openedId: null, tab: "about" as const, forbidden: context.ctx.t("demands.search_finished") }, { status: 403 });
    throw e;
  }
}

/** The page's forms, without JavaScript too: the same domain calls as the API. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const id = demandIdOf(params.id);
  const result = await runAction(context, async () => {
    const input = await formObject(request);
    switch (input.intent) {
      case "favorite":
        return await setFavorite(context.ctx, actor, { demand_id: id, respond_id: input.respond_id, remove: input.remove });
      case "request-payment":
        return await requestPayment(context.ctx, actor, { demand_id: id });
      case "shortlist":
        return await shortlist(context.ctx, actor, { demand_id: id, responds: input.responds });
      default:
        throw new DomainError("validation", "validation.invalid", { fields: { form: ["validation.invalid"] } });
    }
  });
  if (!result.ok) return data({ ok: false as const, intent: null, ...result.body }, result.init);
  const input = result.value as { status?: string; payment_requested_at?: string; is_favorite?: boolean };
  const intent = input.status === "active" ? "shortlist" : input.payment_requested_at ? "request-payment" : "favorite";
  return data({ ok: true as const, intent, message: null as string | null, errors: {} as Record<string, string[]> });
}

export default function RequestListPage() {
  const { texts, info, openedId, tab, forbidden } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PageTexts texts={texts}>
      <RequestManage info={info} openedId={openedId} tab={tab} forbidden={forbidden} answer={answer ?? null} />
    </PageTexts>
  );
}
