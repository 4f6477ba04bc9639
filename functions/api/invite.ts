import { Hono } from "hono";
import { checkInviteEmail, createInvite, listMyInvites } from "~/domain/invites/invites.server";
import { resetPasswordProfile } from "~/domain/settings/settings.server";
import { query, readBody, requireActorC, type HonoEnv } from "../http";

/**
 * spec 2 §7: invitations and the settings page's reset code (docs/decisions/0017-invite.md).
 * `GET /invite/check` is ours: the e-mail step's check. The company picker searches `GET /api/companies?name`.
 */
export const inviteApi = new Hono<HonoEnv>()
  .post("/invite", async (c) => c.json(await createInvite(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .get("/invite", async (c) => c.json({ items: await listMyInvites(c.get("ctx"), requireActorC(c)) }))
  .get("/invite/check", async (c) => c.json(await checkInviteEmail(c.get("ctx"), requireActorC(c), query(c))))
  .post("/reset-password-profile", async (c) => c.json(await resetPasswordProfile(c.get("ctx"), requireActorC(c))));
