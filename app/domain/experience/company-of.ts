import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * A person's current place of work, else the latest he left: the company a request's customer block and a
 * response show as `user_company` (spec 3 §3). One subquery on the person's id, for a select.
 */
export const currentOrLatestCompany = (userId: SQL | AnyColumn) =>
  sql<string | null>`(select c.name from works w join companies c on c.id = w.company_id where w.user_id = ${userId}
    order by (w.work_finish is null) desc, w.work_start desc, w.id desc limit 1)`;
