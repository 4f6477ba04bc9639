import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { demands } from "../../../db/schema/demands";
import { serviceTypes } from "../../../db/schema/reference";
import { users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import type { QueuePageOptions } from "../admin/queue";
import { titleOrUserContains } from "../admin/queue-filter.server";

/**
 * One page of an operator queue of requests (the `demands` queue of requests in moderation and the
 * `payments` queue of contract requests): the request with its customer and its service type, filtered by
 * the request's name or the customer's name or e-mail, sorted by the name or by the time it has waited since (`since`), oldest first unless
 * asked otherwise; and the total. ONE batch whatever the size of the queue. `extra` adds a queue's own
 * aliased columns (the payments queue's response count).
 */
export async function requestQueuePage<E extends Record<string, SQL.Aliased>>(ctx: AppContext, opts: QueuePageOptions, q: { waiting: SQL | undefined; since: SQLiteColumn; extra?: E }) {
  const filter = opts.filter?.trim().slice(0, 100);
  const where = filter ? and(q.waiting, titleOrUserContains(demands.name, filter)) : q.waiting;
  const order = opts.sort === "title" ? demands.name : q.since;
  const [rows, total] = await ctx.db.batch([
    ctx.db
      .select({
        id: demands.id,
        name: demands.name,
        description: demands.description,
        budget: demands.budget,
        expertType: demands.expertType,
        executionPeriod: demands.executionPeriod,
        createdAt: demands.createdAt,
        updatedAt: demands.updatedAt,
        paymentRequestedAt: demands.paymentRequestedAt,
        userId: demands.userId,
        // Aliased: D1's batch answers rows keyed by column name, so a second `name` would win.
        userName: sql<string>`${users.name}`.as("user_name"),
        userLastName: sql<string>`${users.lastName}`.as("user_last_name"),
        userEmail: sql<string>`${users.email}`.as("user_email"),
        userPhone: sql<string | null>`${users.phone}`.as("user_phone"),
        typeName: sql<string>`${serviceTypes.name}`.as("type_name"),
        typeNameEn: sql<string>`${serviceTypes.nameEn}`.as("type_name_en"),
        ...((q.extra ?? {}) as E),
      })
      .from(demands)
      .innerJoin(users, eq(users.id, demands.userId))
      .innerJoin(serviceTypes, eq(serviceTypes.id, demands.serviceTypeId))
      .where(where)
      .orderBy(opts.dir === "desc" ? desc(order) : asc(order), asc(demands.id))
      .limit(opts.perPage)
      .offset((Math.max(1, opts.page) - 1) * opts.perPage),
    filter ? ctx.db.select({ n: count() }).from(demands).innerJoin(users, eq(users.id, demands.userId)).where(where) : ctx.db.select({ n: count() }).from(demands).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
