import { Hono } from "hono";
import { confirmExpertise, deleteExpertise, deleteInstitution, expertiseTree, listExpertises, saveExpertises, searchInstitutions } from "~/domain/experience/expertises.server";
import { createCompany, deleteWork, getWork, listAbilities, listWorkRoles, listWorks, saveWorks, searchCompanies } from "~/domain/experience/works.server";
import { query, readBody, requireActorC, type HonoEnv } from "../http";

/** Work experience, specializations and competences of the profile (spec 2 §7, spec README: Document 2). */
export const experienceApi = new Hono<HonoEnv>()
  .get("/user/profile/works", async (c) => c.json(await listWorks(c.get("ctx"), requireActorC(c).user.id)))
  .post("/user/profile/works", async (c) => c.json(await saveWorks(c.get("ctx"), requireActorC(c), await readBody(c))))
  .get("/user/profile/works/:id", async (c) => c.json(await getWork(c.get("ctx"), requireActorC(c), c.req.param("id"))))
  .delete("/user/profile/works/:id", async (c) => c.json(await deleteWork(c.get("ctx"), requireActorC(c), c.req.param("id"))))
  .get("/user/profile/abilities", async (c) => c.json(await listAbilities(c.get("ctx"), requireActorC(c).user.id)))
  .get("/user/profile/expertises", async (c) => c.json(await listExpertises(c.get("ctx"), requireActorC(c).user.id)))
  .post("/user/profile/expertises/confirm", async (c) => c.json(await confirmExpertise(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .post("/user/profile/expertises", async (c) => c.json(await saveExpertises(c.get("ctx"), requireActorC(c), await readBody(c))))
  .delete("/user/profile/expertises/:id", async (c) => c.json(await deleteExpertise(c.get("ctx"), requireActorC(c), c.req.param("id"))))
  .delete("/user/profile/institutions/:id", async (c) => c.json(await deleteInstitution(c.get("ctx"), requireActorC(c), c.req.param("id"))))
  .get("/expertises", async (c) => c.json(await expertiseTree(c.get("ctx"), c.get("actor"))))
  .get("/institutions", async (c) => c.json(await searchInstitutions(c.get("ctx"), requireActorC(c), query(c))))
  .get("/companies", async (c) => c.json(await searchCompanies(c.get("ctx"), requireActorC(c), query(c))))
  .post("/companies", async (c) => c.json(await createCompany(c.get("ctx"), requireActorC(c), await readBody(c)), 201))
  .get("/work_roles", async (c) => c.json(await listWorkRoles(c.get("ctx"))));
