import { z } from "@hono/zod-openapi";
import { createRespond, listMyResponds } from "~/domain/responds/respond.server";
import { respondListQuery, respondSchema } from "~/domain/responds/schema";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint } from "../openapi";

const tags: [string] = ["responds"];

const Named = z.object({ id: z.number(), name: z.string() });
/** GET /api/respond's item (spec 3 §3 'Response payload' with names, plus what the expert's pages show). */
const MyRespond = z
  .object({
    id: z.number(),
    demand_id: z.number(),
    demand_name: z.string(),
    status: z.enum(["moderation", "sent", "active", "rejected", "completed"]),
    salary: z.number(),
    tax: z.object({ id: z.number(), name: z.string(), percent: z.number() }).nullable(),
    price: z.number().openapi({ description: "The customer's price: salary × (1 + percent / 100), whole rubles" }),
    description: z.string(),
    cases: z.array(Named),
    expertises: z.array(Named),
    options: z.array(Named),
    services: z.array(Named),
    users: z.array(z.object({ id: z.number(), type: z.enum(["user", "invited"]), name: z.string() })).openapi({ description: "The team: users by id, new employees by their invitation's id" }),
    companies: z.array(Named),
    files: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), filepath: z.string() })),
    is_invited: z.boolean(),
    is_viewed: z.boolean(),
    viewed_by_customer: z.string().nullable().openapi({ description: "When the customer first viewed it; null: 'Отправлено'" }),
    reject_reason: z.string().nullable().openapi({ description: "An operator's reason, for a response rejected in moderation" }),
    responded_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("MyRespond");

/** Expert responses (spec 3 §7 Demands; README "Responses"). */
export const respondsApi = apiRouter();

endpoint(
  respondsApi,
  {
    method: "post",
    path: "/respond",
    summary: "Respond to a request",
    description:
      "Multipart (arrays as key[i], objects as key[i][field], files as attachments[i], or uploaded beforehand with POST /api/uploads (kind `respond`) as uploads[i]: ≤ 5 in all, each under 50 MB, any type) or JSON. An upload claimed meanwhile by another request answers 409. Needs a verified e-mail (403), an active service (422 'У вас нет активных услуг' with `hint`), a searching request that is not the caller's own (403 once the search is over, 404 while in moderation), and no earlier response (409). An invitation becomes the response; an expert who was not invited may respond too. Status `sent`, or `moderation` when the operators moderate responses.",
    tags,
    auth: "user",
    body: { form: respondSchema, json: respondSchema },
    ok: { status: 201, description: "The response's id, request and status, and the thank-you text", schema: z.object({ id: z.number(), demand_id: z.number(), status: z.enum(["sent", "moderation"]), message: z.string() }) },
    errors: [403, 404, 409, 429],
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await createRespond(c.get("ctx"), actor, await readBody(c)), 201);
  },
);
endpoint(
  respondsApi,
  {
    method: "get",
    path: "/respond",
    summary: "The caller's responses",
    description: "Newest first, 20 per page: every response of the caller (not invitations or declined ones), with its parts by name, the customer's price, whether the customer viewed it, and an operator's rejection reason.",
    tags,
    auth: "user",
    query: respondListQuery,
    ok: { description: "One page", schema: z.object({ data: z.array(MyRespond), current_page: z.number(), last_page: z.number(), total: z.number() }) },
  },
  async (c) => c.json(await listMyResponds(c.get("ctx"), requireActorC(c), query(c))),
);
