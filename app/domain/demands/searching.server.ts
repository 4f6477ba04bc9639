import { sql, type SQL } from "drizzle-orm";

/**
 * SQL over a request named `d`: it is searching today. Not deleted, `searching`, and its last day
 * (`search_finish`, inclusive) not past (app/domain/demands/progress.ts). Experts see and answer a request
 * only then, it invites only then, and a waiting response is approved only then.
 */
export const searchingToday = (today: string): SQL =>
  sql`d.deleted_at is null and d.status = 'searching' and (d.search_finish is null or d.search_finish >= ${today})`;
