import { z } from "@hono/zod-openapi";
import { listCommunities } from "~/domain/communities/communities.server";
import { communitiesQuerySchema } from "~/domain/communities/schema";
import { query } from "../http";
import { apiRouter, endpoint } from "../openapi";

const tags: [string] = ["communities"];

/** The README's paginated wrapper of communities. */
const CommunityPage = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), chat_name: z.string().nullable(), chat_link: z.string().nullable() })),
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});

/** The communities directory (spec 3 §2, §7; spec README "Document 3 details"). */
export const communitiesApi = apiRouter();
endpoint(
  communitiesApi,
  {
    method: "get",
    path: "/user/communities",
    summary: "The chats that fit the caller's profile, by type",
    description: "`tribe`: the (industry, function) pairs of the profile; `option`: its functions; `alumni`: its places of study and work. 5 per page unless `per_page` says otherwise.",
    tags,
    auth: "user",
    query: communitiesQuerySchema,
    ok: { description: "A page of communities", schema: CommunityPage },
  },
  async (c) => c.json(await listCommunities(c.get("ctx"), c.get("actor"), query(c))),
);
