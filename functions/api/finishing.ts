import { completeProject, deleteProjectRatings, getFinishing, rateInProject } from "~/domain/projects/finishing.server";
import { completeSchema, deleteRatingsSchema, finishingSchema } from "~/domain/projects/schema";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["projects"];

/**
 * Completing and rating a project (spec 3 §2 'Completion and rating', §7 Demands; spec README "Managing,
 * starting, completing"; docs/decisions/0033-project-ratings.md).
 */
export const finishingApi = apiRouter();

endpoint(
  finishingApi,
  {
    method: "get",
    path: "/demand/{id}/finishing",
    summary: "A project's completion data",
    description: "`demandInfo {name, is_completed}` and the chosen respondents with their response's services and team (spec 3 §3 'Project finishing data'). The request's customer only (404 for anyone else).",
    tags,
    auth: "user",
    params: idParams,
    ok: { description: "The completion data" },
  },
  async (c, { id }) => c.json(await getFinishing(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  finishingApi,
  {
    method: "post",
    path: "/demand/finishing",
    summary: "Rate a service or a person of an active project",
    description:
      "`{type: 'service', demand_id, user_id, service_id, rating, comment}` or `{type: 'user', demand_id, user_id, comment, expertises: [{id, rating}], tribes: [{industry_id, option_id, rating}], services?: [{id, rating}]}` (services: the person's score in a service of his response; the respondent's is the service's rating). The customer only, for a chosen respondent (or a member of his response's team) and a service of that response, while the request is active (422 after completion). Rating the same thing again replaces it. Answers the ids of the ratings.",
    tags,
    auth: "user",
    body: { json: finishingSchema, form: finishingSchema },
    ok: { description: "`{ids}` of the ratings written" },
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await rateInProject(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  finishingApi,
  {
    method: "delete",
    path: "/rating",
    summary: "Delete own project ratings",
    description: "`{ids}`: the caller's own ratings of a request that is still active; all or nothing (404 for a rating that is not the caller's, 422 once the project is completed).",
    tags,
    auth: "user",
    body: { json: deleteRatingsSchema },
    ok: { description: "`{ids}` deleted" },
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await deleteProjectRatings(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  finishingApi,
  {
    method: "post",
    path: "/demand/complete",
    summary: "Complete an active project",
    description: "`{demand_id}`: active → completed, the chosen responses too. Afterwards the rating calls answer 422.",
    tags,
    auth: "user",
    body: { json: completeSchema, form: completeSchema },
    ok: { description: "The request's new status" },
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await completeProject(c.get("ctx"), actor, await readBody(c)));
  },
);
