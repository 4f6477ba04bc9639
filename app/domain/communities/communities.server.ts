import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { userIndustryOptions } from "../../../db/schema/profile";
import { userInstitutions, workareas, works } from "../../../db/schema/experience";
import { communities, options } from "../../../db/schema/reference";
import { userOptions } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import type { Actor } from "~/server/session.server";
import { foldName } from "../names";
import { requireActor } from "../policy.server";
import { read, runRead } from "../reads";
import type { CommunityType } from "./limits";
import { parseCommunitiesQuery, type CommunitiesQuery } from "./schema";

/**
 * The communities directory (spec 3 §2, spec README "Document 3 details"): the chats that fit the signed-in
 * user's profile, by type, searched and paged in SQL. How a profile fits a community is decided in
 * docs/decisions/0026-communities.md.
 */

/**
 * A community's function fits a function of the profile when it is that function or its parent: a chat of
 * a main function (Финансы) gathers everyone with one of its sub-functions (Бюджетирование) too.
 */
const fitsFunction = (profileOptionId: SQL) =>
  sql`exists (select 1 from ${options} where ${options.id} = ${profileOptionId} and ${communities.optionId} in (${options.id}, ${options.parentId}))`;

/** Which communities of a type belong to the user (the alias `mine` is the profile's rows). */
function belongsTo(type: CommunityType, userId: number): SQL {
  switch (type) {
    // The (industry, function) pairs of the profile: the functions chosen under each industry, and the
    // industry and sub-function of each place of work (the specializations that ratings call tribes).
    case "tribe":
      return sql`exists (select 1 from (
        select ${userIndustryOptions.industryId} as industry_id, ${userIndustryOptions.optionId} as option_id from ${userIndustryOptions} where ${userIndustryOptions.userId} = ${userId}
        union select ${workareas.industryId}, ${workareas.optionId} from ${workareas} where ${workareas.userId} = ${userId}
      ) as mine where mine.industry_id = ${communities.industryId} and ${fitsFunction(sql`mine.option_id`)})`;
    case "option":
      return sql`exists (select 1 from ${userOptions} where ${userOptions.userId} = ${userId} and ${fitsFunction(sql`${userOptions.optionId}`)})`;
    // The places of study and of work of the profile.
    case "alumni":
      return sql`(${communities.institutionId} in (select ${userInstitutions.institutionId} from ${userInstitutions} where ${userInstitutions.userId} = ${userId})
        or ${communities.companyId} in (select ${works.companyId} from ${works} where ${works.userId} = ${userId}))`;
  }
}

/** The read behind GET /api/user/communities and the /community tabs: one D1 batch, the page and its count. */
export function communitiesRead(ctx: AppContext, userId: number, q: CommunitiesQuery) {
  const where = and(
    eq(communities.type, q.type),
    belongsTo(q.type, userId),
    // search_text is folded as the search is: Cyrillic letter case and ё do not matter (decision 0026).
    q.search ? likeContains(communities.searchText, foldName(q.search)) : undefined,
  );
  return read(
    [
      ctx.db
        .select({ id: communities.id, name: communities.name, chat_name: communities.chatName, chat_link: communities.chatLink })
        .from(communities)
        .where(where)
        .orderBy(asc(communities.name), asc(communities.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      ctx.db.select({ n: count() }).from(communities).where(where),
    ],
    ([data, [total]]) => {
      const n = total?.n ?? 0;
      return { data, current_page: q.page, last_page: Math.max(1, Math.ceil(n / q.per_page)), total: n };
    },
  );
}

/** GET /api/user/communities?type=&page=&per_page=&search= (spec README "Document 3 details"). */
export async function listCommunities(ctx: AppContext, actor: Actor | null | undefined, raw: Record<string, unknown>) {
  const me = requireActor(actor);
  const q = parseCommunitiesQuery(raw);
  return await runRead(ctx, communitiesRead(ctx, me.user.id, q));
}

