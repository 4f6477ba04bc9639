import { z } from "@hono/zod-openapi";
import { checkInviteEmail, createInvite, listMyInvites } from "~/domain/invites/invites.server";
import { inviteCheckSchema, inviteSchema } from "~/domain/invites/schema";
import { isNewEmployeePayload, newEmployeeInput } from "~/domain/services/schema";
import { inviteEmployee } from "~/domain/services/services.server";
import { resetPasswordProfile } from "~/domain/settings/settings.server";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint } from "../openapi";

const tags: [string] = ["invite"];

/**
 * spec 2 §7: invitations and the settings page's reset code (docs/decisions/0017-invite.md).
 * `GET /invite/check` is ours: the e-mail step's check. The company picker searches `GET /api/companies?name`.
 */
export const inviteApi = apiRouter();
endpoint(
  inviteApi,
  {
    method: "post",
    path: "/invite",
    summary: "Invite someone",
    description: "The invitation of document 2 (with `expert_type`), or a new employee of a service's team (spec 3 §3 'Invite user': with `direction_years` and `projects`). Both answer the registration link.",
    tags,
    auth: "user",
    body: { json: z.union([inviteSchema(), newEmployeeInput()]) },
    ok: { status: 201, description: "The invitation" },
    errors: [409, 429],
  },
  async (c) => {
    const body = await readBody(c);
    const ctx = c.get("ctx");
    return c.json(isNewEmployeePayload(body) ? await inviteEmployee(ctx, requireActorC(c), body) : await createInvite(ctx, requireActorC(c), body), 201);
  },
);
endpoint(inviteApi, { method: "get", path: "/invite", summary: "The caller's invitations", tags, auth: "user", ok: { description: "The invitations", schema: z.object({ items: z.array(z.any()) }) } }, async (c) =>
  c.json({ items: await listMyInvites(c.get("ctx"), requireActorC(c)) }),
);
endpoint(inviteApi, { method: "get", path: "/invite/check", summary: "Whether an e-mail may be invited", tags, auth: "user", query: inviteCheckSchema, ok: { description: "The check's result" }, errors: [429] }, async (c) =>
  c.json(await checkInviteEmail(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(inviteApi, { method: "post", path: "/reset-password-profile", summary: "E-mail a password reset code to the caller", tags: ["settings"], auth: "user", ok: { description: "Sent" }, errors: [429] }, async (c) =>
  c.json(await resetPasswordProfile(c.get("ctx"), requireActorC(c))),
);
