import { isDevEnv } from "~/server/env.server";
import type { HonoEnv } from "../http";
import { apiRouter, endpoint, openApiDocument, registerSecuritySchemes } from "../openapi";
import { adminApi } from "./admin";
import { adminUsersApi } from "./admin-users";
import { adminContentApi } from "./admin-content";
import { authApi } from "./auth";
import { casesApi } from "./cases";
import { communitiesApi } from "./communities";
import { demandsApi } from "./demands";
import { experienceApi } from "./experience";
import { expertProjectsApi } from "./expert-projects";
import { filesApi } from "./files";
import { finishingApi } from "./finishing";
import { inviteApi } from "./invite";
import { profileApi } from "./profile";
import { projectsApi } from "./projects";
import { publicApi } from "./public";
import { recommendationsApi } from "./recommendations";
import { referenceApi } from "./reference";
import { servicesApi } from "./services";
import { respondsApi } from "./responds";
import { uploadsApi } from "./uploads";
import { userApi } from "./user";
import { referencePage } from "./reference-page";

/**
 * The `/api` as one router: every area's routes with their OpenAPI definitions, and the document built
 * from them (decision 0024). Mounted at /api by functions/app.ts.
 */
export function createApi() {
  const api = apiRouter()
    .route("/", authApi)
    .route("/", referenceApi)
    .route("/", userApi)
    .route("/", filesApi)
    .route("/", publicApi)
    .route("/", profileApi)
    .route("/", experienceApi)
    .route("/", casesApi)
    .route("/", recommendationsApi)
    .route("/", inviteApi)
    .route("/", communitiesApi)
    .route("/", demandsApi)
    .route("/", finishingApi)
    .route("/", projectsApi)
    .route("/", adminApi)
    .route("/", servicesApi)
    .route("/", respondsApi)
    .route("/", uploadsApi)
    .route("/", expertProjectsApi)
    .route("/", adminUsersApi)
    .route("/", adminContentApi);
  registerSecuritySchemes(api);
  // Built on first use: the document is the same for the isolate's lifetime.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const doc = () => (document ??= openApiDocument(api));
  endpoint(api, { method: "get", path: "/openapi.json", summary: "This document (OpenAPI 3.1)", tags: ["meta"], auth: "none", ok: { description: "The OpenAPI document" } }, (c) => c.json(doc()));
  // The reference page: outside production only (it is a developer's aid, like /dev).
  endpoint(api, { method: "get", path: "/docs", summary: "A readable list of the operations (HTML)", tags: ["meta"], auth: "none", devOnly: true, ok: { description: "An HTML page", type: "text/html" }, errors: [404] }, (c) => {
    if (!isDevEnv(c.get("ctx").env)) return c.json({ message: c.get("ctx").t("errors.not_found") }, 404);
    return c.html(referencePage(doc()));
  });
  return api;
}
