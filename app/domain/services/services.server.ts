import { moderationSettings } from "../admin/settings.server";
import { usableBy } from "../reference/usable";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { userExpertises } from "../../../db/schema/experience";
import { auditLog, files, settings } from "../../../db/schema/platform";
import { companies, durations, expertises, industries, options, serviceTypes } from "../../../db/schema/reference";
import { ratings } from "../../../db/schema/reputation";
import {
  serviceCompanies,
  serviceExpertises,
  serviceIndustries,
  serviceMembers,
  serviceOptions,
  services,
  serviceSpecializations,
  type ServiceFormat,
} from "../../../db/schema/services";
import { invites, users } from "../../../db/schema/users";
import { auditInsert } from "~/server/audit.server";
import { auditIfChangedQuery, sqlBatch } from "../admin/decision.server";
import { isGuardFailure } from "../batch-guard";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import { serviceMails } from "~/server/mail/services.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { textsIn } from "./lang.server";
import { accountExists, accountName, registrationLink } from "../invites/invites.server";
import { DomainError, type FieldErrors } from "../errors";
import { SERVICE_LIMITS, EMAIL_PATTERN } from "../limits";
import { localName, sameNamed } from "../names";
import { isOperator, requireActor, requireVerifiedEmail } from "../policy.server";
import { col, prepared, preparedList, read, runRead, type Params, type Read, type Statementish } from "../reads";
import type { Db } from "../../../db/client";
import { memo } from "~/server/memo.server";
import { personRating, roundRating } from "../reputation/score";
import { phoneCountry } from "../validation";
import { assertCanRead, assertMember, assertOwner, serviceAbilities, type ServiceAccess } from "./policy.server";
import { inIds } from "../id-list";
import { ratableCompetence } from "../experience/ratable";
import { currentOrLatestCompany } from "../experience/company-of";
import { colleagueOf } from "./colleagues.server";
import {
  myServicesQuery,
  newEmployeeInput,
  parseService,
  participateInput,
  serviceExpertisesQuery,
  serviceInput,
  teamSearchQuery,
  type MyServices,
  type ServiceExpertiseView,
  type ServiceInput,
  type ServiceMemberView,
  type ServiceSpecializationView,
  type ServiceTypeView,
  type ServiceView,
  type UserSearchItem,
} from "./schema";

/**
 * Services and teams (spec 3 §2–§9, README 'Document 3 details'). Every function takes the raw input and
 * parses it with ./schema.ts; permissions are asked of ./policy.server.ts. Reads of any number of services
 * are one D1 batch (a constant number of statements); writes that belong together are one batch.
 */

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
const none = sql`0`;
/** How long an isolate keeps the service types (reference data, decision 0007). */
const REFERENCE_TTL_MS = 60_000;

// ---------------------------------------------------------------------------------------------------
// Settings

/**
 * The operator's switch `moderate_services` (README "The operator's calls", default true): off, a saved
 * service is active at once. Read afresh (not memoised): a switch must take effect on the next save.
 */
export async function servicesModerated(ctx: AppContext): Promise<boolean> {
  return (await moderationSettings(ctx)).moderate_services;
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** The statements of the views of the services matching `scope` (a condition on `services`): one batch. */
function viewQueries(db: Db, scope: SQL) {
  const ids = sql`(select ${services.id} from ${services} where ${scope})`;
  return [
    db
      .select({
        id: services.id,
        userId: services.userId,
        name: services.name,
        format: services.format,
        performerType: services.performerType,
        serviceTypeId: services.serviceTypeId,
        typeName: col(serviceTypes.name, "st_name"),
        typeNameEn: col(serviceTypes.nameEn, "st_name_en"),
        typeType: col(serviceTypes.type, "st_type"),
        description: services.description,
        maturity: services.maturity,
        budget: services.budget,
        income: services.income,
        hours: services.hours,
        workloadFormat: services.workloadFormat,
        payFormat: services.payFormat,
        status: services.status,
        rejectReason: services.rejectReason,
        deletedAt: services.deletedAt,
        createdAt: services.createdAt,
        updatedAt: services.updatedAt,
        ownerName: col(users.name, "owner_name"),
        ownerLastName: col(users.lastName, "owner_last_name"),
        ownerCompany: currentOrLatestCompany(services.userId).as("owner_company"),
      })
      .from(services)
      .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
      .leftJoin(users, eq(users.id, services.userId))
      .where(scope)
      .orderBy(desc(services.updatedAt), desc(services.id)),
    db
      .select({ serviceId: serviceIndustries.serviceId, id: industries.id, name: industries.name, nameEn: industries.nameEn })
      .from(serviceIndustries)
      .innerJoin(industries, eq(industries.id, serviceIndustries.industryId))
      .where(inArray(serviceIndustries.serviceId, ids))
      .orderBy(asc(industries.sort)),
    db
      .select({ serviceId: serviceOptions.serviceId, id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId, status: options.status })
      .from(serviceOptions)
      .innerJoin(options, eq(options.id, serviceOptions.optionId))
      .where(inArray(serviceOptions.serviceId, ids))
      .orderBy(asc(options.id)),
    db
      .select({ serviceId: serviceExpertises.serviceId, id: expertises.id, name: expertises.name, nameEn: expertises.nameEn, status: expertises.status })
      .from(serviceExpertises)
      .innerJoin(expertises, eq(expertises.id, serviceExpertises.expertiseId))
      .where(inArray(serviceExpertises.serviceId, ids))
      .orderBy(asc(expertises.id)),
    db
      .select({
        serviceId: serviceSpecializations.serviceId,
        industryId: col(industries.id, "sp_ind_id"),
        industry: col(industries.name, "sp_ind_name"),
        industryEn: col(industries.nameEn, "sp_ind_name_en"),
        optionId: col(options.id, "sp_opt_id"),
        option: col(options.name, "sp_opt_name"),
        optionEn: col(options.nameEn, "sp_opt_name_en"),
        status: col(options.status, "sp_opt_status"),
      })
      .from(serviceSpecializations)
      .innerJoin(industries, eq(industries.id, serviceSpecializations.industryId))
      .innerJoin(options, eq(options.id, serviceSpecializations.optionId))
      .where(inArray(serviceSpecializations.serviceId, ids))
      .orderBy(asc(industries.sort), asc(options.id)),
    db
      .select({ serviceId: serviceCompanies.serviceId, id: companies.id, name: companies.name, status: companies.status })
      .from(serviceCompanies)
      .innerJoin(companies, eq(companies.id, serviceCompanies.companyId))
      .where(inArray(serviceCompanies.serviceId, ids))
      .orderBy(asc(companies.name)),
    db
      .select({
        serviceId: serviceMembers.serviceId,
        memberId: col(serviceMembers.id, "m_id"),
        type: serviceMembers.type,
        userId: serviceMembers.userId,
        inviteId: serviceMembers.inviteId,
        needApprove: serviceMembers.needApprove,
        userName: col(users.name, "m_user_name"),
        userLastName: col(users.lastName, "m_user_last_name"),
        inviteName: col(invites.name, "m_invite_name"),
        inviteLastName: col(invites.lastName, "m_invite_last_name"),
        photoKey: col(files.key, "m_photo_key"),
        rating: sql<number | null>`(select avg(r.rating) from ${ratings} r where r.rated_user_id = ${serviceMembers.userId})`.as("m_rating"),
        company: currentOrLatestCompany(serviceMembers.userId).as("m_company"),
      })
      .from(serviceMembers)
      .leftJoin(users, eq(users.id, serviceMembers.userId))
      .leftJoin(invites, eq(invites.id, serviceMembers.inviteId))
      .leftJoin(files, eq(files.id, users.photoFileId))
      .where(inArray(serviceMembers.serviceId, ids))
      .orderBy(asc(serviceMembers.id)),
    // rating / rating_count: read from the ratings (db/schema/services.ts says why they are not stored).
    db
      .select({ serviceId: ratings.serviceId, avg: sql<number>`avg(${ratings.rating})`.as("r_avg"), n: sql<number>`count(*)`.as("r_n") })
      .from(ratings)
      .where(and(eq(ratings.type, "service"), inArray(ratings.serviceId, ids)))
      .groupBy(ratings.serviceId),
  ] as const;
}

type ViewRows = { [K in keyof ReturnType<typeof viewQueries>]: Awaited<ReturnType<typeof viewQueries>[K]> };

/** Shapes the rows of `viewQueries` into the views of spec 3 §3, as `actor` sees them. */
async function toViews(ctx: AppContext, actor: Actor, [rows, ind, opt, exp, spec, comp, members, rated]: ViewRows, operator = false): Promise<ServiceView[]> {
  const by = <T extends { serviceId: number | null }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of list) if (r.serviceId !== null) (m.get(r.serviceId) ?? m.set(r.serviceId, []).get(r.serviceId)!).push(r);
    return m;
  };
  const [byInd, byOpt, byExp, bySpec, byComp, byMember] = [by(ind), by(opt), by(exp), by(spec), by(comp), by(members)];
  const byRating = new Map(rated.map((r) => [r.serviceId!, r]));
  const photos = new Map<string, string>();
  for (const m of members) if (m.photoKey && !photos.has(m.photoKey)) photos.set(m.photoKey, await ctx.storage.signedUrl(m.photoKey));
  return rows.map((s) => {
    const team = byMember.get(s.id) ?? [];
    const mine = team.find((m) => m.type === "user" && m.userId === actor.user.id);
    const owner = s.userId === actor.user.id;
    const access: ServiceAccess = { userId: s.userId, status: s.status, deletedAt: s.deletedAt, membership: mine ? { needApprove: mine.needApprove } : null };
    const r = byRating.get(s.id);
    // The owner's proposals (a function, a competence, a company) are his and the operators' to see until an
    // operator approves them: anyone else sees the approved ones only.
    const shown = (x: { status: string }) => owner || operator || x.status === "active";
    const users: ServiceMemberView[] = team.map((m) => ({
      id: m.type === "user" ? m.userId! : m.inviteId!,
      type: m.type,
      name: m.type === "user" ? `${m.userName ?? ""} ${m.userLastName ?? ""}`.trim() : `${m.inviteName ?? ""} ${m.inviteLastName ?? ""}`.trim(),
      photo: m.photoKey ? (photos.get(m.photoKey) ?? null) : null,
      // An invited employee without an account has no rating yet; a registered one has at least the default.
      rating: m.type === "user" ? personRating(m.rating) : null,
      need_approve: m.needApprove,
      user_company: { name: m.company ?? null },
    }));
    return {
      id: s.id,
      name: s.name,
      format: s.format,
      performer_type: s.performerType,
      type: s.serviceTypeId,
      service_type_id: s.serviceTypeId,
      service_type: s.typeName ? { id: s.serviceTypeId, name: localName(ctx, s.typeName, s.typeNameEn), type: s.typeType ?? "" } : null,
      description: s.description,
      maturity: s.maturity,
      industries: (byInd.get(s.id) ?? []).map((i) => ({ id: i.id, name: localName(ctx, i.name, i.nameEn) })),
      options: (byOpt.get(s.id) ?? []).filter(shown).map((o) => ({ id: o.id, name: localName(ctx, o.name, o.nameEn), parent_id: o.parentId, status: o.status })),
      expertises: (byExp.get(s.id) ?? []).filter(shown).map((e) => ({ id: e.id, expertise_id: e.id, name: localName(ctx, e.name, e.nameEn) })),
      specializations: (bySpec.get(s.id) ?? []).filter(shown).map((p) => {
        const industry_name = localName(ctx, p.industry, p.industryEn);
        const option_name = localName(ctx, p.option, p.optionEn);
        return { industry_id: p.industryId, option_id: p.optionId, industry_name, option_name, name: `${industry_name} - ${option_name}` };
      }),
      companies: (byComp.get(s.id) ?? []).filter(shown).map((c) => ({ id: c.id, name: c.name, status: c.status })),
      users,
      users_count: users.length,
      budget: s.budget,
      income: s.income,
      hours: s.hours,
      workload_format: s.workloadFormat,
      pay_format: s.payFormat,
      status: s.status,
      reject_reason: owner || operator ? s.rejectReason : null,
      hidden: s.status === "not_active",
      rating: r ? roundRating(Number(r.avg)) : null,
      rating_count: r ? Number(r.n) : 0,
      user_id: s.userId,
      user_name: `${s.ownerName ?? ""} ${s.ownerLastName ?? ""}`.trim(),
      company: { name: s.ownerCompany ?? null },
      created_at: s.createdAt,
      update_at: s.updatedAt,
      is_owner: owner,
      need_approve: !!mine?.needApprove,
      is_member: !!mine,
      can: serviceAbilities(actor, access),
    };
  });
}

/**
 * The views' statements for the scopes the pages read, their SQL built once per isolate (decisions 0041,
 * 0044): the caller's services and those whose team he is in, his active ones (the response form's picker),
 * and one service by id.
 */
const viewStatements = {
  mine: preparedList((db, p: Params<{ userId: number }>) =>
    viewQueries(
      db,
      // The ids as a union of two index searches (his services; the teams he is in): an OR with a
      // correlated EXISTS made SQLite scan every service of everyone, in each of the view's statements.
      and(
        isNull(services.deletedAt),
        sql`${services.id} in (select s.id from ${services} s where s.user_id = ${p.userId} union select m.service_id from ${serviceMembers} m where m.user_id = ${p.userId} and m.type = 'user')`,
      )!,
    ),
  ),
  mineActive: preparedList((db, p: Params<{ userId: number }>) => viewQueries(db, and(eq(services.userId, p.userId), isNull(services.deletedAt), eq(services.status, "active"))!)),
  one: preparedList((db, p: Params<{ id: number }>) => viewQueries(db, and(eq(services.id, p.id), isNull(services.deletedAt))!)),
};

/** The views of the services `queries` select (one of `viewStatements`) as one read: its statements go into the caller's batch. */
function viewsRead(ctx: AppContext, actor: Actor, queries: readonly Statementish[], operator = false): Read<ServiceView[]> {
  return read(queries, (rows) => toViews(ctx, actor, rows as unknown as ViewRows, operator));
}

/** What the policy needs of one service: its owner, status, deletion and the caller's membership. */
async function accessOf(ctx: AppContext, actor: Actor, id: number): Promise<(ServiceAccess & { name: string; format: ServiceFormat }) | null> {
  const [row] = await ctx.db
    .select({
      userId: services.userId,
      status: services.status,
      deletedAt: services.deletedAt,
      name: services.name,
      format: services.format,
      needApprove: serviceMembers.needApprove,
      memberId: serviceMembers.id,
    })
    .from(services)
    .leftJoin(serviceMembers, and(eq(serviceMembers.serviceId, services.id), eq(serviceMembers.type, "user"), eq(serviceMembers.userId, actor.user.id)))
    .where(eq(services.id, id))
    .limit(1);
  if (!row) return null;
  return { userId: row.userId, status: row.status, deletedAt: row.deletedAt, name: row.name, format: row.format, membership: row.memberId ? { needApprove: !!row.needApprove } : null };
}

/**
 * One service as `actor` may read it (owner, team members and operators always; other signed-in users only
 * an active one; a deleted one is gone): the policy is asked of the view's own rows, so reading it is ONE
 * set of statements that a page puts in its batch with its other reads.
 */
export function serviceRead(ctx: AppContext, actor: Actor, id: number): Read<ServiceView> {
  const a = requireActor(actor);
  const queries = viewStatements.one({ id });
  return read(queries, async (batch) => {
    const rows = batch as unknown as ViewRows;
    const row = rows[0][0];
    const mine = rows[6].find((m) => m.type === "user" && m.userId === a.user.id);
    assertCanRead(a, row ? { userId: row.userId, status: row.status, deletedAt: row.deletedAt, membership: mine ? { needApprove: mine.needApprove } : null } : null);
    const [view] = await toViews(ctx, a, rows, isOperator(a));
    return view!;
  });
}

/** GET /api/service/{id}. */
export async function getService(ctx: AppContext, actor: Actor, id: number): Promise<ServiceView> {
  return runRead(ctx, serviceRead(ctx, actor, id));
}

/** The caller's services and those whose team he is in, grouped for /services, as one read. */
export function myServicesRead(ctx: AppContext, actor: Actor, raw: unknown = {}): Read<MyServices> {
  const a = requireActor(actor);
  const { active } = parseService(myServicesQuery, raw ?? {});
  // `active=1`: the response form's picker (README: a response attaches 1–3 of the responder's active services).
  const views = viewsRead(ctx, a, active ? viewStatements.mineActive({ userId: a.user.id }) : viewStatements.mine({ userId: a.user.id }));
  return {
    queries: views.queries,
    view: async (rows) => {
      const data = await views.view(rows);
      const shown = data.filter((s) => !s.hidden);
      return {
        individual: shown.filter((s) => s.format === "individual"),
        company: shown.filter((s) => s.format === "company"),
        hidden: data.filter((s) => s.hidden),
        data,
      };
    },
  };
}

/** GET /api/service. */
export async function listMyServices(ctx: AppContext, actor: Actor, raw: unknown = {}): Promise<MyServices> {
  return runRead(ctx, myServicesRead(ctx, actor, raw));
}

/** GET /api/service/{id}/specializations. */
export async function listServiceSpecializations(ctx: AppContext, actor: Actor, id: number): Promise<ServiceSpecializationView[]> {
  return (await getService(ctx, actor, id)).specializations;
}

// ---------------------------------------------------------------------------------------------------
// Writes

type Checked = {
  members: { type: "user" | "invited"; userId: number | null; inviteId: number | null }[];
  newOptions: { name: string; parentId: number | null }[];
  reuseOptions: number[];
  newCompanies: string[];
  reuseCompanies: number[];
};

/** A service type fits a format unless it is meant for the other one (spec 3 §5 'service-type filter'). */
const typeFits = (type: string, format: ServiceFormat) => type !== (format === "company" ? "individual" : "company");

/**
 * Checks every reference of the payload in ONE read batch: the type, industries, functions, competences
 * (the team's own), specializations, clients and team members; new functions and clients whose name
 * exists are the existing ones.
 */
async function checkReferences(ctx: AppContext, actor: Actor, input: ServiceInput, serviceId?: number): Promise<Checked> {
  const me = actor.user.id;
  const userIds = input.users.filter((u) => u.type === "user").map((u) => u.id);
  const inviteIds = input.users.filter((u) => u.type === "invited").map((u) => u.id);
  const specInd = [...new Set(input.specializations.map((s) => s.industry_id))];
  const specOpt = [...new Set(input.specializations.map((s) => s.option_id))];
  const optionVisible = usableBy(options, me);
  const companyPickable = usableBy(companies, me);
  const refusalsSince = serviceId !== undefined && input.teamSince !== null && input.users.length > 0;
  const [type, ind, opt, team, inv, specI, specO, comp, siblings, sameCompanies, refused] = await ctx.db.batch([
    ctx.db.select({ id: serviceTypes.id, type: serviceTypes.type }).from(serviceTypes).where(eq(serviceTypes.id, input.serviceTypeId)),
    ctx.db.select({ id: industries.id }).from(industries).where(input.industries.length ? inIds(industries.id, input.industries) : none),
    ctx.db.select({ id: options.id }).from(options).where(input.options.length ? and(inIds(options.id, input.options), optionVisible) : none),
    // A blocked person is no one's to name (decision 0056), as the team search leaves him out; but a place he
    // already holds in this service's team stays, and saving the service does not fail because of him.
    ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        userIds.length
          ? and(
              inIds(users.id, userIds),
              or(
                and(isNotNull(users.emailVerifiedAt), isNull(users.blockedAt)),
                serviceId === undefined ? sql`0` : sql`exists (select 1 from service_members m where m.service_id = ${serviceId} and m.user_id = ${users.id} and m.type = 'user')`,
              ),
            )
          : none,
      ),
    ctx.db
      .select({ id: invites.id, registered: invites.registeredUserId })
      .from(invites)
      .where(inviteIds.length ? and(inArray(invites.id, inviteIds), eq(invites.inviterUserId, me), eq(invites.kind, "employee")) : none),
    ctx.db.select({ id: industries.id }).from(industries).where(specInd.length ? inArray(industries.id, specInd) : none),
    ctx.db.select({ id: options.id }).from(options).where(specOpt.length ? and(inArray(options.id, specOpt), optionVisible) : none),
    ctx.db.select({ id: companies.id }).from(companies).where(input.companies.length ? and(inArray(companies.id, input.companies), companyPickable) : none),
    ctx.db
      .select({ id: options.id, name: options.name, status: options.status, parentId: options.parentId })
      .from(options)
      .where(input.newOptions.length ? optionVisible : none),
    ctx.db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(input.newCompanies.length ? companyPickable : none),
    // Who refused this service since the owner's form was loaded (decision 0071): the refusal is audited.
    ctx.db
      .selectDistinct({ id: auditLog.actorUserId })
      .from(auditLog)
      .where(
        refusalsSince
          ? and(eq(auditLog.action, "service.member_refused"), eq(auditLog.targetType, "service"), eq(auditLog.targetId, String(serviceId)), gt(auditLog.createdAt, input.teamSince!))
          : none,
      ),
  ]);
  const fields: FieldErrors = {};
  const add = (field: string, code: string) => (fields[field] ??= []).includes(code) || fields[field]!.push(code);
  const has = (rows: { id: number }[], id: number) => rows.some((r) => r.id === id);
  if (!type[0] || !typeFits(type[0].type, input.format)) add("type", "service.v.type_unknown");
  if (input.industries.some((id) => !has(ind, id))) add("industries", "service.v.industries_unknown");
  if (input.options.some((id) => !has(opt, id))) add("options", "service.v.options_unknown");
  if (input.specializations.some((s) => !has(specI, s.industry_id) || !has(specO, s.option_id))) add("specializations", "service.v.specializations_unknown");
  if (input.companies.some((id) => !has(comp, id))) add("companies", "service.v.companies_unknown");
  if (userIds.includes(me)) add("users", "service.v.team_self");
  else if (userIds.some((id) => !has(team, id)) || inviteIds.some((id) => !has(inv, id))) add("users", "service.v.team_unknown");

  // An invitation already turned into an account is that account. One who refused after the owner's form
  // was loaded is left out: that form still showed him, and saving it would ask him again (decision 0071).
  const members: Checked["members"] = [];
  const seen = new Set<number>();
  for (const u of input.users) {
    const userId = u.type === "user" ? u.id : (inv.find((i) => i.id === u.id)?.registered ?? null);
    if (userId !== null) {
      if (seen.has(userId) || userId === me || refused.some((r) => r.id === userId)) continue;
      seen.add(userId);
      members.push({ type: "user", userId, inviteId: u.type === "invited" ? u.id : null });
    } else members.push({ type: "invited", userId: null, inviteId: u.id });
  }
  if (members.length > SERVICE_LIMITS.teamMax) add("users", "service.v.team_max");

  // spec 3 §5: competences are picked from the team's own (the owner's and the members').
  if (input.expertises.length) {
    const teamIds = [me, ...members.filter((m) => m.userId).map((m) => m.userId!)];
    // An approved competence, or the owner's own proposal: another member's proposal is his alone to see
    // (decision 0061), and the service shows its competences to every reader.
    const own = await ctx.db
      .selectDistinct({ id: userExpertises.expertiseId })
      .from(userExpertises)
      .innerJoin(expertises, eq(expertises.id, userExpertises.expertiseId))
      .where(and(inArray(userExpertises.userId, teamIds), inArray(userExpertises.expertiseId, input.expertises), usableBy(expertises, me)));
    if (input.expertises.some((id) => !own.some((o) => o.id === id))) add("expertises", "service.v.expertises_unknown");
  }
  // As every other way of proposing a function (POST /api/options, the profile, the registration): a new one
  // goes under an active main function, never under a sub-function or an id that is none.
  for (const o of input.newOptions) {
    if (o.parent_id == null) continue;
    const parent = siblings.find((x) => x.id === o.parent_id);
    if (!parent || parent.parentId !== null || parent.status !== "active") add("options", "validation.option_parent");
  }
  if (Object.keys(fields).length) throw new DomainError("validation", Object.values(fields)[0]![0]!, { fields });

  const reuseOptions: number[] = [];
  const newOptions: Checked["newOptions"] = [];
  for (const o of input.newOptions) {
    const same = sameNamed(
      siblings.filter((s) => (s.parentId ?? null) === (o.parent_id ?? null)),
      o.name,
    );
    if (same) reuseOptions.push(same.id);
    else if (!newOptions.some((n) => n.parentId === (o.parent_id ?? null) && sameNamed([n], o.name))) newOptions.push({ name: o.name, parentId: o.parent_id ?? null });
  }
  const reuseCompanies: number[] = [];
  const newCompanies: string[] = [];
  for (const c of input.newCompanies) {
    const same = sameNamed(sameCompanies, c.name);
    if (same) reuseCompanies.push(same.id);
    else if (!newCompanies.some((n) => sameNamed([{ name: n }], c.name))) newCompanies.push(c.name);
  }
  if (new Set([...input.companies, ...reuseCompanies]).size + newCompanies.length > SERVICE_LIMITS.companiesMax) {
    throw new DomainError("validation", "service.v.companies_max", { fields: { companies: ["service.v.companies_max"] } });
  }
  return { members, newOptions, reuseOptions, newCompanies, reuseCompanies };
}

/**
 * The child rows of a service (`ref`: its id, or the subquery naming the one just inserted), the
 * proposed functions and clients (in moderation, by the owner) first.
 */
function childStatements(ctx: AppContext, actor: Actor, ref: number | SQL, input: ServiceInput, checked: Checked): BatchItem<"sqlite">[] {
  const me = actor.user.id;
  const q: BatchItem<"sqlite">[] = [];
  const sid = ref as number;
  for (const o of checked.newOptions) {
    q.push(ctx.db.insert(options).values({ name: o.name, parentId: o.parentId, status: "moderation", createdBy: me }));
    q.push(
      ctx.db
        .insert(serviceOptions)
        .values({ serviceId: sid, optionId: sql`(select max(id) from ${options} where ${options.createdBy} = ${me} and ${options.name} = ${o.name})` as unknown as number })
        .onConflictDoNothing(),
    );
  }
  for (const name of checked.newCompanies) {
    q.push(ctx.db.insert(companies).values({ name, status: "moderation", createdBy: me }));
    q.push(
      ctx.db
        .insert(serviceCompanies)
        .values({ serviceId: sid, companyId: sql`(select max(id) from ${companies} where ${companies.createdBy} = ${me} and ${companies.name} = ${name})` as unknown as number })
        .onConflictDoNothing(),
    );
  }
  if (checked.newOptions.length || checked.newCompanies.length) {
    q.push(auditInsert(ctx, { actorUserId: me, action: "service.proposed", targetType: "service", meta: { options: checked.newOptions.map((o) => o.name), companies: checked.newCompanies } }));
  }
  // D1 binds at most 100 parameters per statement: each list is one JSON value read by json_each, whatever
  // its length (a row of values each would pass 100 at 34 specializations). INSERT … SELECT names the
  // table's columns in their order (service_id first); `where true`: SQLite's upsert needs the SELECT to
  // have a WHERE.
  const optionIds = [...new Set([...input.options, ...checked.reuseOptions])];
  const companyIds = [...new Set([...input.companies, ...checked.reuseCompanies])];
  const ids = (list: number[]) => sql`select ${sid}, value from json_each(${JSON.stringify(list)}) where true`;
  if (input.industries.length) q.push(ctx.db.insert(serviceIndustries).select(ids(input.industries)).onConflictDoNothing());
  if (optionIds.length) q.push(ctx.db.insert(serviceOptions).select(ids(optionIds)).onConflictDoNothing());
  if (input.expertises.length) q.push(ctx.db.insert(serviceExpertises).select(ids(input.expertises)).onConflictDoNothing());
  if (input.specializations.length) {
    const pairs = JSON.stringify(input.specializations.map((s) => [s.industry_id, s.option_id]));
    q.push(
      ctx.db
        .insert(serviceSpecializations)
        .select(sql`select ${sid}, json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${pairs}) where true`)
        .onConflictDoNothing(),
    );
  }
  if (companyIds.length) q.push(ctx.db.insert(serviceCompanies).select(ids(companyIds)).onConflictDoNothing());
  // New members are asked first (need_approve); one already in the team keeps his answer.
  for (const m of checked.members) {
    q.push(ctx.db.insert(serviceMembers).values({ serviceId: sid, type: m.type, userId: m.userId, inviteId: m.inviteId, needApprove: true }).onConflictDoNothing());
  }
  return q;
}

function serviceValues(input: ServiceInput) {
  return {
    name: input.name,
    format: input.format,
    performerType: input.performerType,
    serviceTypeId: input.serviceTypeId,
    description: input.description,
    maturity: input.maturity,
    budget: input.budget,
    income: input.income,
    hours: input.hours,
    workloadFormat: input.workloadFormat,
    payFormat: input.payFormat,
  };
}

/** POST /api/service: a new service, in moderation (or active when moderation of services is off). */
export async function createService(ctx: AppContext, actor: Actor, raw: unknown): Promise<ServiceView> {
  // A service names people in its team and goes to operators and customers: a proven account's act (decision 0025).
  const a = requireVerifiedEmail(actor, "service.not_verified");
  const input = parseService(serviceInput, raw);
  await hit(ctx, "services_user", a.user.id);
  const checked = await checkReferences(ctx, a, input);
  await proposalsHit(ctx, a, checked);
  const status = (await servicesModerated(ctx)) ? "moderation" : "active";
  const now = ctx.now().toISOString();
  // Inside the batch (one transaction) the owner's newest service is the one just written.
  const ref = sql`(select max(${services.id}) from ${services} where ${services.userId} = ${a.user.id})`;
  const q: BatchItem<"sqlite">[] = [
    // Nobody checks a service saved while moderation is off: its name is the approved one at once.
    ctx.db.insert(services).values({ ...serviceValues(input), userId: a.user.id, status, approvedName: status === "active" ? input.name : null, createdAt: now, updatedAt: now }),
    ...childStatements(ctx, a, ref, input, checked),
    ctx.db.select({ id: services.id }).from(services).where(eq(services.id, ref as unknown as number)),
  ];
  const results = (await ctx.db.batch(q as Batch)) as unknown[];
  const [row] = results[results.length - 1] as { id: number }[];
  return getService(ctx, a, row!.id);
}

async function proposalsHit(ctx: AppContext, actor: Actor, checked: Checked) {
  const n = checked.newOptions.length + checked.newCompanies.length;
  if (n) await hitAll(ctx, [{ name: "proposals_user", subject: actor.user.id, weight: n }]);
}

/** POST /api/service/{id}: the owner saves it again; active, hidden or rejected go back to moderation. */
export async function updateService(ctx: AppContext, actor: Actor, id: number, raw: unknown): Promise<ServiceView> {
  const a = requireVerifiedEmail(actor, "service.not_verified");
  assertOwner(a, await accessOf(ctx, a, id));
  const input = parseService(serviceInput, raw);
  await hit(ctx, "services_user", a.user.id);
  const checked = await checkReferences(ctx, a, input, id);
  await proposalsHit(ctx, a, checked);
  // README: saving an active, hidden or rejected service submits it to moderation again.
  const status = (await servicesModerated(ctx)) ? "moderation" : "active";
  const own = and(eq(services.id, id), eq(services.userId, a.user.id), isNull(services.deletedAt));
  const keepUsers = checked.members.filter((m) => m.userId).map((m) => m.userId!);
  const keepInvites = checked.members.filter((m) => m.type === "invited").map((m) => m.inviteId!);
  const q: (BatchItem<"sqlite"> | SQL)[] = [
    ctx.db
      .update(services)
      .set({ ...serviceValues(input), status, ...(status === "active" ? { approvedName: input.name } : {}), rejectReason: null, updatedAt: ctx.now().toISOString() })
      .where(own)
      .returning({ id: services.id }),
    // A delete that raced this save: the batch fails whole here, so nothing below rewrites the deleted
    // service or proposes its new functions and companies.
    sql`select json('lost race') as failed where changes() = 0`,
    ctx.db.delete(serviceIndustries).where(eq(serviceIndustries.serviceId, id)),
    ctx.db.delete(serviceOptions).where(eq(serviceOptions.serviceId, id)),
    ctx.db.delete(serviceExpertises).where(eq(serviceExpertises.serviceId, id)),
    ctx.db.delete(serviceSpecializations).where(eq(serviceSpecializations.serviceId, id)),
    ctx.db.delete(serviceCompanies).where(eq(serviceCompanies.serviceId, id)),
    // Members left out of the team go; the others keep their answer (inserts below do nothing for them).
    ctx.db
      .delete(serviceMembers)
      .where(
        and(
          eq(serviceMembers.serviceId, id),
          or(
            and(eq(serviceMembers.type, "user"), keepUsers.length ? notInArray(serviceMembers.userId, keepUsers) : undefined),
            and(eq(serviceMembers.type, "invited"), keepInvites.length ? notInArray(serviceMembers.inviteId, keepInvites) : undefined),
          ),
        ),
      ),
    ...childStatements(ctx, a, id, input, checked),
  ];
  try {
    await sqlBatch(ctx, q as never[]);
  } catch (e) {
    // Owner and deletion were checked above; a delete that raced this save leaves the service deleted.
    if (isGuardFailure(e)) throw notFoundError();
    throw e;
  }
  return getService(ctx, a, id);
}

const notFoundError = () => new DomainError("not_found", "errors.not_found");

/** DELETE /api/service/{id}: owner only; a soft delete (ratings and responses naming it keep it). */
export async function deleteService(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number; message: string }> {
  const a = requireActor(actor);
  assertOwner(a, await accessOf(ctx, a, id));
  const [done] = await ctx.db.batch([
    ctx.db
      .update(services)
      .set({ deletedAt: ctx.now().toISOString(), updatedAt: ctx.now().toISOString() })
      .where(and(eq(services.id, id), eq(services.userId, a.user.id), isNull(services.deletedAt)))
      .returning({ id: services.id }),
    // Only the call that deleted it leaves a row: a second, racing delete changes nothing and says 404.
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "service.deleted", targetType: "service", targetId: id }),
  ]);
  if (!done.length) throw notFoundError();
  return { id, message: ctx.t("service.deleted") };
}

/** GET /api/service/{id}/hide (and the page's hide action): owner only; → not_active. */
export async function hideService(ctx: AppContext, actor: Actor, id: number): Promise<ServiceView> {
  const a = requireActor(actor);
  assertOwner(a, await accessOf(ctx, a, id));
  const done = await ctx.db
    .update(services)
    .set({ status: "not_active", updatedAt: ctx.now().toISOString() })
    .where(and(eq(services.id, id), eq(services.userId, a.user.id), isNull(services.deletedAt)))
    .returning({ id: services.id });
  if (!done.length) throw notFoundError();
  return getService(ctx, a, id);
}

/** POST /api/service/participate {service_id, isParticipate}: a member accepts, refuses or leaves. */
export async function participateInService(ctx: AppContext, actor: Actor, raw: unknown): Promise<{ service_id: number; participate: boolean; message: string }> {
  const a = requireActor(actor);
  const input = parseService(participateInput, raw);
  const id = input.service_id;
  const access = await accessOf(ctx, a, id);
  assertMember(a, access);
  const mine = and(eq(serviceMembers.serviceId, id), eq(serviceMembers.type, "user"), eq(serviceMembers.userId, a.user.id));
  if (input.isParticipate) {
    // Accepting twice is the same answer.
    await ctx.db.update(serviceMembers).set({ needApprove: false }).where(and(mine, eq(serviceMembers.needApprove, true)));
    return { service_id: id, participate: true, message: ctx.t("service.participated") };
  }
  await hit(ctx, "service_refuse_user", a.user.id);
  // spec 3 §4: refusing removes the member and notifies the owner; only the call that removed him mails.
  const [removed] = await ctx.db.batch([
    ctx.db.delete(serviceMembers).where(mine).returning({ id: serviceMembers.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "service.member_refused", targetType: "service", targetId: id }),
  ]);
  if (removed.length) await mailOwnerOfRefusal(ctx, a, id, access.name);
  return { service_id: id, participate: false, message: ctx.t("service.refused") };
}

async function mailOwnerOfRefusal(ctx: AppContext, member: Actor, serviceId: number, serviceName: string) {
  const [owner] = await ctx.db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(services)
    .innerJoin(users, eq(users.id, services.userId))
    .where(eq(services.id, serviceId));
  if (!owner) return;
  const t = textsIn(ctx, owner.locale);
  try {
    await ctx.mailer.send(
      serviceMails.memberRefused(t, owner.email, { owner: owner.name, member: `${member.user.name} ${member.user.lastName}`.trim(), service: serviceName, url: `${ctx.env.APP_URL}/services#company` }),
    );
  } catch (e) {
    // The refusal stands; the owner sees the team without the member on /services.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "refusal mail failed", error: String(e) }));
  }
}

// ---------------------------------------------------------------------------------------------------
// Pickers

/**
 * GET /api/service/expertises?users[]=&service=&user=: the competences a service may pick, the team's own
 * (spec 3 §5): the union of the caller's and the listed users' competences, of a visible service's team,
 * or of one user. Each with its rating in the ratings of that competence.
 */
export async function listServiceExpertises(ctx: AppContext, actor: Actor, raw: unknown): Promise<ServiceExpertiseView[]> {
  const a = requireActor(actor);
  const q = parseService(serviceExpertisesQuery, raw);
  let userIds: number[];
  if (q.service) {
    const access = await accessOf(ctx, a, q.service);
    assertCanRead(a, access);
    const team = await ctx.db
      .select({ userId: serviceMembers.userId })
      .from(serviceMembers)
      .where(and(eq(serviceMembers.serviceId, q.service), eq(serviceMembers.type, "user")));
    userIds = [access.userId, ...team.map((m) => m.userId!)];
  } else if (q.user) userIds = [q.user];
  else userIds = [a.user.id, ...q.users];
  return runRead(ctx, teamExpertisesRead(ctx, userIds, a.user.id));
}

/**
 * The competences of a team's people (`people`: the condition on a user id), each with its rating among theirs.
 * As a profile shows them to others: approved ones only (a proposal still in moderation is its author's own,
 * shown to him alone), and nothing of a blocked person (decision 0056).
 */
function teamExpertisesQuery(db: Db, people: SQL, viewer: number | SQLWrapper) {
  return db
    .select({
      id: expertises.id,
      name: expertises.name,
      nameEn: expertises.nameEn,
      avg: sql<number | null>`(select avg(r.rating) from ${ratings} r where r.type = 'expertise' and r.expertise_id = ${expertises.id} and r.rated_user_id ${people})`.as("e_avg"),
      n: sql<number>`(select count(*) from ${ratings} r where r.type = 'expertise' and r.expertise_id = ${expertises.id} and r.rated_user_id ${people})`.as("e_n"),
    })
    .from(expertises)
    .where(
      and(
        sql`${expertises.id} in (select ${userExpertises.expertiseId} from ${userExpertises} join ${users} on ${users.id} = ${userExpertises.userId} where ${userExpertises.userId} ${people} and ${users.blockedAt} is null)`,
        or(ratableCompetence, eq(expertises.createdBy, viewer)),
      ),
    )
    .orderBy(asc(expertises.name));
}
/** One person's own (an individual service, the wizard of a new one): the statement built once per isolate (decision 0041). */
const ownExpertisesStatement = prepared((db, p: Params<{ userId: number }>) => teamExpertisesQuery(db, sql`= ${p.userId}`, p.userId));

/**
 * The competences of `userIds` (a team: its owner first), each with its rating in the ratings of that
 * competence, as one read. The caller has checked that it may see this team.
 */
export function teamExpertisesRead(ctx: AppContext, userIds: number[], viewerId: number): Read<ServiceExpertiseView[]> {
  const ids = [...new Set(userIds)];
  // A team's list of people varies in length: its statement is built per call.
  const query = ids.length === 1 && ids[0] === viewerId ? ownExpertisesStatement({ userId: viewerId }) : teamExpertisesQuery(ctx.db, sql`in ${ids}`, viewerId);
  return read([query] as const, ([rows]) =>
    rows.map((r) => ({ id: r.id, expertise_id: r.id, name: localName(ctx, r.name, r.nameEn), rating: r.avg == null ? null : roundRating(Number(r.avg)), rating_count: Number(r.n) })),
  );
}

/** GET /api/service-types: [{id, name, type, durations, fee, is_rounded_up, round_base}]; `format` filters (spec 3 §5). */
export async function listServiceTypes(ctx: AppContext, format?: "company" | "individual" | null): Promise<ServiceTypeView[]> {
  // Reference data no call changes (seeded): kept per isolate like the industries (decision 0007).
  const [types, durs] = await memo("ref:service-types", REFERENCE_TTL_MS, () =>
    ctx.db.batch([
      ctx.db.select().from(serviceTypes).orderBy(asc(serviceTypes.id)),
      ctx.db
        .select({ id: col(durations.id, "d_id"), serviceTypeId: durations.serviceTypeId, name: col(durations.name, "d_name"), nameEn: col(durations.nameEn, "d_name_en"), days: durations.days })
        .from(durations)
        .orderBy(asc(durations.days)),
    ]),
  );
  return types
    .filter((t) => !format || typeFits(t.type, format))
    .map((t) => ({
      id: t.id,
      name: localName(ctx, t.name, t.nameEn),
      type: t.type,
      durations: durs.filter((d) => d.serviceTypeId === t.id).map((d) => ({ id: d.id, name: localName(ctx, d.name, d.nameEn) })),
      fee: Number(t.fee),
      is_rounded_up: t.isRoundedUp,
      round_base: t.roundBase,
    }));
}

/**
 * The team modal's search ('Из текущих'): verified users by name, or by a whole e-mail typed exactly;
 * only public fields (never another person's e-mail or phone), at most 10.
 */
export async function searchTeamUsers(ctx: AppContext, actor: Actor, raw: unknown): Promise<UserSearchItem[]> {
  // Who may build a team may look people up for it, as the recommendations' search (recommendations.server.ts).
  const a = requireVerifiedEmail(actor, "service.not_verified");
  const { search, scope } = parseService(teamSearchQuery, raw ?? {});
  if (search.length < 2) return [];
  await hitAll(ctx, [
    { name: "user_search_user", subject: a.user.id },
    { name: "user_search_ip", subject: ctx.ip },
  ]);
  const byEmail = search.includes("@");
  if (byEmail && !EMAIL_PATTERN.test(search)) return [];
  // An exact address tells whether it has an account: on the tighter limit of e-mail lookups.
  if (byEmail) await hit(ctx, "user_search_email_user", a.user.id);
  const match = byEmail
    ? eq(users.email, search.toLowerCase())
    : or(likeContains(users.name, search), likeContains(users.lastName, search), likeContains(sql`(${users.name} || ' ' || ${users.lastName})`, search), likeContains(sql`(${users.lastName} || ' ' || ${users.name})`, search));
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      photoKey: files.key,
      rating: sql<number | null>`(select avg(r.rating) from ${ratings} r where r.rated_user_id = ${users.id})`,
      company: currentOrLatestCompany(users.id),
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.photoFileId))
    .where(and(ne(users.id, a.user.id), isNotNull(users.emailVerifiedAt), isNull(users.blockedAt), match, scope === "colleagues" ? colleagueOf(a.user.id)(users.id) : undefined))
    .orderBy(asc(users.lastName), asc(users.name))
    .limit(SERVICE_LIMITS.userSearchResults);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: `${r.name} ${r.lastName}`.trim(),
      photo: r.photoKey ? await ctx.storage.signedUrl(r.photoKey) : null,
      rating: personRating(r.rating),
      user_company: { name: r.company ?? null },
    })),
  );
}

// ---------------------------------------------------------------------------------------------------
// New employees

/** POST /api/invite with the new-employee payload: stores the invitation, mails and answers the link. */
export async function inviteEmployee(ctx: AppContext, actor: Actor, raw: unknown): Promise<{ link: string; message: string; invite: { id: number; type: "invited"; name: string; lastName: string } }> {
  const a = requireVerifiedEmail(actor, "invite.not_verified");
  const input = parseService(newEmployeeInput(phoneCountry(ctx.country)), raw);
  await hit(ctx, "invite_user", a.user.id);
  const existing = await ctx.db.query.users.findFirst({ columns: { name: true, lastName: true }, where: eq(users.email, input.email) });
  // README 'Document 2 details': an e-mail with an account answers 422 naming it (pick him 'Из текущих').
  if (existing) throw accountExists(accountName(existing));
  await hit(ctx, "invite_email", input.email);
  const [row] = await ctx.db.batch([
    ctx.db
      .insert(invites)
      .values({
        inviterUserId: a.user.id,
        expertType: "individual",
        kind: "employee",
        email: input.email,
        name: input.name,
        lastName: input.lastName,
        patronymic: input.patronymic ?? null,
        phone: input.phone,
        directionYears: input.direction_years,
        projects: input.projects,
      })
      .returning({ id: invites.id }),
    auditInsert(ctx, { actorUserId: a.user.id, action: "invite.employee", targetType: "invite_email", targetId: input.email }),
  ]);
  const invite = { id: row[0]!.id, name: input.name, lastName: input.lastName, email: input.email, phone: input.phone };
  const link = registrationLink(ctx, invite);
  try {
    await ctx.mailer.send(serviceMails.employeeInvite(ctx.t, input.email, { name: input.name, inviter: `${a.user.name} ${a.user.lastName}`.trim(), url: link }));
  } catch (e) {
    // The invitation is stored and its link returned: the owner can pass it on by hand.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "employee invitation mail failed", error: String(e) }));
  }
  return { link, message: ctx.t("service.employee_invited"), invite: { id: invite.id, type: "invited", name: input.name, lastName: input.lastName } };
}

/**
 * The invitation's account proved its address (provenAddressStatements, app/domain/auth): the team places
 * waiting for this invitation become the account's, still to be answered (need_approve). `inviteId` and
 * `userId` may be SQL subqueries of the batch.
 */
export function joinInvitedMemberStatements(ctx: AppContext, inviteId: number | SQL, userId: number | SQL) {
  return [
    ctx.db
      .update(serviceMembers)
      .set({ type: "user", userId: userId as number, needApprove: true })
      .where(and(eq(serviceMembers.inviteId, inviteId), eq(serviceMembers.type, "invited"))),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Services as ratable items of the recommendation flow (README: "Request an estimate" is document 2's
// flow with type 'service'): the helpers app/domain/recommendations calls.
