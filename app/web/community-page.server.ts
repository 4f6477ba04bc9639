import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { listCommunities } from "~/domain/communities/communities.server";
import { COMMUNITY_LIMITS, type CommunityType } from "~/domain/communities/limits";
import { pageTexts } from "./page-texts.server";
import { requireUser } from "./page.server";
import "./load-context";

/**
 * A /community tab (spec 3 §2): the page of the user's communities of `type` that `?page=` and `?search=`
 * name. A link's query is taken leniently (a bad page is the first, a long search is cut) where the API
 * answers 422; a page past the last goes to the last.
 */
export async function communityTabLoader(context: AppLoadContext, request: Request, type: CommunityType) {
  const actor = requireUser(context, request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, COMMUNITY_LIMITS.searchMax);
  const asked = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= COMMUNITY_LIMITS.pageMax ? asked : 1;
  const list = await listCommunities(context.ctx, actor, { type, page, per_page: COMMUNITY_LIMITS.perPage, search });
  if (list.total > 0 && page > list.last_page) {
    url.searchParams.set("page", String(list.last_page));
    throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }
  return data({ texts: pageTexts(context, "communities"), type, search, ...list });
}

export type CommunityTabData = Awaited<ReturnType<typeof communityTabLoader>>["data"];
