import { Hono } from "hono";
import { publicDocUrl } from "~/domain/docs/docs.server";
import type { HonoEnv } from "./http";

/** /docs/{file}: the public PDFs, through a signed URL valid for five minutes. */
export const docsApp = new Hono<HonoEnv>().get("/:file", async (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.redirect(await publicDocUrl(c.get("ctx"), c.req.param("file")), 302);
});
