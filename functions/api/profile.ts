import { Hono } from "hono";
import { applyToCouncil, deleteCouncilApplication, listCouncilApplications } from "~/domain/profile/council.server";
import { saveIndustryIds, saveOptionIds, saveProfile, saveStatus } from "~/domain/profile/profile.server";
import { readBody, requireActorC, type HonoEnv } from "../http";

/** spec 2 §7: the owner's profile saves, status and the expert-council applications. */
export const profileApi = new Hono<HonoEnv>()
  .post("/user/profile", async (c) => c.json(await saveProfile(c.get("ctx"), requireActorC(c), await readBody(c))))
  .post("/user/profile/industries", async (c) => c.json(await saveIndustryIds(c.get("ctx"), requireActorC(c), await readBody(c))))
  .post("/user/profile/options", async (c) => c.json(await saveOptionIds(c.get("ctx"), requireActorC(c), await readBody(c))))
  .post("/user/status", async (c) => c.json(await saveStatus(c.get("ctx"), requireActorC(c), await readBody(c))))
  .get("/user/profile/expert", async (c) => c.json(await listCouncilApplications(c.get("ctx"), requireActorC(c))))
  .post("/user/profile/expert", async (c) => c.json(await applyToCouncil(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .delete("/user/profile/expert/:id", async (c) => c.json(await deleteCouncilApplication(c.get("ctx"), requireActorC(c), c.req.param("id"))));
