import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import type { Actor } from "~/server/session.server";
import { demandsQueue } from "../demands/moderation.server";
import { decideCouncilApplication } from "../profile/council.server";
import { paymentsQueue } from "../projects/payments.server";
import { servicesQueue } from "../services/moderation.server";
import { respondsQueue } from "../responds/moderation.server";
import { requireOperator } from "../policy.server";
import { DomainError, fieldError, validationError } from "../errors";
import { LIMITS } from "../limits";
import { parseInput } from "../validation";
import { sqlBatch } from "./decision.server";
import { QUEUE_NAMES, type ModerationQueue, type QueueItem, type QueueName } from "./queue";
import { referenceQueues } from "./reference-queues.server";
import { decisionSchema, queueListQuery } from "./schema";

/** Expert council applications (spec 2 §3–4): the list is paged here, the decision is the council's own. */
const councilQueue: ModerationQueue = {
  name: "council",
  summarySql: sql`select count(*) as count, min(created_at) as oldest from council_applications where status = 'moderation'`,
  async list(ctx, o) {
    const from = sql`from council_applications ca join users u on u.id = ca.user_id join industries i on i.id = ca.industry_id join options o on o.id = ca.option_id`;
    const f = o.filter?.trim();
    const where = f
      ? sql`where ca.status = 'moderation' and (${likeContains(sql`u.email`, f)} or ${likeContains(sql`u.name`, f)} or ${likeContains(sql`u.last_name`, f)} or ${likeContains(sql`i.name`, f)} or ${likeContains(sql`o.name`, f)})`
      : sql`where ca.status = 'moderation'`;
    const dir = o.dir === "desc" ? "desc" : "asc";
    const order = sql.raw(o.sort === "title" ? `i.name ${dir}, o.name ${dir}, ca.id ${dir}` : `ca.created_at ${dir}, ca.id ${dir}`);
    type Row = { id: number; industry: string; option: string; user_id: number; user_name: string; email: string; created_at: string };
    const [rows, [total]] = (await sqlBatch(ctx, [
      sql`select ca.id, i.name as industry, o.name as option, u.id as user_id, trim(u.name || ' ' || u.last_name) as user_name, u.email, ca.created_at
          ${from} ${where} order by ${order} limit ${o.perPage} offset ${(o.page - 1) * o.perPage}`,
      sql`select count(*) as n ${from} ${where}`,
    ])) as [Row[], { n: number }[]];
    const items: QueueItem[] = rows.map((r) => ({
      id: r.id,
      title: `${r.industry} — ${r.option}`,
      userId: r.user_id,
      userName: r.user_name,
      createdAt: r.created_at,
      details: { email: r.email, industry: r.industry, option: r.option },
    }));
    return { items, total: Number(total?.n ?? 0) };
  },
  async decide(ctx, operator, id, d) {
    if (d.decision === "merge") throw fieldError("decision", "admin.merge_unsupported");
    await decideCouncilApplication(ctx, operator, id, d.decision === "approve" ? "active" : "rejected", d.reason);
  },
};

/**
 * The queues that exist, by name. A queue of the contract not listed here (demands, responds, services,
 * payments until their areas land) shows 0 on the dashboard and an empty list: registering it is one line.
 */
export const QUEUES: Partial<Record<QueueName, ModerationQueue>> = {
  ...Object.fromEntries(referenceQueues.map((q) => [q.name, q])),
  council: councilQueue,
  demands: demandsQueue,
  services: servicesQueue,
  responds: respondsQueue,
  payments: paymentsQueue,
};

/**
 * `a union all b union all …` for any number of selects in one statement. D1 refuses a compound SELECT of
 * more than 5 terms ("too many terms in compound SELECT"), so the terms go in groups of 4, each group a
 * subquery of its own compound, and the groups are joined the same way.
 */
export function unionAll(parts: SQL[]): SQL {
  if (parts.length <= 4) return sql.join(parts, sql` union all `);
  const groups: SQL[] = [];
  for (let i = 0; i < parts.length; i += 4) groups.push(sql`select * from (${sql.join(parts.slice(i, i + 4), sql` union all `)})`);
  return unionAll(groups);
}

export type QueueSummary = { name: QueueName; count: number; oldest: string | null; ageSeconds: number | null; ready: boolean };

/**
 * GET /api/admin/queues: every queue of the contract with its count and the age of its oldest item, in
 * ONE D1 query (the registered queues' summaries joined by UNION ALL).
 */
export async function queueSummaries(ctx: AppContext, actor: Actor | null | undefined): Promise<QueueSummary[]> {
  requireOperator(actor);
  const present = QUEUE_NAMES.filter((n) => QUEUES[n]);
  const parts = present.map((n) => sql`select ${n} as name, s.count, s.oldest from (${QUEUES[n]!.summarySql}) s`);
  const rows = parts.length ? await ctx.db.all<{ name: QueueName; count: number; oldest: string | null }>(unionAll(parts)) : [];
  const now = ctx.now().getTime();
  return QUEUE_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    const oldest = row?.oldest ?? null;
    return {
      name,
      count: Number(row?.count ?? 0),
      oldest,
      ageSeconds: oldest ? Math.max(0, Math.floor((now - Date.parse(oldest)) / 1000)) : null,
      ready: !!QUEUES[name],
    };
  });
}

function queueOf(raw: unknown): { name: QueueName; queue: ModerationQueue | undefined } {
  if (typeof raw !== "string" || !(QUEUE_NAMES as readonly string[]).includes(raw)) throw new DomainError("not_found", "admin.queue_unknown");
  return { name: raw as QueueName, queue: QUEUES[raw as QueueName] };
}

/** GET /api/admin/queues/{queue}?page=&sort=&dir=&filter=: one page of a queue, paged, sorted and filtered in SQL. */
export async function queuePage(ctx: AppContext, actor: Actor | null | undefined, rawName: unknown, rawQuery: unknown) {
  requireOperator(actor);
  const { name, queue } = queueOf(rawName);
  const q = parseInput(queueListQuery, rawQuery ?? {});
  const perPage = LIMITS.queuePage;
  const opts = { page: q.page, perPage, sort: q.sort, dir: q.dir, filter: q.filter };
  const { items, total } = queue ? await queue.list(ctx, opts) : { items: [], total: 0 };
  return { queue: name, ready: !!queue, decidable: !!queue?.decide, items, total, page: q.page, per_page: perPage, pages: Math.max(1, Math.ceil(total / perPage)), sort: q.sort, dir: q.dir, filter: q.filter ?? "" };
}

export type DecisionResult = { id: number; status: "decided" | "already_decided" | "not_found" | "invalid"; message?: string };

/**
 * POST /api/admin/moderation: one decision ({kind, id, …}), or the same decision on several items
 * ({kind, ids: […], …}, at most LIMITS.bulkDecisions). One item answers its own error (409 when another
 * operator was first); a bulk decision decides each item on its own and reports each item's outcome, so
 * one already decided item does not undo the others.
 */
export async function decide(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(decisionSchema, raw);
  const { queue } = queueOf(input.kind);
  if (!queue?.decide) throw fieldError("kind", "admin.no_decision");
  const decision = { decision: input.decision, reason: input.reason ?? null, mergeIntoId: input.merge_into_id ?? null };
  if (input.id !== undefined) {
    await queue.decide(ctx, operator, input.id, { ...decision, version: input.version ?? null });
    return { message: ctx.t("admin.decided"), results: [{ id: input.id, status: "decided" }] as DecisionResult[] };
  }
  const ids = [...new Set(input.ids ?? [])];
  if (!ids.length) throw validationError({ id: ["validation.invalid"] });
  const results: DecisionResult[] = [];
  // One after another: each is its own conditional batch and e-mail; the operator's list is short (≤ 100).
  for (const id of ids) {
    try {
      await queue.decide(ctx, operator, id, { ...decision, version: input.versions?.[String(id)] ?? null });
      results.push({ id, status: "decided" });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // A reason missing or a bad merge target is the same for every item: the whole call is refused.
      if (e.kind === "validation") throw e;
      // Another operator was first; any other refusal (a response whose request no longer searches) is the item's own.
      const status = e.code === "admin.already_decided" ? "already_decided" : e.kind === "not_found" ? "not_found" : "invalid";
      results.push({ id, status, message: ctx.t(e.code) });
    }
  }
  const done = results.filter((r) => r.status === "decided").length;
  return { message: ctx.t("admin.decided_many", { count: done }), results };
}

