import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * A person's current place of work, else the latest he left: the company a request's customer block, a
 * response, a service's team and a project's team show (spec 3 §3 `user_company`). Null while that
 * company is still proposed: its name reaches others once an operator approves it (decision 0014), and an
 * older employer would pass for the current one. One subquery on the person's id, for a select.
 */
export const currentOrLatestCompany = (userId: SQL | AnyColumn) =>
  sql<string | null>`(select case when c.status = 'active' then c.name end from works w join companies c on c.id = w.company_id where w.user_id = ${userId}
    order by (w.work_finish is null) desc, w.work_start desc, w.id desc limit 1)`;
