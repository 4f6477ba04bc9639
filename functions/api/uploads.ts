import { z } from "@hono/zod-openapi";
import { createUpload, presignSchema } from "~/domain/files/uploads.server";
import { readBody, requireActorC } from "../http";
import { apiRouter, endpoint } from "../openapi";

const Presigned = z
  .object({
    id: z.string(),
    url: z.string(),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()),
    expires_at: z.string(),
  })
  .openapi("PresignedUpload");

/** Direct uploads (spec README "Files of requests and responses", docs/decisions/0032-direct-uploads.md). */
export const uploadsApi = apiRouter();
endpoint(
  uploadsApi,
  {
    method: "post",
    path: "/uploads",
    summary: "A presigned URL to upload one file straight to storage",
    description:
      "`{kind: 'demand'|'respond', name, size, type}`. PUT the file's bytes to `url` with `headers` before `expires_at` (10 minutes), then send `id` in the owner's form (`uploads[]` of POST /api/demand and /api/demand/{id}); the server checks the stored object's size and type by content then. Unclaimed uploads are removed after a day. Needs a verified e-mail.",
    tags: ["files"],
    auth: "user",
    body: { json: presignSchema },
    ok: { status: 201, description: "The upload's id and where to PUT it", schema: Presigned },
    errors: [403, 429],
  },
  async (c) => {
    const actor = requireActorC(c);
    return c.json(await createUpload(c.get("ctx"), actor, await readBody(c)), 201);
  },
);
