import { z } from "@hono/zod-openapi";
import {
  declineIncoming,
  incomingRecommendations,
  inviteRate,
  inviteRates,
  listInviteRates,
  multiRate,
  outgoingRecommendations,
  rateByHash,
  ratesByHash,
  remindToRate,
  searchPeople,
} from "~/domain/recommendations/recommendations.server";
import { multiRateSchema, outgoingQuerySchema, rateItemSchema, rateItemsSchema, rateSchema, remindSchema, searchQuerySchema } from "~/domain/recommendations/schema";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["recommendations"];
/** The query of GET /user/search: `email-only` is the wire name of the schema's `emailOnly`. */
const searchQuery = searchQuerySchema.omit({ emailOnly: true }).extend({ "email-only": searchQuerySchema.shape.emailOnly });

/** Recommendations and ratings by link (spec 2 §7, spec README "Document 2 details"). */
export const recommendationsApi = apiRouter();
endpoint(recommendationsApi, { method: "get", path: "/user/search", summary: "Find people to ask for a recommendation", tags, auth: "user", query: searchQuery, ok: { description: "The matches" }, errors: [429] }, async (c) =>
  c.json(await searchPeople(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(recommendationsApi, { method: "post", path: "/user/invite-rate", summary: "Ask one person for a recommendation", tags, auth: "user", body: { json: rateItemSchema }, ok: { status: 201, description: "Asked" }, errors: [409, 429] }, async (c) =>
  c.json(await inviteRate(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(recommendationsApi, { method: "post", path: "/user/invite-rates", summary: "Ask several people for recommendations", tags, auth: "user", body: { json: rateItemsSchema }, ok: { status: 201, description: "Asked" }, errors: [409, 429] }, async (c) =>
  c.json(await inviteRates(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(recommendationsApi, { method: "get", path: "/user/invite-rates", summary: "The caller's requests for recommendations", tags, auth: "user", ok: { description: "The requests" } }, async (c) =>
  c.json(await listInviteRates(c.get("ctx"), requireActorC(c))),
);
endpoint(recommendationsApi, { method: "get", path: "/user/profile/recommendations", summary: "The recommendations the caller asked for", tags, auth: "user", query: outgoingQuerySchema, ok: { description: "The recommendations" } }, async (c) =>
  c.json(await outgoingRecommendations(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(recommendationsApi, { method: "get", path: "/user/profile/recommendations/from-others", summary: "Requests the caller was sent", tags, auth: "user", ok: { description: "The requests" } }, async (c) =>
  c.json(await incomingRecommendations(c.get("ctx"), requireActorC(c))),
);
endpoint(
  recommendationsApi,
  { method: "post", path: "/user/profile/recommendations/from-others/{id}/decline", summary: "Decline a request", tags, auth: "user", params: idParams, ok: { description: "Declined" } },
  async (c, { id }) => c.json(await declineIncoming(c.get("ctx"), requireActorC(c), id)),
);
endpoint(recommendationsApi, { method: "post", path: "/user/remind-to-rate", summary: "Remind someone of a request", tags, auth: "user", body: { json: remindSchema }, ok: { description: "Reminded" }, errors: [404, 409, 429] }, async (c) =>
  c.json(await remindToRate(c.get("ctx"), requireActorC(c), await readBody(c))),
);
// POST /api/view-flags serves recommendations and responses alike: declared once, in expert-projects.ts.
// The link is the key: a guest may rate through a hash that names an invited e-mail.
endpoint(recommendationsApi, { method: "post", path: "/user/rate", summary: "Rate through a link's hash", tags, auth: "optional", body: { json: rateSchema }, ok: { description: "Rated" }, errors: [403, 404, 409] }, async (c) =>
  c.json(await rateByHash(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(recommendationsApi, { method: "post", path: "/user/multi-rate", summary: "Rate several items through a link's hash", tags, auth: "optional", body: { json: multiRateSchema }, ok: { description: "Rated" }, errors: [403, 404, 409] }, async (c) =>
  c.json(await multiRate(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(
  recommendationsApi,
  { method: "get", path: "/user/rates", summary: "What a link's hash asks to rate", tags, auth: "optional", query: z.object({ hash: z.string() }), ok: { description: "The items to rate" }, errors: [403, 404] },
  async (c) => c.json(await ratesByHash(c.get("ctx"), c.get("actor"), c.req.query("hash"))),
);
