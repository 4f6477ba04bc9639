import { and, eq, inArray, isNull, ne, sql, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { rateInvitations, rateRequests } from "../../../db/schema/recommendations";
import { ratings, type RatingType } from "../../../db/schema/reputation";
import { users } from "../../../db/schema/users";
import { services } from "../../../db/schema/services";
import { ratableService } from "../services/shown";
import { companies, workRoles } from "../../../db/schema/reference";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import { rateRequestMessages, type RateMail } from "~/server/mail/recommendations.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { toLang } from "~/i18n";
import { EMAIL_PATTERN } from "~/domain/limits";
import { runBatch, runRead, runReads } from "../reads";
import { DomainError, fieldError, forbidden, notFound, unauthorized, validationError } from "../errors";
import { requireVerifiedEmail } from "../policy.server";
import { emailRaterKey, expertiseKey, serviceKey, tribeKey, USER_RATER_PREFIX, userRaterKey } from "../reputation/keys";
import { personRating } from "../reputation/score";
import { REC_LIMITS, REQUEST_SECTIONS, type RequestSection } from "./limits";
import { absoluteUrl, multiRatePath, rateUserPath } from "./links";
import {
  accountsByIdOrEmail,
  findPeople,
  openAsks,
  incomingRows,
  invitationsToMail,
  invitationWithItems,
  inviteRatesOf,
  openIncoming,
  outgoingOfInvitations,
  outgoingPage,
  ownRequest,
  photoUrl,
  ratablesRead,
  ratedUser,
  raterIs,
  subjectNames,
  titleOf,
  type ItemWithNames,
} from "./queries.server";
import { multiRateHash, singleRateHash, verifyRateHash, type RatePayload } from "./rate-hash.server";
import { inIds } from "../id-list";
import { sqlBatch } from "../admin/decision.server";
import { isGuardFailure } from "../batch-guard";
import { usableBy } from "../reference/usable";
import {
  multiRateSchema,
  outgoingQuerySchema,
  parseRec,
  rateItemSchema,
  rateItemsSchema,
  rateSchema,
  remindSchema,
  searchQuerySchema,
  viewFlagsSchema,
  type RateItemInput,
} from "./schema";

/**
 * The rules of recommendations and ratings by link (spec 2 §2–§9, decision 0016). The reads live in
 * queries.server.ts, the links in links.ts and rate-hash.server.ts, the e-mails' text in
 * app/server/mail/recommendations.server.ts.
 */

const HOUR = 3_600_000;

type Subject = { type: RatingType; industryId?: number | null; optionId?: number | null; expertiseId?: number | null; serviceId?: number | null };

/**
 * Asking for ratings mails people the user names: only with a confirmed e-mail, as the page guard
 * (requireUser sends unverified users to /verify), so the API cannot be a mail relay for throwaway accounts.
 */
const assertCanAsk = (actor: Actor) => requireVerifiedEmail(actor, "recommend.not_verified");

/**
 * Every rating-request e-mail counts: per sender (all of them) and per recipient (from anyone). A recipient
 * is his rater key (u:<id> for an account, whichever way he was named; e:<address> otherwise).
 */
function countRateMails(ctx: AppContext, actor: Actor, recipients: string[]) {
  return hitAll(ctx, [
    { name: "recommend_user", subject: actor.user.id, weight: recipients.length },
    ...recipients.map((to) => ({ name: "recommend_email" as const, subject: to.toLowerCase() })),
  ]);
}

export function subjectKeyOf(s: Subject): string {
  if (s.type === "tribe") return tribeKey(s.industryId!, s.optionId!);
  if (s.type === "expertise") return expertiseKey(s.expertiseId!);
  return serviceKey(s.serviceId!);
}

const itemSubjectKey = (item: RateItemInput) => subjectKeyOf({ type: item.type!, industryId: item.industry_id, optionId: item.option_id, expertiseId: item.expertise_id, serviceId: item.service_id });

// ---------------------------------------------------------------------------------------------------
// What a user can ask to be rated for

/** The specializations, competences and services a user may ask to be rated for (queries.server.ts). */
export function userRatables(ctx: AppContext, userId: number) {
  return runRead(ctx, ratablesRead(ctx, userId));
}

// ---------------------------------------------------------------------------------------------------
// GET /api/user/search

/**
 * Person search of the request dialog (spec 2 §3 'Person search result'). Starts above 1 character; an
 * e-mail is matched only exactly, and only an exact match answers with that e-mail (never leaked otherwise).
 */
export async function searchPeople(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  assertCanAsk(actor);
  const q = parseRec(searchQuerySchema, { search: query.search, emailOnly: query["email-only"] === "" ? "1" : query["email-only"] });
  await hitAll(ctx, [
    { name: "user_search_user", subject: actor.user.id },
    { name: "user_search_ip", subject: ctx.ip },
  ]);
  const search = q.search;
  if (search.length < REC_LIMITS.searchMin) return [];
  const lower = search.toLowerCase();
  const looksLikeEmail = search.includes("@");
  if (q.emailOnly && !looksLikeEmail) return [];
  // spec 2 §3: a colleague is found by his exact e-mail, which tells whether the address has an account.
  // Half-typed addresses match no account (all of them pass EMAIL_PATTERN), so only whole ones are looked up
  // and counted, on a tighter limit of their own.
  if (looksLikeEmail) {
    if (!EMAIL_PATTERN.test(search)) return [];
    await hit(ctx, "user_search_email_user", actor.user.id);
  }
  const name =
    !q.emailOnly && !looksLikeEmail
      ? or(
          likeContains(users.name, search),
          likeContains(users.lastName, search),
          likeContains(sql`(${users.name} || ' ' || ${users.lastName})`, search),
          likeContains(sql`(${users.lastName} || ' ' || ${users.name})`, search),
        )
      : undefined;
  const rows = await findPeople(ctx, { except: actor.user.id, email: lower, name });
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      type: "user" as const,
      name: `${r.name} ${r.lastName}`,
      ...(r.email === lower ? { email: r.email } : {}),
      company: { name: r.company },
      rating: personRating(r.rating),
      photo: await photoUrl(ctx, r.photoKey),
      // An account whose e-mail is not confirmed yet: the rating waits for it (decision 0016).
      need_approve: !r.verified,
    })),
  );
}

// ---------------------------------------------------------------------------------------------------
// POST /api/user/invite-rate, /api/user/invite-rates

/** `chosenId`: the account chosen in the person search, whose address the asker never sees (even one not proved yet). */
type Rater = { key: string; userId: number | null; email: string | null; chosenId: number | null; name: string; lastName: string; patronymic: string | null };

/** One rater-invitation item (spec README: invite-rate takes one item). */
export async function inviteRate(ctx: AppContext, actor: Actor, body: unknown) {
  assertCanAsk(actor);
  const item = parseRec(rateItemSchema, body);
  return createInvitations(ctx, actor, [item], "");
}

/** `{items:[…]}`: every item, grouped into one invitation (and one e-mail) per rater. */
export async function inviteRates(ctx: AppContext, actor: Actor, body: unknown) {
  assertCanAsk(actor);
  const { items } = parseRec(rateItemsSchema, body);
  return createInvitations(ctx, actor, items, "items.");
}

async function createInvitations(ctx: AppContext, actor: Actor, items: RateItemInput[], prefix: string) {
  const at = (i: number, field: string) => (prefix ? `${prefix}${i}.${field}` : field);
  const ratables = await userRatables(ctx, actor.user.id);
  const allowed = new Set([...ratables.tribes, ...ratables.expertises, ...ratables.services].map((r) => r.key));
  const subjects = new Set<string>();
  items.forEach((item, i) => {
    // Only one's own active services (ratableServices); anyone else's, or a hidden one, is unavailable.
    if (item.type === "service" && !allowed.has(serviceKey(item.service_id!))) throw fieldError(at(i, "service_id"), "recommend.service_unavailable");
    const key = itemSubjectKey(item);
    if (!allowed.has(key)) throw fieldError(at(i, item.type === "tribe" ? "industry_id" : "expertise_id"), "recommend.not_yours");
    subjects.add(key);
  });
  if (new Set(items.filter((i) => i.type === "tribe").map(itemSubjectKey)).size > REC_LIMITS.maxTribes) throw fieldError(prefix ? "items" : "type", "recommend.tribes_limit");
  if (subjects.size > REC_LIMITS.maxSubjects) throw fieldError(prefix ? "items" : "type", "recommend.subjects_limit");

  // Where the two worked together, if said: a company the asker may pick (an approved one, or his own
  // proposal in moderation) and a work role that exists; anything else names nothing.
  const companyIds = [...new Set(items.map((i) => i.company_id).filter((v): v is number => !!v))];
  const roleIds = [...new Set(items.map((i) => i.work_role_id).filter((v): v is number => !!v))];
  if (companyIds.length || roleIds.length) {
    const [knownCompanies, knownRoles] = await runBatch(ctx, [
      ctx.db.select({ id: companies.id }).from(companies).where(and(inIds(companies.id, companyIds), usableBy(companies, actor.user.id))),
      ctx.db.select({ id: workRoles.id }).from(workRoles).where(inIds(workRoles.id, roleIds)),
    ] as const);
    const okCompanies = new Set(knownCompanies.map((c) => c.id));
    const okRoles = new Set(knownRoles.map((r) => r.id));
    items.forEach((item, i) => {
      if (item.company_id && !okCompanies.has(item.company_id)) throw fieldError(at(i, "company_id"), "validation.invalid");
      if (item.work_role_id && !okRoles.has(item.work_role_id)) throw fieldError(at(i, "work_role_id"), "validation.invalid");
    });
  }

  // Who is asked: a user chosen in the search, or an e-mail (which may already have an account).
  const ids = [...new Set(items.map((i) => i.rater_user_id).filter((v): v is number => !!v))];
  const emails = [...new Set(items.map((i) => i.invite_rate_user?.email).filter((v): v is string => !!v))];
  // A typed address is looked up (a blocked account's is refused by name, below): counted before the
  // lookup, refused or not, on the invitations' own lookup limit (as GET /api/invite/check-email).
  if (emails.length) await hitAll(ctx, [{ name: "invite_check_user", subject: actor.user.id, weight: emails.length }]);
  const [known, open] = await Promise.all([accountsByIdOrEmail(ctx, ids, emails), openAsks(ctx, actor.user.id)]);
  const raters = items.map((item, i): Rater => {
    if (item.rater_user_id) {
      const u = known.find((k) => k.id === item.rater_user_id);
      if (!u) throw fieldError(at(i, "rater_user_id"), "recommend.choose_user");
      if (u.id === actor.user.id) throw fieldError(at(i, "rater_user_id"), "recommend.self");
      // An account that never proved its address is not yet its owner (decision 0016): the request goes to
      // the address, as a typed one would, and joins whoever proves it.
      if (!u.verified) return { key: emailRaterKey(u.email.toLowerCase()), userId: null, email: u.email.toLowerCase(), chosenId: u.id, name: u.name, lastName: u.lastName, patronymic: u.patronymic };
      return { key: userRaterKey(u.id), userId: u.id, email: null, chosenId: u.id, name: u.name, lastName: u.lastName, patronymic: u.patronymic };
    }
    const p = item.invite_rate_user!;
    const u = known.find((k) => k.email === p.email);
    if (u?.id === actor.user.id || p.email === actor.user.email.toLowerCase()) throw fieldError(at(i, "invite_rate_user.email"), "recommend.self");
    // A blocked account's owner rates nobody (its links are dead, decisions 0051, 0056): typing its address
    // asks nobody either, as choosing it in the search cannot.
    if (u?.verified && Number(u.blocked)) throw fieldError(at(i, "invite_rate_user.email"), "recommend.rater_unavailable");
    // Only an account that proved the address is its owner (decision 0016): one registered with it unproven
    // gets nothing; the request waits under the address and joins whoever proves it.
    if (u?.verified) return { key: userRaterKey(u.id), userId: u.id, email: p.email, chosenId: null, name: p.name, lastName: p.lastName, patronymic: p.patronymic ?? null };
    return { key: emailRaterKey(p.email), userId: null, email: p.email, chosenId: null, name: p.name, lastName: p.lastName, patronymic: p.patronymic ?? null };
  });
  // An item already waiting for this person's rating is not asked again: the request list's reminder is
  // how to ask again (one rating per rater and item, decision 0016).
  items.forEach((item, i) => {
    const rater = raters[i]!;
    const key = itemSubjectKey(item);
    if (open.some((o) => o.subjectKey === key && ((rater.userId !== null && o.raterUserId === rater.userId) || (rater.email !== null && o.raterEmail === rater.email.toLowerCase()))))
      throw fieldError(at(i, item.rater_user_id ? "rater_user_id" : "invite_rate_user.email"), "recommend.already_asked");
  });
  const groups = new Map<string, { rater: Rater; items: RateItemInput[]; keys: Set<string> }>();
  items.forEach((item, i) => {
    const rater = raters[i]!;
    const group = groups.get(rater.key) ?? { rater, items: [], keys: new Set<string>() };
    const key = itemSubjectKey(item);
    // The same item asked twice of the same person in one go counts once.
    if (!group.keys.has(key)) {
      group.keys.add(key);
      group.items.push(item);
    }
    groups.set(rater.key, group);
  });
  if (groups.size > REC_LIMITS.maxRaters) throw fieldError(prefix ? "items" : "rater_user_id", "recommend.raters_limit");
  // One e-mail per rater: counted before anything is stored, so a refused call leaves nothing behind.
  await countRateMails(ctx, actor, [...groups.keys()]);

  const remindAt = ctx.now().getTime() + REC_LIMITS.remindCooldownHours * HOUR;
  const batch: BatchItem<"sqlite">[] = [];
  for (const { rater, items: list } of groups.values()) {
    batch.push(
      ctx.db
        .insert(rateInvitations)
        .values({ userId: actor.user.id, raterUserId: rater.userId, raterEmail: rater.email, raterChosenId: rater.chosenId, raterName: rater.name, raterLastName: rater.lastName, raterPatronymic: rater.patronymic, remindAvailableAt: remindAt })
        .returning({ id: rateInvitations.id }),
    );
    // D1 runs a batch as one transaction, one statement after the other: the newest invitation of this
    // user is the one just inserted.
    batch.push(
      ctx.db.insert(rateRequests).values(
        list.map((item) => ({
          invitationId: sql`(select max(id) from rate_invitations where user_id = ${actor.user.id})` as unknown as number,
          userId: actor.user.id,
          type: item.type!,
          subjectKey: itemSubjectKey(item),
          industryId: item.type === "tribe" ? item.industry_id : null,
          optionId: item.type === "tribe" ? item.option_id : null,
          expertiseId: item.type === "expertise" ? item.expertise_id : null,
          serviceId: item.type === "service" ? item.service_id : null,
          workRoleId: item.work_role_id ?? null,
          companyId: item.company_id ?? null,
        })),
      ),
    );
  }
  // Two asks of the same item of the same person made at once both pass the read above: the one that
  // commits second fails whole here (an item waits for one person's rating once, decision 0016).
  const asked = [...groups.values()].flatMap(({ rater, keys }) => [...keys].map((k) => ({ k, u: rater.userId, e: rater.email?.toLowerCase() ?? null })));
  batch.push(
    ctx.db
      .select({ failed: sql`json('lost race')` })
      .from(users)
      .where(
        and(
          eq(users.id, actor.user.id),
          sql`exists (select 1 from json_each(${JSON.stringify(asked)}) j where (
            select count(*) from ${rateRequests} r join ${rateInvitations} i on i.id = r.invitation_id
            where r.user_id = ${actor.user.id} and r.status = 'sent' and i.declined_at is null
              and r.subject_key = json_extract(j.value, '$.k')
              and (i.rater_user_id = json_extract(j.value, '$.u') or lower(i.rater_email) = json_extract(j.value, '$.e'))
          ) > 1)`,
        ),
      ),
  );
  let results: unknown[];
  try {
    results = (await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  } catch (e) {
    if (isGuardFailure(e)) throw fieldError(at(0, items[0]!.rater_user_id ? "rater_user_id" : "invite_rate_user.email"), "recommend.already_asked");
    throw e;
  }
  const invitationIds: number[] = [];
  for (let i = 0; i < results.length - 1; i += 2) invitationIds.push((results[i] as { id: number }[])[0]!.id);
  await mailInvitations(ctx, invitationIds, "request");
  return { message: ctx.t("recommend.requested"), items: await runRead(ctx, outgoingOfInvitations(ctx, actor.user.id, invitationIds)) };
}

// ---------------------------------------------------------------------------------------------------
// The e-mails

/**
 * Sends (or re-sends) the rating requests of invitations, each with its items still waiting and their
 * links, in its rater's language: one D1 batch reads them all, one mailer call sends them all (one
 * outbox batch, one Resend batch request), however many raters one act names.
 */
async function mailInvitations(ctx: AppContext, invitationIds: number[], kind: RateMail["kind"]) {
  const mails: RateMail[] = [];
  for (const { inv, items, asker, raterAccount } of await runRead(ctx, invitationsToMail(ctx, invitationIds))) {
    // A blocked rater rates nobody (decisions 0051, 0056): a link he cannot use is not mailed.
    if (!items.length || Number(raterAccount?.blocked)) continue;
    const lang = toLang(raterAccount?.locale) ?? ctx.lang;
    const named = items.map((i) => ({ item: i.item, names: subjectNames({ lang }, i) }));
    // A registered rater answers every item on one page (/multi-rate-user, signed in); a person without an
    // account gets one /rate-user link per item, which works without signing in (decision 0016).
    const multiUrl = raterAccount ? absoluteUrl(ctx.env.APP_URL, multiRatePath(await multiRateHash(ctx.env.RATE_LINK_SECRET, inv))) : null;
    const mailItems = await Promise.all(
      named.map(async ({ item, names }) => ({
        title: titleOf(item.type, names),
        url: raterAccount ? null : absoluteUrl(ctx.env.APP_URL, rateUserPath(await singleRateHash(ctx.env.RATE_LINK_SECRET, inv, item, names))),
      })),
    );
    mails.push({ kind, lang, to: raterAccount?.email ?? inv.raterEmail!, asker: `${asker.name} ${asker.lastName}`, rater: inv.raterName ?? raterAccount?.name ?? "", items: mailItems, multiUrl });
  }
  if (!mails.length) return;
  try {
    await ctx.mailer.sendMany(rateRequestMessages(mails));
  } catch (e) {
    // The requests are saved either way; the reminder re-sends them.
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, event: "rate_mail_failed", error: String(e) }));
  }
}

// ---------------------------------------------------------------------------------------------------
// Outgoing: GET /api/user/profile/recommendations, GET /api/user/invite-rates, POST /api/user/remind-to-rate

const pageMeta = (page: number, total: number) => ({ current_page: page, per_page: REC_LIMITS.pageSize, total, last_page: Math.max(1, Math.ceil(total / REC_LIMITS.pageSize)) });

/** spec 2 §4: sorted sent, approve, declined; spec 2 §9: page size 7 (sorted and paged by the database). */
export async function outgoingRecommendations(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const q = parseRec(outgoingQuerySchema, query);
  const { data, total } = await runRead(ctx, outgoingPage(ctx, actor.user.id, q));
  return { data, meta: pageMeta(q.page, total) };
}

/**
 * The page of outgoing requests (spec 2 §2): what the user may ask for and one page of each section
 * (`pages`: the page number asked for each), in ONE D1 batch whatever the user holds.
 */
export async function recommendationRequestPage(ctx: AppContext, actor: Actor, pages: Record<RequestSection, number>) {
  const read = await runReads(ctx, {
    ratables: ratablesRead(ctx, actor.user.id),
    tribe: outgoingPage(ctx, actor.user.id, { type: "tribe", page: pages.tribe }),
    expertise: outgoingPage(ctx, actor.user.id, { type: "expertise", page: pages.expertise }),
    service: outgoingPage(ctx, actor.user.id, { type: "service", page: pages.service }),
  });
  return {
    ratables: read.ratables,
    sections: REQUEST_SECTIONS.map((type) => ({ type, data: read[type].data, meta: pageMeta(pages[type], read[type].total) })),
  };
}

/** An invitation to an address the asker typed (not to a person chosen in the search). */
const typed = (inv: { raterEmail: string | null; raterChosenId: number | null }): inv is { raterEmail: string; raterChosenId: null } => !!inv.raterEmail && !inv.raterChosenId;

/** GET /api/user/invite-rates: what the user has asked, as rater-invitation items. */
export async function listInviteRates(ctx: AppContext, actor: Actor) {
  const rows = await inviteRatesOf(ctx, actor.user.id);
  return rows.map(({ r, inv }) => ({
    id: r.id,
    type: r.type,
    expertise_id: r.expertiseId,
    service_id: r.serviceId,
    industry_id: r.industryId,
    option_id: r.optionId,
    work_role_id: r.workRoleId,
    company_id: r.companyId,
    // A person chosen in the search is named by his id, his address kept from the asker; a typed one by it.
    rater_user_id: inv.raterChosenId ?? (inv.raterEmail ? null : inv.raterUserId),
    invite_rate_user: typed(inv) ? { email: inv.raterEmail, name: inv.raterName, lastName: inv.raterLastName, patronymic: inv.raterPatronymic } : null,
    is_invited: typed(inv) ? 1 : 0,
    status: r.status,
    created_at: r.createdAt,
  }));
}

/** The wait before the next reminder in the spec's words: 'Повторное напоминание через N минут' or 'часов'. */
export function remindWaitText(t: AppContext["t"], ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes > 60 ? t("recommend.remind_hours", { count: Math.ceil(minutes / 60) }) : t("recommend.remind_minutes", { count: minutes });
}

export async function remindToRate(ctx: AppContext, actor: Actor, body: unknown) {
  assertCanAsk(actor);
  const { id } = parseRec(remindSchema, body);
  const row = await ownRequest(ctx, actor.user.id, id);
  if (!row) throw notFound();
  if (row.r.status !== "sent") throw fieldError("id", "recommend.remind_done");
  // An item nobody may rate now (its competence or function not approved) is neither mailed nor reminded
  // of (ratableItem): saying a reminder went would be untrue.
  if (!Number(row.ratable)) throw fieldError("id", "recommend.remind_unratable");
  if (Number(row.raterBlocked)) throw fieldError("id", "recommend.rater_unavailable");
  const now = ctx.now().getTime();
  const wait = row.inv.remindAvailableAt - now;
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    const hours = minutes > 60;
    throw new DomainError("rate_limited", hours ? "recommend.remind_hours" : "recommend.remind_minutes", { params: { count: hours ? Math.ceil(minutes / 60) : minutes }, retryAfter: Math.ceil(wait / 1000) });
  }
  const next = now + REC_LIMITS.remindCooldownHours * HOUR;
  await countRateMails(ctx, actor, [row.inv.raterUserId ? userRaterKey(row.inv.raterUserId) : emailRaterKey(row.inv.raterEmail!)]);
  // Claim the reminder first: two presses at once send one e-mail.
  const claimed = await ctx.db
    .update(rateInvitations)
    .set({ remindAvailableAt: next })
    .where(and(eq(rateInvitations.id, row.inv.id), eq(rateInvitations.remindAvailableAt, row.inv.remindAvailableAt)))
    .returning({ id: rateInvitations.id });
  if (!claimed.length) throw new DomainError("rate_limited", "recommend.remind_hours", { params: { count: REC_LIMITS.remindCooldownHours }, retryAfter: REC_LIMITS.remindCooldownHours * 3600 });
  await mailInvitations(ctx, [row.inv.id], "reminder");
  return { message: ctx.t("recommend.reminded"), remind_available_at: new Date(next).toISOString() };
}

// ---------------------------------------------------------------------------------------------------
// Incoming: GET …/from-others, POST /api/view-flags, POST …/from-others/{id}/decline

type IncomingEntry = { id: number; user: { id: number; email: string; name: string; lastName: string; photo: string | null }; recommendations: { id: number; title: string }[]; is_viewed: boolean; hash: string };

/** spec 2 §2: people who asked for a rating, unseen first; declined and answered ones drop out. */
export async function incomingRecommendations(ctx: AppContext, actor: Actor) {
  const out: IncomingEntry[] = [];
  for (const row of await incomingRows(ctx, actor)) {
    let entry = out.find((e) => e.id === row.inv.id);
    if (!entry) {
      entry = { id: row.inv.id, user: { ...row.asker, photo: await photoUrl(ctx, row.photoKey) }, recommendations: [], is_viewed: row.inv.isViewed, hash: await multiRateHash(ctx.env.RATE_LINK_SECRET, row.inv) };
      out.push(entry);
    }
    entry.recommendations.push({ id: row.itemId, title: titleOf(row.type, subjectNames(ctx, row)) });
  }
  return out;
}

export async function setViewFlags(ctx: AppContext, actor: Actor, body: unknown) {
  const { ids } = parseRec(viewFlagsSchema, body);
  // Only the caller's own incoming requests change; other ids are left alone.
  const done = await ctx.db
    .update(rateInvitations)
    .set({ isViewed: true })
    .where(and(inIds(rateInvitations.id, ids), raterIs(actor)))
    .returning({ id: rateInvitations.id });
  return { ids: done.map((d) => d.id) };
}

export async function declineIncoming(ctx: AppContext, actor: Actor, id: number) {
  if (!(await openIncoming(ctx, actor, id))) throw notFound();
  await ctx.db.batch([
    ctx.db.update(rateInvitations).set({ declinedAt: ctx.now().toISOString(), isViewed: true }).where(eq(rateInvitations.id, id)),
    ctx.db.update(rateRequests).set({ status: "declined", updatedAt: ctx.now().toISOString() }).where(and(eq(rateRequests.invitationId, id), eq(rateRequests.status, "sent"))),
  ]);
  return { message: ctx.t("recommend.declined") };
}

// ---------------------------------------------------------------------------------------------------
// Rating by link: GET /api/user/rates, POST /api/user/rate, POST /api/user/multi-rate

const badLink = () => fieldError("hash", "recommend.bad_link");

type Checked = { payload: RatePayload; inv: typeof rateInvitations.$inferSelect; items: (typeof rateRequests.$inferSelect)[]; named: ItemWithNames[] };

/** A hash that is ours and still names an open invitation of that user, with its items. */
async function checkHash(ctx: AppContext, hash: unknown): Promise<Checked> {
  const payload = await verifyRateHash(ctx.env.RATE_LINK_SECRET, hash);
  if (!payload) throw badLink();
  const { inv, items: named } = await runRead(ctx, invitationWithItems(ctx, payload.invitation_id, payload.kind === "single" ? payload.rate_id : null));
  const items = named.map((i) => i.item);
  if (!inv || inv.userId !== payload.user_id || inv.declinedAt || !items.length) throw badLink();
  if (items.some((i) => i.userId !== payload.user_id || i.status === "declined")) throw badLink();
  return { payload, inv, items, named };
}

/**
 * Who rates through this hash, as the key of the ratings table. A registered rater must be signed in as
 * himself; an invited e-mail may rate as a guest (spec README). Never the profile owner for himself.
 */
function raterOf(actor: Actor | null, payload: RatePayload, ratedEmail: string, inv: typeof rateInvitations.$inferSelect): { key: string; userId: number | null; email: string | null } {
  if (actor?.user.id === payload.user_id) throw new DomainError("forbidden", "recommend.self_rating");
  if (payload.rater_user_id) {
    if (!actor) throw unauthorized();
    if (actor.user.id !== payload.rater_user_id) throw forbidden();
    return { key: userRaterKey(actor.user.id), userId: actor.user.id, email: null };
  }
  const email = payload.rater_email!.toLowerCase();
  if (email === ratedEmail.toLowerCase()) throw new DomainError("forbidden", "recommend.self_rating");
  // The invited e-mail registered after the link was mailed (joinGuestRaterStatements): the link still
  // speaks for that person, now an account, so the rating stays one per rater and item.
  const accountId = inv.raterUserId ?? (actor?.user.isVerified && actor.user.email.toLowerCase() === email ? actor.user.id : null);
  if (accountId === payload.user_id) throw new DomainError("forbidden", "recommend.self_rating");
  if (accountId) return { key: userRaterKey(accountId), userId: accountId, email };
  return { key: emailRaterKey(email), userId: null, email };
}

/**
 * A person asked by e-mail who owns that e-mail on an account takes over what was addressed to it: the
 * invitations become his (incoming list, multi-rate links) and his guest ratings become ratings by his
 * account. Run when the address is proven: at registration if it comes verified (social sign-in), else
 * in the batch that verifies it (a new account's or a changed e-mail), never for an address merely typed
 * in, which would let anyone read or rewrite another person's ratings. Relabelling only, with two
 * exceptions: what the address asked or rated about the account itself stays the e-mail's (no
 * self-rating), and where the account has already rated the same item, its own rating is the one kept
 * (one per rater and item). `userId` may be the SQL of an id not inserted yet (the registration's batch).
 */
export function joinGuestRaterStatements(ctx: AppContext, email: string, userId: number | SQL): BatchItem<"sqlite">[] {
  const address = email.trim().toLowerCase();
  const guest = emailRaterKey(address);
  // A bound JS number reaches SQLite as a REAL ("41.0"): the key is built from an integer.
  const account = sql`${USER_RATER_PREFIX} || cast(${userId} as integer)`;
  return [
    ctx.db
      .update(rateInvitations)
      .set({ raterUserId: userId as unknown as number })
      .where(and(eq(rateInvitations.raterEmail, address), isNull(rateInvitations.raterUserId), ne(rateInvitations.userId, userId as unknown as number))),
    ctx.db
      .delete(ratings)
      .where(
        and(
          eq(ratings.raterKey, guest),
          ne(ratings.ratedUserId, userId as unknown as number),
          sql`exists (select 1 from ${ratings} own where own.rated_user_id = ${ratings.ratedUserId} and own.subject_key = ${ratings.subjectKey} and own.rater_key = ${account})`,
        ),
      ),
    ctx.db
      .update(ratings)
      .set({ raterKey: account as unknown as string, raterUserId: userId as unknown as number })
      .where(and(eq(ratings.raterKey, guest), ne(ratings.ratedUserId, userId as unknown as number))),
  ];
}

/** The person rated through a link: a link to someone gone is a bad link. */
async function ratedUserOf(ctx: AppContext, userId: number) {
  const u = await ratedUser(ctx, userId);
  if (!u) throw badLink();
  return u;
}

/** Data of both rating pages (spec 2 §3 'Multi-rate data'); a single link lists its one item. */
export async function ratesByHash(ctx: AppContext, actor: Actor | null, hash: unknown) {
  const { payload, inv, named: items } = await checkHash(ctx, hash);
  const u = await ratedUserOf(ctx, payload.user_id);
  if (actor?.user.id === payload.user_id) throw new DomainError("forbidden", "recommend.self_rating");
  // A signed-in stranger may not read someone else's multi-rate request.
  if (payload.kind === "multi" && actor && payload.rater_user_id && actor.user.id !== payload.rater_user_id) throw forbidden();
  if (payload.kind === "multi" && actor && !payload.rater_user_id && actor.user.email.toLowerCase() !== payload.rater_email?.toLowerCase()) throw forbidden();
  const named = items.map((i) => ({ ...i.item, names: subjectNames(ctx, i) }));
  return {
    kind: payload.kind,
    invitation_id: inv.id,
    user: { id: u.id, name: u.name, lastName: u.lastName, photo: await photoUrl(ctx, u.photoKey) },
    services: named.filter((i) => i.type === "service").map((i) => ({ id: i.id, service_name: i.names.service ?? "" })),
    tribes: named
      .filter((i) => i.type === "tribe")
      // Where the two worked together, when the asker said (spec 2 §2: company, industry, role).
      .map((i) => ({ id: i.id, industry_id: i.industryId, option_id: i.optionId, industry_name: i.names.industry ?? "", option_name: i.names.option ?? "", company_name: i.names.company, work_role_name: i.names.workRole })),
    expertises: named.filter((i) => i.type === "expertise").map((i) => ({ id: i.id, expertise_id: i.expertiseId, expertise_name: i.names.expertise ?? "" })),
  };
}

function upsertRating(ctx: AppContext, item: typeof rateRequests.$inferSelect, rater: { key: string; userId: number | null; email: string | null }, rating: number, comment: string | null) {
  const now = ctx.now().toISOString();
  return ctx.db
    .insert(ratings)
    .values({
      ratedUserId: item.userId,
      type: item.type,
      subjectKey: item.subjectKey,
      industryId: item.industryId,
      optionId: item.optionId,
      expertiseId: item.expertiseId,
      serviceId: item.serviceId,
      workRoleId: item.workRoleId,
      companyId: item.companyId,
      raterKey: rater.key,
      raterUserId: rater.userId,
      raterEmail: rater.email,
      rating,
      comment,
      rateRequestId: item.id,
    })
    // spec 2 §4: re-rating keeps only the last rating.
    .onConflictDoUpdate({
      target: [ratings.ratedUserId, ratings.subjectKey, ratings.raterKey],
      set: { rating, comment, rateRequestId: item.id, raterUserId: rater.userId, updatedAt: now },
    });
}

/** POST /api/user/rate: `{hash, rating, comment?}`; what and by whom come from the verified hash only. */
export async function rateByHash(ctx: AppContext, actor: Actor | null, body: unknown) {
  const input = parseRec(rateSchema, body);
  const { payload, inv, items } = await checkHash(ctx, input.hash);
  if (payload.kind !== "single") throw badLink();
  const u = await ratedUserOf(ctx, payload.user_id);
  const rater = raterOf(actor, payload, u.email, inv);
  // The link of an invited address that became an account speaks for that account, session or not: a
  // blocked one rates nobody (decisions 0051, 0056), as it could not sign in to.
  if (rater.userId !== null && rater.userId !== actor?.user.id) {
    const [account] = await ctx.db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, rater.userId)).limit(1);
    if (!account || account.blockedAt) throw badLink();
  }
  const item = items[0]!;
  await guarded(ctx, [upsertRating(ctx, item, rater, input.rating!, input.comment || null), ...markRated(ctx, inv.id, [item.id]), sameAsksRated(ctx, inv.userId, [item.id], rater)]);
  return { message: ctx.t("recommend.thanks") };
}

/** POST /api/user/multi-rate: the signed-in rater rates every listed item, with a comment. */
export async function multiRate(ctx: AppContext, actor: Actor | null, body: unknown) {
  const raw = (body ?? {}) as Record<string, unknown>;
  // A guest is told to sign in before anything else (spec 2 §2 'Внимание!').
  if (!actor) {
    if (!(await verifyRateHash(ctx.env.RATE_LINK_SECRET, raw.hash))) throw badLink();
    throw unauthorized();
  }
  const input = parseRec(multiRateSchema, body);
  const { payload, inv, items } = await checkHash(ctx, input.hash);
  if (payload.kind !== "multi") throw badLink();
  const u = await ratedUserOf(ctx, payload.user_id);
  // A request sent to an address is for whoever proved it.
  if (!payload.rater_user_id && (!actor.user.isVerified || actor.user.email.toLowerCase() !== payload.rater_email?.toLowerCase())) throw forbidden();
  const rater = raterOf(actor, payload, u.email, inv);
  const given = new Map(input.items.map((i) => [i.rate_id, i.rating!]));
  if ([...given.keys()].some((id) => !items.some((i) => i.id === id))) throw fieldError("items", "validation.invalid");
  // spec 2 §5: every listed item rated, else the alert 'Оцените все компетенции'.
  if (items.some((i) => !given.has(i.id))) throw validationError({ items: ["recommend.rate_all_text"] }, { title: ctx.t("recommend.rate_all") });
  await guarded(ctx, [
    ...items.map((item) => upsertRating(ctx, item, rater, given.get(item.id)!, input.comment)),
    ...markRated(ctx, inv.id, items.map((i) => i.id)),
    sameAsksRated(ctx, inv.userId, items.map((i) => i.id), rater),
    ctx.db.update(rateInvitations).set({ isViewed: true }).where(eq(rateInvitations.id, inv.id)),
  ]);
  return { message: ctx.t("recommend.thanks") };
}

/**
 * Marks the items rated, as the batch finds them: an item declined, or an invitation declined, since the
 * link was checked (the rater's other tab) fails the whole batch, its ratings with it, so no rating lands
 * on a declined item.
 */
function markRated(ctx: AppContext, invitationId: number, ids: number[]) {
  return [
    ctx.db
      .update(rateRequests)
      .set({ status: "approve", updatedAt: ctx.now().toISOString() })
      .where(
        and(
          inArray(rateRequests.id, ids),
          ne(rateRequests.status, "declined"),
          sql`exists (select 1 from ${rateInvitations} i where i.id = ${invitationId} and i.declined_at is null)`,
          // A service deleted, hidden or sent to moderation since the link was read fails the batch too.
          sql`(${rateRequests.type} <> 'service' or exists (select 1 from ${services} where ${services.id} = ${rateRequests.serviceId} and ${ratableService}))`,
        ),
      ),
    sql`select json('lost race') as failed where changes() <> ${ids.length}`,
  ];
}

/**
 * The same items asked of the same person in the asker's other open invitations (asked twice, on two days)
 * are rated too: one rating per rater and item (decision 0016), so none of them waits, or is reminded of,
 * after it.
 */
function sameAsksRated(ctx: AppContext, askerId: number, ids: number[], rater: { userId: number | null; email: string | null }) {
  const sameRater = or(rater.userId ? sql`i.rater_user_id = ${rater.userId}` : undefined, rater.email ? sql`lower(i.rater_email) = ${rater.email.toLowerCase()}` : undefined) ?? sql`0`;
  return sql`update ${rateRequests} set status = 'approve', updated_at = ${ctx.now().toISOString()}
    where user_id = ${askerId} and status = 'sent'
      and subject_key in (select r.subject_key from ${rateRequests} r where r.id in ${ids})
      and invitation_id in (select i.id from ${rateInvitations} i where i.user_id = ${askerId} and i.declined_at is null and (${sameRater}))`;
}

/** A rating's batch; a lost race (markRated) is the bad-link answer, as if the link had been checked after it. */
async function guarded(ctx: AppContext, batch: Parameters<typeof sqlBatch>[1]) {
  try {
    await sqlBatch(ctx, batch);
  } catch (e) {
    if (isGuardFailure(e)) throw badLink();
    throw e;
  }
}

/** Where the error state's back-home button leads (spec 2 §2): the profile for an executor, else /request-add. */
export function homeFor(actor: Actor | null) {
  return actor?.user.roles.includes("executor") ? "/profile" : "/request-add";
}

