import { DEMAND_LIMITS } from "../limits";

/**
 * Dates of a request's search (spec 3 §4 Request), pure so the pages and the unit tests share them.
 * `search_finish` is the search's last day (ISO date, inclusive): a request is still searching on that
 * day and reads as expired from the next one.
 */

const DAY = 86_400_000;

/** Today's date in UTC, yyyy-mm-dd: the day every expiry rule compares against. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** yyyy-mm-dd plus n days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  return isoDay(new Date(d.getTime() + days * DAY));
}

/** Whether a searching request's period is over (its last day is before today). */
export const searchPassed = (searchFinish: string | null, now: Date) => !!searchFinish && searchFinish < isoDay(now);

/**
 * `is_expired` (spec 3: a stopped request 'labelled Срок поиска истёк for expired ones'): its search period
 * ran out, as against a search the customer paused (`search_expired` too, with days still left), which the
 * pages call 'Поиск приостановлен'.
 */
export const searchExpired = (status: string, searchFinish: string | null, now: Date) => status === "search_expired" && (!searchFinish || searchPassed(searchFinish, now));

/**
 * Days to the end: the days from today to `search_finish` plus 1; 14 when the date is missing (spec 3 §4).
 * Counted between dates (today's as `searchPassed` reads it), not from this moment: from this moment the
 * rounding turned the last day into 0 days left from its noon on.
 */
export function daysToEnd(searchFinish: string | null, now: Date): number {
  if (!searchFinish) return DEMAND_LIMITS.searchDays;
  const finish = new Date(`${searchFinish}T00:00:00.000Z`).getTime();
  const today = new Date(`${isoDay(now)}T00:00:00.000Z`).getTime();
  return Math.max(0, Math.round((finish - today) / DAY) + 1);
}

/**
 * The progress bar's width in percent: active 100, moderation 0, otherwise the elapsed share of the
 * search period (from its start to the end of its last day); the default period when dates are missing.
 */
export function searchProgress(status: string, searchStartedAt: string | null, searchFinish: string | null, now: Date): number {
  if (status === "active" || status === "completed") return 100;
  if (status === "moderation" || status === "rejected") return 0;
  // A search stopped with days left shows how much of its period has passed, as a running one does
  // (spec 3 §4: "otherwise the elapsed share"); one whose period ran out is at 100 by the same sum.
  const end = searchFinish ? new Date(`${searchFinish}T00:00:00.000Z`).getTime() + DAY : null;
  const start = searchStartedAt ? new Date(searchStartedAt).getTime() : end !== null ? end - DEMAND_LIMITS.searchDays * DAY : null;
  if (start === null || end === null || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) return 0;
  const share = ((now.getTime() - start) / (end - start)) * 100;
  return Math.min(100, Math.max(0, Math.round(share)));
}
