import { auditIfChangedQuery } from "../admin/decision.server";
import { moderationSettings } from "../admin/settings.server";
import { and, desc, eq, inArray, isNull, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { demandFiles, demandIndustries, demandOptions, demandSubOptions, demands, type DemandStatus } from "../../../db/schema/demands";
import { files } from "../../../db/schema/platform";
import { durations, industries, options, serviceTypes } from "../../../db/schema/reference";
import { currentOrLatestCompany } from "../experience/company-of";
import { responds } from "../../../db/schema/responds";
import { users } from "../../../db/schema/users";
import { ATTACHMENT_TYPES } from "../../../storage/sniff";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { DomainError, fieldError, notFound, validationError, type FieldErrors } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { DEMAND_LIMITS } from "../limits";
import { localName } from "../names";
import { requireActor, requireVerifiedEmail } from "../policy.server";
import { prepared, read, runRead, type Params, type Read } from "../reads";
import { inviteMatchingExperts } from "../responds/matching.server";
import { customerSeesRespond } from "../responds/view-flags.server";
import { freshWhen, lastVisits, seenValues, visitsOfValues, type SeenValues, type Visits } from "../visits/fresh.server";
import { expertBudget, type ServiceTypeMoney } from "./money";
import { addDays, daysToEnd, isoDay, searchExpired, searchProgress } from "./progress";
import { DEMAND_GROUPS, demandSchema, formatDeadline, listQuery, parseDemandInput, restartSchema, stopSchema, withTypeAlias, type DemandGroup, type DemandInput } from "./schema";
import { inIds, rowChunks } from "../id-list";
import { isBlocked } from "../blocked.server";
import { removeObjects } from "../files/objects.server";

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * The status a request reads as (spec README: expiry is exact on every read): a `searching` request whose
 * last day is before today is `search_expired`, whether or not the Cron sweep has run yet.
 */
export function effectiveStatus(today: string | Placeholder): SQL<DemandStatus> {
  return sql<DemandStatus>`(case when ${demands.status} = 'searching' and ${demands.searchFinish} < ${today} then 'search_expired' else ${demands.status} end)`;
}

/**
 * The status a request reads as for an expert: `effectiveStatus`, and a blocked customer's search is over
 * too (decision 0051; `searchingToday` is the same rule as a condition). The customer and the operator keep
 * `effectiveStatus`: an unblock gives the search back until its last day.
 */
export function expertStatus(today: string | Placeholder): SQL<DemandStatus> {
  return sql<DemandStatus>`(case when ${demands.status} = 'searching' and (${demands.searchFinish} < ${today} or ${isBlocked(demands.userId)}) then 'search_expired' else ${demands.status} end)`;
}

/**
 * A request's terms as an expert reads them: as last approved (decision 0068), so that an edit waiting in
 * moderation, or one an operator rejected, reaches no expert. Rows written before those columns fall back.
 */
export const expertTerms = {
  name: () => sql<string>`coalesce(${demands.approvedName}, ${demands.name})`,
  budget: () => sql<number>`coalesce(${demands.approvedBudget}, ${demands.budget})`,
  serviceTypeId: () => sql<number>`coalesce(${demands.approvedServiceTypeId}, ${demands.serviceTypeId})`,
};

/** The list group a request belongs to: moderation and rejected ones are shown under 'Поиск' (decision 0029). */
function groupCondition(group: DemandGroup, today: string | Placeholder): SQL {
  const live = sql`(${demands.status} = 'searching' and (${demands.searchFinish} is null or ${demands.searchFinish} >= ${today}))`;
  const passed = sql`(${demands.status} = 'searching' and ${demands.searchFinish} < ${today})`;
  switch (group) {
    case "searching":
      return sql`(${live} or ${demands.status} in ('moderation', 'rejected'))`;
    case "search_expired":
      return sql`(${passed} or ${demands.status} = 'search_expired')`;
    case "active":
      return sql`${demands.status} = 'active'`;
    case "completed":
      return sql`${demands.status} = 'completed'`;
  }
}

const conflict = () => new DomainError("conflict", "demands.conflict");
const notEditable = () => new DomainError("validation", "demands.not_editable", { fields: { form: ["demands.not_editable"] } });

/** The operator's switch (README "The operator's calls"), read afresh: one rule for every area (admin/settings). */
export async function moderateDemands(ctx: AppContext): Promise<boolean> {
  return (await moderationSettings(ctx)).moderate_demands;
}

/**
 * Called whenever a request enters `searching` (approval, creation without moderation, restart): the experts
 * whose profiles fit are invited (spec README "Matching", app/domain/responds/matching.server.ts). The
 * request's new state is already written: a failure of matching is logged and the caller's change stands
 * (a restart runs matching again for the experts not yet invited; decision 0031).
 */
export async function onDemandSearching(ctx: AppContext, demandId: number): Promise<void> {
  try {
    await inviteMatchingExperts(ctx, demandId);
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "matching failed", demandId, error: String(e) }));
  }
}

/** The fields a new search period sets: from now, its last day `days` from today. */
export function searchPeriod(ctx: AppContext, days: number) {
  const now = ctx.now();
  return { status: "searching" as const, searchStartedAt: now.toISOString(), searchFinish: addDays(isoDay(now), days), rejectReason: null };
}

/** Checks the references a request names, in one round trip: type, duration of that type, industries, functions. */
async function checkReferences(ctx: AppContext, input: DemandInput) {
  const optionIds = [...new Set([...input.options, ...input.sub_options])];
  const [types, durs, inds, opts] = await ctx.db.batch([
    ctx.db.select({ id: serviceTypes.id }).from(serviceTypes).where(eq(serviceTypes.id, input.service_type_id)),
    ctx.db.select({ id: durations.id, serviceTypeId: durations.serviceTypeId }).from(durations).where(eq(durations.id, input.duration_id ?? 0)),
    ctx.db.select({ id: industries.id }).from(industries).where(inIds(industries.id, input.industries)),
    ctx.db.select({ id: options.id, parentId: options.parentId }).from(options).where(and(inIds(options.id, optionIds), eq(options.status, "active"))),
  ]);
  const errors: Record<string, string[]> = {};
  if (!types.length) errors.service_type_id = ["demands.v.type_required"];
  if (input.duration_id !== undefined && durs[0]?.serviceTypeId !== input.service_type_id) errors.duration_id = ["demands.v.duration_invalid"];
  if (inds.length !== new Set(input.industries).size) errors.industries = ["validation.industries_unknown"];
  const byId = new Map(opts.map((o) => [o.id, o]));
  const mains = new Set(input.options);
  if (input.options.some((id) => byId.get(id)?.parentId !== null)) errors.options = ["validation.options_unknown"];
  // A sub-function belongs to one of the request's functions.
  if (input.sub_options.some((id) => { const o = byId.get(id); return !o || o.parentId === null || !mains.has(o.parentId); })) errors.sub_options = ["validation.options_unknown"];
  if (Object.keys(errors).length) throw validationError(errors);
}

/** spec 3 §5: the deadline may not be in the past. */
function checkDeadline(ctx: AppContext, iso: string) {
  if (iso < isoDay(ctx.now())) throw fieldError("execution_period", "demands.v.deadline_invalid");
}

/** The request's own rows (industries, functions, sub-functions) for a batch, with its id as a value or a subquery. */
function joinInserts(ctx: AppContext, demandId: number | SQL, input: DemandInput): BatchItem<"sqlite">[] {
  const id = demandId as number;
  const out: BatchItem<"sqlite">[] = [];
  // A list is at most 100 ids, two bound values each: chunks under D1's 100-parameter cap.
  const chunks = <T,>(a: T[]) => rowChunks(a, 2);
  for (const c of chunks([...new Set(input.industries)])) out.push(ctx.db.insert(demandIndustries).values(c.map((industryId) => ({ demandId: id, industryId }))));
  for (const c of chunks([...new Set(input.options)])) out.push(ctx.db.insert(demandOptions).values(c.map((optionId) => ({ demandId: id, optionId }))));
  for (const c of chunks([...new Set(input.sub_options)])) out.push(ctx.db.insert(demandSubOptions).values(c.map((optionId) => ({ demandId: id, optionId }))));
  return out;
}

/** The new and kept files of the input: new ones are Files, kept ones ids (editing only). */
function splitFiles(input: DemandInput) {
  const fresh: File[] = [];
  const kept: number[] = [];
  for (const f of input.files) {
    // A form's file input left empty still sends one part: no name, no bytes. It is no file.
    if (f instanceof File && f.size === 0 && f.name === "") continue;
    if (f instanceof File) fresh.push(f);
    else if (f.file) fresh.push(f.file);
    else if (f.id) kept.push(f.id);
  }
  return { fresh, kept: [...new Set(kept)] };
}

function prepareDemandUploads(ctx: AppContext, actor: Actor, list: File[]) {
  return prepareUploads(ctx, "files", list, { kind: "demand", allowed: ATTACHMENT_TYPES, maxBytes: DEMAND_LIMITS.fileBytes - 1, maxCount: DEMAND_LIMITS.filesMax, ownerUserId: actor.user.id });
}

/**
 * POST /api/demand (multipart) and the /request-add page: a verified customer's new request. It starts in
 * `moderation`, or `searching` with a 14-day period when an operator switched moderation of requests off.
 * The request, its lists, its files and the audit row are one batch; stored objects are removed if it fails.
 */
export async function createDemand(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireVerifiedEmail(actor, "demands.not_verified");
  const input = parseDemandInput(demandSchema, withTypeAlias(raw));
  checkDeadline(ctx, input.execution_period);
  const { fresh, kept } = splitFiles(input);
  if (kept.length) throw validationError({ files: ["demands.v.file_unknown"] });
  const direct = uploadIds(input.uploads, "files");
  if (fresh.length + direct.length > DEMAND_LIMITS.filesMax) throw validationError({ files: ["validation.files_count"] });
  await checkReferences(ctx, input);
  await hit(ctx, "demands_user", a.user.id);
  const uploads = await prepareDemandUploads(ctx, a, fresh);
  const moderated = await moderateDemands(ctx);
  const uid = a.user.id;
  const now = ctx.now().toISOString();
  const lifecycle = moderated ? { status: "moderation" as const } : searchPeriod(ctx, DEMAND_LIMITS.searchDays);
  // Inside the batch (one transaction) the user's newest request is the one just inserted.
  const newId = sql`(select max(id) from demands where user_id = ${uid})`;
  const batch: BatchItem<"sqlite">[] = [
    ctx.db.insert(demands).values({ ...fieldsOf(input), ...(moderated ? {} : approvedTermsOf(input)), userId: uid, ...lifecycle, createdAt: now, updatedAt: now }).returning({ id: demands.id }),
    ...joinInserts(ctx, newId, input),
  ];
  const fileInserts = fileRowInserts(ctx, uploads, "demand", uid);
  uploads.forEach((u, i) => {
    batch.push(fileInserts[i]!);
    batch.push(ctx.db.insert(demandFiles).values({ demandId: newId as unknown as number, fileId: sql`(select id from files where key = ${u.key})` as unknown as number }));
  });
  // Files the page sent straight to storage: checked now, written in this batch (decision 0032).
  const claimed = await claimUploads(ctx, a, direct, "demand", { link: (fileId) => ctx.db.insert(demandFiles).values({ demandId: newId as unknown as number, fileId: fileId as unknown as number }) });
  batch.push(...claimed.statements);
  batch.push(auditInsert(ctx, { actorUserId: uid, action: "demand.created", targetType: "demand", meta: { status: lifecycle.status } }));
  let results: unknown[];
  try {
    results = await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as Batch));
  } catch (e) {
    if (isGuardFailure(e)) throw conflict();
    throw e;
  }
  // The id the insert itself returned: a re-read of "the user's newest request" after the batch could
  // see another request of his that committed in between.
  const id = (results[0] as { id: number }[])[0]!.id;
  if (lifecycle.status === "searching") await onDemandSearching(ctx, id);
  return { id, status: lifecycle.status };
}

/** What experts are shown of a request from now on: written with every approval and every unmoderated write. */
function approvedTermsOf(input: DemandInput) {
  return { approvedName: input.name, approvedBudget: input.budget, approvedServiceTypeId: input.service_type_id };
}

function fieldsOf(input: DemandInput) {
  return {
    name: input.name,
    description: input.description,
    serviceTypeId: input.service_type_id,
    durationId: input.duration_id ?? null,
    budget: input.budget,
    expertType: input.expert_type,
    needTeam: input.need_team,
    executionPeriod: input.execution_period,
  };
}

/** The caller's own request (not deleted): someone else's answers like a missing one. */
async function ownDemand(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await ctx.db
    .select()
    .from(demands)
    .where(and(eq(demands.id, id), eq(demands.userId, actor.user.id), isNull(demands.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * A statement that fails the whole batch (json() of a non-JSON text raises) unless the request row carries the
 * stamp the batch's conditional UPDATE wrote: the lists and files are replaced only if that UPDATE won.
 */
function guard(ctx: AppContext, id: number, stamp: string) {
  return ctx.db
    .select({ failed: sql`json('lost race')` })
    .from(demands)
    .where(and(eq(demands.id, id), sql`not exists (select 1 from demands where id = ${id} and updated_at = ${stamp})`));
}

/**
 * POST /api/demand/{id} (multipart, the creation payload): the owner edits a request that is not active or
 * completed. Editing sends it to moderation again (spec README), unless moderation of requests is off: then a
 * searching or stopped one keeps its state and a waiting or rejected one starts its search. Kept files come as
 * files[i][id], new ones as files[i] (or files[i][file]); the others are removed.
 */
export async function updateDemand(ctx: AppContext, actor: Actor | null, id: number, raw: unknown) {
  const a = requireVerifiedEmail(actor, "demands.not_verified");
  const existing = await ownDemand(ctx, a, id);
  if (existing.status === "active" || existing.status === "completed") throw notEditable();
  const input = parseDemandInput(demandSchema, withTypeAlias(raw));
  checkDeadline(ctx, input.execution_period);
  // A signed contract fixed the type and the budget (the deposit is computed from them): the rest stays editable.
  const paidTerms: FieldErrors = {};
  if (existing.isPaid && input.budget !== existing.budget) paidTerms.budget = ["demands.v.paid_terms"];
  if (existing.isPaid && input.service_type_id !== existing.serviceTypeId) paidTerms.service_type_id = ["demands.v.paid_terms"];
  if (Object.keys(paidTerms).length) throw validationError(paidTerms);
  await checkReferences(ctx, input);
  const { fresh, kept } = splitFiles(input);
  const current = await ctx.db.select({ id: files.id, key: files.key }).from(demandFiles).innerJoin(files, eq(files.id, demandFiles.fileId)).where(eq(demandFiles.demandId, id));
  const known = new Set(current.map((f) => f.id));
  if (kept.some((k) => !known.has(k))) throw validationError({ files: ["demands.v.file_unknown"] });
  const direct = uploadIds(input.uploads, "files");
  if (kept.length + fresh.length + direct.length > DEMAND_LIMITS.filesMax) throw validationError({ files: ["validation.files_count"] });
  await hit(ctx, "demands_user", a.user.id);
  const uploads = await prepareDemandUploads(ctx, a, fresh);
  const removed = current.filter((f) => !kept.includes(f.id));

  const moderated = await moderateDemands(ctx);
  const lifecycle = moderated
    ? { status: "moderation" as const, rejectReason: null }
    : existing.status === "moderation" || existing.status === "rejected"
      ? searchPeriod(ctx, DEMAND_LIMITS.searchDays)
      : {};
  const stamp = `${ctx.now().toISOString()}#${crypto.randomUUID()}`;
  const uid = a.user.id;
  const batch: BatchItem<"sqlite">[] = [
    ctx.db
      .update(demands)
      // Moderated, the experts keep seeing the approved terms until an operator passes the edit.
      .set({ ...fieldsOf(input), ...(moderated ? {} : approvedTermsOf(input)), ...lifecycle, updatedAt: stamp })
      // The row as read above (every change of it stamps `updated_at`): an operator's decision, a stop, a
      // contract or another edit in between makes this match nothing, and the guard then fails the batch,
      // so the files counted and removed above are the request's files still.
      .where(and(eq(demands.id, id), eq(demands.userId, uid), eq(demands.updatedAt, existing.updatedAt), eq(demands.status, existing.status), eq(demands.isPaid, existing.isPaid), isNull(demands.deletedAt))),
    guard(ctx, id, stamp),
    ctx.db.delete(demandIndustries).where(eq(demandIndustries.demandId, id)),
    ctx.db.delete(demandOptions).where(eq(demandOptions.demandId, id)),
    ctx.db.delete(demandSubOptions).where(eq(demandSubOptions.demandId, id)),
    ...joinInserts(ctx, id, input),
  ];
  if (removed.length) {
    const ids = removed.map((f) => f.id);
    batch.push(ctx.db.delete(demandFiles).where(and(eq(demandFiles.demandId, id), inArray(demandFiles.fileId, ids))));
    batch.push(ctx.db.delete(files).where(and(inArray(files.id, ids), eq(files.ownerUserId, uid))));
  }
  const fileInserts = fileRowInserts(ctx, uploads, "demand", uid);
  uploads.forEach((u, i) => {
    batch.push(fileInserts[i]!);
    batch.push(ctx.db.insert(demandFiles).values({ demandId: id, fileId: sql`(select id from files where key = ${u.key})` as unknown as number }));
  });
  const claimed = await claimUploads(ctx, a, direct, "demand", { link: (fileId) => ctx.db.insert(demandFiles).values({ demandId: id, fileId: fileId as unknown as number }) });
  batch.push(...claimed.statements);
  batch.push(auditInsert(ctx, { actorUserId: uid, action: "demand.updated", targetType: "demand", targetId: id, meta: { from: existing.status, to: lifecycle.status ?? existing.status } }));
  try {
    await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as Batch));
  } catch (e) {
    if (isGuardFailure(e)) throw conflict();
    throw e;
  }
  await removeObjects(ctx, removed.map((f) => f.key));
  const status = lifecycle.status ?? existing.status;
  if (status === "searching" && existing.status !== "searching") await onDemandSearching(ctx, id);
  return { id, status };
}

/**
 * Why a conditional UPDATE matched nothing: not the caller's (404), or its state forbids it (422). The audit
 * row of the same batch is written only when the UPDATE changed the row, so the log never names a refused
 * attempt (or someone else's request) with the action's own name.
 */
async function refusal(ctx: AppContext, actor: Actor, id: number, code: string): Promise<never> {
  await ownDemand(ctx, actor, id);
  throw new DomainError("validation", code, { fields: { form: [code] } });
}

/** DELETE /api/demand/{id}: the owner, not while active or completed (422). Soft: the row stays, every list drops it. */
export async function deleteDemand(ctx: AppContext, actor: Actor | null, id: number) {
  const a = requireActor(actor);
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(demands.id, id), eq(demands.userId, a.user.id), isNull(demands.deletedAt), notInArray(demands.status, ["active", "completed"])))
      .returning({ id: demands.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.delete", targetType: "demand", targetId: id }),
  ]);
  if (!rows.length) return refusal(ctx, a, id, "demands.not_deletable");
  return { ok: true };
}

/** POST /api/demand/stop {id}: searching → search_expired ('Приостановить поиск исполнителей?'). */
export async function stopDemand(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const { id } = parseDemandInput(stopSchema, raw);
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set({ status: "search_expired", updatedAt: now })
      // Searching as the customer reads it (effectiveStatus): one past its last day has stopped already,
      // and its card offers 'Возобновить', not 'Остановить'.
      .where(and(eq(demands.id, id), eq(demands.userId, a.user.id), isNull(demands.deletedAt), sql`${effectiveStatus(isoDay(ctx.now()))} = 'searching'`))
      .returning({ id: demands.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.stop", targetType: "demand", targetId: id }),
  ]);
  if (!rows.length) return refusal(ctx, a, id, "demands.not_searching");
  return { id, status: "search_expired" as const };
}

/**
 * POST /api/demand/restart {id, extension}: a stopped or expired request searches again, or a searching one
 * is extended; its last day becomes today + extension (1–30 without 20, default 10), and matching runs again.
 */
export async function restartDemand(ctx: AppContext, actor: Actor | null, raw: unknown) {
  // It reaches other people (matched experts, operators, respondents): an unproven address may not.
  const a = requireVerifiedEmail(actor);
  const { id, extension } = parseDemandInput(restartSchema, raw);
  const period = searchPeriod(ctx, extension);
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(demands)
      .set({ ...period, updatedAt: period.searchStartedAt })
      .where(and(eq(demands.id, id), eq(demands.userId, a.user.id), isNull(demands.deletedAt), inArray(demands.status, ["searching", "search_expired"])))
      .returning({ id: demands.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "demand.restart", targetType: "demand", targetId: id, meta: { extension } }),
  ]);
  if (!rows.length) return refusal(ctx, a, id, "demands.not_restartable");
  await onDemandSearching(ctx, id);
  return { id, status: "searching" as const, search_finish: period.searchFinish };
}

export type DemandListItem = {
  id: number;
  name: string;
  status: DemandStatus;
  service_type: { id: number; name: string; type: "project" | "consultation" };
  budget: number;
  search_finish: string | null;
  search_started_at: string | null;
  created_at: string;
  is_expired: boolean;
  reject_reason: string | null;
  progress: number;
  days_left: number;
  /** The responses the customer sees (customerSeesRespond), oldest first. */
  responds: { id: number; is_viewed: boolean }[];
};
export type DemandPage = { data: DemandListItem[]; current_page: number; last_page: number; total: number };
export type DemandList = Record<DemandGroup, DemandPage>;

/** The groups' signal chips of /projects/request (spec 1 §4), beside each group's page. */
export type DemandPageWithSignals = DemandPage & { fresh: number };

/**
 * spec 1 §4 for a request: it is unviewed while it has a response its customer has not opened (searching
 * requests count those); otherwise it changed when its status did (`updated_at`).
 */
function demandFresh(group: DemandGroup, visits: Visits): SQL {
  const unviewed = sql`exists (select 1 from ${responds} where ${responds.demandId} = ${demands.id} and ${customerSeesRespond()} and ${responds.viewedAt} is null)`;
  return freshWhen(group, visits, { unviewed, changedAt: demands.updatedAt });
}

const ownDemands = (userId: number | SQL | Placeholder) => and(eq(demands.userId, userId), isNull(demands.deletedAt));

/** One page of a group's requests (demandListRead). */
const demandPageStatement = (g: DemandGroup) =>
  prepared((db, p: Params<{ userId: number; today: string; offset: number }>) =>
    db
      .select({
        id: demands.id,
        name: demands.name,
        status: effectiveStatus(p.today),
        budget: demands.budget,
        searchFinish: demands.searchFinish,
        searchStartedAt: demands.searchStartedAt,
        createdAt: demands.createdAt,
        rejectReason: demands.rejectReason,
        // Aliased: D1's batch answers rows keyed by column name, so a second `id` or `name` would win.
        typeId: sql<number>`${serviceTypes.id}`.as("type_id"),
        typeName: sql<string>`${serviceTypes.name}`.as("type_name"),
        typeNameEn: sql<string>`${serviceTypes.nameEn}`.as("type_name_en"),
        type: sql<"project" | "consultation">`${serviceTypes.type}`.as("type_type"),
        // spec 3 §3 'responds': the responses its customer sees, oldest first, each with whether he opened it.
        respondsJson: sql<string>`(select json_group_array(json_object('id', x.id, 'is_viewed', x.viewed)) from (select r.id as id, r.viewed_at is not null as viewed from ${responds} r where r.demand_id = ${demands.id} and ${customerSeesRespond("r")} order by r.id) x)`.as("responds_json"),
      })
      .from(demands)
      .innerJoin(serviceTypes, eq(serviceTypes.id, demands.serviceTypeId))
      .where(and(ownDemands(p.userId), groupCondition(g, p.today)))
      .orderBy(desc(demands.id))
      .limit(DEMAND_LIMITS.perPage)
      .offset(p.offset),
  );

/**
 * The statements of demandListRead, built once per isolate (decision 0041): one page of a group, and every
 * group's total with (for the page) or without (for the API) the groups' signal counts. The visit times are
 * values, so a first visit and a later one share the statement (`freshWhen`: no visit counts as changed).
 */
const demandListStatements = {
  page: Object.fromEntries(DEMAND_GROUPS.map((g) => [g, demandPageStatement(g)])) as Record<DemandGroup, ReturnType<typeof demandPageStatement>>,
  totals: prepared((db, p: Params<{ userId: number; today: string }>) =>
    db
      .select(Object.fromEntries(DEMAND_GROUPS.map((g) => [g, sql<number>`sum(case when ${groupCondition(g, p.today)} then 1 else 0 end)`.as(g)] as const)))
      .from(demands)
      .where(ownDemands(p.userId)),
  ),
  totalsWithSignals: prepared((db, p: Params<{ userId: number; today: string } & SeenValues>) => {
    const visits = visitsOfValues(p);
    return db
      .select(
        Object.fromEntries([
          ...DEMAND_GROUPS.map((g) => [g, sql<number>`sum(case when ${groupCondition(g, p.today)} then 1 else 0 end)`.as(g)] as const),
          // Aliased: D1's batch rows are keyed by column name.
          ...DEMAND_GROUPS.map((g) => [`fresh_${g}`, sql<number>`sum(case when ${groupCondition(g, p.today)} and ${demandFresh(g, visits)} then 1 else 0 end)`.as(`fresh_${g}`)] as const),
        ]),
      )
      .from(demands)
      .where(ownDemands(p.userId));
  }),
};

/**
 * The caller's requests by group, 3 per page (`paged` pages one group, the others show their first page),
 * and every group's total, with the groups' signal counts when `visits` are given: one D1 batch of four
 * pages and one count whatever the data.
 */
export function demandListRead(ctx: AppContext, userId: number, paged: { group?: DemandGroup; page: number }, visits?: Record<string, string | null>): Read<Record<DemandGroup, DemandPageWithSignals>> {
  const now = ctx.now();
  const today = isoDay(now);
  const per = DEMAND_LIMITS.perPage;
  const pageOf = (g: DemandGroup) => (paged.group === g ? paged.page : 1);
  const pageQuery = (g: DemandGroup) => demandListStatements.page[g]({ userId, today, offset: (pageOf(g) - 1) * per });
  const counts = visits
    ? demandListStatements.totalsWithSignals({ userId, today, ...seenValues(visits) })
    : demandListStatements.totals({ userId, today });
  const queries = [pageQuery("searching"), pageQuery("active"), pageQuery("completed"), pageQuery("search_expired"), counts] as const;
  return read(queries, ([s, ac, co, ex, totals]) => {
    const pages = { searching: s, active: ac, completed: co, search_expired: ex };
    const sums = (totals[0] ?? {}) as Record<string, number | null>;
    const out = {} as Record<DemandGroup, DemandPageWithSignals>;
    for (const g of DEMAND_GROUPS) {
      const total = Number(sums[g] ?? 0);
      out[g] = {
        data: pages[g].map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status,
          service_type: { id: r.typeId, name: localName(ctx, r.typeName, r.typeNameEn), type: r.type },
          budget: r.budget,
          search_finish: r.searchFinish,
          search_started_at: r.searchStartedAt,
          created_at: r.createdAt,
          is_expired: searchExpired(r.status, r.searchFinish, now),
          reject_reason: r.status === "rejected" ? r.rejectReason : null,
          progress: searchProgress(r.status, r.searchStartedAt, r.searchFinish, now),
          days_left: daysToEnd(r.searchFinish, now),
          responds: (JSON.parse(r.respondsJson) as { id: number; is_viewed: number }[]).map((x) => ({ id: x.id, is_viewed: !!x.is_viewed })),
        })),
        current_page: pageOf(g),
        last_page: Math.max(1, Math.ceil(total / per)),
        total,
        fresh: Number(sums[`fresh_${g}`] ?? 0),
      };
    }
    return out;
  });
}

/**
 * GET /api/demand: the caller's requests by group, 3 per page; `?group=&page=` pages one group (the others
 * answer their first page). One D1 round trip whatever the data.
 */
export async function listDemands(ctx: AppContext, actor: Actor | null, raw: unknown): Promise<DemandList> {
  const a = requireActor(actor);
  const q = parseDemandInput(listQuery, raw);
  const groups = await runRead(ctx, demandListRead(ctx, a.user.id, q));
  // The API answers the spec's pages only; the signal counts are the page's.
  return Object.fromEntries(Object.entries(groups).map(([g, { fresh: _fresh, ...page }]) => [g, page])) as DemandList;
}

/**
 * /projects/request: the same groups with their signal chips (the visit record comes with the session, so
 * still one round trip). A hand-made bad query shows the first pages.
 */
export async function demandsPage(ctx: AppContext, actor: Actor | null, raw: unknown): Promise<Record<DemandGroup, DemandPageWithSignals>> {
  const a = requireActor(actor);
  const parsed = listQuery.safeParse(raw);
  return await runRead(ctx, demandListRead(ctx, a.user.id, parsed.success ? parsed.data : { page: 1 }, lastVisits(a, "customer")));
}

/**
 * Whether the customer has anything new in any group of /projects/request (spec 1 §4: the menus' 'new'
 * chip in the customer mode): the groups' signal rule, one statement that stops at the first such request.
 */
export function customerHasNewRead(ctx: AppContext, userId: number | SQL, visits: Visits): Read<boolean> {
  return read([customerHasNewQuery(ctx.db, userId, visits, isoDay(ctx.now()))] as const, ([rows]) => rows.length > 0);
}

/** customerHasNewRead's statement: a row when something is new. */
export function customerHasNewQuery(db: Db, userId: number | SQL, visits: Visits, today: string | Placeholder) {
  const anyFresh = or(...DEMAND_GROUPS.map((g) => and(groupCondition(g, today), demandFresh(g, visits))));
  return db.select({ id: demands.id }).from(demands).where(and(ownDemands(userId), anyFresh)).limit(1);
}

/** One request with its lists, files and customer, in one round trip; null when missing or deleted. */
async function loadFull(ctx: AppContext, id: number) {
  const today = isoDay(ctx.now());
  const [rows, inds, opts, subs, fileRows] = await ctx.db.batch([
    ctx.db
      .select({
        d: demands,
        status: effectiveStatus(today),
        expertStatus: sql<DemandStatus>`${expertStatus(today)}`.as("expert_status"),
        // Aliased: D1's batch answers rows keyed by column name, so a second `id` or `name` would win.
        type: {
          id: sql<number>`${serviceTypes.id}`.as("type_id"),
          name: sql<string>`${serviceTypes.name}`.as("type_name"),
          nameEn: sql<string>`${serviceTypes.nameEn}`.as("type_name_en"),
          type: sql<"project" | "consultation">`${serviceTypes.type}`.as("type_type"),
          fee: sql<string>`${serviceTypes.fee}`.as("type_fee"),
          isRoundedUp: sql<number>`${serviceTypes.isRoundedUp}`.as("type_rounded_up"),
          roundBase: sql<number>`${serviceTypes.roundBase}`.as("type_round_base"),
        },
        durationName: sql<string | null>`${durations.name}`.as("duration_name"),
        durationNameEn: sql<string | null>`${durations.nameEn}`.as("duration_name_en"),
        userName: sql<string>`${users.name}`.as("user_name"),
        userLastName: sql<string>`${users.lastName}`.as("user_last_name"),
        // The customer block (spec 3 §3 user_company, user_photo): the company of his current work, else his latest.
        userCompany: currentOrLatestCompany(demands.userId).as("user_company"),
        userPhotoKey: sql<string | null>`(select f.key from ${files} f where f.id = ${users.photoFileId})`.as("user_photo_key"),
      })
      .from(demands)
      .innerJoin(serviceTypes, eq(serviceTypes.id, demands.serviceTypeId))
      .innerJoin(users, eq(users.id, demands.userId))
      .leftJoin(durations, eq(durations.id, demands.durationId))
      .where(and(eq(demands.id, id), isNull(demands.deletedAt)))
      .limit(1),
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(demandIndustries).innerJoin(industries, eq(industries.id, demandIndustries.industryId)).where(eq(demandIndustries.demandId, id)).orderBy(industries.id),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn }).from(demandOptions).innerJoin(options, eq(options.id, demandOptions.optionId)).where(eq(demandOptions.demandId, id)).orderBy(options.id),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId }).from(demandSubOptions).innerJoin(options, eq(options.id, demandSubOptions.optionId)).where(eq(demandSubOptions.demandId, id)).orderBy(options.id),
    ctx.db.select({ id: files.id, name: files.name, size: files.size }).from(demandFiles).innerJoin(files, eq(files.id, demandFiles.fileId)).where(eq(demandFiles.demandId, id)).orderBy(files.id),
  ]);
  const row = rows[0];
  if (!row) return null;
  const named = (list: { id: number; name: string; nameEn: string | null }[]) => list.map((x) => ({ id: x.id, name: localName(ctx, x.name, x.nameEn) }));
  return {
    row,
    view: {
      id: row.d.id,
      user_id: row.d.userId,
      name: row.d.name,
      description: row.d.description,
      service_type: { id: row.type.id, name: localName(ctx, row.type.name, row.type.nameEn), type: row.type.type },
      service_type_id: row.type.id,
      duration_id: row.d.durationId,
      duration: row.d.durationId && row.durationName ? { id: row.d.durationId, name: localName(ctx, row.durationName, row.durationNameEn) } : null,
      expert_type: row.d.expertType,
      need_team: row.d.needTeam,
      execution_period: formatDeadline(row.d.executionPeriod),
      industries: named(inds),
      options: named(opts),
      sub_options: subs.map((x) => ({ id: x.id, name: localName(ctx, x.name, x.nameEn), parent_id: x.parentId })),
      // Read through GET /api/files/{id}, which checks who asks (app/domain/files).
      files: fileRows.map((f) => ({ id: f.id, name: f.name, size: f.size, filepath: `/api/files/${f.id}` })),
      status: row.status,
      search_finish: row.d.searchFinish,
      created_at: row.d.createdAt,
      is_expired: searchExpired(row.status, row.d.searchFinish, ctx.now()),
      user_name: `${row.userName} ${row.userLastName}`.trim(),
      user_company: row.userCompany,
      user_photo: row.userPhotoKey ? await ctx.storage.signedUrl(row.userPhotoKey) : null,
    },
  };
}

/** The owner's request with the raw budget and every field the edit form needs (404 for anyone else). */
export async function getOwnDemand(ctx: AppContext, actor: Actor | null, id: number) {
  const a = requireActor(actor);
  const found = await loadFull(ctx, id);
  if (!found || found.row.d.userId !== a.user.id) throw notFound();
  return { ...found.view, budget: found.row.d.budget, reject_reason: found.row.d.status === "rejected" ? found.row.d.rejectReason : null, is_paid: found.row.d.isPaid };
}

/**
 * GET /api/demand/short/{id}: the request as an expert sees it, with the expert-visible budget. For anyone but
 * the owner: 404 while in moderation (or rejected: never published), 403 'Заказчик завершил поиск, отклики
 * больше не принимаются' once it is not searching (spec README, spec 3 §8).
 */
export async function shortDemand(ctx: AppContext, actor: Actor | null, id: number) {
  const a = requireActor(actor);
  const found = await loadFull(ctx, id);
  if (!found) throw notFound();
  const owner = found.row.d.userId === a.user.id;
  const status = found.row.expertStatus;
  if (!owner) {
    if (status === "moderation" || status === "rejected") throw notFound();
    if (status !== "searching") throw new DomainError("forbidden", "demands.search_finished");
  }
  return { ...found.view, budget: expertBudget(found.row.d.budget, { ...found.row.type, isRoundedUp: !!found.row.type.isRoundedUp }) };
}

/**
 * The Cron Trigger's part for requests: searching requests past their last day become search_expired in the
 * database (reads already treat them so). One statement; it answers how many moved.
 */
export async function sweepExpiredDemands(ctx: AppContext): Promise<number> {
  const today = isoDay(ctx.now());
  const rows = await ctx.db
    .update(demands)
    .set({ status: "search_expired", updatedAt: ctx.now().toISOString() })
    .where(and(eq(demands.status, "searching"), sql`${demands.searchFinish} < ${today}`))
    .returning({ id: demands.id });
  return rows.length;
}

export type DemandFormReference = {
  types: { id: number; name: string; type: "project" | "consultation"; defaultBudget: number; money: ServiceTypeMoney; durations: { id: number; name: string }[] }[];
  industries: { id: number; name: string }[];
  options: { id: number; name: string; parent_id: number | null }[];
};

/** What the request form offers: the types with their durations and default budgets, industries, active functions (one round trip). */
export async function demandFormReference(ctx: AppContext): Promise<DemandFormReference> {
  const [types, durs, inds, opts] = await ctx.db.batch([
    ctx.db.select().from(serviceTypes).orderBy(serviceTypes.id),
    ctx.db.select().from(durations).orderBy(durations.days),
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(industries).orderBy(industries.sort, industries.name),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId }).from(options).where(eq(options.status, "active")).orderBy(options.name),
  ]);
  return {
    types: types.map((t) => ({
      id: t.id,
      name: localName(ctx, t.name, t.nameEn),
      type: t.type,
      // spec 3 §9: the request's default budget per type.
      defaultBudget: DEMAND_LIMITS.defaultBudget[t.type],
      // spec 3 §9: the fee shown, and the budget experts will see (expertBudget), under the budget field.
      money: { fee: Number(t.fee), isRoundedUp: !!t.isRoundedUp, roundBase: t.roundBase },
      durations: durs.filter((d) => d.serviceTypeId === t.id).map((d) => ({ id: d.id, name: localName(ctx, d.name, d.nameEn) })),
    })),
    industries: inds.map((i) => ({ id: i.id, name: localName(ctx, i.name, i.nameEn) })),
    options: opts.map((o) => ({ id: o.id, name: localName(ctx, o.name, o.nameEn), parent_id: o.parentId })),
  };
}
