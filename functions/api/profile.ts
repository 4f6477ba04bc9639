import { z } from "@hono/zod-openapi";
import { applyToCouncil, deleteCouncilApplication, listCouncilApplications } from "~/domain/profile/council.server";
import { saveIndustryIds, saveOptionIds, saveProfile, saveStatus } from "~/domain/profile/profile.server";
import { contactsSchema, councilSchema, industriesPayloadSchema, industryIdsSchema, optionIdsSchema, statusSchema } from "~/domain/profile/schema";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["profile"];
/** The profile save takes any of its parts: contacts, industries (or options), the photo. */
const profileSave = contactsSchema().extend({
  industries: industriesPayloadSchema.optional().describe("Or the same as a JSON string"),
  options: optionIdsSchema.shape.ids.optional(),
  photo: z.any().optional().describe("The avatar image file; an empty value removes it"),
  current_password: z.string().optional().describe("Needed to change the e-mail"),
});

/** spec 2 §7: the owner's profile saves, status and the expert-council applications. */
export const profileApi = apiRouter();
endpoint(profileApi, { method: "post", path: "/user/profile", summary: "Save parts of the profile", tags, auth: "user", body: { json: profileSave, form: profileSave }, ok: { description: "Saved", schema: z.object({ message: z.string(), changed: z.array(z.string()) }) }, errors: [429] }, async (c) =>
  c.json(await saveProfile(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(profileApi, { method: "post", path: "/user/profile/industries", summary: "Save the industries", tags, auth: "user", body: { json: industryIdsSchema }, ok: { description: "Saved" } }, async (c) =>
  c.json(await saveIndustryIds(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(profileApi, { method: "post", path: "/user/profile/options", summary: "Save the functions", tags, auth: "user", body: { json: optionIdsSchema }, ok: { description: "Saved" } }, async (c) =>
  c.json(await saveOptionIds(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(profileApi, { method: "post", path: "/user/status", summary: "Save the status text", tags, auth: "user", body: { json: statusSchema }, ok: { description: "Saved" } }, async (c) =>
  c.json(await saveStatus(c.get("ctx"), requireActorC(c), await readBody(c))),
);
endpoint(profileApi, { method: "get", path: "/user/profile/expert", summary: "The caller's expert-council applications", tags, auth: "user", ok: { description: "The applications" } }, async (c) =>
  c.json(await listCouncilApplications(c.get("ctx"), requireActorC(c))),
);
endpoint(profileApi, { method: "post", path: "/user/profile/expert", summary: "Apply to the expert council", tags, auth: "user", body: { json: councilSchema }, ok: { status: 201, description: "The application" }, errors: [409] }, async (c) =>
  c.json(await applyToCouncil(c.get("ctx"), requireActorC(c), await readBody(c)), 201),
);
endpoint(profileApi, { method: "delete", path: "/user/profile/expert/{id}", summary: "Withdraw an expert-council application", tags, auth: "user", params: idParams, ok: { description: "Withdrawn", schema: z.object({ message: z.string() }) } }, async (c, { id }) =>
  c.json(await deleteCouncilApplication(c.get("ctx"), requireActorC(c), id)),
);
