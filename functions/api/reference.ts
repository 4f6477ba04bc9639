import { createOption, footerContent, getIndustry, listIndustries, listOptions, listQuestions, listTaxes, listWorkTypes, supportContent } from "~/domain/reference/reference.server";
import { z } from "@hono/zod-openapi";
import { MODERATION_STATUSES } from "../../db/schema/reference";
import { newOptionSchema, searchQuery } from "~/domain/reference/schema";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["reference"];
/** An entry of a list, named in the caller's language. */
const Named = z.object({ id: z.number().int(), name: z.string() });
const Option = Named.extend({ parent_id: z.number().int().nullable(), status: z.enum(MODERATION_STATUSES) });

/** Reference data and content (spec 1 §7). Lists are small and public: cached briefly at the edge. */
export const referenceApi = apiRouter();
endpoint(referenceApi, { method: "get", path: "/industries", summary: "The industries", tags, auth: "none", ok: { description: "The industries", schema: z.array(Named) } }, async (c) => c.json(await listIndustries(c.get("ctx"))));
endpoint(referenceApi, { method: "get", path: "/industries/{id}", summary: "One industry (functions are one tree for every industry: GET /api/options)", tags, auth: "none", params: idParams, ok: { description: "The industry", schema: Named } }, async (c, { id }) =>
  c.json(await getIndustry(c.get("ctx"), id)),
);
endpoint(referenceApi, { method: "get", path: "/options", summary: "The functions", tags, auth: "optional", query: searchQuery, ok: { description: "The functions", schema: z.array(Option) } }, async (c) =>
  c.json(await listOptions(c.get("ctx"), c.get("actor"), query(c))),
);
endpoint(referenceApi, { method: "post", path: "/options", summary: "Propose a function", tags, auth: "user", body: { json: newOptionSchema }, ok: { status: 201, description: "The function (in moderation), or the existing one of that name", schema: Option.pick({ id: true, status: true }) }, errors: [404, 429] }, async (c) =>
  c.json(await createOption(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(referenceApi, { method: "get", path: "/work_type", summary: "The work types", tags, auth: "none", query: searchQuery, ok: { description: "The work types", schema: z.array(Named) } }, async (c) =>
  c.json(await listWorkTypes(c.get("ctx"), query(c))),
);
endpoint(referenceApi, { method: "get", path: "/taxes", summary: "The tax regimes", tags, auth: "none", ok: { description: "The taxes" } }, async (c) => c.json(await listTaxes(c.get("ctx"))));
endpoint(referenceApi, { method: "get", path: "/content/footer", summary: "The footer's content", tags, auth: "none", ok: { description: "The content" } }, async (c) => c.json(await footerContent(c.get("ctx"))));
endpoint(referenceApi, { method: "get", path: "/content/support", summary: "The support page's content", tags, auth: "none", ok: { description: "The content" } }, async (c) => c.json(await supportContent(c.get("ctx"))));
endpoint(referenceApi, { method: "get", path: "/questions", summary: "The FAQ", tags, auth: "none", ok: { description: "The questions" } }, async (c) => c.json(await listQuestions(c.get("ctx"))));
