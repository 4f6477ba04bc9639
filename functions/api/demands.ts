import { z } from "@hono/zod-openapi";
import { createDemand, deleteDemand, listDemands, restartDemand, shortDemand, stopDemand, updateDemand } from "~/domain/demands/demands.server";
import { demandSchema, listQuery, restartSchema, stopSchema } from "~/domain/demands/schema";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["demands"];

/** The customer's requests (spec 3 §7 Demands; spec README "Document 3 details"; docs/decisions/0029-demands.md). */
export const demandsApi = apiRouter();

endpoint(
  demandsApi,
  { method: "get", path: "/demand", summary: "The caller's requests by group, 3 per page", description: "`{searching, active, completed, search_expired}`, each `{data, current_page, last_page, total}`; `?group=&page=` pages one group. Requests in moderation (and rejected ones) are listed in `searching`.", tags, auth: "user", query: listQuery, ok: { description: "The groups" } },
  async (c) => c.json(await listDemands(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(
  demandsApi,
  { method: "post", path: "/demand", summary: "Create a request", description: "Multipart: arrays as key[i], files as files[i] (≤ 5, each under 50 MB, checked by content), or files uploaded beforehand through POST /api/uploads as uploads[i] (their ids; inline and uploaded together ≤ 5). Needs a verified e-mail.", tags, auth: "user", body: { form: demandSchema, json: demandSchema }, ok: { status: 201, description: "The new request's id and status" }, errors: [429] },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await createDemand(c.get("ctx"), actor, await readBody(c)), 201);
  },
);
endpoint(
  demandsApi,
  { method: "post", path: "/demand/stop", summary: "Stop the search of an own request", tags, auth: "user", body: { json: stopSchema, form: stopSchema }, ok: { description: "The request's new status" }, errors: [404] },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await stopDemand(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  demandsApi,
  { method: "post", path: "/demand/restart", summary: "Resume or extend the search of an own request", description: "`extension`: 1–30 days without 20, default 10; the search's last day becomes today + extension.", tags, auth: "user", body: { json: restartSchema, form: restartSchema }, ok: { description: "The request's new status and last day" }, errors: [404] },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await restartDemand(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  demandsApi,
  { method: "get", path: "/demand/short/{id}", summary: "A request as an expert sees it", description: "The expert-visible budget. 404 while in moderation, 403 once the search is over (for anyone but the owner).", tags, auth: "user", params: idParams, ok: { description: "The request" }, errors: [403] },
  async (c, { id }) => c.json(await shortDemand(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  demandsApi,
  { method: "post", path: "/demand/{id}", summary: "Edit an own request", description: "The creation payload; kept files as files[i][id], new ones inline or as uploads[i]. Sends the request to moderation again.", tags, auth: "user", params: idParams, body: { form: demandSchema, json: demandSchema }, ok: { description: "The request's id and status" }, errors: [409, 429] },
  async (c, { id }) => {
    const actor = requireActorC(c);
    return c.json(await updateDemand(c.get("ctx"), actor, id, await readBody(c)));
  },
);
endpoint(
  demandsApi,
  { method: "delete", path: "/demand/{id}", summary: "Delete an own request", description: "Not while active or completed (422).", tags, auth: "user", params: idParams, ok: { description: "Deleted", schema: z.object({ ok: z.boolean() }) } },
  async (c, { id }) => c.json(await deleteDemand(c.get("ctx"), requireActorC(c), id)),
);
