import { z } from "@hono/zod-openapi";
import { deleteCase, getCase, listOwnCases, listUserCases, saveCase } from "~/domain/cases/cases.server";
import { addPublication, deletePublication, listPublications } from "~/domain/cases/publications.server";
import { confirmProposal, deleteResume, processResume, uploadResume } from "~/domain/cases/resume.server";
import { caseSchema, confirmSchema, processSchema, publicationSchema } from "~/domain/cases/schema";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["cases"];
const resumeUpload = z.object({
  resume: z.any().optional().describe("One PDF, DOC or DOCX file under 50 MB, inline"),
  uploads: z.array(z.string()).max(1).optional().describe("Or the id of that file sent beforehand to storage (POST /api/uploads, kind `profile_resume`)"),
});

/** Cases, publications and the resume of the profile (spec 2 §7; docs/decisions/0015-cases.md). */
export const casesApi = apiRouter();
endpoint(casesApi, { method: "get", path: "/user/cases", summary: "The caller's cases", tags, auth: "user", ok: { description: "The cases" } }, async (c) =>
  c.json(await listOwnCases(c.get("ctx"), requireActorC(c))),
);
endpoint(casesApi, { method: "get", path: "/user/cases/by-user/{id}", summary: "A user's cases", tags, auth: "user", params: idParams, ok: { description: "The cases" } }, async (c, { id }) =>
  c.json(await listUserCases(c.get("ctx"), requireActorC(c), id)),
);
endpoint(casesApi, { method: "get", path: "/user/cases/{id}", summary: "One case", tags, auth: "user", params: idParams, ok: { description: "The case" } }, async (c, { id }) =>
  c.json(await getCase(c.get("ctx"), requireActorC(c), id)),
);
endpoint(casesApi, { method: "delete", path: "/user/cases/{id}", summary: "Delete an own case", tags, auth: "user", params: idParams, ok: { description: "Deleted" } }, async (c, { id }) =>
  c.json(await deleteCase(c.get("ctx"), requireActorC(c), id)),
);
endpoint(casesApi, { method: "post", path: "/user/cases", summary: "Create or edit a case (with attachments)", description: "Kept files as attachments[i][id], new ones inline as attachments[i][file] or uploaded beforehand with POST /api/uploads (kind `case`) as uploads[i]: ≤ 5 in all, each under 50 MB, of the attachment types. An upload claimed meanwhile answers 409.", tags, auth: "user", body: { form: caseSchema, json: caseSchema }, ok: { description: "The saved case" }, errors: [404, 409] }, async (c) => {
  const actor = requireActorC(c);
  return c.json(await saveCase(c.get("ctx"), actor, await readBody(c)));
});
endpoint(casesApi, { method: "get", path: "/user/profile/publications", summary: "The caller's publications", tags, auth: "user", ok: { description: "The publications" } }, async (c) =>
  c.json(await listPublications(c.get("ctx"), requireActorC(c))),
);
endpoint(casesApi, { method: "post", path: "/user/profile/publications", summary: "Add a publication (a link or a file)", description: "A file publication's one file goes inline as publication_file or beforehand to storage with POST /api/uploads (kind `publication`) as uploads[0]: under 50 MB, of the case attachment types. An upload claimed meanwhile answers 409.", tags, auth: "user", body: { form: publicationSchema, json: publicationSchema }, ok: { status: 201, description: "The publication" }, errors: [409] }, async (c) => {
  const actor = requireActorC(c);
  return c.json(await addPublication(c.get("ctx"), actor, await readBody(c)), 201);
});
endpoint(casesApi, { method: "delete", path: "/user/profile/publications/{id}", summary: "Delete an own publication", tags, auth: "user", params: idParams, ok: { description: "Deleted" } }, async (c, { id }) =>
  c.json(await deletePublication(c.get("ctx"), requireActorC(c), id)),
);
endpoint(casesApi, { method: "post", path: "/user/resume", summary: "Upload the resume", tags, auth: "user", body: { form: resumeUpload }, ok: { description: "The resume and its processing state" }, errors: [409] }, async (c) => {
  const actor = requireActorC(c);
  return c.json(await uploadResume(c.get("ctx"), actor, await readBody(c)));
});
endpoint(casesApi, { method: "delete", path: "/user/resume", summary: "Delete the resume", tags, auth: "user", ok: { description: "Deleted" } }, async (c) => c.json(await deleteResume(c.get("ctx"), requireActorC(c))));
endpoint(casesApi, { method: "post", path: "/user/resume/process", summary: "Start or skip the resume's processing", tags, auth: "user", body: { json: processSchema }, ok: { description: "The processing state" }, errors: [404, 409, 429] }, async (c) => {
  const actor = requireActorC(c);
  return c.json(await processResume(c.get("ctx"), actor, await readBody(c)));
});
endpoint(casesApi, { method: "post", path: "/user/resume/proposal", summary: "Confirm what the resume's processing proposes", tags, auth: "user", body: { json: confirmSchema }, ok: { description: "Saved" }, errors: [404, 409] }, async (c) => {
  const actor = requireActorC(c);
  return c.json(await confirmProposal(c.get("ctx"), actor, await readBody(c)));
});
