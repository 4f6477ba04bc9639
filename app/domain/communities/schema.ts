import { z } from "zod";
import { COMMUNITY_TYPES } from "../../../db/schema/reference";
import { parseInput, wholeNumber } from "../validation";
import { COMMUNITY_LIMITS } from "./limits";

/**
 * The query of GET /api/user/communities and of the /community pages (spec README "Document 3 details").
 * Messages are locale keys under `communities.` (app/locales/ru.server.ts).
 */

/** A blank query parameter (`?page=`) is an absent one: its default applies. */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const intIn = (min: number, max: number, message: string) =>
  wholeNumber(z.number({ error: message }).int(message).min(min, message).max(max, message));

export const communitiesQuerySchema = z.object({
  type: z.enum(COMMUNITY_TYPES, { error: "communities.type_invalid" }),
  page: z.preprocess(blank, intIn(1, COMMUNITY_LIMITS.pageMax, "communities.page_invalid").default(1)),
  per_page: z.preprocess(blank, intIn(1, COMMUNITY_LIMITS.perPageMax, "communities.per_page_invalid").default(COMMUNITY_LIMITS.perPage)),
  search: z.preprocess(blank, z.string({ error: "communities.search_max" }).trim().max(COMMUNITY_LIMITS.searchMax, "communities.search_max").default("")),
});
export type CommunitiesQuery = z.output<typeof communitiesQuerySchema>;

export const parseCommunitiesQuery = (input: unknown): CommunitiesQuery => parseInput(communitiesQuerySchema, input);
