import { sql } from "drizzle-orm";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { matchingMails } from "~/server/mail/matching.server";
import { getT } from "~/server/texts.server";
import { sqlBatch } from "../admin/decision.server";
import { isoDay } from "../demands/progress";
import { searchingToday } from "../demands/searching.server";

/** One invited expert as the invitation e-mail needs him. */
type Invited = { user_id: number; email: string; name: string; locale: string };

/**
 * The statement that invites every expert who fits a searching request (spec README "Matching"; decision
 * 0031), set-based: one INSERT … SELECT whatever the number of experts.
 *
 * - The profile's industries and functions are `user_industries` and `user_options` (the block the
 *   profile's 'Отрасли и функции' and the expert's registration save; works and their workareas are the
 *   history of the profile, not what the expert offers). Both lists are looked up from the request's side
 *   through the indexes user_industries(industry_id, user_id) and user_options(option_id, user_id).
 * - A function is shared at the level of the request's functions (a request names main functions and
 *   their sub-functions): a profile's function fits when it is one of the request's functions or one of
 *   their sub-functions.
 * - Level: an `ordinary` request invites everyone, a `premium` one only experts with a work in a
 *   top-management role (`work_roles.is_top` through `workareas.role_id`).
 * - Never the customer himself, never a blocked user, never one whose address is not confirmed (it may be
 *   someone else's, decision 0055: he could not respond anyway), never anyone who already has a row for the request
 *   (ON CONFLICT on responds(demand_id, user_id)): a restart invites only new experts and a declined
 *   invitation stays declined.
 * - Only while the request is searching: a request stopped or deleted in between invites nobody.
 *
 * The ON CONFLICT clause needs the SELECT to have a WHERE (SQLite's upsert parsing rule): it has one. The
 * lists name the request by its bound id, not `d.id`: uncorrelated, SQLite builds each list once instead
 * of once per candidate expert (EXPLAIN QUERY PLAN: LIST SUBQUERY, not CORRELATED). 9 bound values.
 */
function inviteStatement(demandId: number, stamp: string, today: string) {
  return sql`insert into responds (demand_id, user_id, status, is_new, invited_at, created_at, updated_at)
    select d.id, u.id, 'invite', 1, ${stamp}, ${stamp}, ${stamp}
    from demands d, users u
    where d.id = ${demandId} and ${searchingToday(today)}
      and u.id <> d.user_id and u.blocked_at is null and u.email_verified_at is not null
      and u.id in (select ui.user_id from demand_industries di join user_industries ui on ui.industry_id = di.industry_id where di.demand_id = ${demandId})
      and u.id in (
        select uo.user_id from user_options uo where uo.option_id in (
          select dopt.option_id from demand_options dopt where dopt.demand_id = ${demandId}
          union select o.id from options o join demand_options dopt on o.parent_id = dopt.option_id where dopt.demand_id = ${demandId}))
      and (d.expert_type <> 'premium' or exists (
        select 1 from workareas wa join work_roles wr on wr.id = wa.role_id where wa.user_id = u.id and wr.is_top = 1))
    on conflict (demand_id, user_id) do nothing`;
}

/**
 * Matching (spec README "Matching"): runs whenever a request enters `searching` (approval, creation or an
 * edit with moderation off, restart). The invitations are written before the caller answers (one D1 round
 * trip: the insert and the read of whom it invited, in one batch); their e-mails follow in the background
 * (ctx.waitUntil), so approving a request that fits a thousand experts answers as fast as one that fits
 * none. Answers how many experts were invited now.
 */
export async function inviteMatchingExperts(ctx: AppContext, demandId: number): Promise<number> {
  const now = ctx.now();
  // The run's own stamp: the rows this insert wrote are the invitations carrying it.
  const stamp = now.toISOString();
  const [, invited, demand] = await sqlBatch(ctx, [
    inviteStatement(demandId, stamp, isoDay(now)),
    sql`select u.id as user_id, u.email as email, u.name as name, u.locale as locale
      from responds r join users u on u.id = r.user_id
      where r.demand_id = ${demandId} and r.status = 'invite' and r.invited_at = ${stamp}`,
    sql`select name from demands where id = ${demandId}`,
  ]);
  const experts = (invited ?? []) as Invited[];
  const name = String(demand?.[0]?.name ?? "");
  if (experts.length) ctx.waitUntil(mailInvitations(ctx, demandId, name, experts));
  return experts.length;
}

/**
 * The invitation e-mails, each in the expert's language, through `sendMany` (one outbox batch locally, one
 * Resend batch call per 100 in production). A failure is logged: the invitations stand and every expert
 * finds them under 'Новые приглашения' (decision 0031).
 */
export async function mailInvitations(ctx: AppContext, demandId: number, demandName: string, experts: readonly Invited[]): Promise<void> {
  try {
    const url = `${ctx.env.APP_URL}/response-request/${demandId}?respond=true`;
    const messages = experts.map((e) => matchingMails.invitation(getT((e.locale === "en" ? "en" : "ru") as Lang), e.email, { name: e.name, demand: demandName, url }));
    await ctx.mailer.sendMany(messages);
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "invitation mails failed", demandId, experts: experts.length, error: String(e) }));
  }
}
