import { serviceNameForOthers } from "~/domain/services/shown";
import { and, asc, desc, eq, inArray, isNull, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cases } from "../../../db/schema/cases";
import { demandFiles, demandIndustries, demandOptions, demands } from "../../../db/schema/demands";
import { auditLog, files } from "../../../db/schema/platform";
import { companies, expertises, industries, options, serviceTypes, taxes } from "../../../db/schema/reference";
import { ratings } from "../../../db/schema/reputation";
import { respondCases, respondCompanies, respondExpertises, respondFiles, respondMembers, respondOptions, respondServices, responds } from "../../../db/schema/responds";
import { services } from "../../../db/schema/services";
import { invites, users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { projectMails } from "~/server/mail/projects.server";
import { getT } from "~/server/texts.server";
import type { Actor } from "~/server/session.server";
import { auditIfChangedQuery } from "../admin/decision.server";
import { effectiveStatus } from "../demands/demands.server";
import { customerPrice, securityDeposit } from "../demands/money";
import { isoDay, searchExpired } from "../demands/progress";
import { formatDeadline } from "../demands/schema";
import { DomainError, notFound, validationError } from "../errors";
import { localName } from "../names";
import { requireActor, requireVerifiedEmail } from "../policy.server";
import { col, preparedList, read, runRead, type Params, type Read, type Rows } from "../reads";
import { customerSeesRespond, markRespondsViewed, PASSED_OVER_IN_MODERATION } from "../responds/view-flags.server";
import { personRating } from "../reputation/score";
import { RESPOND_LIMITS } from "../limits";
import { parseInput } from "../validation";
import { favoriteSchema, shortlistSchema } from "./schema";
import { isGuardFailure } from "../batch-guard";
import { inIds } from "../id-list";
import { shownToOthers } from "../reference/usable";
import { currentOrLatestCompany } from "../experience/company-of";

/**
 * Request management, the customer's side (spec 3 §2 'Request management', §3 'Respond (customer side)',
 * §4; spec README "Managing, starting, completing", "Payments and contacts"). Only the request's own
 * customer reaches any of it: for anyone else the request does not exist (404).
 */

/** The statuses a request may be started (and its contract asked for) in. */
export const STARTABLE_STATUSES = ["searching", "search_expired"] as const;

/** The audit action of a turned-down contract request: its row carries the reason the customer is shown. */
export const PAYMENT_REJECTED = "demand.payment_rejected";

/**
 * The newest turned-down contract request of a request, with its reason and time: a statement for the
 * request page's one batch (manage.server.ts). The reason lives in the decision's audit row (written in the
 * same batch as the decision, never edited), so a rejection needs no column of its own; the page shows it
 * only while the customer has not asked again.
 */
function paymentRejectionQuery(db: Db, demandKey: string | Placeholder) {
  return db
    .select({ meta: auditLog.meta, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.action, PAYMENT_REJECTED), eq(auditLog.targetType, "demand"), eq(auditLog.targetId, demandKey)))
    .orderBy(desc(auditLog.id))
    .limit(1);
}

/** The reason of a rejection's audit row (its `meta` JSON), or null. */
export function rejectionReasonOf(meta: string | null | undefined): string | null {
  try {
    const reason = (JSON.parse(meta ?? "null") as { reason?: unknown } | null)?.reason;
    return typeof reason === "string" && reason ? reason : null;
  } catch {
    return null;
  }
}

const projectError = (code: string, field = "form") => new DomainError("validation", code, { fields: { [field]: [code] } });

/** The caller's own live request: its id, or nothing (the condition every statement below repeats in SQL). */
const ownDemand = (demandId: number | Placeholder, userId: number | Placeholder) => and(eq(demands.id, demandId), eq(demands.userId, userId), isNull(demands.deletedAt));

/** The ids of the responses the customer of `demandId` sees, as a subquery: the statements stay constant in number. */
const visibleRespondIds = (demandId: number | Placeholder, userId: number | Placeholder, respondent?: number | null | Placeholder) =>
  sql`(select r.id from responds r join demands d on d.id = r.demand_id
        where r.demand_id = ${demandId} and d.user_id = ${userId} and d.deleted_at is null
          and ${customerSeesRespond("r")}
          ${respondent === undefined ? sql`` : sql`and r.user_id = ${respondent ?? 0}`})`;

/**
 * A person's rating as the other reads of people show it (the team picker, recommendations): the average of
 * every rating given to them, rounded to one decimal, DEFAULT_RATING while they have none; and the count.
 */
const ratingOf = (userId: SQL | AnyColumn) => ({
  avg: sql<number | null>`(select avg(${ratings.rating}) from ${ratings} where ${ratings.ratedUserId} = ${userId})`,
  n: sql<number>`(select count(*) from ${ratings} where ${ratings.ratedUserId} = ${userId})`,
});


export type ManageRespond = {
  id: number;
  user_id: number;
  user_name: string;
  user_company: { name_ru: string | null };
  photo: string | null;
  rating: number;
  rating_count: number;
  status: string;
  is_viewed: boolean;
  is_favorite: boolean;
  comment: string;
  salary: number;
  tax: { id: number; name: string; percent: number };
  price: number;
  created_at: string;
  companies: { id: number; name: string }[];
  files: { id: number; name: string; filepath: string }[];
  cases: { id: number; name: string }[];
  options: { id: number; name: string }[];
  expertises: { id: number; name: string }[];
  services: { id: number; name: string }[];
  users: { id: number | null; type: "user" | "invited"; name: string; photo: string | null; rating: number | null }[];
};

export type ManageInfo = {
  id: number;
  name: string;
  description: string;
  status: string;
  is_paid: boolean;
  is_completed: boolean;
  payment_requested_at: string | null;
  /** The operator's last refusal of the contract request (reason, when), while the customer has not asked again. */
  payment_rejected: { reason: string; at: string } | null;
  paid_at: string | null;
  started_at: string | null;
  execution_period: string;
  search_finish: string | null;
  /** Stopped because its search period ran out, not paused by the customer (searchExpired). */
  is_expired: boolean;
  /** The operator's reason while the request is rejected (spec README: a reason the customer sees). */
  reject_reason: string | null;
  created_at: string;
  budget: number;
  deposit: number;
  service_type: { id: number; name: string; type: "project" | "consultation" };
  expert_type: string;
  need_team: boolean;
  industries: { id: number; name: string }[];
  options: { id: number; name: string }[];
  files: { id: number; name: string; filepath: string }[];
  /** What the customer may do now (the rules below, so the page never decides them itself). */
  can: { request_payment: boolean; choose: boolean; favorite: boolean };
  responds: ManageRespond[];
  /** The respondents' contacts, once the request is paid (null before). */
  contacts: { user_id: number; phone: string; email: string }[] | null;
};

type ManageValues = { demandId: number; userId: number; today: string; demandKey: string; respondent: number };

/**
 * manageRead's batch, built once per isolate (decision 0041). `partIds`: the responses whose parts (cases,
 * team, files…) are read, all the visible ones or the opened respondent's only.
 */
function manageQueries(db: Db, p: Params<ManageValues>, partIds: SQL) {
  const mine = ownDemand(p.demandId, p.userId);
  const ids = visibleRespondIds(p.demandId, p.userId);
  const r = ratingOf(responds.userId);
  return [
    db
      .select({
        d: demands,
        status: effectiveStatus(p.today),
        typeId: col(serviceTypes.id, "type_id"),
        typeName: col(serviceTypes.name, "type_name"),
        typeNameEn: col(serviceTypes.nameEn, "type_name_en"),
        type: col(serviceTypes.type, "type_type"),
      })
      .from(demands)
      .innerJoin(serviceTypes, eq(serviceTypes.id, demands.serviceTypeId))
      .where(mine)
      .limit(1),
    db
      .select({
        id: responds.id,
        userId: responds.userId,
        status: responds.status,
        salary: responds.salary,
        description: responds.description,
        viewedAt: responds.viewedAt,
        isFavorite: responds.isFavorite,
        createdAt: responds.createdAt,
        respondedAt: responds.respondedAt,
        name: col(users.name, "user_first_name"),
        lastName: col(users.lastName, "user_last_name"),
        photoKey: col(files.key, "photo_key"),
        taxId: col(taxes.id, "tax_id_"),
        taxName: col(taxes.name, "tax_name"),
        taxNameEn: col(taxes.nameEn, "tax_name_en"),
        taxPercent: col(taxes.percent, "tax_percent"),
        company: currentOrLatestCompany(responds.userId).as("company_name"),
        ratingAvg: r.avg.as("rating_avg"),
        ratingN: r.n.as("rating_n"),
      })
      .from(responds)
      .innerJoin(users, eq(users.id, responds.userId))
      .leftJoin(files, eq(files.id, users.photoFileId))
      // A response names its tax; tax 1 is the default (spec 3 §3 Tax).
      .leftJoin(taxes, eq(taxes.id, sql`coalesce(${responds.taxId}, ${RESPOND_LIMITS.defaultTaxId})`))
      .where(sql`${responds.id} in ${ids}`)
      // In the order they came: an invitation answered late came late, though its row is older.
      .orderBy(asc(sql`coalesce(${responds.respondedAt}, ${responds.createdAt})`), asc(responds.id)),
    db.select({ respondId: respondCases.respondId, id: cases.id, name: cases.name }).from(respondCases).innerJoin(cases, eq(cases.id, respondCases.caseId)).where(sql`${respondCases.respondId} in ${partIds}`).orderBy(asc(cases.id)),
    db.select({ respondId: respondOptions.respondId, id: options.id, name: options.name, nameEn: options.nameEn }).from(respondOptions).innerJoin(options, eq(options.id, respondOptions.optionId)).where(and(sql`${respondOptions.respondId} in ${partIds}`, shownToOthers(options))).orderBy(asc(options.name)),
    db.select({ respondId: respondExpertises.respondId, id: expertises.id, name: expertises.name, nameEn: expertises.nameEn }).from(respondExpertises).innerJoin(expertises, eq(expertises.id, respondExpertises.expertiseId)).where(and(sql`${respondExpertises.respondId} in ${partIds}`, shownToOthers(expertises))).orderBy(asc(expertises.name)),
    db.select({ respondId: respondServices.respondId, id: services.id, name: serviceNameForOthers() }).from(respondServices).innerJoin(services, eq(services.id, respondServices.serviceId)).where(sql`${respondServices.respondId} in ${partIds}`).orderBy(asc(services.id)),
    db.select({ respondId: respondCompanies.respondId, id: companies.id, name: companies.name }).from(respondCompanies).innerJoin(companies, eq(companies.id, respondCompanies.companyId)).where(and(sql`${respondCompanies.respondId} in ${partIds}`, shownToOthers(companies))).orderBy(asc(companies.name)),
    db.select({ respondId: respondFiles.respondId, id: files.id, name: files.name }).from(respondFiles).innerJoin(files, eq(files.id, respondFiles.fileId)).where(sql`${respondFiles.respondId} in ${partIds}`).orderBy(asc(files.id)),
    db
      .select({
        respondId: respondMembers.respondId,
        id: respondMembers.id,
        type: respondMembers.type,
        userId: respondMembers.userId,
        userName: col(users.name, "member_name"),
        userLastName: col(users.lastName, "member_last_name"),
        inviteName: col(invites.name, "invite_name"),
        inviteLastName: col(invites.lastName, "invite_last_name"),
        photoKey: col(files.key, "member_photo_key"),
        ratingAvg: ratingOf(respondMembers.userId).avg.as("member_rating"),
      })
      .from(respondMembers)
      .leftJoin(users, eq(users.id, respondMembers.userId))
      .leftJoin(invites, eq(invites.id, respondMembers.inviteId))
      .leftJoin(files, eq(files.id, users.photoFileId))
      .where(sql`${respondMembers.respondId} in ${partIds}`)
      .orderBy(asc(respondMembers.id)),
    db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(demandIndustries).innerJoin(industries, eq(industries.id, demandIndustries.industryId)).innerJoin(demands, eq(demands.id, demandIndustries.demandId)).where(mine).orderBy(asc(industries.id)),
    db.select({ id: options.id, name: options.name, nameEn: options.nameEn }).from(demandOptions).innerJoin(options, eq(options.id, demandOptions.optionId)).innerJoin(demands, eq(demands.id, demandOptions.demandId)).where(mine).orderBy(asc(options.id)),
    db.select({ id: files.id, name: files.name }).from(demandFiles).innerJoin(files, eq(files.id, demandFiles.fileId)).innerJoin(demands, eq(demands.id, demandFiles.demandId)).where(mine).orderBy(asc(files.id)),
    // Contacts only when the request is paid (spec README "Payments and contacts"): the condition is in SQL.
    db
      .select({ userId: responds.userId, phone: users.phone, email: users.email })
      .from(responds)
      .innerJoin(users, eq(users.id, responds.userId))
      .innerJoin(demands, eq(demands.id, responds.demandId))
      .where(and(sql`${responds.id} in ${ids}`, eq(demands.isPaid, true)))
      .orderBy(asc(responds.id)),
    // Read by the id alone: the row above already says whether the request is the caller's.
    paymentRejectionQuery(db, p.demandKey),
  ] as const;
}

const manageStatements = {
  /** Every visible response's parts (the API). */
  all: preparedList((db, p: Params<ManageValues>) => manageQueries(db, p, visibleRespondIds(p.demandId, p.userId))),
  /** The parts of one respondent's response (`respondent`), the page's with a response opened. */
  one: preparedList((db, p: Params<ManageValues>) => manageQueries(db, p, visibleRespondIds(p.demandId, p.userId, p.respondent))),
  /** No response's parts: the page with none opened reads the request and the list only (7 statements fewer). */
  none: preparedList((db, p: Params<ManageValues>) => {
    const [request, list, , , , , , , , ...rest] = manageQueries(db, p, visibleRespondIds(p.demandId, p.userId, p.respondent));
    return [request, list, ...rest] as const;
  }),
};

type ManageRows = Rows<ReturnType<(typeof manageStatements)["all"]>>;

/** The rows of `none`'s batch in the places of the full one's: no parts. */
function withoutParts<R extends readonly unknown[]>([request, list, ...rest]: R) {
  return [request, list, [], [], [], [], [], [], [], ...rest] as const;
}

/**
 * GET /api/demand/{id}/manage and the /request-list/{id} page: the request, its responses with their parts,
 * prices and ratings, and (once paid) the respondents' contacts. ONE D1 batch whose statements do not grow
 * with the responses (every part is read by the request's id). Null when it is not the caller's request.
 */
export function manageRead(ctx: AppContext, userId: number, demandId: number, opts: { partsOf?: number | null } = {}): Read<ManageInfo | null> {
  // The page shows the parts (cases, team, files…) of the opened response only (`partsOf`: its respondent,
  // null for none): the list needs none of them, and the page's data stays small with many responses.
  const values = { demandId, userId, today: isoDay(ctx.now()), demandKey: String(demandId), respondent: opts.partsOf ?? 0 };
  const byRespond = <T extends { respondId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const row of rows) (m.get(row.respondId) ?? m.set(row.respondId, []).get(row.respondId)!).push(row);
    return (id: number) => m.get(id) ?? [];
  };
  const view = async ([[row], rs, cs, opts, exps, svcs, comps, fls, members, inds, dOpts, dFiles, contacts, [refusal]]: ManageRows): Promise<ManageInfo | null> => {
    if (!row) return null;
    const d = row.d;
    const named = (list: { id: number; name: string; nameEn: string | null }[]) => list.map((x) => ({ id: x.id, name: localName(ctx, x.name, x.nameEn) }));
    const casesOf = byRespond(cs);
    const optionsOf = byRespond(opts);
    const expertisesOf = byRespond(exps);
    const servicesOf = byRespond(svcs);
    const companiesOf = byRespond(comps);
    const filesOf = byRespond(fls);
    const membersOf = byRespond(members);
    // One signature per stored object: a person in several teams is signed once (a signature costs CPU).
    const signed = new Map<string, Promise<string>>();
    const sign = (key: string | null) => {
      if (!key) return Promise.resolve(null);
      let url = signed.get(key);
      if (!url) signed.set(key, (url = ctx.storage.signedUrl(key)));
      return url;
    };
    const list: ManageRespond[] = await Promise.all(
      rs.map(async (x) => {
        const percent = Number(x.taxPercent ?? 0);
        return {
          id: x.id,
          user_id: x.userId,
          user_name: `${x.name} ${x.lastName}`.trim(),
          user_company: { name_ru: x.company ?? null },
          photo: await sign(x.photoKey),
          rating: personRating(x.ratingAvg),
          rating_count: Number(x.ratingN ?? 0),
          status: x.status,
          is_viewed: !!x.viewedAt,
          is_favorite: !!x.isFavorite,
          comment: x.description ?? "",
          salary: x.salary ?? 0,
          tax: { id: x.taxId ?? RESPOND_LIMITS.defaultTaxId, name: x.taxName ? localName(ctx, x.taxName, x.taxNameEn) : "", percent },
          price: customerPrice(x.salary ?? 0, percent),
          created_at: x.respondedAt ?? x.createdAt,
          companies: companiesOf(x.id).map((c) => ({ id: c.id, name: c.name })),
          // Read through GET /api/files/{id}, as every other list gives a file: checked when opened, sent as an attachment.
          files: filesOf(x.id).map((f) => ({ id: f.id, name: f.name, filepath: `/api/files/${f.id}` })),
          cases: casesOf(x.id).map((c) => ({ id: c.id, name: c.name })),
          options: named(optionsOf(x.id)),
          expertises: named(expertisesOf(x.id)),
          services: servicesOf(x.id).map((s) => ({ id: s.id, name: s.name })),
          users: await Promise.all(
            membersOf(x.id).map(async (m) => ({
              id: m.userId,
              // An invited employee who has registered since is a member like the others.
              type: m.userId ? ("user" as const) : ("invited" as const),
              name: (m.userId ? `${m.userName ?? ""} ${m.userLastName ?? ""}` : `${m.inviteName ?? ""} ${m.inviteLastName ?? ""}`).trim(),
              photo: await sign(m.photoKey),
              rating: m.userId ? personRating(m.ratingAvg) : null,
            })),
          ),
        };
      }),
    );
    const status = row.status;
    const startable = (STARTABLE_STATUSES as readonly string[]).includes(status);
    const chosen = list.filter((x) => x.status === "active" || x.status === "completed");
    const hourlyConsultation = row.type === "consultation";
    return {
      id: d.id,
      name: d.name,
      description: d.description,
      status,
      is_paid: d.isPaid,
      is_completed: status === "completed",
      payment_requested_at: d.paymentRequestedAt,
      payment_rejected: !d.isPaid && !d.paymentRequestedAt && refusal && rejectionReasonOf(refusal.meta) ? { reason: rejectionReasonOf(refusal.meta)!, at: refusal.at } : null,
      paid_at: d.paidAt,
      started_at: d.startedAt,
      execution_period: formatDeadline(d.executionPeriod),
      search_finish: d.searchFinish,
      is_expired: searchExpired(status, d.searchFinish, ctx.now()),
      reject_reason: status === "rejected" ? d.rejectReason : null,
      created_at: d.createdAt,
      budget: d.budget,
      // spec 3 §9: 30 % of the budget; a consultation (paid by the hour) holds 100 % of the chosen experts'
      // price once they are chosen, and 30 % of its budget until then.
      deposit:
        hourlyConsultation && chosen.length
          ? securityDeposit({ budget: d.budget, hourlyConsultation: true, expertPrice: chosen.reduce((s, x) => s + x.price, 0) })
          : securityDeposit({ budget: d.budget }),
      service_type: { id: row.typeId, name: localName(ctx, row.typeName, row.typeNameEn), type: row.type },
      expert_type: d.expertType,
      need_team: d.needTeam,
      industries: named(inds),
      options: named(dOpts),
      files: dFiles.map((f) => ({ id: f.id, name: f.name, filepath: `/api/files/${f.id}` })),
      can: {
        request_payment: startable && !d.isPaid && !d.paymentRequestedAt && list.length > 0,
        choose: startable && d.isPaid && list.some((x) => x.status === "sent"),
        // spec 3 §4: favourites only while the request is not paid (and, per response, once viewed).
        favorite: !d.isPaid && status !== "completed",
      },
      responds: list,
      contacts: d.isPaid ? contacts.map((c) => ({ user_id: c.userId, phone: c.phone ?? "", email: c.email })) : null,
    };
  };
  if (opts.partsOf === null) return read(manageStatements.none(values), (rows) => view(withoutParts(rows) as unknown as ManageRows));
  return read(manageStatements[opts.partsOf === undefined ? "all" : "one"](values), view);
}

/** GET /api/demand/{id}/manage: the manage info (owner only, else 404). */
export async function getManage(ctx: AppContext, actor: Actor | null, demandId: number) {
  const a = requireActor(actor);
  const info = await runRead(ctx, manageRead(ctx, a.user.id, demandId));
  if (!info) throw notFound();
  const { contacts: _contacts, ...rest } = info;
  return rest;
}

/**
 * GET /api/demand/{id}/contacts: `[{user_id, phone, email}]` of the respondents, 403 until the request is
 * paid, 404 for anyone but its customer (spec README "Managing, starting, completing"). One round trip.
 */
export async function getContacts(ctx: AppContext, actor: Actor | null, demandId: number) {
  const a = requireActor(actor);
  const ids = visibleRespondIds(demandId, a.user.id);
  const [[d], rows] = await ctx.db.batch([
    ctx.db.select({ isPaid: demands.isPaid }).from(demands).where(ownDemand(demandId, a.user.id)).limit(1),
    ctx.db.select({ user_id: responds.userId, phone: users.phone, email: users.email }).from(responds).innerJoin(users, eq(users.id, responds.userId)).where(sql`${responds.id} in ${ids}`).orderBy(asc(responds.id)),
  ]);
  if (!d) throw notFound();
  if (!d.isPaid) throw new DomainError("forbidden", "projects.contacts_not_paid");
  return rows.map((r) => ({ user_id: r.user_id, phone: r.phone ?? "", email: r.email }));
}

/**
 * The customer opened responses of his request (the page's detail pane): they become viewed (the expert
 * sees 'Просмотрено'). The shared rule of app/domain/responds/view-flags.server.ts.
 */
export async function viewResponds(ctx: AppContext, actor: Actor | null, ids: number[]) {
  return markRespondsViewed(ctx, actor, ids);
}

/**
 * POST /api/demand/favorites {demand_id, respond_id, remove}: only while the request is not paid and once
 * the response is viewed (spec 3 §4), 422 otherwise; a response that is not this request's visible one, or
 * a request that is not the caller's, is 404. One conditional UPDATE; a refusal changes nothing.
 */
export async function setFavorite(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const input = parseInput(favoriteSchema, raw);
  const favorite = !input.remove;
  const rows = await ctx.db
    .update(responds)
    // Not `updatedAt`: that is when the expert's side of the response changed (his lists' 'new' signals),
    // and the customer's favourites are his own.
    .set({ isFavorite: favorite })
    .where(
      and(
        eq(responds.id, input.respond_id),
        eq(responds.demandId, input.demand_id),
        customerSeesRespond(),
        sql`${responds.viewedAt} is not null`,
        sql`exists (select 1 from demands d where d.id = ${input.demand_id} and d.user_id = ${a.user.id} and d.deleted_at is null and d.is_paid = 0 and d.status != 'completed')`,
      ),
    )
    .returning({ id: responds.id });
  if (rows.length) return { id: input.respond_id, is_favorite: favorite };
  // Why nothing changed, in the order the customer can act on it.
  const [[d], [r]] = await ctx.db.batch([
    ctx.db.select({ isPaid: demands.isPaid, status: demands.status }).from(demands).where(ownDemand(input.demand_id, a.user.id)).limit(1),
    ctx.db.select({ viewedAt: responds.viewedAt }).from(responds).where(and(eq(responds.id, input.respond_id), eq(responds.demandId, input.demand_id), customerSeesRespond())).limit(1),
  ]);
  if (!d || !r) throw notFound();
  if (d.isPaid || d.status === "completed") throw projectError("projects.favorite_paid");
  throw projectError("projects.favorite_not_viewed");
}

type Chosen = { id: number; userId: number; status: string; email: string; name: string; locale: string };

/**
 * POST /api/demand/shortlist {demand_id, responds: [ids]}: the customer of a paid request chooses experts
 * and starts the project (spec 3 §4, README "Managing, starting, completing"). The request becomes `active`
 * (started_at), the chosen responses `active`, the request's other sent responses and those still in
 * moderation `rejected` ('Выбран другой исполнитель'), and the audit row: ONE batch of conditional UPDATEs,
 * each of which changes nothing once the request has started, so a second call (or a race) is refused and
 * leaves the first one's choice. Every expert then gets an e-mail, chosen or not (a blocked one none).
 */
export async function shortlist(ctx: AppContext, actor: Actor | null, raw: unknown) {
  // It reaches other people (matched experts, operators, respondents): an unproven address may not.
  const a = requireVerifiedEmail(actor);
  const input = parseInput(shortlistSchema, raw, { topLevel: true });
  const chosenIds = [...new Set(input.responds)];
  const today = isoDay(ctx.now());
  const [[d], rs] = await ctx.db.batch([
    ctx.db.select({ id: demands.id, name: demands.name, isPaid: demands.isPaid, status: effectiveStatus(today) }).from(demands).where(ownDemand(input.demand_id, a.user.id)).limit(1),
    ctx.db
      .select({ id: responds.id, userId: responds.userId, status: responds.status, email: users.email, name: users.name, locale: users.locale })
      .from(responds)
      .innerJoin(users, eq(users.id, responds.userId))
      .where(sql`${responds.id} in ${visibleRespondIds(input.demand_id, a.user.id)}`),
  ]);
  if (!d) throw notFound();
  if (d.status === "active" || d.status === "completed") throw projectError("projects.already_started");
  // A request sent back to moderation by an edit (a paid one too: its contract stays) or rejected there.
  if (!(STARTABLE_STATUSES as readonly string[]).includes(d.status)) throw projectError("projects.choose_not_approved");
  if (!d.isPaid) throw projectError("projects.not_paid");
  const sent = new Map((rs as Chosen[]).filter((r) => r.status === "sent").map((r) => [r.id, r]));
  if (chosenIds.some((id) => !sent.has(id))) throw validationError({ responds: ["projects.respond_unknown"] });

  const now = ctx.now().toISOString();
  const started = sql`exists (select 1 from demands d where d.id = ${d.id} and d.status = 'active' and d.started_at = ${now})`;
  let startedRows: { id: number }[] | undefined;
  let passedOver: { userId: number }[] = [];
  try {
    let sentOver: { userId: number }[], waitingOver: { userId: number }[];
    [startedRows, , , , sentOver, waitingOver] = await ctx.db.batch([
      ctx.db
        .update(demands)
        .set({ status: "active", startedAt: now, updatedAt: now })
        .where(and(ownDemand(d.id, a.user.id), eq(demands.isPaid, true), inArray(demands.status, ["searching", "search_expired"])))
        .returning({ id: demands.id }),
      auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.start", targetType: "demand", targetId: d.id, meta: { responds: chosenIds } }),
      ctx.db
        .update(responds)
        .set({ status: "active", updatedAt: now })
        .where(and(eq(responds.demandId, d.id), inIds(responds.id, chosenIds), eq(responds.status, "sent"), customerSeesRespond(), started)),
      // Once started here, every chosen response became active, or nothing of the start stays (one blocked
      // meanwhile): json() of a non-JSON text fails the batch.
      ctx.db
        .select({ failed: sql`json('lost race')` })
        .from(demands)
        .where(and(eq(demands.id, d.id), eq(demands.status, "active"), eq(demands.startedAt, now), sql`changes() <> ${chosenIds.length}`)),
      ctx.db
        .update(responds)
        .set({ status: "rejected", updatedAt: now })
        .where(and(eq(responds.demandId, d.id), eq(responds.status, "sent"), started))
        .returning({ userId: responds.userId }),
      // One still in moderation is passed over too: it leaves the operators' queue (approved now it would
      // land in a started project) and goes to its expert's rejected ones, never shown to the customer.
      ctx.db
        .update(responds)
        .set({ status: "rejected", rejectReason: PASSED_OVER_IN_MODERATION, updatedAt: now })
        .where(and(eq(responds.demandId, d.id), eq(responds.status, "moderation"), started))
        .returning({ userId: responds.userId }),
    ]);
    passedOver = [...sentOver, ...waitingOver];
  } catch (e) {
    if (!isGuardFailure(e)) throw e;
    // A chosen expert was blocked between the read and the start: he is no longer one to choose.
    throw validationError({ responds: ["projects.respond_unknown"] });
  }
  if (!startedRows?.length) throw projectError("projects.already_started");
  const chosen = chosenIds.map((id) => sent.get(id)!);
  // Every passed-over expert the batch rejected: one whose response was sent or moderated since the read too.
  const others = passedOver.length
    ? await ctx.db.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(and(inIds(users.id, passedOver.map((r) => r.userId)), isNull(users.blockedAt)))
    : [];
  await notifyExperts(ctx, d, chosen, others);
  return { id: d.id, status: "active" as const, responds: chosenIds };
}

/** Every expert's e-mail, each in the expert's language; a mail failure is logged, the start stands. */
async function notifyExperts(ctx: AppContext, d: { id: number; name: string }, chosen: Chosen[], others: Pick<Chosen, "email" | "name" | "locale">[]) {
  const url = `${ctx.env.APP_URL}/projects/response`;
  const tOf = (locale: string) => getT((locale === "en" ? "en" : "ru") as Lang);
  const messages = [
    ...chosen.map((r) => projectMails.chosen(tOf(r.locale), r.email, { name: r.name, demand: d.name, url: `${url}#active` })),
    ...others.map((r) => projectMails.notChosen(tOf(r.locale), r.email, { name: r.name, demand: d.name, url: `${url}#rejected` })),
  ];
  if (!messages.length) return;
  try {
    await ctx.mailer.sendMany(messages);
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "shortlist mail failed", demandId: d.id, error: String(e) }));
  }
}
