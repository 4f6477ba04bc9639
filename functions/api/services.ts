import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { DomainError } from "~/domain/errors";
import { myServicesQuery, participateInput, serviceExpertisesQuery, serviceInput, teamSearchQuery } from "~/domain/services/schema";
import {
  createService,
  deleteService,
  getService,
  hideService,
  listMyServices,
  listServiceExpertises,
  listServiceSpecializations,
  listServiceTypes,
  participateInService,
  searchTeamUsers,
  updateService,
} from "~/domain/services/services.server";
import { listWorkRoles } from "~/domain/experience/works.server";
import { query, readBody, requireActorC, type HonoEnv } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";
import { searchQuery } from "~/domain/reference/schema";

const tags: [string] = ["services"];

/** A query's list as `key=1&key=2`, `key[]=1` or `key[0]=1` (the spec's arrays). */
function queryList(c: Context<HonoEnv>, key: string): string[] {
  const all = c.req.queries();
  return Object.entries(all)
    .filter(([k]) => k === key || k === `${key}[]` || new RegExp(`^${key}\\[\\d+\\]$`).test(k))
    .flatMap(([, v]) => v);
}

/**
 * Services, their teams and catalogues (spec 3 §7 'Services and catalogues', README 'Document 3 details').
 * `GET /api/user/search` is the recommendations router's (the same person search serves the team modal);
 * `GET /api/taxes` is the reference router's; `POST /api/invite` takes the new-employee payload too.
 */
export const servicesApi = apiRouter();
endpoint(servicesApi, { method: "get", path: "/service", summary: "My services, grouped", tags, auth: "user", query: myServicesQuery, ok: { description: "{individual, company, hidden, data}" } }, async (c) =>
  c.json(await listMyServices(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(servicesApi, { method: "post", path: "/service", summary: "Create a service", description: "A verified e-mail is needed (403 `needsVerification` otherwise).", tags, auth: "user", body: { json: serviceInput, form: serviceInput }, ok: { status: 201, description: "The service" }, errors: [403, 429] }, async (c) =>
  c.json(await createService(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(
  servicesApi,
  {
    method: "get",
    path: "/service/expertises",
    summary: "Competences a service may pick (the team's own)",
    tags,
    auth: "user",
    query: serviceExpertisesQuery,
    ok: { description: "[{id, expertise_id, name, rating, rating_count}]" },
  },
  async (c) => c.json(await listServiceExpertises(c.get("ctx"), requireActorC(c), { ...query(c), users: queryList(c, "users") })),
);
endpoint(
  servicesApi,
  {
    method: "get",
    path: "/service/team-search",
    summary: "Find a verified user to add to a team ('Из текущих')",
    description: "Ours (the team modal's search): by name, or by a whole e-mail typed exactly; public fields only, at most 10. `scope=colleagues` finds only the people the caller may name in a response's team: those who share one of his service teams, as its owner or a member who accepted, and the employees he invited who registered. `GET /api/user/search` is the recommendations' search. A verified e-mail is needed (403 `needsVerification` otherwise).",
    tags,
    auth: "user",
    query: teamSearchQuery,
    ok: { description: "[{id, name, photo, rating, user_company}]" },
    errors: [403, 429],
  },
  async (c) => c.json(await searchTeamUsers(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(
  servicesApi,
  { method: "post", path: "/service/participate", summary: "Accept or refuse a place in a service's team", tags, auth: "user", body: { json: participateInput, form: participateInput }, ok: { description: "The answer" }, errors: [403, 404, 429] },
  async (c) => c.json(await participateInService(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(servicesApi, { method: "get", path: "/service/{id}", summary: "One service", tags, auth: "user", params: idParams, ok: { description: "The service" } }, async (c, { id }) =>
  c.json(await getService(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  servicesApi,
  { method: "post", path: "/service/{id}", summary: "Edit a service (back to moderation)", tags, auth: "user", params: idParams, body: { json: serviceInput, form: serviceInput }, ok: { description: "The service" }, errors: [403, 429] },
  async (c, { id }) => c.json(await updateService(c.get("ctx"), requireActorC(c), id, await readBody(c))),
);
endpoint(servicesApi, { method: "delete", path: "/service/{id}", summary: "Delete a service", tags, auth: "user", params: idParams, ok: { description: "Deleted" }, errors: [403] }, async (c, { id }) =>
  c.json(await deleteService(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  servicesApi,
  {
    method: "get",
    path: "/service/{id}/hide",
    summary: "Hide a service (not_active)",
    description: "A state change on GET (the spec's path): it needs the bearer token; the page's cookie alone is refused with 403.",
    tags,
    auth: "user",
    params: idParams,
    ok: { description: "The service" },
    errors: [403],
  },
  async (c, { id }) => {
    // ARCHITECTURE 'Sessions and security': the one mutating GET is not reachable with a cookie alone.
    const actor = requireActorC(c);
    if (c.get("authVia") !== "bearer") throw new DomainError("forbidden", "service.bearer_only");
    return c.json(await hideService(c.get("ctx"), actor, id));
  },
);
endpoint(servicesApi, { method: "get", path: "/service/{id}/specializations", summary: "A service's specializations", tags, auth: "user", params: idParams, ok: { description: "The specializations" } }, async (c, { id }) =>
  c.json(await listServiceSpecializations(c.get("ctx"), requireActorC(c), id)),
);
const typesQuery = z.object({ format: z.enum(["company", "individual"]).optional() });
endpoint(servicesApi, { method: "get", path: "/service-types", summary: "The service types with their durations", tags, auth: "none", query: typesQuery, ok: { description: "[{id, name, type, durations, fee, is_rounded_up, round_base}]" } }, async (c) => {
  const format = typesQuery.safeParse(query(c));
  return c.json(await listServiceTypes(c.get("ctx"), format.success ? format.data.format : null));
});
endpoint(servicesApi, { method: "get", path: "/work-roles", summary: "The work roles (the same list as /work_roles)", tags, auth: "none", query: searchQuery, ok: { description: "The roles, those whose name contains `search` when given" } }, async (c) =>
  c.json(await listWorkRoles(c.get("ctx"), query(c))),
);
