import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql, count } from "drizzle-orm";
import { demands } from "../../../db/schema/demands";
import { cases } from "../../../db/schema/cases";
import { files } from "../../../db/schema/platform";
import { companies, expertises, options, taxes } from "../../../db/schema/reference";
import { respondCases, respondCompanies, respondExpertises, respondFiles, respondMembers, respondOptions, respondServices, responds, type RespondStatus } from "../../../db/schema/responds";
import { services } from "../../../db/schema/services";
import { invites, users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { respondMails } from "~/server/mail/responds.server";
import { serviceMails } from "~/server/mail/services.server";
import { hitAll } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { getT } from "~/server/texts.server";
import { moderationSettings } from "../admin/settings.server";
import { sqlBatch } from "../admin/decision.server";
import { isoDay } from "../demands/progress";
import { customerPrice } from "../demands/money";
import { DomainError, notFound, validationError, type FieldErrors } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { accountName, registrationLink } from "../invites/invites.server";
import { RESPOND_LIMITS } from "../limits";
import { localName } from "../names";
import { requireActor, requireVerifiedEmail } from "../policy.server";
import { col } from "../reads";
import { newEmployeeInput, parseService, type NewEmployeeInput } from "../services/schema";
import { colleagueOf } from "../services/colleagues.server";
import { phoneCountry } from "../validation";
import { parseRespondInput, respondListQuery, respondSchema, type RespondInput } from "./schema";
import { inIds } from "../id-list";
import { searchingToday } from "../demands/searching.server";
import { expertStatus, expertTerms } from "../demands/demands.server";
import { expertRejectReason } from "./view-flags.server";
import { respondCompany, respondCompetence, respondFunction } from "./choices.server";

/** The statuses of a row that are a response (not an invitation, not a declined one). */
export const RESPONSE_STATUSES = ["moderation", "sent", "active", "rejected", "completed"] as const satisfies readonly RespondStatus[];

/** Whether the expert's row for a request is a response he sent (then he may not respond again). */
export const hasResponded = (row: { status: string } | null | undefined) => !!row && (RESPONSE_STATUSES as readonly string[]).includes(row.status);

/** 422 'У вас нет активных услуг' with the hint of spec 3 §8, which the pages show under it. */
export const noActiveServices = (ctx: AppContext) =>
  new DomainError("validation", "responds.no_active_services", { fields: { services: ["responds.no_active_services"] }, extra: { hint: ctx.t("responds.no_active_services_hint"), no_active_services: true } });
const searchFinished = () => new DomainError("forbidden", "demands.search_finished");
const ownDemand = () => new DomainError("forbidden", "responds.own_demand");
const alreadyResponded = () => new DomainError("conflict", "responds.already_responded");
/** An upload claimed (or swept) between the claim's checks and the batch: 409, as the demands answer the same race. */
/**
 * Whether the expert may respond to the request at all, before his form is read: the request is found and
 * searching (expiry exact: its last day not past), not his own, and he has not responded yet. Shared by
 * POST /api/respond and the /response-request page (which shows the reason instead of the form).
 */
function respondability(demand: { userId: number; status: string } | undefined, row: { status: RespondStatus } | undefined, me: number) {
  if (!demand || demand.status === "moderation" || demand.status === "rejected") return notFound();
  if (demand.userId === me) return ownDemand();
  if (demand.status !== "searching") return searchFinished();
  if (hasResponded(row)) return alreadyResponded();
  return null;
}

/** The request as respondability reads it: its status for experts (past its last day, or of a blocked customer, its search is over). */
function demandState(ctx: AppContext, demandId: number) {
  const today = isoDay(ctx.now());
  return ctx.db
    .select({
      id: demands.id,
      userId: demands.userId,
      name: demands.name,
      status: sql<string>`${expertStatus(today)}`.as("d_status"),
    })
    .from(demands)
    .where(and(eq(demands.id, demandId), isNull(demands.deletedAt)))
    .limit(1);
}
const respondRow = (ctx: AppContext, demandId: number, userId: number) =>
  ctx.db.select({ id: responds.id, status: responds.status }).from(responds).where(and(eq(responds.demandId, demandId), eq(responds.userId, userId))).limit(1);

const none = sql`0`;

/** The new employees, each by the services' rules (spec 3 §5 'New employee'); errors are reported on `invite_users`. */
function parseNewEmployees(ctx: AppContext, raw: unknown[]): NewEmployeeInput[] {
  return raw.map((item) => {
    try {
      return parseService(newEmployeeInput(phoneCountry(ctx.country)), item);
    } catch (e) {
      if (e instanceof DomainError && e.fields) throw new DomainError("validation", e.code, { fields: { invite_users: Object.values(e.fields).flat() }, params: e.params });
      throw e;
    }
  });
}

/**
 * Checks everything the payload names in ONE read batch: the request and the expert's row for it, his
 * active services (all of them: none at all is its own answer), his cases, competences, functions, the
 * team, the companies, the tax, and whether a new employee's address already has an account.
 */
async function checkPayload(ctx: AppContext, actor: Actor, input: RespondInput, newEmployees: NewEmployeeInput[]) {
  const me = actor.user.id;
  const emails = newEmployees.map((n) => n.email);
  const teamUserIds = input.users.filter((u) => u.type === "user").map((u) => u.id);
  const inviteIds = input.users.filter((u) => u.type === "invited").map((u) => u.id);
  const [demandRows, rowRows, activeServices, ownCases, exps, opts, team, comps, tax, taken, inv] = await ctx.db.batch([
    demandState(ctx, input.demand_id),
    respondRow(ctx, input.demand_id, me),
    ctx.db.select({ id: services.id }).from(services).where(and(eq(services.userId, me), eq(services.status, "active"), isNull(services.deletedAt))),
    ctx.db.select({ id: cases.id }).from(cases).where(and(eq(cases.userId, me), inIds(cases.id, input.cases), isNull(cases.deletedAt))),
    ctx.db.select({ id: expertises.id }).from(expertises).where(and(inIds(expertises.id, input.expertises), respondCompetence(me))),
    ctx.db.select({ id: options.id }).from(options).where(and(inIds(options.id, input.options), respondFunction(me, input.demand_id))),
    // Each named person, and whether he agreed to work with the responder (decision 0064).
    ctx.db
      .select({ id: users.id, colleague: sql<number>`case when ${colleagueOf(me)(users.id)} then 1 else 0 end` })
      .from(users)
      .where(and(inIds(users.id, teamUserIds), isNotNull(users.emailVerifiedAt), isNull(users.blockedAt))),
    ctx.db.select({ id: companies.id }).from(companies).where(and(inIds(companies.id, input.companies), respondCompany(me))),
    ctx.db.select({ id: taxes.id, percent: taxes.percent }).from(taxes).where(eq(taxes.id, input.tax_id)),
    ctx.db.select({ name: users.name, lastName: users.lastName }).from(users).where(emails.length ? inArray(users.email, emails) : none),
    // An invitation turned into an account names that account: a blocked one names nobody (decision 0056), as a
    // blocked user named by his id does not.
    ctx.db
      .select({ id: invites.id, registered: invites.registeredUserId })
      .from(invites)
      .where(
        inviteIds.length
          ? and(inIds(invites.id, inviteIds), eq(invites.inviterUserId, me), eq(invites.kind, "employee"), sql`not exists (select 1 from ${users} b where b.id = ${invites.registeredUserId} and b.blocked_at is not null)`)
          : none,
      ),
  ]);
  const demand = demandRows[0];
  const refusal = respondability(demand, rowRows[0], me);
  if (refusal) throw refusal;
  if (!activeServices.length) throw noActiveServices(ctx);

  const fields: FieldErrors = {};
  const add = (field: string, code: string) => ((fields[field] ??= []).includes(code) ? undefined : fields[field]!.push(code));
  const uniq = (xs: number[]) => [...new Set(xs)];
  const has = (list: { id: number }[], id: number) => list.some((r) => r.id === id);
  const serviceIds = uniq(input.services);
  if (serviceIds.some((id) => !has(activeServices, id))) add("services", "responds.v.services_unknown");
  if (uniq(input.cases).some((id) => !has(ownCases, id))) add("cases", "responds.v.cases_unknown");
  if (uniq(input.expertises).some((id) => !has(exps, id))) add("expertises", "responds.v.expertises_unknown");
  if (uniq(input.options).some((id) => !has(opts, id))) add("options", "responds.v.options_unknown");
  if (teamUserIds.includes(me)) add("users", "responds.v.team_self");
  else if (teamUserIds.some((id) => !has(team, id)) || inviteIds.some((id) => !has(inv, id))) add("users", "responds.v.team_unknown");
  else if (team.some((u) => !u.colleague)) add("users", "responds.v.team_not_colleague");
  // An invitation already turned into an account is that account.
  const members: { userId: number | null; inviteId: number | null }[] = [];
  const seenUsers = new Set<number>();
  const seenInvites = new Set<number>();
  for (const u of input.users) {
    const userId = u.type === "user" ? u.id : (inv.find((i) => i.id === u.id)?.registered ?? null);
    if (userId !== null) {
      if (seenUsers.has(userId) || userId === me) continue;
      seenUsers.add(userId);
      members.push({ userId, inviteId: u.type === "invited" ? u.id : null });
    } else if (!seenInvites.has(u.id)) {
      seenInvites.add(u.id);
      members.push({ userId: null, inviteId: u.id });
    }
  }
  // The customer in the team would rate himself at the project's end.
  if (members.some((m) => m.userId === demand!.userId)) add("users", "responds.v.team_customer");
  if (members.length + newEmployees.length > RESPOND_LIMITS.teamMax) add("users", "responds.v.team_max");
  if (uniq(input.companies).some((id) => !has(comps, id))) add("companies", "responds.v.companies_unknown");
  if (!tax[0]) add("tax_id", "responds.v.tax_unknown");
  // README 'Document 2 details': a new employee's address with an account is refused naming the account.
  const takenName = taken[0] ? accountName(taken[0]) : undefined;
  if (takenName) add("invite_users", "invite.account_exists");
  if (new Set(emails).size !== emails.length) add("invite_users", "validation.invalid");
  if (Object.keys(fields).length) throw new DomainError("validation", Object.values(fields)[0]![0]!, { fields, params: { name: takenName } });
  return { demand: demand!, invited: rowRows[0]?.status === "invite", services: serviceIds, cases: uniq(input.cases), expertises: uniq(input.expertises), options: uniq(input.options), members, companies: uniq(input.companies) };
}

/**
 * The form's checks, except for an expert without any active service: he could not name one, and his
 * answer is 'У вас нет активных услуг' with its hint (spec 3 §8), as the page shows it instead of the form.
 */
async function parseRespondForm(ctx: AppContext, actor: Actor, raw: unknown) {
  try {
    return parseRespondInput(respondSchema, raw);
  } catch (e) {
    if (e instanceof DomainError && e.kind === "validation") {
      const [any] = await ctx.db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.userId, actor.user.id), eq(services.status, "active"), isNull(services.deletedAt)))
        .limit(1);
      if (!any) throw noActiveServices(ctx);
    }
    throw e;
  }
}

/**
 * POST /api/respond (multipart or JSON) and the /response-request/{id} page: a verified expert's response
 * to a searching request that is not his own, once (README "Responses"). An invitation's row becomes the
 * response; an expert who was not invited gets a row of his own. It is `sent`, or `moderation` when the
 * operators moderate responses. The response, its parts, the new employees' invitations, the files and
 * the audit row are ONE batch, whose first statement is a conditional upsert: a second response, or one to
 * a request stopped meanwhile, changes no row, and the guard after it fails the whole batch (the stored
 * objects are then removed). A double submit at once therefore leaves one response.
 */
export async function createRespond(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireVerifiedEmail(actor, "responds.not_verified");
  const input = await parseRespondForm(ctx, a, raw);
  // Inline files and direct uploads are one list of at most 5, refused with the inline files' texts.
  const direct = uploadIds(input.uploads, "attachments");
  if (input.attachments.length + direct.length > RESPOND_LIMITS.filesMax) throw validationError({ attachments: ["validation.files_count"] });
  const newEmployees = parseNewEmployees(ctx, input.invite_users);
  // The new employees' addresses are looked up (one with an account is named in the answer): counted
  // before the lookup, refused or not, as POST /api/invite counts its own (the lookup is no free oracle).
  if (newEmployees.length) await hitAll(ctx, [{ name: "invite_user", subject: a.user.id, weight: newEmployees.length }]);
  const checked = await checkPayload(ctx, a, input, newEmployees);
  // Each address is mailed an invitation: at most `invite_email` a day, whoever invites (as POST /api/invite).
  await hitAll(ctx, [{ name: "responds_user", subject: a.user.id }, ...newEmployees.map((n) => ({ name: "invite_email" as const, subject: n.email }))]);
  const uploads = await prepareUploads(ctx, "attachments", input.attachments, { kind: "respond", allowed: "any", maxBytes: RESPOND_LIMITS.fileBytes - 1, maxCount: RESPOND_LIMITS.filesMax, ownerUserId: a.user.id });
  const status: RespondStatus = (await moderationSettings(ctx)).moderate_responds ? "moderation" : "sent";

  const me = a.user.id;
  const demandId = input.demand_id;
  const now = ctx.now().toISOString();
  const today = isoDay(ctx.now());
  const rid = sql`(select id from responds where demand_id = ${demandId} and user_id = ${me})`;
  const each = (table: string, column: string, list: number[]) =>
    sql`insert into ${sql.raw(table)} (respond_id, ${sql.raw(column)}) select ${rid}, value from json_each(${JSON.stringify(list)})`;
  const statements = [
    // The response: the invitation's (or a declined invitation's) row becomes it, or the row is new. Nothing
    // happens when the request is not searching any more, is the expert's own, or he already responded.
    sql`insert into responds (demand_id, user_id, status, is_new, responded_at, salary, tax_id, description, viewed_at, is_favorite, reject_reason, created_at, updated_at)
        select ${demandId}, ${me}, ${status}, 0, ${now}, ${input.salary}, ${input.tax_id}, ${input.description}, null, 0, null, ${now}, ${now}
        where exists (select 1 from demands d where d.id = ${demandId} and d.user_id <> ${me} and ${searchingToday(today)})
        on conflict (demand_id, user_id) do update set status = excluded.status, is_new = 0, responded_at = excluded.responded_at, salary = excluded.salary,
          tax_id = excluded.tax_id, description = excluded.description, viewed_at = null, is_favorite = 0, reject_reason = null, updated_at = excluded.updated_at
        where responds.status in ('invite', 'declined')`,
    // changes() is the upsert's count: 0 fails the batch (json() of a non-JSON text raises), and nothing of it stays.
    sql`select json('lost race') as failed where changes() = 0`,
    each("respond_cases", "case_id", checked.cases),
    each("respond_expertises", "expertise_id", checked.expertises),
    each("respond_options", "option_id", checked.options),
    // Only services still his and active: one hidden or deleted since the check fails the batch (the guard).
    sql`insert into respond_services (respond_id, service_id) select ${rid}, s.id from json_each(${JSON.stringify(checked.services)}) j
        join services s on s.id = j.value and s.user_id = ${me} and s.status = 'active' and s.deleted_at is null`,
    sql`select json('lost race') as failed where changes() <> ${checked.services.length}`,
    each("respond_companies", "company_id", checked.companies),
    sql`insert into respond_members (respond_id, type, user_id, invite_id)
        select ${rid}, case when json_extract(value, '$[0]') is null then 'invited' else 'user' end, json_extract(value, '$[0]'), json_extract(value, '$[1]')
        from json_each(${JSON.stringify(checked.members.map((m) => [m.userId, m.inviteId]))})`,
  ];
  for (const n of newEmployees) {
    statements.push(
      sql`insert into invites (inviter_user_id, expert_type, kind, email, name, last_name, patronymic, phone, direction_years, projects, created_at)
          values (${me}, 'individual', 'employee', ${n.email}, ${n.name}, ${n.lastName}, ${n.patronymic ?? null}, ${n.phone}, ${n.direction_years}, ${n.projects}, ${now})`,
      sql`insert into respond_members (respond_id, type, user_id, invite_id) select ${rid}, 'invited', null, (select max(id) from invites where inviter_user_id = ${me} and email = ${n.email} and kind = 'employee')`,
    );
  }
  const fileInserts = fileRowInserts(ctx, uploads, "respond", me);
  uploads.forEach((u, i) => {
    statements.push(fileInserts[i]! as never, sql`insert into respond_files (respond_id, file_id) select ${rid}, (select id from files where key = ${u.key})`);
  });
  // Files the page sent straight to storage: checked now, written in this batch after the upsert, so the
  // link names the new response (decision 0032). A refusal here writes nothing and leaves them claimable.
  const claimed = await claimUploads(ctx, a, direct, "respond", {
    field: "attachments",
    max: RESPOND_LIMITS.filesMax,
    link: (fileId) => sql`insert into respond_files (respond_id, file_id) select ${rid}, ${fileId}` as never,
  });
  statements.push(...(claimed.statements as never[]));
  statements.push(auditInsert(ctx, { actorUserId: me, action: "respond.created", targetType: "demand", targetId: demandId, meta: { status, invited: checked.invited } }) as never);

  try {
    await commitWithUploads(ctx, uploads, () => sqlBatch(ctx, statements));
  } catch (e) {
    // Both guards (the upsert's and the claim's) fail the batch the same way (json() of a non-JSON text).
    if (!isGuardFailure(e)) throw e;
    // Lost to a double submit or to the customer's stop in between: the same reasons as before, read afresh
    // (a second response is respondability's 409). Otherwise a service was hidden or deleted meanwhile (the
    // services' own error), or an upload went (claimed elsewhere, or swept).
    const [d, r, live] = await ctx.db.batch([
      demandState(ctx, demandId),
      respondRow(ctx, demandId, me),
      ctx.db.select({ id: services.id }).from(services).where(and(eq(services.userId, me), eq(services.status, "active"), isNull(services.deletedAt), inIds(services.id, checked.services))),
    ]);
    const refusal = respondability(d[0], r[0], me);
    if (refusal) throw refusal;
    if (live.length < checked.services.length || !claimed.statements.length) throw validationError({ services: ["responds.v.services_unknown"] });
    throw uploadConflict();
  }
  const [row] = await respondRow(ctx, demandId, me);
  await mailNewEmployees(ctx, a, newEmployees);
  if (status === "sent") await notifyCustomerOfRespond(ctx, row!.id);
  return { id: row!.id, demand_id: demandId, status, message: ctx.t("responds.sent") };
}

/** The new employees' invitations (the services' mail and link): they join the response's team when they register. */
async function mailNewEmployees(ctx: AppContext, actor: Actor, list: NewEmployeeInput[]) {
  if (!list.length) return;
  const rows = await ctx.db
    .select({ id: invites.id, email: invites.email })
    .from(invites)
    .where(and(eq(invites.inviterUserId, actor.user.id), eq(invites.kind, "employee"), inArray(invites.email, list.map((n) => n.email))))
    .orderBy(desc(invites.id));
  for (const n of list) {
    const inv = rows.find((r) => r.email === n.email);
    if (!inv) continue;
    try {
      const link = registrationLink(ctx, { id: inv.id, name: n.name, lastName: n.lastName, email: n.email, phone: n.phone });
      await ctx.mailer.send(serviceMails.employeeInvite(ctx.t, n.email, { name: n.name, inviter: `${actor.user.name} ${actor.user.lastName}`.trim(), url: link, to_team_of: "respond" }));
    } catch (e) {
      console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "respond employee invitation mail failed", error: String(e) }));
    }
  }
}

/**
 * The customer's notice of a new response (spec README "Responses"), once the response is his to see (sent,
 * or approved by an operator), in his language, linking to the request's responses. A mail failure is
 * logged; the response stands.
 */
export async function notifyCustomerOfRespond(ctx: AppContext, respondId: number) {
  try {
    const [r] = await ctx.db
      .select({
        demandId: demands.id,
        demandName: col(demands.name, "d_name"),
        customerEmail: col(users.email, "c_email"),
        customerName: col(users.name, "c_name"),
        customerLocale: col(users.locale, "c_locale"),
        expertName: sql<string>`(select trim(e.name || ' ' || e.last_name) from users e where e.id = ${responds.userId})`.as("e_name"),
      })
      .from(responds)
      .innerJoin(demands, eq(demands.id, responds.demandId))
      .innerJoin(users, eq(users.id, demands.userId))
      .where(eq(responds.id, respondId))
      .limit(1);
    if (!r) return;
    const t = getT((r.customerLocale === "en" ? "en" : "ru") as Lang);
    await ctx.mailer.send(respondMails.newRespond(t, r.customerEmail, { name: r.customerName, demand: r.demandName, expert: r.expertName, url: `${ctx.env.APP_URL}/request-list/${r.demandId}` }));
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "new respond mail failed", respondId, error: String(e) }));
  }
}

/**
 * A new employee's account proved its address (provenAddressStatements, app/domain/auth): the response
 * teams waiting for his invitation name the account, a member like any other (`user`), so the project's
 * customer can rate him. The reads take a member with an account as a user whatever his type says (rows
 * joined before this was so). `inviteId` and `userId` may be SQL subqueries of the batch.
 */
export function joinInvitedRespondMemberStatements(ctx: AppContext, inviteId: number | ReturnType<typeof sql>, userId: number | ReturnType<typeof sql>) {
  return [ctx.db.update(respondMembers).set({ type: "user", userId: userId as number }).where(and(eq(respondMembers.inviteId, inviteId), isNull(respondMembers.userId)))];
}

// ---------------------------------------------------------------------------------------------------
// GET /api/respond: the caller's responses

export type Named = { id: number; name: string };
export type MyRespond = {
  id: number;
  demand_id: number;
  demand_name: string;
  status: (typeof RESPONSE_STATUSES)[number];
  salary: number;
  tax: { id: number; name: string; percent: number } | null;
  /** What the customer sees: salary × (1 + percent / 100), whole rubles (app/domain/demands/money.ts). */
  price: number;
  description: string;
  cases: Named[];
  expertises: Named[];
  options: Named[];
  services: Named[];
  users: { id: number; type: "user" | "invited"; name: string }[];
  companies: Named[];
  files: { id: number; name: string; size: number; filepath: string }[];
  is_invited: boolean;
  is_viewed: boolean;
  viewed_by_customer: string | null;
  reject_reason: string | null;
  responded_at: string | null;
  created_at: string;
};
export type MyResponds = { data: MyRespond[]; current_page: number; last_page: number; total: number };

/**
 * GET /api/respond?page=: the caller's own responses (invitations and declined ones are not responses),
 * newest first, 20 per page, each with the parts of the response payload (spec 3 §3) by name. One read of
 * the page and one batch of its parts, whatever the page holds.
 */
export async function listMyResponds(ctx: AppContext, actor: Actor | null, raw: unknown): Promise<MyResponds> {
  const a = requireActor(actor);
  const { page } = parseRespondInput(respondListQuery, raw);
  const per = RESPOND_LIMITS.perPage;
  // A response to a request its customer deleted leaves the list and its count, as it leaves the projects' lists.
  const mine = and(
    eq(responds.userId, a.user.id),
    notInArray(responds.status, ["invite", "declined"]),
    sql`exists (select 1 from ${demands} d where d.id = ${responds.demandId} and d.deleted_at is null)`,
  );
  const [rows, total] = await ctx.db.batch([
    ctx.db
      .select({
        id: col(responds.id, "r_id"),
        demandId: responds.demandId,
        demandName: expertTerms.name().as("d_name"),
        status: col(responds.status, "r_status"),
        salary: responds.salary,
        taxId: col(taxes.id, "t_id"),
        taxName: col(taxes.name, "t_name"),
        taxNameEn: col(taxes.nameEn, "t_name_en"),
        taxPercent: taxes.percent,
        description: col(responds.description, "r_description"),
        invitedAt: responds.invitedAt,
        viewedAt: responds.viewedAt,
        rejectReason: col(responds.rejectReason, "r_reject_reason"),
        respondedAt: responds.respondedAt,
        createdAt: col(responds.createdAt, "r_created_at"),
      })
      .from(responds)
      .innerJoin(demands, eq(demands.id, responds.demandId))
      // A response names its tax; none is the default one, as the customer reads it (manage.server.ts).
      .leftJoin(taxes, eq(taxes.id, sql`coalesce(${responds.taxId}, ${RESPOND_LIMITS.defaultTaxId})`))
      .where(mine)
      // Newest sent first: an invitation answered today was made earlier, so its row id is older.
      .orderBy(desc(responds.respondedAt), desc(responds.id))
      .limit(per)
      .offset((page - 1) * per),
    ctx.db.select({ n: count() }).from(responds).where(mine),
  ]);
  const parts = await respondParts(ctx, rows.map((r) => r.id));
  const n = total[0]?.n ?? 0;
  return {
    data: rows.map((r) => ({
      id: r.id,
      demand_id: r.demandId,
      demand_name: r.demandName,
      status: r.status as MyRespond["status"],
      salary: r.salary ?? 0,
      tax: r.taxId ? { id: r.taxId, name: localName(ctx, r.taxName!, r.taxNameEn), percent: r.taxPercent ?? 0 } : null,
      price: customerPrice(r.salary ?? 0, r.taxPercent ?? 0),
      description: r.description ?? "",
      ...parts(r.id),
      is_invited: r.invitedAt !== null,
      is_viewed: r.viewedAt !== null,
      viewed_by_customer: r.viewedAt,
      reject_reason: expertRejectReason(r.status, r.rejectReason),
      responded_at: r.respondedAt,
      created_at: r.createdAt,
    })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(n / per)),
    total: n,
  };
}

/** The named parts of some responses, in one batch: a function answering one response's parts. */
export async function respondParts(ctx: AppContext, ids: number[]) {
  const list = ids.length ? ids : [0];
  const [cs, ex, op, sv, mb, co, fl] = await ctx.db.batch([
    ctx.db.select({ rid: respondCases.respondId, id: cases.id, name: cases.name }).from(respondCases).innerJoin(cases, eq(cases.id, respondCases.caseId)).where(inArray(respondCases.respondId, list)).orderBy(cases.id),
    ctx.db.select({ rid: respondExpertises.respondId, id: expertises.id, name: expertises.name, nameEn: expertises.nameEn }).from(respondExpertises).innerJoin(expertises, eq(expertises.id, respondExpertises.expertiseId)).where(inArray(respondExpertises.respondId, list)).orderBy(expertises.id),
    ctx.db.select({ rid: respondOptions.respondId, id: options.id, name: options.name, nameEn: options.nameEn }).from(respondOptions).innerJoin(options, eq(options.id, respondOptions.optionId)).where(inArray(respondOptions.respondId, list)).orderBy(options.id),
    // A deleted service keeps its name on past responses (README: history stays).
    ctx.db.select({ rid: respondServices.respondId, id: services.id, name: services.name }).from(respondServices).innerJoin(services, eq(services.id, respondServices.serviceId)).where(inArray(respondServices.respondId, list)).orderBy(services.id),
    ctx.db
      .select({
        rid: respondMembers.respondId,
        type: respondMembers.type,
        userId: respondMembers.userId,
        inviteId: respondMembers.inviteId,
        userName: sql<string | null>`(select trim(u.name || ' ' || u.last_name) from users u where u.id = ${respondMembers.userId})`.as("m_user_name"),
        inviteName: sql<string | null>`(select trim(i.name || ' ' || i.last_name) from invites i where i.id = ${respondMembers.inviteId})`.as("m_invite_name"),
      })
      .from(respondMembers)
      .where(inArray(respondMembers.respondId, list))
      .orderBy(respondMembers.id),
    ctx.db.select({ rid: respondCompanies.respondId, id: companies.id, name: companies.name }).from(respondCompanies).innerJoin(companies, eq(companies.id, respondCompanies.companyId)).where(inArray(respondCompanies.respondId, list)).orderBy(companies.id),
    ctx.db.select({ rid: respondFiles.respondId, id: files.id, name: files.name, size: files.size }).from(respondFiles).innerJoin(files, eq(files.id, respondFiles.fileId)).where(inArray(respondFiles.respondId, list)).orderBy(files.id),
  ]);
  const named = (l: { rid: number; id: number; name: string; nameEn?: string | null }[], rid: number) => l.filter((x) => x.rid === rid).map((x) => ({ id: x.id, name: "nameEn" in x ? localName(ctx, x.name, x.nameEn ?? null) : x.name }));
  return (rid: number) => ({
    cases: named(cs, rid),
    expertises: named(ex, rid),
    options: named(op, rid),
    services: named(sv, rid),
    users: mb
      .filter((m) => m.rid === rid)
      .map((m) => (m.userId !== null ? { id: m.userId, type: "user" as const, name: m.userName ?? "" } : { id: m.inviteId!, type: "invited" as const, name: m.inviteName ?? "" })),
    companies: named(co, rid),
    files: fl.filter((f) => f.rid === rid).map((f) => ({ id: f.id, name: f.name, size: f.size, filepath: `/api/files/${f.id}` })),
  });
}

/** The expert's own row for a request (the page: invitation, already responded), or null. */
export async function myRowFor(ctx: AppContext, actor: Actor, demandId: number) {
  const [row] = await ctx.db.select({ id: responds.id, status: responds.status, isNew: responds.isNew }).from(responds).where(and(eq(responds.demandId, demandId), eq(responds.userId, actor.user.id))).limit(1);
  return row ?? null;
}

