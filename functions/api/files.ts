import { fileDownloadUrl } from "~/domain/files/files.server";
import { apiRouter, endpoint, idParams } from "../openapi";

/** GET /api/files/{id}: checks who asks, then redirects to a signed URL valid for five minutes. */
export const filesApi = apiRouter();
endpoint(
  filesApi,
  { method: "get", path: "/files/{id}", summary: "Download a file", description: "Redirects to a signed URL valid for five minutes.", tags: ["files"], auth: "optional", params: idParams, ok: { status: 302, description: "The signed URL" }, errors: [401, 403] },
  async (c, { id }) => {
    const url = await fileDownloadUrl(c.get("ctx"), c.get("actor"), id);
    c.header("Cache-Control", "private, no-store");
    return c.redirect(url, 302);
  },
);
