import { Hono } from "hono";
import { currentUser, publicUser } from "~/domain/users/users.server";
import { idField } from "~/domain/validation";
import { notFound } from "~/domain/errors";
import { requireActorC, type HonoEnv } from "../http";

export const userApi = new Hono<HonoEnv>()
  .get("/user", async (c) => c.json(await currentUser(c.get("ctx"), requireActorC(c))))
  .get("/user/:id{[0-9]+}", async (c) => {
    const actor = requireActorC(c);
    const id = idField.safeParse(c.req.param("id"));
    if (!id.success) throw notFound();
    return c.json(await publicUser(c.get("ctx"), actor, id.data));
  });
