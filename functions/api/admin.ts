import { z } from "@hono/zod-openapi";
import { auditPage } from "~/domain/admin/audit.server";
import { QUEUE_NAMES } from "~/domain/admin/queue";
import { decide, queuePage, queueSummaries } from "~/domain/admin/queues.server";
import { auditQuery, contactRequestsQuery, decisionSchema, queueListQuery, settingsSchema } from "~/domain/admin/schema";
import { listContactRequests, markContactRequestDone } from "~/domain/support/support.server";
import { getSettings, saveSettings } from "~/domain/admin/settings.server";
import { setPaid } from "~/domain/projects/payments.server";
import { paidSchema } from "~/domain/projects/schema";
import { query, readBody } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["admin"];

const Summary = z.object({ name: z.enum(QUEUE_NAMES), count: z.number().int(), oldest: z.string().nullable(), ageSeconds: z.number().int().nullable(), ready: z.boolean() });
const Item = z.object({ id: z.number().int(), title: z.string(), userId: z.number().int().nullable(), userName: z.string().nullable(), createdAt: z.string(), details: z.record(z.string(), z.unknown()), version: z.string().nullable().optional(), files: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })).optional() });
const Settings = z.object({ moderate_demands: z.boolean(), moderate_responds: z.boolean(), moderate_services: z.boolean(), promo_interval_minutes: z.number().int() });
const Results = z.object({ message: z.string(), results: z.array(z.object({ id: z.number().int(), status: z.enum(["decided", "already_decided", "not_found", "invalid"]), message: z.string().optional() })) });

/**
 * The operator's calls (spec README "The operator's calls", issue 15). Every one is the operator's only:
 * the domain refuses guests (401) and everyone else (403) through requireOperator. The impersonation
 * link stays with the sign-in calls (functions/api/auth.ts).
 */
export const adminApi = apiRouter();
endpoint(adminApi, { method: "get", path: "/admin/queues", summary: "Every queue with its count and the age of its oldest item", tags, auth: "user", ok: { description: "The queues (one D1 query)", schema: z.array(Summary) }, errors: [403] }, async (c) =>
  c.json(await queueSummaries(c.get("ctx"), c.get("actor"))),
);
endpoint(
  adminApi,
  {
    method: "get",
    path: "/admin/queues/{queue}",
    summary: "One page of a queue, sorted and filtered in SQL",
    description: "`sort`: created_at | title; `dir`: asc | desc; `filter`: a part of the title or of the user's name or e-mail. 25 items a page.",
    tags,
    auth: "user",
    params: z.object({ queue: z.enum(QUEUE_NAMES) }),
    query: queueListQuery,
    ok: {
      description: "The page",
      schema: z.object({ queue: z.enum(QUEUE_NAMES), ready: z.boolean(), decidable: z.boolean(), items: z.array(Item), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), pages: z.number().int(), sort: z.string(), dir: z.string(), filter: z.string() }),
    },
    errors: [403],
  },
  async (c, { queue }) => c.json(await queuePage(c.get("ctx"), c.get("actor"), queue, query(c))),
);
endpoint(
  adminApi,
  {
    method: "post",
    path: "/admin/moderation",
    summary: "Decide one item ({kind, id}) or several ({kind, ids}) of a queue",
    description:
      "`decision`: approve | reject (needs `reason`, shown to the user and sent in the e-mail) | merge (companies: `merge_into_id`, an approved company). One item: 409 when it was already decided. `version` (one item) or `versions` by id (several): the item's `version` as listed; an approval is then refused (409) when the author changed the item since. A blocked author's item can only be rejected (409). Several: each item's outcome in `results`.",
    tags,
    auth: "user",
    body: { json: decisionSchema },
    ok: { description: "Decided", schema: Results },
    errors: [403, 404, 409],
  },
  async (c) => c.json(await decide(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(adminApi, { method: "get", path: "/admin/audit", summary: "The audit log, newest first (filter by action and actor)", tags, auth: "user", query: auditQuery, ok: { description: "A page of 50" }, errors: [403] }, async (c) =>
  c.json(await auditPage(c.get("ctx"), c.get("actor"), query(c))),
);
endpoint(adminApi, { method: "get", path: "/admin/contact-requests", summary: "The support block's callback requests: new ones oldest first, or the handled ones", tags, auth: "user", query: contactRequestsQuery, ok: { description: "A page of 50, and how many wait" }, errors: [403] }, async (c) =>
  c.json(await listContactRequests(c.get("ctx"), c.get("actor"), query(c))),
);
endpoint(adminApi, { method: "post", path: "/admin/contact-requests/{id}/done", summary: "Mark a callback request handled (audited once)", tags, auth: "user", params: idParams, ok: { description: "Marked", schema: z.object({ id: z.number().int(), status: z.literal("done"), changed: z.boolean(), message: z.string() }) }, errors: [403, 404] }, async (c, { id }) =>
  c.json(await markContactRequestDone(c.get("ctx"), c.get("actor"), id)),
);
endpoint(adminApi, { method: "get", path: "/admin/settings", summary: "Moderation on or off per kind, and the promo block's interval in minutes", tags, auth: "user", ok: { description: "The settings", schema: Settings }, errors: [403] }, async (c) =>
  c.json(await getSettings(c.get("ctx"), c.get("actor"))),
);
endpoint(adminApi, { method: "post", path: "/admin/settings", summary: "Switch moderation per kind, set the promo interval (audited)", tags, auth: "user", body: { json: settingsSchema }, ok: { description: "Saved", schema: z.object({ message: z.string(), settings: Settings }) }, errors: [403] }, async (c) =>
  c.json(await saveSettings(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(
  adminApi,
  {
    method: "post",
    path: "/admin/demands/{id}/paid",
    summary: "Mark a request's contract signed, or withdraw the mark (audited)",
    description: "`paid: true` sets is_paid and paid_at (the customer is e-mailed; the request leaves the `payments` queue), `false` withdraws them. Only a request that has not started (searching or expired); setting what is set answers `changed: false`.",
    tags,
    auth: "user",
    params: idParams,
    body: { json: paidSchema, form: paidSchema },
    ok: { description: "The mark", schema: z.object({ id: z.number().int(), is_paid: z.boolean(), changed: z.boolean() }) },
    errors: [403],
  },
  async (c, { id }) => c.json(await setPaid(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
