import { z } from "zod";
import { COMMUNITY_TYPES } from "../../../db/schema/reference";
import { parseInput } from "../validation";
import { COMMUNITY_LIMITS } from "./limits";

/**
 * The query of GET /api/user/communities and of the /community pages (spec README "Document 3 details").
 * Messages are locale keys under `communities.` (app/locales/ru.server.ts).
 */
const blankIs = <T>(fallback: T) => (v: unknown) => (v === "" || v === undefined || v === null ? fallback : v);

const intIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const communitiesQuerySchema = z.object({
  type: z.enum(COMMUNITY_TYPES, { error: "communities.type_invalid" }),
  page: z.preprocess(blankIs(1), intIn(1, COMMUNITY_LIMITS.pageMax, "communities.page_invalid")),
  per_page: z.preprocess(blankIs(COMMUNITY_LIMITS.perPage), intIn(1, COMMUNITY_LIMITS.perPageMax, "communities.per_page_invalid")),
  search: z.preprocess(blankIs(""), z.string({ error: "communities.search_max" }).trim().max(COMMUNITY_LIMITS.searchMax, "communities.search_max")),
});
export type CommunitiesQuery = z.output<typeof communitiesQuerySchema>;

export const parseCommunitiesQuery = (input: unknown): CommunitiesQuery => parseInput(communitiesQuerySchema, input, { namespace: "communities." });
