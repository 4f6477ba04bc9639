import { createContactRequest } from "~/domain/support/support.server";
import { contactSchema } from "~/domain/support/schema";
import { clientEventSchema, clientStorageSchema } from "~/domain/visits/schema";
import { getClientStorage, recordClientEvent, saveClientStorage, telegramRedirect } from "~/domain/visits/visits.server";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint } from "../openapi";

const tags: [string] = ["public"];

/** spec 1 §7: callback requests, the visit-time record, client events and the promo redirect. */
export const publicApi = apiRouter();
endpoint(publicApi, { method: "post", path: "/contact", summary: "Ask for a call back", tags, auth: "optional", body: { json: contactSchema() }, ok: { status: 201, description: "Recorded" }, errors: [429] }, async (c) =>
  c.json(await createContactRequest(c.get("ctx"), c.get("actor"), await readBody(c)), 201),
);
endpoint(publicApi, { method: "get", path: "/client/storage", summary: "The visit-time record", tags, auth: "user", ok: { description: "The record" } }, async (c) =>
  c.json(await getClientStorage(c.get("ctx"), requireActorC(c))),
);
endpoint(publicApi, { method: "post", path: "/client/storage", summary: "Save parts of the visit-time record", tags, auth: "user", body: { json: clientStorageSchema }, ok: { description: "The record" } }, async (c) =>
  c.json(await saveClientStorage(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(publicApi, { method: "post", path: "/client/event", summary: "Record a client event", tags, auth: "optional", body: { json: clientEventSchema }, ok: { status: 201, description: "Recorded" }, errors: [429] }, async (c) =>
  c.json(await recordClientEvent(c.get("ctx"), c.get("actor"), await readBody(c)), 201),
);
endpoint(publicApi, { method: "get", path: "/redirect/tg", summary: "The promo redirect to Telegram", tags, auth: "optional", ok: { status: 302, description: "The Telegram link" } }, async (c) =>
  c.redirect(await telegramRedirect(c.get("ctx"), c.get("actor")), 302),
);
