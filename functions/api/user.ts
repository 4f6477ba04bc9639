import { currentUser, publicUser } from "~/domain/users/users.server";
import { requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["user"];

export const userApi = apiRouter();
endpoint(userApi, { method: "get", path: "/user", summary: "The signed-in user", tags, auth: "user", ok: { description: "The user" } }, async (c) => c.json(await currentUser(c.get("ctx"), requireActorC(c))));
endpoint(userApi, { method: "get", path: "/user/{id}", summary: "Another user's public card", tags, auth: "user", params: idParams, ok: { description: "The user" } }, async (c, { id }) =>
  c.json(await publicUser(c.get("ctx"), requireActorC(c), id)),
);
