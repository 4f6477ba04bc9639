import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { DomainError, notFound } from "~/domain/errors";
import { completeProject, deleteProjectRatings, finishingListRead, finishingRead, rateInProject } from "~/domain/projects/finishing.server";
import { runRead, type Read } from "~/domain/reads";
import type { Actor } from "~/server/session.server";
import { pageTexts } from "./page-texts.server";
import { formObject, requireUser, runAction, pageId } from "./page.server";

/**
 * The glue of the completion pages (spec 3 §2 'Complete project page', 'Rate service page'): the loaders
 * read the project in one batch (finishingRead), the actions post to the same domain functions as the API,
 * so every form works without JavaScript.
 */

/** The project's completion data for its customer (`read`: all of it, or the page's list); anyone else gets the 404 page. */
async function loadFinishing<T>(context: AppLoadContext, request: Request, rawId: unknown, read: (ctx: AppLoadContext["ctx"], actor: Actor, id: number) => Read<T>) {
  const actor = requireUser(context, request);
  const id = pageId(rawId);
  try {
    return { actor, id, finishing: await runRead(context.ctx, read(context.ctx, actor, id)) };
  } catch (e) {
    if (e instanceof DomainError && e.kind === "not_found") throw new Response("Not Found", { status: 404 });
    throw e;
  }
}

/**
 * /complete-project/{id} (and its respond/{respondId} child): a completed project redirects to / (spec 3
 * §4), except right after this customer completed it (`?done=1`), when the page says so.
 */
export async function completeProjectLoader(context: AppLoadContext, request: Request, params: { id?: string }) {
  // The page lists the services; each one's team (with its people's competences and ratings) is the rating
  // page's: read and sent once per service, it was most of the page's work with 30 respondents.
  const { finishing } = await loadFinishing(context, request, params.id, finishingListRead);
  const done = new URL(request.url).searchParams.get("done") === "1";
  if (finishing.demandInfo.is_completed && !done) throw redirect("/");
  return { texts: pageTexts(context, "completeProject", "ratingScale"), finishing, done: done && finishing.demandInfo.is_completed };
}

/**
 * The project page's action: 'Завершить проект'. With unrated services the warning must be confirmed first
 * (spec 3 §5 'Completing a project with unrated services requires confirmation'): a form without `confirm`
 * gets the warning back (the no-script path; with script the modal asks before posting).
 */
export async function completeProjectAction(context: AppLoadContext, request: Request, params: { id?: string }) {
  const { actor, id, finishing } = await loadFinishing(context, request, params.id, finishingListRead);
  const input = await formObject(request).catch(() => ({}) as Record<string, unknown>);
  const unrated = finishing.responds.some((r) => r.services.some((s) => !s.is_rated));
  if (unrated && input.confirm !== "1") return data({ ok: false as const, needsConfirm: true, message: "", errors: {} as Record<string, string[]> });
  const result = await runAction(context, async () => await completeProject(context.ctx, actor, { demand_id: id }));
  if (!result.ok) return data({ ok: false as const, needsConfirm: false, ...result.body }, result.init);
  throw redirect(`/complete-project/${id}?done=1`);
}

/** The rating page: the respondent's response, its service and its people (404 when they do not belong together). */
export async function ratePageLoader(context: AppLoadContext, request: Request, params: Record<string, string | undefined>) {
  const { finishing } = await loadFinishing(context, request, params.id, finishingRead);
  if (finishing.demandInfo.is_completed) throw redirect("/");
  const respondId = pageId(params.respondId);
  const serviceId = pageId(params.serviceId);
  const userId = pageId(params.userId);
  const respond = finishing.responds.find((r) => r.id === respondId && r.user_id === userId);
  const service = respond?.services.find((s) => s.id === serviceId);
  if (!respond || !service) throw new Response("Not Found", { status: 404 });
  // spec 3 §2: back to the respondent view once something of it is rated, else to the project page.
  const anyRated = respond.services.some((s) => s.is_rated) || service.users.some((u) => u.is_rated);
  return {
    texts: pageTexts(context, "completeProject", "ratingScale"),
    demand: finishing.demandInfo,
    respond: { id: respond.id, user_id: respond.user_id, user_name: respond.user_name },
    service,
    back: anyRated ? `/complete-project/${finishing.demandInfo.id}/respond/${respond.id}` : `/complete-project/${finishing.demandInfo.id}`,
  };
}

/**
 * The rating page's forms: the service's rating, a person's rating, and deleting either. After a save the
 * page is shown again without its dialog (`?modal=`), so a reload does not post twice.
 */
export async function ratePageAction(context: AppLoadContext, request: Request, params: Record<string, string | undefined>) {
  const actor = requireUser(context, request);
  const demandId = pageId(params.id);
  const serviceId = pageId(params.serviceId);
  const userId = pageId(params.userId);
  const result = await runAction(context, async () => {
    const input = await formObject(request);
    switch (input.intent) {
      case "rate-service":
        return await rateInProject(context.ctx, actor, { type: "service", demand_id: demandId, user_id: userId, service_id: serviceId, rating: input.rating, comment: input.comment });
      case "rate-user":
        return await rateInProject(context.ctx, actor, {
          type: "user",
          demand_id: demandId,
          user_id: input.user_id,
          comment: input.comment,
          expertises: input.expertises ?? [],
          tribes: input.tribes ?? [],
          services: input.services ?? [],
        });
      case "delete":
        return await deleteProjectRatings(context.ctx, actor, { ids: input.ids });
      default:
        throw notFound();
    }
  });
  if (!result.ok) return data({ ok: false as const, ...result.body }, result.init);
  const url = new URL(request.url);
  url.searchParams.delete("modal");
  throw redirect(url.pathname + url.search);
}
