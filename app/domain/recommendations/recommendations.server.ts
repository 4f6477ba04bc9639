import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { files } from "../../../db/schema/platform";
import { rateInvitations, rateRequests, type RateRequestStatus } from "../../../db/schema/recommendations";
import { expertises, industries, options } from "../../../db/schema/reference";
import { ratings, type RatingType } from "../../../db/schema/reputation";
import { userIndustries, userOptions, users } from "../../../db/schema/users";
import { userExpertises, workareas } from "../../../db/schema/experience";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import { getT } from "~/server/i18n.server";
import { rateMails, type RateMailItem } from "~/server/mail/recommendations.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { toLang } from "~/i18n";
import { EMAIL_PATTERN } from "~/domain/limits";
import { col } from "../reads";
import { DomainError, fieldError, forbidden, notFound, unauthorized, validationError } from "../errors";
import { localName } from "../names";
import { emailRaterKey, expertiseKey, serviceKey, tribeKey, USER_RATER_PREFIX, userRaterKey } from "../reputation/keys";
import { DEFAULT_RATING, roundRating } from "../reputation/score";
import { ownServiceRatables, serviceNames } from "../services/services.server";
import { REC_LIMITS } from "./limits";
import { signRatePayload, verifyRateHash, type MultiRatePayload, type RatePayload, type SingleRatePayload } from "./rate-hash.server";
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

const HOUR = 3_600_000;
const STATUS_ORDER: Record<RateRequestStatus, number> = { sent: 0, approve: 1, declined: 2 };

type Names = { industries: Map<number, string>; options: Map<number, string>; expertises: Map<number, string>; services?: Map<number, string> };
type Subject = { type: RatingType; industryId?: number | null; optionId?: number | null; expertiseId?: number | null; serviceId?: number | null };

/**
 * Asking for ratings mails people the user names: only with a confirmed e-mail, as the page guard
 * (requireUser sends unverified users to /verify), so the API cannot be a mail relay for throwaway accounts.
 */
function assertCanAsk(actor: Actor) {
  if (!actor.user.isVerified) throw new DomainError("forbidden", "recommend.not_verified");
}

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

/** Names of industries, functions and competences for the titles, in one D1 round trip. */
async function loadNames(ctx: AppContext, subjects: Subject[]): Promise<Names> {
  const ind = [...new Set(subjects.map((s) => s.industryId).filter((v): v is number => !!v))];
  const opt = [...new Set(subjects.map((s) => s.optionId).filter((v): v is number => !!v))];
  const exp = [...new Set(subjects.map((s) => s.expertiseId).filter((v): v is number => !!v))];
  const out: Names = { industries: new Map(), options: new Map(), expertises: new Map() };
  // Services (issue 12): their names, deleted ones included.
  out.services = await serviceNames(ctx, [...new Set(subjects.map((s) => s.serviceId).filter((v): v is number => !!v))]);
  if (!ind.length && !opt.length && !exp.length) return out;
  const [i, o, e] = await ctx.db.batch([
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(industries).where(inArray(industries.id, ind.length ? ind : [0])),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn }).from(options).where(inArray(options.id, opt.length ? opt : [0])),
    ctx.db.select({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn }).from(expertises).where(inArray(expertises.id, exp.length ? exp : [0])),
  ]);
  for (const r of i) out.industries.set(r.id, localName(ctx, r.name, r.nameEn));
  for (const r of o) out.options.set(r.id, localName(ctx, r.name, r.nameEn));
  for (const r of e) out.expertises.set(r.id, localName(ctx, r.name, r.nameEn));
  return out;
}

/** spec 2 §3 'Specialization item': written as 'industry - function'. */
function titleOf(s: Subject, names: Names): string {
  if (s.type === "tribe") return `${names.industries.get(s.industryId!) ?? ""} - ${names.options.get(s.optionId!) ?? ""}`;
  if (s.type === "expertise") return names.expertises.get(s.expertiseId!) ?? "";
  return names.services?.get(s.serviceId!) ?? "";
}

async function photoUrls(ctx: AppContext, userIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!userIds.length) return out;
  const rows = await ctx.db.select({ id: users.id, key: files.key }).from(users).innerJoin(files, eq(files.id, users.photoFileId)).where(inArray(users.id, userIds));
  for (const r of rows) out.set(r.id, await ctx.storage.signedUrl(r.key));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// What a user can ask to be rated for.

export type Ratables = {
  tribes: { key: string; industry_id: number; option_id: number; industry_name: string; option_name: string; title: string }[];
  expertises: { key: string; expertise_id: number; title: string }[];
  /** The user's own active services (issue 12). */
  services: { key: string; service_id: number; title: string }[];
};

/**
 * The specializations and competences a user may ask to be rated for: the (industry, sub-function) pairs
 * of the profile's workareas and the profile's competences (spec 2 §3). A user with no work yet may ask for
 * registration's industries × functions; a competence someone already rated stays askable.
 */
export async function userRatables(ctx: AppContext, userId: number): Promise<Ratables> {
  const [areas, own, ind, opt, rated] = await ctx.db.batch([
    ctx.db
      // Aliased: in a batch, D1 keys rows by column name, and the two tables' id/name would collapse.
      .selectDistinct({ industryId: col(industries.id, "i_id"), industryName: col(industries.name, "i_name"), industryNameEn: col(industries.nameEn, "i_name_en"), optionId: col(options.id, "o_id"), optionName: col(options.name, "o_name"), optionNameEn: col(options.nameEn, "o_name_en") })
      .from(workareas)
      .innerJoin(industries, eq(industries.id, workareas.industryId))
      .innerJoin(options, eq(options.id, workareas.optionId))
      .where(eq(workareas.userId, userId))
      .orderBy(asc(industries.sort), asc(options.id)),
    ctx.db
      .select({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn })
      .from(userExpertises)
      .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
      .where(eq(userExpertises.userId, userId))
      .orderBy(asc(userExpertises.id)),
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(userIndustries).innerJoin(industries, eq(industries.id, userIndustries.industryId)).where(eq(userIndustries.userId, userId)).orderBy(asc(industries.sort)),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId }).from(userOptions).innerJoin(options, eq(options.id, userOptions.optionId)).where(eq(userOptions.userId, userId)).orderBy(asc(options.id)),
    ctx.db
      .selectDistinct({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn })
      .from(ratings)
      .innerJoin(expertises, eq(expertises.id, ratings.expertiseId))
      .where(and(eq(ratings.ratedUserId, userId), eq(ratings.type, "expertise"))),
  ]);
  const tribes: Ratables["tribes"] = [];
  const tribe = (industryId: number, industryName: string, optionId: number, optionName: string) =>
    tribes.push({ key: tribeKey(industryId, optionId), industry_id: industryId, option_id: optionId, industry_name: industryName, option_name: optionName, title: `${industryName} - ${optionName}` });
  for (const a of areas) tribe(a.industryId, localName(ctx, a.industryName, a.industryNameEn), a.optionId, localName(ctx, a.optionName, a.optionNameEn));
  if (!tribes.length) {
    // A specialization's function is a sub-function (spec README: a workarea's option_id); main functions
    // only when registration stored no sub-function.
    const subs = opt.filter((o) => o.parentId !== null);
    for (const i of ind) for (const o of subs.length ? subs : opt) tribe(i.id, localName(ctx, i.name, i.nameEn), o.id, localName(ctx, o.name, o.nameEn));
  }
  const seen = new Set<number>();
  const competences = [...own, ...rated].filter((e) => !seen.has(e.id) && seen.add(e.id));
  return {
    tribes,
    expertises: competences.map((e) => ({ key: expertiseKey(e.id), expertise_id: e.id, title: localName(ctx, e.name, e.nameEn) })),
    services: await ownServiceRatables(ctx, userId),
  };
}

/** The user's average for one item (the ratings table), or null without ratings. */
export async function ratingOf(ctx: AppContext, userId: number, subjectKey: string) {
  const [row] = await ctx.db
    .select({ avg: sql<number | null>`avg(${ratings.rating})`, n: sql<number>`count(*)` })
    .from(ratings)
    .where(and(eq(ratings.ratedUserId, userId), eq(ratings.subjectKey, subjectKey)));
  return { rating: row?.avg == null ? null : roundRating(Number(row.avg)), rating_count: Number(row?.n ?? 0) };
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
  const conditions: SQL[] = [eq(users.email, lower)];
  if (!q.emailOnly && !looksLikeEmail) {
    const name = or(
      likeContains(users.name, search),
      likeContains(users.lastName, search),
      likeContains(sql`(${users.name} || ' ' || ${users.lastName})`, search),
      likeContains(sql`(${users.lastName} || ' ' || ${users.name})`, search),
    );
    if (name) conditions.push(name);
  }
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email, verified: users.emailVerifiedAt, rating: sql<number | null>`(select avg(${ratings.rating}) from ${ratings} where ${ratings.ratedUserId} = ${users.id})` })
    .from(users)
    .where(and(ne(users.id, actor.user.id), or(...conditions)))
    .orderBy(asc(users.lastName), asc(users.name))
    .limit(REC_LIMITS.searchResults);
  const photos = await photoUrls(ctx, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    type: "user" as const,
    name: `${r.name} ${r.lastName}`,
    ...(r.email === lower ? { email: r.email } : {}),
    // Companies come with the works of the profile; a person has none here yet.
    company: { name: null as string | null },
    rating: r.rating == null ? DEFAULT_RATING : roundRating(Number(r.rating)),
    photo: photos.get(r.id) ?? null,
    // An account whose e-mail is not confirmed yet: the rating waits for it (decision 0016).
    need_approve: !r.verified,
  }));
}

// ---------------------------------------------------------------------------------------------------
// POST /api/user/invite-rate, /api/user/invite-rates

type Rater = { key: string; userId: number | null; email: string | null; name: string; lastName: string; patronymic: string | null; locale: string | null; mailTo: string };

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
    // Only one's own active services (issue 12); anyone else's is unavailable.
    if (item.type === "service" && !allowed.has(serviceKey(item.service_id!))) throw fieldError(at(i, "service_id"), "recommend.service_unavailable");
    const key = subjectKeyOf({ type: item.type!, industryId: item.industry_id, optionId: item.option_id, expertiseId: item.expertise_id, serviceId: item.service_id });
    if (!allowed.has(key)) throw fieldError(at(i, item.type === "tribe" ? "industry_id" : "expertise_id"), "recommend.not_yours");
    subjects.add(key);
  });
  if (subjects.size > REC_LIMITS.maxSubjects) throw fieldError(prefix ? "items" : "type", "recommend.subjects_limit");

  // Who is asked: a user chosen in the search, or an e-mail (which may already have an account).
  const ids = [...new Set(items.map((i) => i.rater_user_id).filter((v): v is number => !!v))];
  const emails = [...new Set(items.map((i) => i.invite_rate_user?.email).filter((v): v is string => !!v))];
  const known = ids.length || emails.length
    ? await ctx.db
        .select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName, patronymic: users.patronymic, locale: users.locale })
        .from(users)
        .where(or(inArray(users.id, ids.length ? ids : [0]), inArray(users.email, emails.length ? emails : [""])))
    : [];
  const raters = items.map((item, i): Rater => {
    if (item.rater_user_id) {
      const u = known.find((k) => k.id === item.rater_user_id);
      if (!u) throw fieldError(at(i, "rater_user_id"), "recommend.choose_user");
      if (u.id === actor.user.id) throw fieldError(at(i, "rater_user_id"), "recommend.self");
      return { key: userRaterKey(u.id), userId: u.id, email: null, name: u.name, lastName: u.lastName, patronymic: u.patronymic, locale: u.locale, mailTo: u.email };
    }
    const p = item.invite_rate_user!;
    const u = known.find((k) => k.email === p.email);
    if (u?.id === actor.user.id || p.email === actor.user.email.toLowerCase()) throw fieldError(at(i, "invite_rate_user.email"), "recommend.self");
    if (u) return { key: userRaterKey(u.id), userId: u.id, email: p.email, name: p.name, lastName: p.lastName, patronymic: p.patronymic ?? null, locale: u.locale, mailTo: u.email };
    return { key: emailRaterKey(p.email), userId: null, email: p.email, name: p.name, lastName: p.lastName, patronymic: p.patronymic ?? null, locale: null, mailTo: p.email };
  });
  const groups = new Map<string, { rater: Rater; items: RateItemInput[]; keys: Set<string> }>();
  items.forEach((item, i) => {
    const rater = raters[i]!;
    const group = groups.get(rater.key) ?? { rater, items: [], keys: new Set<string>() };
    const key = subjectKeyOf({ type: item.type!, industryId: item.industry_id, optionId: item.option_id, expertiseId: item.expertise_id, serviceId: item.service_id });
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
        .values({ userId: actor.user.id, raterUserId: rater.userId, raterEmail: rater.email, raterName: rater.name, raterLastName: rater.lastName, raterPatronymic: rater.patronymic, remindAvailableAt: remindAt })
        .returning({ id: rateInvitations.id }),
    );
    // D1 runs a batch as one transaction, one statement after the other: the newest invitation of this
    // user is the one just inserted.
    batch.push(
      ctx.db
        .insert(rateRequests)
        .values(
          list.map((item) => ({
            invitationId: sql`(select max(id) from rate_invitations where user_id = ${actor.user.id})` as unknown as number,
            userId: actor.user.id,
            type: item.type!,
            subjectKey: subjectKeyOf({ type: item.type!, industryId: item.industry_id, optionId: item.option_id, expertiseId: item.expertise_id, serviceId: item.service_id }),
            industryId: item.type === "tribe" ? item.industry_id : null,
            optionId: item.type === "tribe" ? item.option_id : null,
            expertiseId: item.type === "expertise" ? item.expertise_id : null,
            serviceId: item.type === "service" ? item.service_id : null,
            workRoleId: item.work_role_id ?? null,
            companyId: item.company_id ?? null,
          })),
        )
        .returning({ id: rateRequests.id }),
    );
  }
  const results = (await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as { id: number }[][];
  const invitationIds: number[] = [];
  for (let i = 0; i < results.length; i += 2) invitationIds.push(results[i]![0]!.id);
  for (const id of invitationIds) await mailInvitation(ctx, id, "request");
  const out = await outgoingItems(ctx, actor.user.id, { invitationIds });
  return { message: ctx.t("recommend.requested"), items: out };
}

// ---------------------------------------------------------------------------------------------------
// The e-mails

/** Sends (or re-sends) the rating request of one invitation: its items still waiting, with their links. */
async function mailInvitation(ctx: AppContext, invitationId: number, kind: "request" | "reminder") {
  const [inv] = await ctx.db.select().from(rateInvitations).where(eq(rateInvitations.id, invitationId)).limit(1);
  if (!inv) return;
  const [items, people] = await ctx.db.batch([
    ctx.db.select().from(rateRequests).where(and(eq(rateRequests.invitationId, invitationId), eq(rateRequests.status, "sent"))).orderBy(asc(rateRequests.id)),
    ctx.db.select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName, locale: users.locale }).from(users).where(inArray(users.id, [inv.userId, inv.raterUserId ?? 0])),
  ]);
  if (!items.length) return;
  const asker = people.find((p) => p.id === inv.userId)!;
  const raterUser = inv.raterUserId ? people.find((p) => p.id === inv.raterUserId) : undefined;
  const lang = toLang(raterUser?.locale) ?? ctx.lang;
  const t = getT(lang);
  const names = await loadNames({ ...ctx, lang }, items);
  const base = ctx.env.APP_URL.replace(/\/$/, "");
  const mailItems: RateMailItem[] = [];
  let multiUrl: string | null = null;
  // A registered rater answers every item on one page (/multi-rate-user, signed in); a person without an
  // account gets one /rate-user link per item, which works without signing in (decision 0016).
  if (raterUser) {
    const hash = await multiHash(ctx, inv);
    multiUrl = `${base}/multi-rate-user?hash=${encodeURIComponent(hash)}`;
    for (const item of items) mailItems.push({ title: titleOf(item, names), url: null });
  } else {
    for (const item of items) {
      const hash = await singleHash(ctx, inv, item, names);
      mailItems.push({ title: titleOf(item, names), url: `${base}/rate-user?hash=${encodeURIComponent(hash)}` });
    }
  }
  const to = raterUser?.email ?? inv.raterEmail!;
  const message = rateMails.request(t, to, { kind, asker: `${asker.name} ${asker.lastName}`, rater: inv.raterName ?? raterUser?.name ?? "", items: mailItems, multiUrl });
  try {
    await ctx.mailer.send(message);
  } catch (e) {
    // The request is saved either way; the reminder re-sends it.
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, event: "rate_mail_failed", error: String(e) }));
  }
}

function multiHash(ctx: AppContext, inv: typeof rateInvitations.$inferSelect) {
  const payload: MultiRatePayload = { kind: "multi", invitation_id: inv.id, user_id: inv.userId, rater_user_id: inv.raterUserId, rater_email: inv.raterUserId ? null : inv.raterEmail };
  return signRatePayload(ctx.env.RATE_LINK_SECRET, payload);
}

function singleHash(ctx: AppContext, inv: typeof rateInvitations.$inferSelect, item: typeof rateRequests.$inferSelect, names: Names) {
  const payload: SingleRatePayload = {
    kind: "single",
    rate_id: item.id,
    invitation_id: inv.id,
    user_id: inv.userId,
    type: item.type,
    industry_id: item.industryId,
    option_id: item.optionId,
    expertise_id: item.expertiseId,
    service_id: item.serviceId,
    work_role_id: item.workRoleId,
    company_id: item.companyId,
    rater_user_id: inv.raterUserId,
    invite_rater_user_id: inv.raterUserId ? null : inv.id,
    rater_email: inv.raterUserId ? null : inv.raterEmail,
    industry_name: item.industryId ? names.industries.get(item.industryId) : null,
    option_name: item.optionId ? names.options.get(item.optionId) : null,
    expertise_name: item.expertiseId ? names.expertises.get(item.expertiseId) : null,
  };
  return signRatePayload(ctx.env.RATE_LINK_SECRET, payload);
}

// ---------------------------------------------------------------------------------------------------
// Outgoing: GET /api/user/profile/recommendations, GET /api/user/invite-rates, POST /api/user/remind-to-rate

async function outgoingItems(ctx: AppContext, userId: number, filter: { type?: RatingType; invitationIds?: number[] }) {
  const where = [eq(rateRequests.userId, userId)];
  if (filter.type) where.push(eq(rateRequests.type, filter.type));
  if (filter.invitationIds) where.push(inArray(rateRequests.invitationId, filter.invitationIds.length ? filter.invitationIds : [0]));
  const rows = await ctx.db
    .select({ r: rateRequests, inv: rateInvitations, raterName: users.name, raterLastName: users.lastName })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .leftJoin(users, eq(users.id, rateInvitations.raterUserId))
    .where(and(...where))
    .orderBy(sql`case ${rateRequests.status} when 'sent' then 0 when 'approve' then 1 else 2 end`, desc(rateRequests.id));
  const names = await loadNames(ctx, rows.map((x) => x.r));
  return rows.map(({ r, inv, raterName, raterLastName }) => ({
    id: r.id,
    type: r.type,
    title: titleOf(r, names),
    // The address the user typed; a person chosen in the search keeps his e-mail to himself.
    email: inv.raterEmail,
    name: inv.raterName ?? raterName ?? "",
    lastName: inv.raterLastName ?? raterLastName ?? "",
    status: r.status,
    remind_available_at: new Date(inv.remindAvailableAt).toISOString(),
    industry_id: r.industryId,
    option_id: r.optionId,
    expertise_id: r.expertiseId,
    service_id: r.serviceId,
  }));
}

/** spec 2 §4: sorted sent, approve, declined; spec 2 §9: page size 7. */
export async function outgoingRecommendations(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const q = parseRec(outgoingQuerySchema, query);
  const all = await outgoingItems(ctx, actor.user.id, { type: q.type });
  all.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.id - a.id);
  const per = REC_LIMITS.pageSize;
  const last = Math.max(1, Math.ceil(all.length / per));
  return { data: all.slice((q.page - 1) * per, q.page * per), meta: { current_page: q.page, per_page: per, total: all.length, last_page: last } };
}

/** GET /api/user/invite-rates: what the user has asked, as rater-invitation items. */
export async function listInviteRates(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .select({ r: rateRequests, inv: rateInvitations })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .where(eq(rateRequests.userId, actor.user.id))
    .orderBy(desc(rateRequests.id));
  return rows.map(({ r, inv }) => ({
    id: r.id,
    type: r.type,
    expertise_id: r.expertiseId,
    service_id: r.serviceId,
    industry_id: r.industryId,
    option_id: r.optionId,
    work_role_id: r.workRoleId,
    company_id: r.companyId,
    rater_user_id: inv.raterEmail ? null : inv.raterUserId,
    invite_rate_user: inv.raterEmail ? { email: inv.raterEmail, name: inv.raterName, lastName: inv.raterLastName, patronymic: inv.raterPatronymic } : null,
    is_invited: inv.raterEmail ? 1 : 0,
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
  const [row] = await ctx.db
    .select({ r: rateRequests, inv: rateInvitations })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .where(and(eq(rateRequests.id, id), eq(rateRequests.userId, actor.user.id)))
    .limit(1);
  if (!row) throw notFound();
  if (row.r.status !== "sent") throw fieldError("id", "recommend.remind_done");
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
  await mailInvitation(ctx, row.inv.id, "reminder");
  return { message: ctx.t("recommend.reminded"), remind_available_at: new Date(next).toISOString() };
}

// ---------------------------------------------------------------------------------------------------
// Incoming: GET …/from-others, POST /api/view-flags, POST …/from-others/{id}/decline

function raterIs(actor: Actor) {
  // Requests to one's e-mail not joined yet count only once the address is proven (joinGuestRaterStatements).
  if (!actor.user.isVerified) return eq(rateInvitations.raterUserId, actor.user.id);
  return or(eq(rateInvitations.raterUserId, actor.user.id), and(isNull(rateInvitations.raterUserId), eq(rateInvitations.raterEmail, actor.user.email.toLowerCase())));
}

/** spec 2 §2: people who asked for a rating, unseen first; declined and answered ones drop out. */
export async function incomingRecommendations(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .select({ r: rateRequests, inv: rateInvitations, u: { id: users.id, email: users.email, name: users.name, lastName: users.lastName } })
    .from(rateInvitations)
    .innerJoin(rateRequests, and(eq(rateRequests.invitationId, rateInvitations.id), eq(rateRequests.status, "sent")))
    .innerJoin(users, eq(users.id, rateInvitations.userId))
    .where(and(raterIs(actor), isNull(rateInvitations.declinedAt), ne(rateInvitations.userId, actor.user.id)))
    .orderBy(asc(rateInvitations.isViewed), desc(rateInvitations.id), asc(rateRequests.id));
  const names = await loadNames(ctx, rows.map((x) => x.r));
  const photos = await photoUrls(ctx, [...new Set(rows.map((x) => x.u.id))]);
  const out: { id: number; user: { id: number; email: string; name: string; lastName: string; photo: string | null }; recommendations: { id: number; title: string }[]; is_viewed: boolean; hash: string }[] = [];
  for (const { r, inv, u } of rows) {
    let entry = out.find((e) => e.id === inv.id);
    if (!entry) {
      entry = { id: inv.id, user: { ...u, photo: photos.get(u.id) ?? null }, recommendations: [], is_viewed: inv.isViewed, hash: await multiHash(ctx, inv) };
      out.push(entry);
    }
    entry.recommendations.push({ id: r.id, title: titleOf(r, names) });
  }
  return out;
}

export async function setViewFlags(ctx: AppContext, actor: Actor, body: unknown) {
  const { ids } = parseRec(viewFlagsSchema, body);
  // Only the caller's own incoming requests change; other ids are left alone.
  const done = await ctx.db
    .update(rateInvitations)
    .set({ isViewed: true })
    .where(and(inArray(rateInvitations.id, ids), raterIs(actor)))
    .returning({ id: rateInvitations.id });
  return { ids: done.map((d) => d.id) };
}

export async function declineIncoming(ctx: AppContext, actor: Actor, id: number) {
  const [inv] = await ctx.db.select({ id: rateInvitations.id }).from(rateInvitations).where(and(eq(rateInvitations.id, id), raterIs(actor), isNull(rateInvitations.declinedAt))).limit(1);
  if (!inv) throw notFound();
  await ctx.db.batch([
    ctx.db.update(rateInvitations).set({ declinedAt: ctx.now().toISOString(), isViewed: true }).where(eq(rateInvitations.id, id)),
    ctx.db.update(rateRequests).set({ status: "declined", updatedAt: ctx.now().toISOString() }).where(and(eq(rateRequests.invitationId, id), eq(rateRequests.status, "sent"))),
  ]);
  return { message: ctx.t("recommend.declined") };
}

// ---------------------------------------------------------------------------------------------------
// Rating by link: GET /api/user/rates, POST /api/user/rate, POST /api/user/multi-rate

const badLink = () => fieldError("hash", "recommend.bad_link");

type Checked = { payload: RatePayload; inv: typeof rateInvitations.$inferSelect; items: (typeof rateRequests.$inferSelect)[] };

/** A hash that is ours and still names an open invitation of that user, with its items. */
async function checkHash(ctx: AppContext, hash: unknown): Promise<Checked> {
  const payload = await verifyRateHash(ctx.env.RATE_LINK_SECRET, hash);
  if (!payload) throw badLink();
  const [invs, items] = await ctx.db.batch([
    ctx.db.select().from(rateInvitations).where(eq(rateInvitations.id, payload.invitation_id)).limit(1),
    ctx.db
      .select()
      .from(rateRequests)
      .where(and(eq(rateRequests.invitationId, payload.invitation_id), payload.kind === "single" ? eq(rateRequests.id, payload.rate_id) : inArray(rateRequests.status, ["sent", "approve"])))
      .orderBy(asc(rateRequests.id)),
  ]);
  const inv = invs[0];
  if (!inv || inv.userId !== payload.user_id || inv.declinedAt || !items.length) throw badLink();
  if (items.some((i) => i.userId !== payload.user_id || i.status === "declined")) throw badLink();
  return { payload, inv, items };
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

async function ratedUser(ctx: AppContext, userId: number) {
  const [u] = await ctx.db.select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw badLink();
  return u;
}

/** Data of both rating pages (spec 2 §3 'Multi-rate data'); a single link lists its one item. */
export async function ratesByHash(ctx: AppContext, actor: Actor | null, hash: unknown) {
  const { payload, inv, items } = await checkHash(ctx, hash);
  const u = await ratedUser(ctx, payload.user_id);
  if (actor?.user.id === payload.user_id) throw new DomainError("forbidden", "recommend.self_rating");
  // A signed-in stranger may not read someone else's multi-rate request.
  if (payload.kind === "multi" && actor && payload.rater_user_id && actor.user.id !== payload.rater_user_id) throw forbidden();
  if (payload.kind === "multi" && actor && !payload.rater_user_id && actor.user.email.toLowerCase() !== payload.rater_email?.toLowerCase()) throw forbidden();
  const [names, photos] = await Promise.all([loadNames(ctx, items), photoUrls(ctx, [u.id])]);
  return {
    kind: payload.kind,
    invitation_id: inv.id,
    user: { id: u.id, name: u.name, lastName: u.lastName, photo: photos.get(u.id) ?? null },
    services: items.filter((i) => i.type === "service").map((i) => ({ id: i.id, service_name: names.services?.get(i.serviceId!) ?? "" })),
    tribes: items
      .filter((i) => i.type === "tribe")
      .map((i) => ({ id: i.id, industry_id: i.industryId, option_id: i.optionId, industry_name: names.industries.get(i.industryId!) ?? "", option_name: names.options.get(i.optionId!) ?? "" })),
    expertises: items.filter((i) => i.type === "expertise").map((i) => ({ id: i.id, expertise_id: i.expertiseId, expertise_name: names.expertises.get(i.expertiseId!) ?? "" })),
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
  const u = await ratedUser(ctx, payload.user_id);
  const rater = raterOf(actor, payload, u.email, inv);
  const item = items[0]!;
  await ctx.db.batch([
    upsertRating(ctx, item, rater, input.rating!, input.comment || null),
    ctx.db.update(rateRequests).set({ status: "approve", updatedAt: ctx.now().toISOString() }).where(eq(rateRequests.id, item.id)),
  ]);
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
  const u = await ratedUser(ctx, payload.user_id);
  if (!payload.rater_user_id && actor.user.email.toLowerCase() !== payload.rater_email?.toLowerCase()) throw forbidden();
  const rater = raterOf(actor, payload, u.email, inv);
  const given = new Map(input.items.map((i) => [i.rate_id, i.rating!]));
  if ([...given.keys()].some((id) => !items.some((i) => i.id === id))) throw fieldError("items", "validation.invalid");
  // spec 2 §5: every listed item rated, else the alert 'Оцените все компетенции'.
  if (items.some((i) => !given.has(i.id))) throw validationError({ items: ["recommend.rate_all_text"] }, { title: ctx.t("recommend.rate_all") });
  const now = ctx.now().toISOString();
  await ctx.db.batch([
    ...items.map((item) => upsertRating(ctx, item, rater, given.get(item.id)!, input.comment)),
    ctx.db.update(rateRequests).set({ status: "approve", updatedAt: now }).where(inArray(rateRequests.id, items.map((i) => i.id))),
    ctx.db.update(rateInvitations).set({ isViewed: true }).where(eq(rateInvitations.id, inv.id)),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { message: ctx.t("recommend.thanks") };
}

/** Where the error state's back-home button leads (spec 2 §2): the profile for an executor, else /request-add. */
export function homeFor(actor: Actor | null) {
  return actor?.user.roles.includes("executor") ? "/profile" : "/request-add";
}

