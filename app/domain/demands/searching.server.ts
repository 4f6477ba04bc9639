import { sql, type SQL } from "drizzle-orm";
import { isBlocked } from "../blocked.server";

/**
 * SQL over a request named `d`: it is searching today. Not deleted, `searching`, its last day
 * (`search_finish`, inclusive) not past (app/domain/demands/progress.ts), and its customer not blocked
 * (decision 0051). Experts see and answer a request only then, it invites only then, and a waiting response
 * is approved only then. `expertStatus` (demands.server.ts) is the same rule as a status.
 */
export const searchingToday = (today: string): SQL =>
  sql`d.deleted_at is null and d.status = 'searching' and (d.search_finish is null or d.search_finish >= ${today}) and not ${isBlocked(sql.raw("d.user_id"))}`;
