import { Hono } from "hono";
import { createContactRequest } from "~/domain/support/support.server";
import { getClientStorage, recordClientEvent, saveClientStorage, telegramRedirect } from "~/domain/visits/visits.server";
import { readBody, requireActorC, type HonoEnv } from "../http";

/** spec 1 §7: callback requests, the visit-time record, client events and the promo redirect. */
export const publicApi = new Hono<HonoEnv>()
  .post("/contact", async (c) => c.json(await createContactRequest(c.get("ctx"), c.get("actor"), await readBody(c)), 201))
  .get("/client/storage", async (c) => c.json(await getClientStorage(c.get("ctx"), requireActorC(c))))
  .post("/client/storage", async (c) => c.json(await saveClientStorage(c.get("ctx"), requireActorC(c), await readBody(c))))
  .post("/client/event", async (c) => c.json(await recordClientEvent(c.get("ctx"), c.get("actor"), await readBody(c)), 201))
  .get("/redirect/tg", async (c) => c.redirect(await telegramRedirect(c.get("ctx"), c.get("actor")), 302));
