import { z } from "@hono/zod-openapi";
import { blockSchema, unblockSchema, usersQuery } from "~/domain/admin/schema";
import { blockUser, searchUsers, unblockUser, userDetails } from "~/domain/admin/users.server";
import { query, readBody } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["admin"];

const ListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  created_at: z.string(),
});
const Session = z.object({ created_at: z.string().nullable(), last_seen_at: z.string().nullable(), expires_at: z.string().nullable(), ip: z.string().nullable(), user_agent: z.string().nullable(), impersonated: z.boolean() });
const Details = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  last_name: z.string(),
  patronymic: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  roles: z.array(z.string()),
  email_verified: z.boolean(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  sessions: z.object({ count: z.number().int(), last_seen_at: z.string().nullable(), items: z.array(Session) }),
  can_block: z.boolean(),
  can_impersonate: z.boolean(),
});

/**
 * The console's users (issue 15): search, a user's page, block and unblock. Every call is the operator's
 * only (requireOperator in the domain: 401 guest, 403 anyone else).
 */
export const adminUsersApi = apiRouter();
endpoint(
  adminUsersApi,
  {
    method: "get",
    path: "/admin/users",
    summary: "Search users by name, e-mail or phone, newest first",
    description: "`search`: a part of a name (letter case and ё do not matter), of an e-mail, or a phone in any spelling. 25 a page.",
    tags,
    auth: "user",
    query: usersQuery,
    ok: { description: "A page of users", schema: z.object({ items: z.array(ListItem), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), pages: z.number().int(), search: z.string() }) },
    errors: [403],
  },
  async (c) => c.json(await searchUsers(c.get("ctx"), c.get("actor"), query(c))),
);
endpoint(
  adminUsersApi,
  { method: "get", path: "/admin/users/{id}", summary: "A user with roles, verification, block and live sessions", tags, auth: "user", params: idParams, ok: { description: "The user", schema: Details }, errors: [403, 404] },
  async (c, { id }) => c.json(await userDetails(c.get("ctx"), c.get("actor"), id)),
);
endpoint(
  adminUsersApi,
  {
    method: "post",
    path: "/admin/users/{id}/block",
    summary: "Block a user: every session ends and sign-in is refused (audited)",
    description: "An operator cannot block himself or another operator (403). A blocked user: 409.",
    tags,
    auth: "user",
    params: idParams,
    body: { json: blockSchema },
    ok: { description: "Blocked", schema: z.object({ message: z.string(), user: Details }) },
    errors: [403, 404, 409],
  },
  async (c, { id }) => c.json(await blockUser(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
endpoint(
  adminUsersApi,
  {
    method: "post",
    path: "/admin/users/{id}/unblock",
    summary: "Unblock a user (audited)",
    tags,
    auth: "user",
    params: idParams,
    body: { json: unblockSchema },
    ok: { description: "Unblocked", schema: z.object({ message: z.string(), user: Details }) },
    errors: [403, 404, 409],
  },
  async (c, { id }) => c.json(await unblockUser(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
