import { z } from "@hono/zod-openapi";
import { createUpload, presignSchema } from "~/domain/files/uploads.server";
import { readBody } from "../http";
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
      "`{kind, name, size, type}`. PUT the file's bytes to `url` with `headers` before `expires_at` (10 minutes), then send `id` as `uploads[]` in the form that takes the kind: `demand` (POST /api/demand, /api/demand/{id}), `respond` (POST /api/respond): a verified e-mail; `case` (POST /api/user/cases), `confirmation` (POST /api/user/profile/expertises/confirm), `profile_resume` (POST /api/user/resume), `publication` (POST /api/user/profile/publications): any signed-in user; `resume` (POST /api/register, /api/completeSocialReg): anyone, a guest's upload counting against the address's limits. The server checks the stored object's size and type by content then. Unclaimed uploads are removed after a day.",
    tags: ["files"],
    auth: "optional",
    body: { json: presignSchema },
    ok: { status: 201, description: "The upload's id and where to PUT it", schema: Presigned },
    errors: [401, 403, 429],
  },
  async (c) => {
    return c.json(await createUpload(c.get("ctx"), c.get("actor") ?? null, await readBody(c)), 201);
  },
);
