import { serviceNameForOthers } from "~/domain/services/shown";
import { and, asc, eq, inArray, isNotNull, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { demands } from "../../../db/schema/demands";
import { userExpertises, workareas } from "../../../db/schema/experience";
import { files } from "../../../db/schema/platform";
import { expertises, industries, options } from "../../../db/schema/reference";
import { ratings } from "../../../db/schema/reputation";
import { respondMembers, respondServices, responds } from "../../../db/schema/responds";
import { services } from "../../../db/schema/services";
import { users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { auditIfChangedQuery, sqlBatch } from "../admin/decision.server";
import { DomainError, fieldError, notFound } from "../errors";
import { localName } from "../names";
import { requireActor } from "../policy.server";
import { col, preparedList, read, runRead, type Params, type Read, type Rows } from "../reads";
import { ratableCompetence, ratableSpecialization } from "../experience/ratable";
import { currentOrLatestCompany } from "../experience/company-of";
import { expertiseKey, PROJECT_RATER_PREFIX, projectRaterKey, serviceKey, tribeKey } from "../reputation/keys";
import { roundRating } from "../reputation/score";
import { completeSchema, deleteRatingsSchema, finishingSchema, parseProjectInput } from "./schema";
import { inIds } from "../id-list";

/**
 * Completing and rating a project (spec 3 §2 'Completion and rating', §3 'Project finishing data', §4 Rating;
 * spec README "Managing, starting, completing"; docs/decisions/0033-project-ratings.md). The customer of an
 * `active` request rates the services of the chosen responses and the people of their teams, then completes
 * it. Ratings go to the `ratings` table beside the recommendations' ones, so they count at once wherever a
 * rating is read (a service's rating, a competence's, a specialization's and the profile's Wilson order).
 */

/** The responses the customer chose (`POST /api/demand/shortlist`): active, and completed with the project. */
const CHOSEN = ["active", "completed"] as const;

/** The chosen responses of one request: a subquery the reads and the checks share. */
const chosenOf = (demandId: number | Placeholder) =>
  sql`(select r.id from ${responds} r where r.demand_id = ${demandId} and r.status in ('active', 'completed'))`;

/** Everyone who can be rated in the project: the chosen respondents and the registered members of their teams. */
const peopleOf = (demandId: number | Placeholder) =>
  sql`(select r.user_id from ${responds} r where r.demand_id = ${demandId} and r.status in ('active', 'completed')
       union select m.user_id from ${respondMembers} m join ${responds} r on r.id = m.respond_id
       where r.demand_id = ${demandId} and r.status in ('active', 'completed') and m.user_id is not null)`;

export type FinishingExpertise = { id: number; name: string; rating: number; rating_count: number; is_rated: boolean; rating_id: number | null; my_rating: number | null };
export type FinishingTribe = {
  id: number;
  industry_id: number;
  option_id: number;
  industry_name: string;
  option_name: string;
  rating: number;
  rating_count: number;
  is_rated: boolean;
  rating_id: number | null;
  my_rating: number | null;
};
/** The person's score in a service of his response (spec 3 §2 'Member modal: a rating per service'). */
export type FinishingMemberService = { id: number; name: string; is_rated: boolean; rating_id: number | null; my_rating: number | null };
export type FinishingUser = {
  id: number;
  name: string;
  photo: string | null;
  user_company: { name: string | null };
  /**
   * The services of his response with his score in each. The respondent's score in a service is the
   * service's own rating (the service dialog's row), so his dialog shows and changes that score.
   */
  services: FinishingMemberService[];
  expertises: FinishingExpertise[];
  tribes: FinishingTribe[];
  /**
   * Rated in this project (one of his competences or specializations, or a team member's service score),
   * with the ids of those ratings: what the dialog's delete removes (never the service dialog's rating).
   */
  is_rated: boolean;
  rating_ids: number[];
  rating_comment: string | null;
};
export type FinishingService = {
  id: number;
  name: string;
  /** The service's rating and count over every rating (projects and recommendations). */
  rating: number;
  rating_count: number;
  /** This project's rating of the service in this response. */
  is_rated: boolean;
  rating_id: number | null;
  my_rating: number | null;
  rating_comment: string | null;
  users: FinishingUser[];
};
export type FinishingRespond = {
  id: number;
  user_id: number;
  user_name: string;
  photo: string | null;
  user_company: { name_ru: string | null };
  status: string;
  services: FinishingService[];
};
export type Finishing = { demandInfo: { id: number; name: string; is_completed: boolean; status: string }; responds: FinishingRespond[] };

/** A service as the completion page lists it: without its team, which only the rating page shows. */
export type FinishingListService = Omit<FinishingService, "users">;
export type FinishingListRespond = Omit<FinishingRespond, "services"> & { services: FinishingListService[] };
/** The completion page's data (spec 3 §2 'Complete project page'): what it shows, not the rating dialogs' teams. */
export type FinishingList = { demandInfo: Finishing["demandInfo"]; responds: FinishingListRespond[] };

export function finishingList(f: Finishing): FinishingList {
  return { demandInfo: f.demandInfo, responds: f.responds.map((r) => ({ ...r, services: r.services.map(({ users: _team, ...service }) => service) })) };
}

type FinishingValues = { demandId: number; raterKey: string };

/** finishingRead's batch: the request, the chosen responses, their teams, services and ratings, the people's competences and specializations. */
function finishingQueries(db: Db, p: Params<FinishingValues>) {
  const people = peopleOf(p.demandId);
  return [
    db
      .select({ id: demands.id, userId: demands.userId, name: demands.name, status: demands.status, deletedAt: demands.deletedAt })
      .from(demands)
      .where(eq(demands.id, p.demandId)),
    db
      .select({
        id: responds.id,
        userId: responds.userId,
        status: responds.status,
        name: col(users.name, "rs_user_name"),
        lastName: col(users.lastName, "rs_user_last_name"),
        photoKey: col(files.key, "rs_photo_key"),
        company: currentOrLatestCompany(responds.userId).as("rs_company"),
      })
      .from(responds)
      .innerJoin(users, eq(users.id, responds.userId))
      .leftJoin(files, eq(files.id, users.photoFileId))
      .where(and(eq(responds.demandId, p.demandId), inArray(responds.status, CHOSEN)))
      .orderBy(asc(responds.id)),
    db
      .select({
        respondId: respondMembers.respondId,
        userId: respondMembers.userId,
        name: col(users.name, "rm_user_name"),
        lastName: col(users.lastName, "rm_user_last_name"),
        photoKey: col(files.key, "rm_photo_key"),
        company: currentOrLatestCompany(respondMembers.userId).as("rm_company"),
      })
      .from(respondMembers)
      .innerJoin(users, eq(users.id, respondMembers.userId))
      .leftJoin(files, eq(files.id, users.photoFileId))
      // Never the customer himself, should a team name him: he does not rate himself.
      .where(and(sql`${respondMembers.respondId} in ${chosenOf(p.demandId)}`, isNotNull(respondMembers.userId), sql`${respondMembers.userId} <> (select d.user_id from demands d where d.id = ${p.demandId})`))
      .orderBy(asc(respondMembers.id)),
    // A deleted service keeps its history (decision 0028): it is still rated under its name.
    db
      .select({ respondId: respondServices.respondId, id: col(services.id, "sv_id"), name: serviceNameForOthers().as("sv_name") })
      .from(respondServices)
      .innerJoin(services, eq(services.id, respondServices.serviceId))
      .where(sql`${respondServices.respondId} in ${chosenOf(p.demandId)}`)
      .orderBy(asc(respondServices.respondId), asc(services.id)),
    // rating / rating_count of the services: read from every rating (decision 0028).
    db
      .select({ serviceId: ratings.serviceId, avg: sql<number>`avg(${ratings.rating})`.as("sr_avg"), n: sql<number>`count(*)`.as("sr_n") })
      .from(ratings)
      .where(and(eq(ratings.type, "service"), sql`${ratings.serviceId} in (select rs.service_id from ${respondServices} rs where rs.respond_id in ${chosenOf(p.demandId)})`))
      .groupBy(ratings.serviceId),
    // This project's own ratings (the customer's): what is rated, with the scores to edit.
    db
      .select({
        id: ratings.id,
        type: ratings.type,
        ratedUserId: ratings.ratedUserId,
        respondId: ratings.respondId,
        serviceId: col(ratings.serviceId, "pr_service_id"),
        expertiseId: ratings.expertiseId,
        industryId: ratings.industryId,
        optionId: ratings.optionId,
        rating: ratings.rating,
        comment: ratings.comment,
        updatedAt: ratings.updatedAt,
      })
      .from(ratings)
      .where(and(eq(ratings.demandId, p.demandId), eq(ratings.raterKey, p.raterKey)))
      .orderBy(asc(ratings.id)),
    db
      .select({
        userId: userExpertises.userId,
        id: col(expertises.id, "ue_id"),
        name: col(expertises.name, "ue_name"),
        nameEn: col(expertises.nameEn, "ue_name_en"),
        avg: sql<number | null>`(select avg(x.rating) from ${ratings} x where x.rated_user_id = ${userExpertises.userId} and x.type = 'expertise' and x.expertise_id = ${expertises.id})`.as("ue_avg"),
        n: sql<number>`(select count(*) from ${ratings} x where x.rated_user_id = ${userExpertises.userId} and x.type = 'expertise' and x.expertise_id = ${expertises.id})`.as("ue_n"),
      })
      .from(userExpertises)
      .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
      .where(and(sql`${userExpertises.userId} in ${people}`, ratableCompetence))
      .orderBy(asc(userExpertises.userId), asc(expertises.name)),
    db
      .select({
        userId: workareas.userId,
        id: sql<number>`min(${workareas.id})`.as("wa_id"),
        industryId: workareas.industryId,
        optionId: workareas.optionId,
        industry: col(industries.name, "wa_ind_name"),
        industryEn: col(industries.nameEn, "wa_ind_name_en"),
        option: col(options.name, "wa_opt_name"),
        optionEn: col(options.nameEn, "wa_opt_name_en"),
        avg: sql<number | null>`(select avg(x.rating) from ${ratings} x where x.rated_user_id = ${workareas.userId} and x.type = 'tribe' and x.industry_id = ${workareas.industryId} and x.option_id = ${workareas.optionId})`.as("wa_avg"),
        n: sql<number>`(select count(*) from ${ratings} x where x.rated_user_id = ${workareas.userId} and x.type = 'tribe' and x.industry_id = ${workareas.industryId} and x.option_id = ${workareas.optionId})`.as("wa_n"),
      })
      .from(workareas)
      .innerJoin(industries, eq(industries.id, workareas.industryId))
      .innerJoin(options, eq(options.id, workareas.optionId))
      .where(and(sql`${workareas.userId} in ${people}`, ratableSpecialization))
      .groupBy(workareas.userId, workareas.industryId, workareas.optionId)
      .orderBy(asc(workareas.userId), sql`min(${workareas.id})`),
  ] as const;
}

/** Built once per isolate (decision 0041): every statement, and the completion page's (no teams, no people's competences). */
const finishingStatements = preparedList(finishingQueries);
const finishingListStatements = preparedList((db, p: Params<FinishingValues>) => {
  const [demand, respondRows, , serviceRows, serviceRatings, own] = finishingQueries(db, p);
  return [demand, respondRows, serviceRows, serviceRatings, own] as const;
});
type FinishingRows = Rows<ReturnType<typeof finishingStatements>>;

/**
 * GET /api/demand/{id}/finishing and the completion pages: ONE batch of 8 statements whatever the number of
 * respondents, services and team members. Anyone but the request's customer gets a 404.
 */
export function finishingRead(ctx: AppContext, actor: Actor | null, demandId: number): Read<Finishing> {
  const a = requireActor(actor);
  return read(finishingStatements({ demandId, raterKey: projectRaterKey(demandId) }), (rows) => shapeFinishing(ctx, a, rows));
}

/**
 * The completion page's read (finishingList): the same batch less the teams and the people's competences
 * and specializations, which only the rating page shows (5 statements instead of 8, and no per-person
 * rating subqueries).
 */
export function finishingListRead(ctx: AppContext, actor: Actor | null, demandId: number): Read<FinishingList> {
  const a = requireActor(actor);
  return read(finishingListStatements({ demandId, raterKey: projectRaterKey(demandId) }), async ([demand, respondRows, serviceRows, serviceRatings, own]) =>
    finishingList(await shapeFinishing(ctx, a, [demand, respondRows, [], serviceRows, serviceRatings, own, [], []])),
  );
}

/** finishingRead's rows as the answer; a request that is not the actor's is a 404. */
async function shapeFinishing(ctx: AppContext, a: Actor, [[demand], respondRows, memberRows, serviceRows, serviceRatings, own, expertiseRows, tribeRows]: FinishingRows): Promise<Finishing> {
  if (!demand || demand.deletedAt || demand.userId !== a.user.id) throw notFound();
  const photos = new Map<string, string | null>();
  for (const r of [...respondRows, ...memberRows]) if (r.photoKey && !photos.has(r.photoKey)) photos.set(r.photoKey, await ctx.storage.signedUrl(r.photoKey));
  const photo = (key: string | null) => (key ? (photos.get(key) ?? null) : null);
  const serviceRating = new Map(serviceRatings.map((r) => [r.serviceId!, r]));
  const ownService = new Map(own.filter((r) => r.type === "service").map((r) => [`${r.ratedUserId}:${r.serviceId}`, r]));
  const ownExpertise = new Map(own.filter((r) => r.type === "expertise").map((r) => [`${r.ratedUserId}:${r.expertiseId}`, r]));
  const ownTribe = new Map(own.filter((r) => r.type === "tribe").map((r) => [`${r.ratedUserId}:${r.industryId}:${r.optionId}`, r]));
  const group = <T, K>(list: T[], key: (t: T) => K) => {
    const m = new Map<K, T[]>();
    for (const x of list) (m.get(key(x)) ?? m.set(key(x), []).get(key(x))!).push(x);
    return m;
  };
  const expertisesBy = group(expertiseRows, (e) => e.userId);
  const tribesBy = group(tribeRows, (t) => t.userId);
  const membersBy = group(memberRows, (m) => m.respondId);
  const servicesBy = group(serviceRows, (s) => s.respondId);
  const person = (userId: number, name: string, key: string | null, company: string | null, respondent: number, offered: { id: number; name: string }[]): FinishingUser => {
    const scores = offered.map((sv) => {
      const mine = ownService.get(`${userId}:${sv.id}`);
      return { id: sv.id, name: sv.name, is_rated: !!mine, rating_id: mine?.id ?? null, my_rating: mine?.rating ?? null };
    });
    const exp = (expertisesBy.get(userId) ?? []).map((e) => {
      const mine = ownExpertise.get(`${userId}:${e.id}`);
      return { id: e.id, name: localName(ctx, e.name, e.nameEn), rating: e.avg == null ? 0 : roundRating(Number(e.avg)), rating_count: Number(e.n), is_rated: !!mine, rating_id: mine?.id ?? null, my_rating: mine?.rating ?? null };
    });
    const tribes = (tribesBy.get(userId) ?? []).map((t) => {
      const mine = ownTribe.get(`${userId}:${t.industryId}:${t.optionId}`);
      return {
        id: Number(t.id),
        industry_id: t.industryId,
        option_id: t.optionId,
        industry_name: localName(ctx, t.industry, t.industryEn),
        option_name: localName(ctx, t.option, t.optionEn),
        rating: t.avg == null ? 0 : roundRating(Number(t.avg)),
        rating_count: Number(t.n),
        is_rated: !!mine,
        rating_id: mine?.id ?? null,
        my_rating: mine?.rating ?? null,
      };
    });
    // The respondent's service scores are the service dialog's ratings: his dialog's delete leaves them. Nor
    // does one's dialog in this response reach his scores in another chosen response's services.
    const mine = own.filter((r) => r.ratedUserId === userId && (r.type !== "service" || (userId !== respondent && offered.some((sv) => sv.id === r.serviceId))));
    // The comment of his latest save (a score taken back through the API keeps the older ones' comments).
    const latest = mine.reduce<(typeof mine)[number] | undefined>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), undefined);
    return {
      id: userId,
      name,
      photo: photo(key),
      user_company: { name: company },
      services: scores,
      expertises: exp,
      tribes,
      is_rated: mine.length > 0,
      rating_ids: mine.map((r) => r.id),
      rating_comment: latest?.comment ?? null,
    };
  };
  return {
    demandInfo: { id: demand.id, name: demand.name, is_completed: demand.status === "completed", status: demand.status },
    responds: respondRows.map((r) => {
      const name = `${r.name} ${r.lastName}`.trim();
      const seen = new Set<number>([r.userId]);
      const offered = (servicesBy.get(r.id) ?? []).map((s) => ({ id: s.id, name: s.name }));
      const team = [person(r.userId, name, r.photoKey, r.company, r.userId, offered)];
      for (const m of membersBy.get(r.id) ?? []) {
        if (m.userId === null || seen.has(m.userId)) continue;
        seen.add(m.userId);
        team.push(person(m.userId, `${m.name} ${m.lastName}`.trim(), m.photoKey, m.company, r.userId, offered));
      }
      return {
        id: r.id,
        user_id: r.userId,
        user_name: name,
        photo: photo(r.photoKey),
        user_company: { name_ru: r.company },
        status: r.status,
        services: (servicesBy.get(r.id) ?? []).map((s) => {
          const agg = serviceRating.get(s.id);
          const mine = ownService.get(`${r.userId}:${s.id}`);
          return {
            id: s.id,
            name: s.name,
            rating: agg ? roundRating(Number(agg.avg)) : 0,
            rating_count: agg ? Number(agg.n) : 0,
            is_rated: !!mine,
            rating_id: mine?.id ?? null,
            my_rating: mine?.rating ?? null,
            rating_comment: mine?.comment ?? null,
            users: team,
          };
        }),
      };
    }),
  };
}

/** GET /api/demand/{id}/finishing. */
export async function getFinishing(ctx: AppContext, actor: Actor | null, demandId: number) {
  return runRead(ctx, finishingRead(ctx, actor, demandId));
}

/** The rating calls answer this once the project is not active (completed): spec README, 422. */
/** Why a project's ratings or completion are refused: it is over (its ratings frozen), or it has not started. */
const notActive = (status?: string) => {
  const key = status === undefined || status === "completed" ? "projects.not_active" : "projects.not_started";
  return new DomainError("validation", key, { fields: { form: [key] } });
};

/**
 * Who and what may be rated in the request, read in one batch: the request, the chosen responses the user
 * belongs to (as respondent or team member) with their services, and the user's own competences and
 * specializations (what the member modal lists).
 */
async function ratingContext(ctx: AppContext, demandId: number, userId: number) {
  const [[demand], mine, svc, exp, trb] = await ctx.db.batch([
    ctx.db.select({ userId: demands.userId, status: demands.status, deletedAt: demands.deletedAt }).from(demands).where(eq(demands.id, demandId)),
    ctx.db
      .select({ id: responds.id })
      .from(responds)
      .where(
        and(
          eq(responds.demandId, demandId),
          inArray(responds.status, CHOSEN),
          sql`(${responds.userId} = ${userId} or exists (select 1 from ${respondMembers} m where m.respond_id = ${responds.id} and m.user_id = ${userId}))`,
        ),
      )
      .orderBy(asc(responds.id)),
    ctx.db
      .select({ respondId: respondServices.respondId, serviceId: respondServices.serviceId })
      .from(respondServices)
      .where(sql`${respondServices.respondId} in ${chosenOf(demandId)}`),
    ctx.db
      .select({ id: userExpertises.expertiseId })
      .from(userExpertises)
      .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
      .where(and(eq(userExpertises.userId, userId), ratableCompetence)),
    ctx.db
      .selectDistinct({ industryId: workareas.industryId, optionId: workareas.optionId })
      .from(workareas)
      .innerJoin(options, eq(options.id, workareas.optionId))
      .where(and(eq(workareas.userId, userId), ratableSpecialization)),
  ]);
  return { demand, respondIds: mine.map((r) => r.id), services: svc, expertiseIds: new Set(exp.map((e) => e.id)), tribes: new Set(trb.map((t) => `${t.industryId}:${t.optionId}`)) };
}

type RatingRow = {
  ratedUserId: number;
  type: "service" | "expertise" | "tribe";
  subjectKey: string;
  industryId: number | null;
  optionId: number | null;
  expertiseId: number | null;
  serviceId: number | null;
  rating: number;
};

/**
 * One project rating, written only while the request is the customer's and `active` (the guard is inside the
 * statement, so a completion that lands between the checks and the write leaves nothing written). Rating the
 * same thing again in the same project replaces it (the project rater key, decision 0033).
 */
function upsertProjectRating(ctx: AppContext, actor: Actor, demandId: number, respondId: number, row: RatingRow, comment: string) {
  const now = ctx.now().toISOString();
  return sql`insert into ${ratings} (rated_user_id, type, subject_key, industry_id, option_id, expertise_id, service_id, rater_key, rater_user_id, rating, comment, demand_id, respond_id, created_at, updated_at)
    select ${row.ratedUserId}, ${row.type}, ${row.subjectKey}, ${row.industryId}, ${row.optionId}, ${row.expertiseId}, ${row.serviceId}, ${projectRaterKey(demandId)}, ${actor.user.id}, ${row.rating}, ${comment}, ${demandId}, ${respondId}, ${now}, ${now}
    where exists (select 1 from ${demands} d where d.id = ${demandId} and d.user_id = ${actor.user.id} and d.status = 'active' and d.deleted_at is null)
    on conflict (rated_user_id, subject_key, rater_key) do update set rating = excluded.rating, comment = excluded.comment, respond_id = excluded.respond_id, rater_user_id = excluded.rater_user_id, updated_at = excluded.updated_at
    returning id`;
}

/** The customer's score of one item of a person in this project taken back, while the request is active. */
function withdrawProjectRating(actor: Actor, demandId: number, ratedUserId: number, subjectKey: string) {
  return sql`delete from ${ratings} where rated_user_id = ${ratedUserId} and subject_key = ${subjectKey} and rater_key = ${projectRaterKey(demandId)}
    and exists (select 1 from ${demands} d where d.id = ${demandId} and d.user_id = ${actor.user.id} and d.status = 'active' and d.deleted_at is null)`;
}

/**
 * POST /api/demand/finishing (spec README): the customer rates a service of a chosen response, or a person of
 * it (the respondent or a member of the response's team) on his competences and specializations. Answers
 * the ids of the ratings written.
 */
export async function rateInProject(ctx: AppContext, actor: Actor | null, raw: unknown): Promise<{ ids: number[] }> {
  const a = requireActor(actor);
  const input = parseProjectInput(finishingSchema, raw);
  const c = await ratingContext(ctx, input.demand_id, input.user_id);
  if (!c.demand || c.demand.deletedAt || c.demand.userId !== a.user.id) throw notFound();
  if (c.demand.status !== "active") throw notActive(c.demand.status);
  // Someone who is not in a chosen response is nobody the customer can rate here; nor is he himself.
  if (!c.respondIds.length || input.user_id === a.user.id) throw notFound();
  let rows: { respondId: number; row: RatingRow }[];
  // The items the member dialog sent without a score ('Без оценки'): their score in this project goes.
  let withdrawn: string[] = [];
  if (input.type === "service") {
    const respondId = c.respondIds.find((id) => c.services.some((s) => s.respondId === id && s.serviceId === input.service_id));
    if (respondId === undefined) throw fieldError("service_id", "projects.v.service_unknown");
    rows = [
      {
        respondId,
        row: { ratedUserId: input.user_id, type: "service", subjectKey: serviceKey(input.service_id), industryId: null, optionId: null, expertiseId: null, serviceId: input.service_id, rating: input.rating },
      },
    ];
  } else {
    // An item left without a score need not be ratable still (a competence removed or rejected while the
    // dialog was open): its score, if any, only goes.
    if (input.expertises.some((e) => e.rating !== null && !c.expertiseIds.has(e.id))) throw fieldError("expertises", "projects.v.expertise_unknown");
    if (input.tribes.some((t) => t.rating !== null && !c.tribes.has(`${t.industry_id}:${t.option_id}`))) throw fieldError("tribes", "projects.v.tribe_unknown");
    // A person's score in a service: only a service of a chosen response he is in, kept under that response.
    const serviceRespond = (serviceId: number) => c.respondIds.find((id) => c.services.some((s) => s.respondId === id && s.serviceId === serviceId));
    if (input.services.some((s) => s.rating !== null && serviceRespond(s.id) === undefined)) throw fieldError("services", "projects.v.service_unknown");
    const respondId = c.respondIds[0]!;
    // One rating per item: the same competence named twice counts once (the last score, or none).
    const items = new Map<string, RatingRow | null>();
    for (const e of input.expertises)
      items.set(expertiseKey(e.id), e.rating === null ? null : { ratedUserId: input.user_id, type: "expertise", subjectKey: expertiseKey(e.id), industryId: null, optionId: null, expertiseId: e.id, serviceId: null, rating: e.rating });
    for (const t of input.tribes)
      items.set(
        tribeKey(t.industry_id, t.option_id),
        t.rating === null
          ? null
          : { ratedUserId: input.user_id, type: "tribe", subjectKey: tribeKey(t.industry_id, t.option_id), industryId: t.industry_id, optionId: t.option_id, expertiseId: null, serviceId: null, rating: t.rating },
      );
    // The same row as the service dialog's when the person is the respondent (decision 0033's key): his
    // score in the service is the service's rating; a team member's counts in the service's figures too.
    const scores = new Map(input.services.map((s) => [s.id, s.rating]));
    for (const [serviceId, rating] of scores) if (rating === null) items.set(serviceKey(serviceId), null);
    rows = [...items.values()].flatMap((row) => (row ? [{ respondId, row }] : []));
    withdrawn = [...items].flatMap(([key, row]) => (row ? [] : [key]));
    for (const [serviceId, rating] of scores) {
      if (rating === null) continue;
      rows.push({
        respondId: serviceRespond(serviceId)!,
        row: { ratedUserId: input.user_id, type: "service", subjectKey: serviceKey(serviceId), industryId: null, optionId: null, expertiseId: null, serviceId, rating },
      });
    }
  }
  const results = await sqlBatch(ctx, [
    ...rows.map((r) => upsertProjectRating(ctx, a, input.demand_id, r.respondId, r.row, input.comment)),
    ...withdrawn.map((key) => withdrawProjectRating(a, input.demand_id, input.user_id, key)),
  ]);
  const ids = results.slice(0, rows.length).map((r) => Number(r[0]?.id)).filter((id) => Number.isFinite(id) && id > 0);
  // The request was completed between the check and the write: the guard wrote nothing.
  if (ids.length !== rows.length) throw notActive();
  return { ids };
}

/**
 * DELETE /api/rating {ids}: the caller's own project ratings of a request that is still active. All or
 * nothing: one id that is not the caller's (404) or of a finished project (422) deletes none.
 */
export async function deleteProjectRatings(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const ids = [...new Set(parseProjectInput(deleteRatingsSchema, raw).ids)];
  // The ids as one bound parameter, twice in the statement (app/domain/id-list.ts).
  const list = sql`select value from json_each(${JSON.stringify(ids)})`;
  const deletable = sql`(select count(*) from ${ratings} r2 join ${demands} d2 on d2.id = r2.demand_id
      where r2.id in (${list}) and r2.rater_user_id = ${a.user.id} and r2.rater_key = ${PROJECT_RATER_PREFIX} || d2.id
        and d2.user_id = ${a.user.id} and d2.status = 'active' and d2.deleted_at is null)`;
  const [deleted] = await sqlBatch(ctx, [sql`delete from ${ratings} where id in (${list}) and ${deletable} = ${ids.length} returning id`]);
  if (deleted!.length === ids.length) return { ids };
  // Why nothing was deleted: a rating that is not the caller's project rating does not exist for him.
  const own = await ctx.db
    .select({ id: ratings.id, status: demands.status })
    .from(ratings)
    .innerJoin(demands, eq(demands.id, ratings.demandId))
    .where(and(inIds(ratings.id, ids), eq(ratings.raterUserId, a.user.id), eq(demands.userId, a.user.id), sql`${ratings.raterKey} = ${PROJECT_RATER_PREFIX} || ${demands.id}`));
  if (own.length !== ids.length) throw notFound();
  throw notActive();
}

/**
 * POST /api/demand/complete {demand_id}: the customer's active request becomes `completed` (completed_at),
 * its chosen responses too, in one batch; audited only when it changed. After it the ratings are frozen.
 */
export async function completeProject(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const { demand_id: id } = parseProjectInput(completeSchema, raw);
  const now = ctx.now().toISOString();
  const [changed] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(and(eq(demands.id, id), eq(demands.userId, a.user.id), eq(demands.status, "active"), sql`${demands.deletedAt} is null`))
      .returning({ id: demands.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.complete", targetType: "demand", targetId: id }),
    // Only when this call completed it: the request's completed_at is this call's.
    ctx.db
      .update(responds)
      .set({ status: "completed", updatedAt: now })
      .where(and(eq(responds.demandId, id), eq(responds.status, "active"), sql`exists (select 1 from ${demands} d where d.id = ${id} and d.status = 'completed' and d.completed_at = ${now})`)),
  ]);
  if (changed.length) return { id, status: "completed" as const, message: ctx.t("projects.completed") };
  const [d] = await ctx.db.select({ userId: demands.userId, deletedAt: demands.deletedAt, status: demands.status }).from(demands).where(eq(demands.id, id));
  if (!d || d.deletedAt || d.userId !== a.user.id) throw notFound();
  if (d.status !== "completed") throw notActive(d.status);
  throw new DomainError("validation", "projects.already_completed", { fields: { form: ["projects.already_completed"] } });
}
