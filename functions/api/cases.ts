import { Hono } from "hono";
import { deleteCase, getCase, listOwnCases, listUserCases, saveCase } from "~/domain/cases/cases.server";
import { addPublication, deletePublication, listPublications } from "~/domain/cases/publications.server";
import { confirmProposal, deleteResume, processResume, uploadResume } from "~/domain/cases/resume.server";
import { notFound } from "~/domain/errors";
import { idField } from "~/domain/validation";
import { readBody, requireActorC, type HonoEnv } from "../http";

const id = (raw: string) => {
  const parsed = idField.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/** Cases, publications and the resume of the profile (spec 2 §7; docs/decisions/0015-cases.md). */
export const casesApi = new Hono<HonoEnv>()
  .get("/user/cases", async (c) => c.json(await listOwnCases(c.get("ctx"), requireActorC(c))))
  .get("/user/cases/by-user/:id", async (c) => c.json(await listUserCases(c.get("ctx"), requireActorC(c), id(c.req.param("id")))))
  .get("/user/cases/:id", async (c) => c.json(await getCase(c.get("ctx"), requireActorC(c), id(c.req.param("id")))))
  .delete("/user/cases/:id", async (c) => c.json(await deleteCase(c.get("ctx"), requireActorC(c), id(c.req.param("id")))))
  .post("/user/cases", async (c) => {
    const actor = requireActorC(c);
    return c.json(await saveCase(c.get("ctx"), actor, await readBody(c)));
  })
  .get("/user/profile/publications", async (c) => c.json(await listPublications(c.get("ctx"), requireActorC(c))))
  .post("/user/profile/publications", async (c) => {
    const actor = requireActorC(c);
    return c.json(await addPublication(c.get("ctx"), actor, await readBody(c)), 201);
  })
  .delete("/user/profile/publications/:id", async (c) => c.json(await deletePublication(c.get("ctx"), requireActorC(c), id(c.req.param("id")))))
  .post("/user/resume", async (c) => {
    const actor = requireActorC(c);
    return c.json(await uploadResume(c.get("ctx"), actor, await readBody(c)));
  })
  .delete("/user/resume", async (c) => c.json(await deleteResume(c.get("ctx"), requireActorC(c))))
  .post("/user/resume/process", async (c) => {
    const actor = requireActorC(c);
    return c.json(await processResume(c.get("ctx"), actor, await readBody(c)));
  })
  .post("/user/resume/proposal", async (c) => {
    const actor = requireActorC(c);
    return c.json(await confirmProposal(c.get("ctx"), actor, await readBody(c)));
  });
