import { ratableService, serviceNameForOthers } from "~/domain/services/shown";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { files } from "../../../db/schema/platform";
import { rateInvitations, rateRequests } from "../../../db/schema/recommendations";
import { companies, expertises, industries, options, workRoles } from "../../../db/schema/reference";
import { ratings, type RatingType } from "../../../db/schema/reputation";
import { services } from "../../../db/schema/services";
import { userIndustries, userOptions, users } from "../../../db/schema/users";
import { userExpertises, workareas } from "../../../db/schema/experience";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { both, col, known, read, type Read } from "../reads";
import { localName } from "../names";
import { expertiseKey, serviceKey, tribeKey } from "../reputation/keys";
import { ratableCompetence, ratableSpecialization } from "../experience/ratable";
import { currentOrLatestCompany } from "../experience/company-of";
import { REC_LIMITS } from "./limits";

/**
 * The reads of recommendations (issue 11: the database does the sorting, paging and joining; the
 * service keeps the rules). Reads that a page or a call combines are `Read`s (app/domain/reads.ts), so
 * that they share one D1 batch; the names of an item's subject come joined in, never in a second trip.
 */

// ---------------------------------------------------------------------------------------------------
// The names of what is rated

/** The names of an item's subject in both languages, joined in SQL; aliased for D1's batch (see `col`). */
const subjectNameFields = {
  industryName: sql<string | null>`${industries.name}`.as("i_name"),
  industryNameEn: sql<string | null>`${industries.nameEn}`.as("i_name_en"),
  optionName: sql<string | null>`${options.name}`.as("o_name"),
  optionNameEn: sql<string | null>`${options.nameEn}`.as("o_name_en"),
  expertiseName: sql<string | null>`${expertises.name}`.as("e_name"),
  expertiseNameEn: sql<string | null>`${expertises.nameEn}`.as("e_name_en"),
  // A service is named as its owner wrote it (one language) and an operator last approved it (decision 0070);
  // a deleted one keeps its name for the history.
  serviceName: sql<string | null>`${serviceNameForOthers()}`.as("s_name"),
  // Where the two worked together (spec 2 §3 link parameters): a company by its name once approved (a
  // proposal is its author's alone, decision 0014), and the role.
  companyName: sql<string | null>`case when ${companies.status} = 'active' then ${companies.name} end`.as("c_name"),
  workRoleName: sql<string | null>`${workRoles.name}`.as("wr_name"),
  workRoleNameEn: sql<string | null>`${workRoles.nameEn}`.as("wr_name_en"),
};
type SubjectNameRow = { [K in keyof typeof subjectNameFields]: string | null };
export type SubjectNames = { industry: string | null; option: string | null; expertise: string | null; service: string | null; company: string | null; workRole: string | null };

/** A select of rate_requests with its subject's names (`subjectNameFields`) joined. */
function joinSubjectNames<T extends SQLiteSelect>(q: T) {
  return q
    .leftJoin(industries, eq(industries.id, rateRequests.industryId))
    .leftJoin(options, eq(options.id, rateRequests.optionId))
    .leftJoin(expertises, eq(expertises.id, rateRequests.expertiseId))
    .leftJoin(services, eq(services.id, rateRequests.serviceId))
    .leftJoin(companies, eq(companies.id, rateRequests.companyId))
    .leftJoin(workRoles, eq(workRoles.id, rateRequests.workRoleId));
}

/** The subject's names in the reader's language. */
export function subjectNames(reader: { lang: string }, r: SubjectNameRow): SubjectNames {
  const local = (ru: string | null, en: string | null) => (ru === null ? null : localName(reader, ru, en));
  return {
    industry: local(r.industryName, r.industryNameEn),
    option: local(r.optionName, r.optionNameEn),
    expertise: local(r.expertiseName, r.expertiseNameEn),
    service: r.serviceName,
    company: r.companyName,
    workRole: local(r.workRoleName, r.workRoleNameEn),
  };
}

/** spec 2 §3 'Specialization item': written as 'industry - function'; a competence and a service by their names. */
export function titleOf(type: RatingType, n: SubjectNames): string {
  if (type === "tribe") return `${n.industry ?? ""} - ${n.option ?? ""}`;
  if (type === "expertise") return n.expertise ?? "";
  return n.service ?? "";
}

/** A stored photo as a link the page can show (signed, no D1). */
export const photoUrl = (ctx: AppContext, key: string | null) => (key ? ctx.storage.signedUrl(key) : Promise.resolve(null));

// ---------------------------------------------------------------------------------------------------
// What a user can ask to be rated for

export type Ratables = {
  tribes: { key: string; industry_id: number; option_id: number; industry_name: string; option_name: string; title: string }[];
  expertises: { key: string; expertise_id: number; title: string }[];
  services: { key: string; service_id: number; title: string }[];
};

/** The services a user may ask to be rated for (spec README "Document 3 details"): their own active ones. */
export function ratableServices(ctx: AppContext, userId: number): Read<Ratables["services"]> {
  return read(
    [
      ctx.db
        .select({ id: col(services.id, "s_id"), name: col(services.name, "s_name") })
        .from(services)
        .where(and(eq(services.userId, userId), ratableService))
        .orderBy(desc(services.updatedAt), desc(services.id)),
    ],
    ([rows]) => rows.map((r) => ({ key: serviceKey(r.id), service_id: r.id, title: r.name })),
  );
}

/**
 * The specializations and competences a user may ask to be rated for: the (industry, sub-function) pairs
 * of the profile's workareas and the profile's competences (spec 2 §3). A user with no work yet may ask for
 * registration's industries × functions; a competence someone already rated stays askable.
 */
export function ratablesRead(ctx: AppContext, userId: number): Read<Ratables> {
  const specializations = read(
    [
      ctx.db
        // Aliased: in a batch, D1 keys rows by column name, and the two tables' id/name would collapse.
        .selectDistinct({ industryId: col(industries.id, "i_id"), industryName: col(industries.name, "i_name"), industryNameEn: col(industries.nameEn, "i_name_en"), optionId: col(options.id, "o_id"), optionName: col(options.name, "o_name"), optionNameEn: col(options.nameEn, "o_name_en") })
        .from(workareas)
        .innerJoin(industries, eq(industries.id, workareas.industryId))
        .innerJoin(options, eq(options.id, workareas.optionId))
        .where(and(eq(workareas.userId, userId), ratableSpecialization))
        .orderBy(asc(industries.sort), asc(options.id)),
      ctx.db
        .select({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn })
        .from(userExpertises)
        .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
        .where(and(eq(userExpertises.userId, userId), ratableCompetence))
        .orderBy(asc(userExpertises.id)),
      ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(userIndustries).innerJoin(industries, eq(industries.id, userIndustries.industryId)).where(eq(userIndustries.userId, userId)).orderBy(asc(industries.sort)),
      ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId }).from(userOptions).innerJoin(options, eq(options.id, userOptions.optionId)).where(and(eq(userOptions.userId, userId), ratableSpecialization)).orderBy(asc(options.id)),
      ctx.db
        .selectDistinct({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn })
        .from(ratings)
        .innerJoin(expertises, eq(expertises.id, ratings.expertiseId))
        .where(and(eq(ratings.ratedUserId, userId), eq(ratings.type, "expertise"), ratableCompetence)),
    ],
    ([areas, own, ind, opt, rated]) => {
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
      return { tribes, expertises: competences.map((e) => ({ key: expertiseKey(e.id), expertise_id: e.id, title: localName(ctx, e.name, e.nameEn) })) };
    },
  );
  return both(specializations, ratableServices(ctx, userId), (s, services) => ({ ...s, services }));
}


// ---------------------------------------------------------------------------------------------------
// People

/** The people of the request dialog's search: by exact e-mail and, when given, by name; never `except`. */
export function findPeople(ctx: AppContext, q: { except: number; email: string; name: SQL | undefined }) {
  return ctx.db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      verified: users.emailVerifiedAt,
      photoKey: files.key,
      rating: sql<number | null>`(select avg(${ratings.rating}) from ${ratings} where ${ratings.ratedUserId} = ${users.id})`,
      company: currentOrLatestCompany(users.id),
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.photoFileId))
    .where(and(ne(users.id, q.except), isNull(users.blockedAt), or(eq(users.email, q.email), q.name)))
    .orderBy(asc(users.lastName), asc(users.name))
    .limit(REC_LIMITS.searchResults);
}

/** The asker's requests still waiting, with whom they ask (an account or an address). */
export function openAsks(ctx: AppContext, askerId: number) {
  return ctx.db
    .select({ subjectKey: rateRequests.subjectKey, raterUserId: rateInvitations.raterUserId, raterEmail: sql<string | null>`lower(${rateInvitations.raterEmail})` })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .where(and(eq(rateRequests.userId, askerId), eq(rateRequests.status, "sent"), isNull(rateInvitations.declinedAt)));
}

/** The accounts a request names: by id (chosen in the search) or by e-mail (typed in). */
export function accountsByIdOrEmail(ctx: AppContext, ids: number[], emails: string[]) {
  if (!ids.length && !emails.length) return Promise.resolve([]);
  return ctx.db
    .select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName, patronymic: users.patronymic, locale: users.locale, verified: sql<boolean>`${users.emailVerifiedAt} is not null`, blocked: sql<number>`${users.blockedAt} is not null` })
    .from(users)
    // A blocked person is not found by the search (decision 0056), nor by his id.
    .where(or(and(inArray(users.id, ids.length ? ids : [0]), isNull(users.blockedAt)), inArray(users.email, emails.length ? emails : [""])));
}

/** The person rated through a link, or null. */
export async function ratedUser(ctx: AppContext, userId: number) {
  const [u] = await ctx.db
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email, photoKey: files.key })
    .from(users)
    .leftJoin(files, eq(files.id, users.photoFileId))
    // A blocked person's profile is closed (decision 0056): his rating links are dead links.
    .where(and(eq(users.id, userId), isNull(users.blockedAt)))
    .limit(1);
  return u ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Outgoing requests

/** spec 2 §4: sent, then approve, then declined; the newest first within each. */
const STATUS_RANK = sql`case ${rateRequests.status} when 'sent' then 0 when 'approve' then 1 else 2 end`;

function outgoingRows(ctx: AppContext, where: SQL | undefined) {
  const q = ctx.db
    .select({
      id: rateRequests.id,
      type: rateRequests.type,
      status: rateRequests.status,
      industryId: rateRequests.industryId,
      optionId: rateRequests.optionId,
      expertiseId: rateRequests.expertiseId,
      serviceId: rateRequests.serviceId,
      raterEmail: rateInvitations.raterEmail,
      raterChosenId: rateInvitations.raterChosenId,
      raterName: rateInvitations.raterName,
      raterLastName: rateInvitations.raterLastName,
      remindAvailableAt: rateInvitations.remindAvailableAt,
      accountName: sql<string | null>`${users.name}`.as("u_name"),
      accountLastName: sql<string | null>`${users.lastName}`.as("u_last_name"),
      // What remindToRate takes besides the status and the wait: an item someone may rate now, a rater not blocked.
      remindable: sql<number>`case when ${ratableItem} and ${users.blockedAt} is null then 1 else 0 end`.as("remindable"),
      ...subjectNameFields,
    })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .leftJoin(users, eq(users.id, rateInvitations.raterUserId))
    .$dynamic();
  return joinSubjectNames(q).where(where).orderBy(STATUS_RANK, desc(rateRequests.id));
}

type OutgoingRow = Awaited<ReturnType<typeof outgoingRows>>[number];

function outgoingItem(ctx: AppContext, r: OutgoingRow) {
  return {
    id: r.id,
    type: r.type,
    title: titleOf(r.type, subjectNames(ctx, r)),
    // The address the user typed; a person chosen in the search keeps his e-mail to himself, even while the
    // request waits under it because his account has not proved it.
    email: r.raterChosenId ? null : r.raterEmail,
    name: r.raterName ?? r.accountName ?? "",
    lastName: r.raterLastName ?? r.accountLastName ?? "",
    status: r.status,
    /** A reminder may be asked for (once its wait, remind_available_at, is over). */
    can_remind: r.status === "sent" && !!Number(r.remindable),
    remind_available_at: new Date(r.remindAvailableAt).toISOString(),
    industry_id: r.industryId,
    option_id: r.optionId,
    expertise_id: r.expertiseId,
    service_id: r.serviceId,
  };
}

export type OutgoingItem = ReturnType<typeof outgoingItem>;

/** One page of a user's requests (spec 2 §9: page size 7), paged by the database, with their total. */
export function outgoingPage(ctx: AppContext, userId: number, filter: { type?: RatingType; page: number }): Read<{ data: OutgoingItem[]; total: number }> {
  const where = and(eq(rateRequests.userId, userId), filter.type ? eq(rateRequests.type, filter.type) : undefined);
  const per = REC_LIMITS.pageSize;
  return read(
    [ctx.db.select({ n: sql<number>`count(*)` }).from(rateRequests).where(where), outgoingRows(ctx, where).limit(per).offset((filter.page - 1) * per)],
    ([[total], rows]) => ({ total: Number(total?.n ?? 0), data: rows.map((r) => outgoingItem(ctx, r)) }),
  );
}

/** The items of invitations just made, as the outgoing list shows them. */
export function outgoingOfInvitations(ctx: AppContext, userId: number, invitationIds: number[]): Read<OutgoingItem[]> {
  return read([outgoingRows(ctx, and(eq(rateRequests.userId, userId), inArray(rateRequests.invitationId, invitationIds.length ? invitationIds : [0])))], ([rows]) =>
    rows.map((r) => outgoingItem(ctx, r)),
  );
}

/** GET /api/user/invite-rates: every item the user asked, newest first. */
export function inviteRatesOf(ctx: AppContext, userId: number) {
  return ctx.db
    .select({ r: rateRequests, inv: rateInvitations })
    .from(rateRequests)
    .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
    .where(eq(rateRequests.userId, userId))
    .orderBy(desc(rateRequests.id));
}

/** One of the user's own requests with its invitation, or undefined. */
export async function ownRequest(ctx: AppContext, userId: number, id: number) {
  const [row] = await joinSubjectNames(
    ctx.db
      .select({
        r: rateRequests,
        inv: rateInvitations,
        ratable: sql<number>`case when ${ratableItem} then 1 else 0 end`,
        // Read with the row: a blocked rater is reminded of nothing (remindToRate), in the same round trip.
        raterBlocked: sql<number>`exists (select 1 from ${users} where ${users.id} = ${rateInvitations.raterUserId} and ${users.blockedAt} is not null)`,
      })
      .from(rateRequests)
      .innerJoin(rateInvitations, eq(rateInvitations.id, rateRequests.invitationId))
      .$dynamic(),
  )
    .where(and(eq(rateRequests.id, id), eq(rateRequests.userId, userId)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Invitations with their items (the e-mails, the links)

/**
 * A rating request that may still be rated: one of a competence only while that competence is approved
 * (decision 0061), one of a specialization only while its function is (ratableSpecialization), one of a service
 * only while it is active (ratableService). Requests made before that rule for a proposal still in moderation, or since rejected,
 * are neither mailed, listed nor rated through their links. For reads that join the subject's names
 * (joinSubjectNames), whose competence row it judges.
 */
const ratableItem = and(or(ne(rateRequests.type, "expertise"), ratableCompetence), or(ne(rateRequests.type, "tribe"), ratableSpecialization), or(ne(rateRequests.type, "service"), ratableService));

/** An invitation's items with their subject names; `where` narrows them. */
function itemsWithNames(ctx: AppContext, where: SQL | undefined) {
  return joinSubjectNames(ctx.db.select({ item: rateRequests, ...subjectNameFields }).from(rateRequests).$dynamic())
    .where(and(where, ratableItem))
    .orderBy(asc(rateRequests.id));
}

export type ItemWithNames = Awaited<ReturnType<typeof itemsWithNames>>[number];

/**
 * What the rating requests of several invitations need, in one D1 batch: each invitation with its items
 * still waiting, the asker and the rater's account (for his e-mail and language).
 */
export function invitationsToMail(ctx: AppContext, invitationIds: number[]) {
  const ids = invitationIds.length ? invitationIds : [0];
  const people = sql`(select ${rateInvitations.userId} from ${rateInvitations} where ${inArray(rateInvitations.id, ids)} union select ${rateInvitations.raterUserId} from ${rateInvitations} where ${inArray(rateInvitations.id, ids)})`;
  return read(
    [
      ctx.db.select().from(rateInvitations).where(inArray(rateInvitations.id, ids)).orderBy(asc(rateInvitations.id)),
      itemsWithNames(ctx, and(inArray(rateRequests.invitationId, ids), eq(rateRequests.status, "sent"))),
      ctx.db.select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName, locale: users.locale, blocked: sql<number>`${users.blockedAt} is not null` }).from(users).where(inArray(users.id, people)),
    ],
    ([invitations, items, accounts]) =>
      invitations.map((inv) => ({
        inv,
        items: items.filter((i) => i.item.invitationId === inv.id),
        asker: accounts.find((p) => p.id === inv.userId)!,
        raterAccount: inv.raterUserId ? accounts.find((p) => p.id === inv.raterUserId) : undefined,
      })),
  );
}

/** An invitation and the items a rating link may rate: the one of a single link, the open ones of a multi link. */
export function invitationWithItems(ctx: AppContext, invitationId: number, single: number | null) {
  return read(
    [
      ctx.db.select().from(rateInvitations).where(eq(rateInvitations.id, invitationId)).limit(1),
      itemsWithNames(ctx, and(eq(rateRequests.invitationId, invitationId), single ? eq(rateRequests.id, single) : inArray(rateRequests.status, ["sent", "approve"]))),
    ],
    ([[inv], items]) => ({ inv, items }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Incoming requests

/**
 * The invitations addressed to the actor. Requests to his e-mail not joined to his account yet count
 * only once the address is proven (joinGuestRaterStatements).
 */
export function raterIs(actor: Actor) {
  if (!actor.user.isVerified) return eq(rateInvitations.raterUserId, actor.user.id);
  return or(eq(rateInvitations.raterUserId, actor.user.id), and(isNull(rateInvitations.raterUserId), eq(rateInvitations.raterEmail, actor.user.email.toLowerCase())));
}

/** spec 2 §2: the requests waiting for the actor's rating, unseen first, with the asker and the names. */
export function incomingRows(ctx: AppContext, actor: Actor) {
  const q = ctx.db
    .select({
      inv: { id: rateInvitations.id, userId: rateInvitations.userId, raterUserId: rateInvitations.raterUserId, raterEmail: rateInvitations.raterEmail, isViewed: rateInvitations.isViewed },
      itemId: sql<number>`${rateRequests.id}`.as("r_id"),
      type: rateRequests.type,
      asker: { id: users.id, email: users.email, name: users.name, lastName: users.lastName },
      photoKey: files.key,
      ...subjectNameFields,
    })
    .from(rateInvitations)
    .innerJoin(rateRequests, and(eq(rateRequests.invitationId, rateInvitations.id), eq(rateRequests.status, "sent")))
    .innerJoin(users, eq(users.id, rateInvitations.userId))
    .leftJoin(files, eq(files.id, users.photoFileId))
    .$dynamic();
  return joinSubjectNames(q)
    // Nor does a blocked person's request wait in anyone's list.
    .where(and(raterIs(actor), isNull(rateInvitations.declinedAt), ne(rateInvitations.userId, actor.user.id), isNull(users.blockedAt), ratableItem))
    .orderBy(asc(rateInvitations.isViewed), desc(rateInvitations.id), asc(rateRequests.id));
}

/** An open invitation addressed to the actor, or undefined. */
export async function openIncoming(ctx: AppContext, actor: Actor, id: number) {
  const [inv] = await ctx.db.select({ id: rateInvitations.id }).from(rateInvitations).where(and(eq(rateInvitations.id, id), raterIs(actor), isNull(rateInvitations.declinedAt))).limit(1);
  return inv;
}
