import { Hono } from "hono";
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
  setViewFlags,
} from "~/domain/recommendations/recommendations.server";
import { notFound } from "~/domain/errors";
import { idField } from "~/domain/validation";
import { query, readBody, requireActorC, type HonoEnv } from "../http";

/** Recommendations and ratings by link (spec 2 §7, spec README "Document 2 details"). */
export const recommendationsApi = new Hono<HonoEnv>()
  .get("/user/search", async (c) => c.json(await searchPeople(c.get("ctx"), requireActorC(c), query(c))))
  .post("/user/invite-rate", async (c) => c.json(await inviteRate(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .post("/user/invite-rates", async (c) => c.json(await inviteRates(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .get("/user/invite-rates", async (c) => c.json(await listInviteRates(c.get("ctx"), requireActorC(c))))
  .get("/user/profile/recommendations", async (c) => c.json(await outgoingRecommendations(c.get("ctx"), requireActorC(c), query(c))))
  .get("/user/profile/recommendations/from-others", async (c) => c.json(await incomingRecommendations(c.get("ctx"), requireActorC(c))))
  .post("/user/profile/recommendations/from-others/:id/decline", async (c) => {
    const actor = requireActorC(c);
    const id = idField.safeParse(c.req.param("id"));
    if (!id.success) throw notFound();
    return c.json(await declineIncoming(c.get("ctx"), actor, id.data));
  })
  .post("/user/remind-to-rate", async (c) => c.json(await remindToRate(c.get("ctx"), requireActorC(c), await readBody(c))))
  .post("/view-flags", async (c) => c.json(await setViewFlags(c.get("ctx"), requireActorC(c), await readBody(c))))
  // The link is the key: a guest may rate through a hash that names an invited e-mail.
  .post("/user/rate", async (c) => c.json(await rateByHash(c.get("ctx"), c.get("actor"), await readBody(c))))
  .post("/user/multi-rate", async (c) => c.json(await multiRate(c.get("ctx"), c.get("actor"), await readBody(c))))
  .get("/user/rates", async (c) => c.json(await ratesByHash(c.get("ctx"), c.get("actor"), c.req.query("hash"))));
