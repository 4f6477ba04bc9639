import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema/platform";
import { DomainError } from "~/domain/errors";
import type { AppContext } from "./context.server";

/** Limits per action (ARCHITECTURE: counted in D1 per IP and per e-mail). window in seconds. */
export const RATE_LIMITS = {
  login_ip: { limit: 30, window: 600 },
  login_email: { limit: 10, window: 900 },
  register_ip: { limit: 10, window: 3600 },
  forgot_ip: { limit: 10, window: 3600 },
  forgot_email: { limit: 3, window: 900 },
  reset_ip: { limit: 20, window: 3600 },
  verify_resend_user: { limit: 3, window: 600 },
  verify_ip: { limit: 30, window: 3600 },
  contact_ip: { limit: 5, window: 3600 },
  social_ip: { limit: 30, window: 600 },
  options_user: { limit: 20, window: 3600 },
  impersonate_ip: { limit: 20, window: 600 },
  // Invitations (spec 2): mail to strangers, so per inviter and per invited address; the e-mail check names accounts.
  invite_user: { limit: 10, window: 3600 },
  invite_email: { limit: 3, window: 86400 },
  invite_check_user: { limit: 60, window: 600 },
  // Auth hardening (issue 10): reset codes tried per address, whichever IPs they come from.
  reset_email: { limit: 10, window: 900 },
  // The current password checked for an e-mail change, per account (a stolen session guessing it).
  email_change_user: { limit: 5, window: 900 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Counts one hit in a fixed window and refuses with 429 past the limit. One statement:
 * the upsert returns the new count, so concurrent requests cannot both slip under the limit.
 */
export async function hit(ctx: AppContext, name: RateLimitName, subject: string | number) {
  const { limit, window } = RATE_LIMITS[name];
  const nowSec = Math.floor(ctx.now().getTime() / 1000);
  const windowStart = nowSec - (nowSec % window);
  const key = `${name}:${String(subject).toLowerCase()}:${windowStart}`;
  const expiresAt = windowStart + window;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit) {
    const retryAfter = Math.max(1, expiresAt - nowSec);
    throw new DomainError("rate_limited", "errors.rate_limited", { retryAfter, params: { count: Math.ceil(retryAfter / 60) } });
  }
  // Old windows are swept now and then, off the request's path.
  if (Math.random() < 0.01) ctx.waitUntil(ctx.db.delete(rateLimits).where(sql`${rateLimits.expiresAt} < ${nowSec}`).run());
}
