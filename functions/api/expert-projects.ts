import { z } from "@hono/zod-openapi";
import { apiListQuery, declineSchema, viewFlagsBody } from "~/domain/responds/expert-projects";
import { declineInvitation, listExpertProjects, setAnyViewFlags } from "~/domain/responds/expert-projects.server";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint } from "../openapi";

const tags: [string] = ["responds"];

/** The expert's side of requests (spec 3 §7 Demands; README "Responses"; docs/decisions/0035-matching.md). */
export const expertProjectsApi = apiRouter();

endpoint(
  expertProjectsApi,
  {
    method: "get",
    path: "/demands-services",
    summary: "The caller's invitations and responses by group, 3 per page",
    description:
      "`{request, sent, moderation, active, completed, rejected}` (`request`: the invitations), each `{data, current_page, last_page, total}`; `?group=&page=` pages one group. Items: `{id, demand_id, demand_name, demand_service_type, demand_budget (expert-visible), demand_is_finished, status, is_viewed, viewed_by_customer, created_at, reject_reason}`. Declined invitations never appear.",
    tags,
    auth: "user",
    query: apiListQuery,
    ok: { description: "The groups" },
  },
  async (c) => c.json(await listExpertProjects(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(
  expertProjectsApi,
  {
    method: "post",
    path: "/reject-respond",
    summary: "Decline an invitation",
    description: "The caller's invitation to the request becomes `declined`: it leaves every list and matching never invites him to it again. 404 without an invitation, 422 when he already responded or declined.",
    tags,
    auth: "user",
    body: { json: declineSchema, form: declineSchema },
    ok: { description: "Declined", schema: z.object({ demand_id: z.number(), status: z.literal("declined") }) },
    errors: [404],
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await declineInvitation(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  expertProjectsApi,
  {
    method: "post",
    path: "/view-flags",
    summary: "Mark items seen: recommendations, responses (customer), invitations (expert)",
    description: "`{model: 'recommendation', ids}`: the caller's incoming recommendation requests are seen (answers `{ids}`). `{model: 'respond', ids}`: the customer's responses to his own requests become viewed (the expert sees 'Просмотрено'). `{model: 'invite', ids}`: the expert's own invitations lose their new mark. Other ids change nothing. Answers the ids that changed.",
    tags,
    auth: "user",
    body: { json: viewFlagsBody, form: viewFlagsBody },
    ok: { description: "The ids that changed", schema: z.object({ model: z.enum(["respond", "invite"]).optional(), ids: z.array(z.number()) }) },
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await setAnyViewFlags(c.get("ctx"), actor, await readBody(c)));
  },
);
