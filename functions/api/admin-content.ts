import { z } from "@hono/zod-openapi";
import { communitiesQuery, communitySchema, faqGroupSchema, faqQuestionSchema, footerSchema, landingFiguresSchema, previewSchema, supportSchema } from "~/domain/admin/content-schema";
import {
  adminCommunities,
  contentOverview,
  deleteFaqGroup,
  deleteFaqQuestion,
  previewAnswer,
  saveCommunity,
  saveFaqGroup,
  saveFaqQuestion,
  saveFooter,
  saveLandingFigures,
  saveSupport,
} from "~/domain/admin/content.server";
import { query, readBody } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

const tags: [string] = ["admin"];
const Saved = z.object({ message: z.string(), id: z.number().int().optional() });
const errors: (403 | 404 | 409)[] = [403];

/**
 * The operator's content (issue 15): FAQ, footer, support, the landing's figures, communities. Every call
 * is the operator's only (requireOperator in the domain), every change audited, and live at once on the
 * public pages (the content version, app/server/content-version.server.ts).
 */
export const adminContentApi = apiRouter();
endpoint(adminContentApi, { method: "get", path: "/admin/content", summary: "The FAQ, footer, support and landing figures as edited", tags, auth: "user", ok: { description: "The content" }, errors }, async (c) =>
  c.json(await contentOverview(c.get("ctx"), c.get("actor"))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/faq/groups", summary: "Add an FAQ group", tags, auth: "user", body: { json: faqGroupSchema }, ok: { description: "Added", schema: Saved }, errors }, async (c) =>
  c.json(await saveFaqGroup(c.get("ctx"), c.get("actor"), null, await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/faq/groups/{id}", summary: "Change an FAQ group", tags, auth: "user", params: idParams, body: { json: faqGroupSchema }, ok: { description: "Saved", schema: Saved }, errors: [403, 404] }, async (c, { id }) =>
  c.json(await saveFaqGroup(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
endpoint(adminContentApi, { method: "delete", path: "/admin/content/faq/groups/{id}", summary: "Delete an empty FAQ group", tags, auth: "user", params: idParams, ok: { description: "Deleted", schema: Saved }, errors: [403, 404, 409] }, async (c, { id }) =>
  c.json(await deleteFaqGroup(c.get("ctx"), c.get("actor"), id)),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/faq/questions", summary: "Add an FAQ question", tags, auth: "user", body: { json: faqQuestionSchema }, ok: { description: "Added", schema: Saved }, errors }, async (c) =>
  c.json(await saveFaqQuestion(c.get("ctx"), c.get("actor"), null, await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/faq/questions/{id}", summary: "Change an FAQ question or its answer", tags, auth: "user", params: idParams, body: { json: faqQuestionSchema }, ok: { description: "Saved", schema: Saved }, errors: [403, 404] }, async (c, { id }) =>
  c.json(await saveFaqQuestion(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
endpoint(adminContentApi, { method: "delete", path: "/admin/content/faq/questions/{id}", summary: "Delete an FAQ question", tags, auth: "user", params: idParams, ok: { description: "Deleted", schema: Saved }, errors: [403, 404] }, async (c, { id }) =>
  c.json(await deleteFaqQuestion(c.get("ctx"), c.get("actor"), id)),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/faq/preview", summary: "An answer's Markdown as the FAQ page will show it", tags, auth: "user", body: { json: previewSchema }, ok: { description: "The HTML", schema: z.object({ html: z.string() }) }, errors }, async (c) =>
  c.json(previewAnswer(c.get("actor"), await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/footer", summary: "The footer's social links and pop-up address", tags, auth: "user", body: { json: footerSchema }, ok: { description: "Saved", schema: Saved }, errors }, async (c) =>
  c.json(await saveFooter(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/support", summary: "The support contacts", tags, auth: "user", body: { json: supportSchema }, ok: { description: "Saved", schema: Saved }, errors }, async (c) =>
  c.json(await saveSupport(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/landing-figures", summary: "The landing's three figures", tags, auth: "user", body: { json: landingFiguresSchema }, ok: { description: "Saved", schema: Saved }, errors }, async (c) =>
  c.json(await saveLandingFigures(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(adminContentApi, { method: "get", path: "/admin/content/communities", summary: "Every community, by name, 50 a page", tags, auth: "user", query: communitiesQuery, ok: { description: "A page" }, errors }, async (c) =>
  c.json(await adminCommunities(c.get("ctx"), c.get("actor"), query(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/communities", summary: "Add a community", tags, auth: "user", body: { json: communitySchema }, ok: { description: "Added", schema: Saved }, errors }, async (c) =>
  c.json(await saveCommunity(c.get("ctx"), c.get("actor"), null, await readBody(c))),
);
endpoint(adminContentApi, { method: "post", path: "/admin/content/communities/{id}", summary: "Change a community: name, chat, what it belongs to", tags, auth: "user", params: idParams, body: { json: communitySchema }, ok: { description: "Saved", schema: Saved }, errors: [403, 404] }, async (c, { id }) =>
  c.json(await saveCommunity(c.get("ctx"), c.get("actor"), id, await readBody(c))),
);
