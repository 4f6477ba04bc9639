import { Hono } from "hono";
import { fileDownloadUrl } from "~/domain/files/files.server";
import { notFound } from "~/domain/errors";
import { idField } from "~/domain/validation";
import type { HonoEnv } from "../http";

/** GET /api/files/{id}: checks who asks, then redirects to a signed URL valid for five minutes. */
export const filesApi = new Hono<HonoEnv>().get("/files/:id", async (c) => {
  const id = idField.safeParse(c.req.param("id"));
  if (!id.success) throw notFound();
  const url = await fileDownloadUrl(c.get("ctx"), c.get("actor"), id.data);
  c.header("Cache-Control", "private, no-store");
  return c.redirect(url, 302);
});
