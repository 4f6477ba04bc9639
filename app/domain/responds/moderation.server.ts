import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { demands } from "../../../db/schema/demands";
import { respondFiles, responds } from "../../../db/schema/responds";
import { files } from "../../../db/schema/platform";
import { users } from "../../../db/schema/users";
import type { Lang } from "~/i18n";
import type { AppContext } from "~/server/context.server";
import { respondMails } from "~/server/mail/responds.server";
import type { Actor } from "~/server/session.server";
import { getT } from "~/server/texts.server";
import { alreadyDecided, auditIfChangedQuery, authorBlocked, rejectionReason } from "../admin/decision.server";
import { isBlocked } from "../blocked.server";
import { queueFiles, type ModerationQueue, type QueueDecision, type QueueItem, type QueuePageOptions } from "../admin/queue";
import { titleOrUserContains } from "../admin/queue-filter.server";
import { DomainError, notFound, validationError } from "../errors";
import { requireOperator } from "../policy.server";
import { isoDay } from "../demands/progress";
import { col } from "../reads";
import { notifyCustomerOfRespond } from "./respond.server";
import { searchingToday } from "../demands/searching.server";
import { expertTerms } from "../demands/demands.server";

// A response to a request its customer deleted waits for nothing: every list drops that request.
const waiting = and(eq(responds.status, "moderation"), sql`exists (select 1 from demands live where live.id = ${responds.demandId} and live.deleted_at is null)`);

/**
 * The operators' `responds` queue (README "Responses", "The operator's calls"; contract app/domain/admin/
 * queue.ts): responses waiting in `moderation` while the operators moderate responses. Approval makes the
 * response `sent`, which is when the customer sees it and gets his e-mail; a rejection needs a reason:
 * `rejected` with it, and the expert's e-mail.
 */
export const respondsQueue: ModerationQueue = {
  name: "responds",
  summarySql: sql`select count(*) as count, min(r.responded_at) as oldest from responds r join demands d on d.id = r.demand_id and d.deleted_at is null where r.status = 'moderation'`,

  async list(ctx: AppContext, opts: QueuePageOptions) {
    const filter = opts.filter?.trim().slice(0, 100);
    // The request's name, or the expert's name or e-mail.
    const where = filter ? and(waiting, titleOrUserContains(demands.name, filter)) : waiting;
    const order = opts.sort === "title" ? demands.name : responds.respondedAt;
    const [rows, total] = await ctx.db.batch([
      ctx.db
        .select({
          id: col(responds.id, "r_id"),
          demandName: col(demands.name, "d_name"),
          demandId: responds.demandId,
          userId: col(responds.userId, "r_user_id"),
          userName: col(users.name, "u_name"),
          userLastName: col(users.lastName, "u_last_name"),
          email: col(users.email, "u_email"),
          salary: responds.salary,
          description: col(responds.description, "r_description"),
          respondedAt: responds.respondedAt,
        })
        .from(responds)
        .innerJoin(demands, eq(demands.id, responds.demandId))
        .innerJoin(users, eq(users.id, responds.userId))
        .where(where)
        .orderBy(opts.dir === "desc" ? desc(order) : asc(order), asc(responds.id))
        .limit(opts.perPage)
        .offset((Math.max(1, opts.page) - 1) * opts.perPage),
      filter
        ? ctx.db.select({ n: count() }).from(responds).innerJoin(demands, eq(demands.id, responds.demandId)).innerJoin(users, eq(users.id, responds.userId)).where(where)
        : ctx.db.select({ n: count() }).from(responds).innerJoin(demands, eq(demands.id, responds.demandId)).where(where),
    ]);
    const fileRows = rows.length
      ? await ctx.db.select({ ownerId: respondFiles.respondId, id: files.id, name: files.name }).from(respondFiles).innerJoin(files, eq(files.id, respondFiles.fileId)).where(inArray(respondFiles.respondId, rows.map((r) => r.id))).orderBy(files.id)
      : [];
    const items: QueueItem[] = rows.map((r) => ({
      id: r.id,
      title: r.demandName,
      userId: r.userId,
      userName: `${r.userName} ${r.userLastName}`.trim(),
      createdAt: r.respondedAt ?? "",
      details: { demand_id: r.demandId, salary: r.salary, email: r.email, description: r.description },
      files: queueFiles(fileRows, r.id),
    }));
    return { items, total: total[0]?.n ?? 0 };
  },

  async decide(ctx: AppContext, operator: Actor, id: number, decision: QueueDecision) {
    await decideRespond(ctx, operator, id, decision);
  },
};

/**
 * Approve or reject one waiting response: a conditional UPDATE on `moderation` with the audit row in the same
 * batch, written only when the UPDATE changed the row (a second decision: 409, no audit row), then the mail.
 */
export async function decideRespond(ctx: AppContext, operator: Actor | null, id: number, decision: QueueDecision) {
  const op = requireOperator(operator);
  if (decision.decision !== "approve" && decision.decision !== "reject") throw validationError({ decision: ["validation.invalid"] });
  const reason = decision.decision === "reject" ? rejectionReason(decision.reason) : null;
  const now = ctx.now().toISOString();
  const approve = decision.decision === "approve";
  // A response reaches the customer only while his request searches, as when it is sent (respondability):
  // approved after the project started, the search ended or the request was deleted, it would land among
  // the chosen project's responses (and, on a paid request, show its expert's contacts).
  const searching = sql`exists (select 1 from ${demands} d where d.id = ${responds.demandId} and ${searchingToday(isoDay(ctx.now()))})`;
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(responds)
      .set(approve ? { status: "sent", updatedAt: now } : { status: "rejected", rejectReason: reason, updatedAt: now })
      // Nor is a blocked expert's response approved (decision 0051): the customer would not see it.
      .where(approve ? and(eq(responds.id, id), waiting, searching, sql`not ${isBlocked(responds.userId)}`) : and(eq(responds.id, id), waiting))
      .returning({ id: responds.id, demandId: responds.demandId, userId: responds.userId }),
    auditIfChangedQuery(ctx, { actorUserId: op.user.id, action: `respond.${decision.decision}`, targetType: "respond", targetId: id, meta: reason ? { reason } : undefined }),
  ]);
  const row = rows[0];
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: responds.id, status: responds.status, blocked: sql<number>`${isBlocked(responds.userId)}`.as("blocked") })
      .from(responds)
      .where(eq(responds.id, id))
      .limit(1);
    // An invitation or a declined one was never in the queue.
    if (!exists || exists.status === "invite" || exists.status === "declined") throw notFound();
    if (exists.status === "moderation") throw exists.blocked ? authorBlocked() : new DomainError("conflict", "admin.respond_search_over");
    throw alreadyDecided();
  }
  if (approve) await notifyCustomerOfRespond(ctx, id);
  else await mailRejection(ctx, row, reason!);
}

/** The expert's e-mail with the reason, in his language; the decision stands if the mail fails. */
async function mailRejection(ctx: AppContext, r: { demandId: number; userId: number }, reason: string) {
  try {
    const [x] = await ctx.db
      // The request's name as experts read it: as last approved (decision 0068), not an edit in moderation.
      .select({ email: users.email, name: users.name, locale: users.locale, demand: expertTerms.name().as("d_name") })
      .from(users)
      .innerJoin(demands, eq(demands.id, r.demandId))
      .where(eq(users.id, r.userId))
      .limit(1);
    if (!x) return;
    const t = getT((x.locale === "en" ? "en" : "ru") as Lang);
    await ctx.mailer.send(respondMails.rejected(t, x.email, { name: x.name, demand: x.demand, reason, url: `${ctx.env.APP_URL}/projects/response#rejected` }));
  } catch (e) {
    console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "respond rejection mail failed", error: String(e) }));
  }
}
