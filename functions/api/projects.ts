import { z } from "@hono/zod-openapi";
import { getContacts, getManage, setFavorite, shortlist } from "~/domain/projects/manage.server";
import { requestPayment } from "~/domain/projects/payments.server";
import { favoriteSchema, requestPaymentSchema, shortlistSchema } from "~/domain/projects/schema";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["projects"];

/**
 * Request management for its customer (spec 3 §2, §4, §7; spec README "Managing, starting, completing",
 * "Payments and contacts"): the manage info, favourites, the contract, the contacts and the project's start.
 * The rules are app/domain/projects; the operator's paid mark is in ./admin.ts.
 */
export const projectsApi = apiRouter();

const Contact = z.object({ user_id: z.number().int(), phone: z.string(), email: z.string() });

endpoint(
  projectsApi,
  {
    method: "get",
    path: "/demand/{id}/manage",
    summary: "The request's manage info with its responses",
    description:
      "`{name, is_paid, is_completed, execution_period, search_finish, created_at, status, deposit, responds: [Respond]}`; each response with the customer's `price` (salary with its tax) and the respondent's rating. The owner only (404 for anyone else).",
    tags,
    auth: "user",
    params: idParams,
    ok: { description: "The manage info" },
  },
  async (c, { id }) => c.json(await getManage(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  projectsApi,
  { method: "get", path: "/demand/{id}/contacts", summary: "The respondents' contacts", description: "403 until the request is paid, 404 for anyone but its customer.", tags, auth: "user", params: idParams, ok: { description: "The contacts", schema: z.array(Contact) }, errors: [403] },
  async (c, { id }) => c.json(await getContacts(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  projectsApi,
  { method: "post", path: "/demand/favorites", summary: "Mark a response favourite, or remove the mark", description: "Only while the request is not paid and once the response is viewed (422 otherwise).", tags, auth: "user", body: { json: favoriteSchema, form: favoriteSchema }, ok: { description: "The response's mark", schema: z.object({ id: z.number().int(), is_favorite: z.boolean() }) }, errors: [404] },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await setFavorite(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  projectsApi,
  {
    method: "post",
    path: "/demand/request-payment",
    summary: "Ask for the contract",
    description: "A searching (or expired) request with at least one response, not paid, asked once: the operators get an e-mail and an entry in the `payments` queue.",
    tags,
    auth: "user",
    body: { json: requestPaymentSchema, form: requestPaymentSchema },
    ok: { description: "Asked", schema: z.object({ id: z.number().int(), payment_requested_at: z.string() }) },
    errors: [404],
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await requestPayment(c.get("ctx"), actor, await readBody(c)));
  },
);
endpoint(
  projectsApi,
  {
    method: "post",
    path: "/demand/shortlist",
    summary: "Choose experts and start the project",
    description: "A paid request only (422 before). The request becomes active, the chosen responses active, the other sent ones rejected; every expert is e-mailed. A second call is refused (422).",
    tags,
    auth: "user",
    body: { json: shortlistSchema, form: shortlistSchema },
    ok: { description: "Started", schema: z.object({ id: z.number().int(), status: z.literal("active"), responds: z.array(z.number().int()) }) },
    errors: [404],
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await shortlist(c.get("ctx"), actor, await readBody(c)));
  },
);
