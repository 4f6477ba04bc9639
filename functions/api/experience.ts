import { confirmExpertise, deleteExpertise, deleteInstitution, expertiseTree, listExpertises, saveExpertises, searchInstitutions } from "~/domain/experience/expertises.server";
import { confirmInput, expertisesSave, nameSearch, newCompany, worksSave } from "~/domain/experience/schema";
import { createCompany, deleteWork, getWork, listAbilities, listWorkRoles, listWorks, saveWorks, searchCompanies } from "~/domain/experience/works.server";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";
import { searchQuery } from "~/domain/reference/schema";

const tags: [string] = ["experience"];
// Today's date matters only in these schemas' refinements, which a JSON Schema cannot show.
const now = new Date(0);

/** Work experience, specializations and competences of the profile (spec 2 §7, spec README: Document 2). */
export const experienceApi = apiRouter();
endpoint(experienceApi, { method: "get", path: "/user/profile/works", summary: "The caller's places of work", tags, auth: "user", ok: { description: "The works" } }, async (c) =>
  c.json(await listWorks(c.get("ctx"), requireActorC(c).user.id)),
);
endpoint(experienceApi, { method: "post", path: "/user/profile/works", summary: "Save places of work", tags, auth: "user", body: { json: worksSave(now) }, ok: { description: "The works" }, errors: [404, 429] }, async (c) =>
  c.json(await saveWorks(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(experienceApi, { method: "get", path: "/user/profile/works/{id}", summary: "One own place of work", tags, auth: "user", params: idParams, ok: { description: "The work" } }, async (c, { id }) =>
  c.json(await getWork(c.get("ctx"), requireActorC(c), id)),
);
endpoint(experienceApi, { method: "delete", path: "/user/profile/works/{id}", summary: "Delete an own place of work", tags, auth: "user", params: idParams, ok: { description: "Deleted" } }, async (c, { id }) =>
  c.json(await deleteWork(c.get("ctx"), requireActorC(c), id)),
);
endpoint(experienceApi, { method: "get", path: "/user/profile/abilities", summary: "The caller's abilities", tags, auth: "user", ok: { description: "The abilities" } }, async (c) =>
  c.json(await listAbilities(c.get("ctx"), requireActorC(c).user.id)),
);
endpoint(experienceApi, { method: "get", path: "/user/profile/expertises", summary: "The caller's competences", tags, auth: "user", ok: { description: "The competences" } }, async (c) =>
  c.json(await listExpertises(c.get("ctx"), requireActorC(c).user.id)),
);
endpoint(
  experienceApi,
  { method: "post", path: "/user/profile/expertises/confirm", summary: "Confirm a competence (with files)", description: "A publication's files go inline as publication_file[i] or beforehand to storage with POST /api/uploads (kind `confirmation`) as uploads[i]: ≤ 5 in all, each up to 50 MB. An upload claimed meanwhile answers 409.", tags, auth: "user", body: { form: confirmInput(now, true), json: confirmInput(now, false) }, ok: { status: 201, description: "The confirmation" }, errors: [404, 409, 429] },
  async (c) => c.json(await confirmExpertise(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(experienceApi, { method: "post", path: "/user/profile/expertises", summary: "Save competences", tags, auth: "user", body: { json: expertisesSave }, ok: { description: "The competences" }, errors: [429] }, async (c) =>
  c.json(await saveExpertises(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(experienceApi, { method: "delete", path: "/user/profile/expertises/{id}", summary: "Remove a competence", tags, auth: "user", params: idParams, ok: { description: "Removed" } }, async (c, { id }) =>
  c.json(await deleteExpertise(c.get("ctx"), requireActorC(c), id)),
);
endpoint(experienceApi, { method: "delete", path: "/user/profile/institutions/{id}", summary: "Remove a competence's confirmation by an institution", tags, auth: "user", params: idParams, ok: { description: "Removed" } }, async (c, { id }) =>
  c.json(await deleteInstitution(c.get("ctx"), requireActorC(c), id)),
);
endpoint(experienceApi, { method: "get", path: "/expertises", summary: "The competence tree", tags, auth: "optional", ok: { description: "The tree" } }, async (c) => c.json(await expertiseTree(c.get("ctx"), c.get("actor"))));
endpoint(experienceApi, { method: "get", path: "/institutions", summary: "Search institutions", tags, auth: "user", query: nameSearch, ok: { description: "The matches" } }, async (c) =>
  c.json(await searchInstitutions(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(experienceApi, { method: "get", path: "/companies", summary: "Search companies", tags, auth: "user", query: nameSearch, ok: { description: "The matches" } }, async (c) =>
  c.json(await searchCompanies(c.get("ctx"), requireActorC(c), query(c))),
);
endpoint(experienceApi, { method: "post", path: "/companies", summary: "Propose a company", tags, auth: "user", body: { json: newCompany }, ok: { status: 201, description: "The company (in moderation)" }, errors: [429] }, async (c) =>
  c.json(await createCompany(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(experienceApi, { method: "get", path: "/work_roles", summary: "The work roles", tags, auth: "none", query: searchQuery, ok: { description: "The roles" } }, async (c) => c.json(await listWorkRoles(c.get("ctx"), query(c))));
