import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { demands } from "../../../db/schema/demands";
import { serviceTypes } from "../../../db/schema/reference";
import { responds, type RespondStatus } from "../../../db/schema/responds";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { auditIfChangedQuery } from "../admin/decision.server";
import { expertStatus, expertTerms } from "../demands/demands.server";
import { expertBudget } from "../demands/money";
import { isoDay } from "../demands/progress";
import { DomainError, notFound } from "../errors";
import { localName } from "../names";
import { requireActor } from "../policy.server";
import { prepared, read, runRead, type Params, type Read, type RowsOf } from "../reads";
import { setViewFlags as setRecommendationViewFlags } from "../recommendations/recommendations.server";
import { parseInput } from "../validation";
import { freshWhen, lastVisits, seenValues, visitsOfValues, type SeenValues, type Visits } from "../visits/fresh.server";
import { expertRejectReason, setViewFlags as setRespondViewFlags } from "./view-flags.server";
import { API_GROUPS, apiListQuery, PAGE_TABS, pageListQuery, declineSchema, EXPERT_PROJECTS_PER_PAGE, type ExpertProjectItem, type ExpertProjectsPage } from "./expert-projects";

type Groups = Record<string, readonly RespondStatus[]>;

/**
 * The rows an expert sees: his own, of requests that are not deleted; a declined invitation never (README
 * 'reject-respond': it leaves every list), nor an invitation to a request that is in moderation again
 * (an edit sent it back; GET /api/demand/short answers 404 meanwhile).
 */
function visible(userId: number | SQL | Placeholder): SQL {
  return and(
    eq(responds.userId, userId),
    ne(responds.status, "declined"),
    isNull(demands.deletedAt),
    or(ne(responds.status, "invite"), notInArray(demands.status, ["moderation", "rejected"])),
  )!;
}

/**
 * An invitation that is still new: unopened, and its request searching for experts today. One whose search
 * ended (stopped, past its last day, its customer blocked) is no longer news, though it stays in the list,
 * marked finished; its chip would otherwise stay until the expert opened an answer he cannot give.
 */
const unopenedInvite = (today: string | Placeholder) => sql`(${responds.isNew} = 1 and ${expertStatus(today)} = 'searching')`;

/** One page of a group's rows (expertProjectsRead), by the group's statuses. */
const expertPageStatement = (statuses: readonly RespondStatus[]) =>
  prepared((db, p: Params<{ userId: number; today: string; offset: number }>) =>
    db
      .select({
        id: responds.id,
        demandId: responds.demandId,
        status: responds.status,
        isNew: responds.isNew,
        viewedAt: responds.viewedAt,
        // A response's date is when it was sent (an invitation's row becomes the response), as the customer
        // sees it; an invitation's, when it came.
        createdAt: sql<string>`coalesce(${responds.respondedAt}, ${responds.createdAt})`.as("created_at"),
        rejectReason: responds.rejectReason,
        // Aliased: D1's batch answers rows keyed by column name, so a second `id`, `name` or `status` would win.
        demandName: expertTerms.name().as("demand_name"),
        demandBudget: expertTerms.budget().as("demand_budget"),
        demandStatus: sql<string>`${expertStatus(p.today)}`.as("demand_status"),
        typeId: sql<number>`${serviceTypes.id}`.as("type_id"),
        typeName: sql<string>`${serviceTypes.name}`.as("type_name"),
        typeNameEn: sql<string>`${serviceTypes.nameEn}`.as("type_name_en"),
        type: sql<"project" | "consultation">`${serviceTypes.type}`.as("type_type"),
        fee: sql<string>`${serviceTypes.fee}`.as("type_fee"),
        isRoundedUp: sql<number>`${serviceTypes.isRoundedUp}`.as("type_rounded_up"),
        roundBase: sql<number>`${serviceTypes.roundBase}`.as("type_round_base"),
      })
      .from(responds)
      .innerJoin(demands, eq(demands.id, responds.demandId))
      .innerJoin(serviceTypes, eq(serviceTypes.id, expertTerms.serviceTypeId()))
      .where(and(visible(p.userId), inArray(responds.status, [...statuses])))
      // By the date shown: an invitation answered later is a newer response than its row id says.
      .orderBy(desc(sql`coalesce(${responds.respondedAt}, ${responds.createdAt})`), desc(responds.id))
      .limit(EXPERT_PROJECTS_PER_PAGE)
      .offset(p.offset),
  );

/**
 * Every group's total (`g<i>`, in the groups' order) and, `withSignals`, its signal count (`n<i>`): the
 * unopened invitations, and in the other groups the items that changed after the expert last looked at the
 * group (all of them before a first look; the visit times are values, `seen_<group>`).
 */
const expertCountsStatement = (groups: Groups, withSignals: boolean) =>
  prepared((db, p: Params<{ userId: number; today: string } & SeenValues>) => {
    const names = Object.keys(groups);
    const since = visitsOfValues(p);
    return (
      db
        // Aliased: unnamed, two groups' sums of the same shape would share one column name in D1's batch rows.
        .select(
          Object.fromEntries([
            ...names.map((g, i) => [`g${i}`, sql<number>`sum(case when ${inArray(responds.status, [...groups[g]!])} then 1 else 0 end)`.as(`g${i}`)] as const),
            // The signal chips (spec 1 §4, app/domain/visits/badges.ts).
            ...(withSignals
              ? names.map((g, i) => {
                  const fresh = freshWhen(g, since, { unviewed: unopenedInvite(p.today), changedAt: responds.updatedAt });
                  return [`n${i}`, sql<number>`sum(case when ${inArray(responds.status, [...groups[g]!])} and ${fresh} then 1 else 0 end)`.as(`n${i}`)] as const;
                })
              : []),
          ]),
        )
        .from(responds)
        .innerJoin(demands, eq(demands.id, responds.demandId))
        .where(visible(p.userId))
    );
  });

/** The statements of one set of groups (the API's or the page's tabs), built once per isolate (decision 0041). */
const expertStatements = new WeakMap<Groups, { page: Record<string, ReturnType<typeof expertPageStatement>>; counts: ReturnType<typeof expertCountsStatement>; withSignals: ReturnType<typeof expertCountsStatement> }>();
function expertStatementsOf(groups: Groups) {
  let s = expertStatements.get(groups);
  if (!s) {
    s = {
      page: Object.fromEntries(Object.entries(groups).map(([g, statuses]) => [g, expertPageStatement(statuses)])),
      counts: expertCountsStatement(groups, false),
      withSignals: expertCountsStatement(groups, true),
    };
    expertStatements.set(groups, s);
  }
  return s;
}

/**
 * The expert's groups, one page each (`paged` pages one group, the others show their first page), and
 * every group's total: one D1 batch of a page query per group and one count, whatever the data
 * (decision 0031). Newest first, through responds(user_id, status, id).
 */
export function expertProjectsRead<G extends Groups>(
  ctx: AppContext,
  userId: number,
  groups: G,
  paged: { group?: keyof G & string; page: number },
  since?: Record<string, string | null>,
): Read<Record<keyof G, ExpertProjectsPage & { fresh: number }>> {
  const today = isoDay(ctx.now());
  const per = EXPERT_PROJECTS_PER_PAGE;
  const names = Object.keys(groups) as (keyof G & string)[];
  const pageOf = (g: string) => (paged.group === g ? paged.page : 1);
  const statements = expertStatementsOf(groups);
  const pageQuery = (g: keyof G & string) => statements.page[g]!({ userId, today, offset: (pageOf(g) - 1) * per });
  const counts = since ? statements.withSignals({ userId, today, ...seenValues(since) }) : statements.counts({ userId, today, ...seenValues({}) });
  const queries = [...names.map(pageQuery), counts] as const;
  return read(queries as unknown as [ReturnType<typeof pageQuery>, typeof counts], (rows) => {
    const all = rows as unknown as RowsOf<ReturnType<typeof pageQuery>>[];
    const totals = (rows[rows.length - 1] as Record<string, number | null>[])[0] ?? {};
    const out = {} as Record<keyof G, ExpertProjectsPage & { fresh: number }>;
    names.forEach((g, i) => {
      const total = Number(totals[`g${i}`] ?? 0);
      out[g] = {
        data: all[i]!.map(
          (r): ExpertProjectItem => ({
            id: r.id,
            demand_id: r.demandId,
            demand_name: r.demandName,
            demand_service_type: { id: r.typeId, name: localName(ctx, r.typeName, r.typeNameEn), type: r.type },
            demand_budget: expertBudget(r.demandBudget, { fee: r.fee, isRoundedUp: !!r.isRoundedUp, roundBase: r.roundBase }),
            demand_is_finished: r.demandStatus !== "searching",
            status: r.status as ExpertProjectItem["status"],
            is_viewed: !r.isNew,
            viewed_by_customer: r.viewedAt,
            created_at: r.createdAt,
            reject_reason: expertRejectReason(r.status, r.rejectReason),
          }),
        ),
        current_page: pageOf(g),
        last_page: Math.max(1, Math.ceil(total / per)),
        total,
        fresh: Number(totals[`n${i}`] ?? 0),
      };
    });
    return out;
  });
}

/**
 * Whether the expert has anything new in any tab of /projects/response (spec 1 §4: the menus' 'new' chip
 * in the expert mode): the tabs' signal rule, one statement that stops at the first such item.
 */
export function expertHasNewRead(ctx: AppContext, userId: number | SQL, visits: Visits): Read<boolean> {
  return read([expertHasNewQuery(ctx.db, userId, visits, isoDay(ctx.now()))] as const, ([rows]) => rows.length > 0);
}

/** expertHasNewRead's statement: a row when something is new. */
export function expertHasNewQuery(db: Db, userId: number | SQL, visits: Visits, today: string | Placeholder) {
  const anyFresh = or(
    ...Object.entries(PAGE_TABS).map(([g, statuses]) => and(inArray(responds.status, [...statuses]), freshWhen(g, visits, { unviewed: unopenedInvite(today), changedAt: responds.updatedAt }))),
  );
  return db
    .select({ id: responds.id })
    .from(responds)
    .innerJoin(demands, eq(demands.id, responds.demandId))
    .where(and(visible(userId), anyFresh))
    .limit(1);
}

/**
 * GET /api/demands-services: the caller's items by group `{request, sent, moderation, active, completed,
 * rejected}`, each `{data, current_page, last_page, total}` with 3 per page; `?group=&page=` pages one group.
 */
export async function listExpertProjects(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const q = parseInput(apiListQuery, raw);
  const groups = await runRead(ctx, expertProjectsRead(ctx, a.user.id, API_GROUPS, q));
  // The API answers the spec's item pages only; the signal counts are the page's.
  return Object.fromEntries(Object.entries(groups).map(([g, { fresh: _fresh, ...page }]) => [g, page])) as Record<keyof typeof API_GROUPS, ExpertProjectsPage>;
}

/**
 * POST /api/reject-respond {demand_id}: the expert declines his invitation ('Не интересно' → 'Удалить').
 * invite → declined by a conditional UPDATE with its audit row in the same batch, written only when the
 * row changed. The row stays, so matching never invites him to that request again. 404 when the caller
 * has no row for the request; 422 when his row is no invitation any more (he responded or declined).
 */
export async function declineInvitation(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const { demand_id } = parseInput(declineSchema, raw);
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(responds)
      .set({ status: "declined", isNew: false, updatedAt: now })
      .where(and(eq(responds.demandId, demand_id), eq(responds.userId, a.user.id), eq(responds.status, "invite")))
      .returning({ id: responds.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "respond.decline", targetType: "demand", targetId: demand_id }),
  ]);
  if (rows.length) return { demand_id, status: "declined" as const };
  const [row] = await ctx.db.select({ id: responds.id }).from(responds).where(and(eq(responds.demandId, demand_id), eq(responds.userId, a.user.id))).limit(1);
  if (!row) throw notFound();
  throw new DomainError("validation", "expertProjects.not_invitation", { fields: { demand_id: ["expertProjects.not_invitation"] } });
}

/**
 * POST /api/view-flags: one call for every "seen" mark the spec names. `respond` and `invite` are the
 * responses' marks (view-flags.server.ts); any other model goes to the recommendations' marks (document 2,
 * `recommendation`), which also answer an unknown model with their 422.
 */
export async function setAnyViewFlags(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const model = raw && typeof raw === "object" ? (raw as { model?: unknown }).model : undefined;
  // Awaited: a returned rejected promise is reported by workerd as unhandled (common.md).
  if (model === "respond" || model === "invite") return await setRespondViewFlags(ctx, a, raw);
  return await setRecommendationViewFlags(ctx, a, raw);
}

/**
 * /projects/response: the page's tabs (sent and moderation merged), one page each, with their signal
 * counts, in one D1 round trip (the visit record comes with the session). A hand-made bad query shows the
 * first pages.
 */
export async function expertProjectsPage(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const a = requireActor(actor);
  const parsed = pageListQuery.safeParse(raw);
  const q = parsed.success ? parsed.data : { page: 1 };
  return await runRead(ctx, expertProjectsRead(ctx, a.user.id, PAGE_TABS, q, lastVisits(a, "executor")));
}
