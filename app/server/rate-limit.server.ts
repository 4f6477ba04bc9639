import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema/platform";
import { DomainError } from "~/domain/errors";
import type { AppContext } from "./context.server";

/** Limits per action (ARCHITECTURE: counted in D1 per IP and per e-mail). window in seconds. */
export const RATE_LIMITS = {
  login_ip: { limit: 30, window: 600 },
  // Failed sign-ins only (a success counts nowhere), so that nobody else can lock an account out: per account
  // and network (the guesser's own), and per account from everywhere, a backstop against guessing spread
  // over many networks, high enough that a lockout needs many networks too (session 26).
  login_email_net: { limit: 10, window: 900 },
  login_email: { limit: 100, window: 900 },
  register_ip: { limit: 10, window: 3600 },
  forgot_ip: { limit: 10, window: 3600 },
  forgot_email: { limit: 3, window: 900 },
  reset_ip: { limit: 20, window: 3600 },
  verify_resend_user: { limit: 3, window: 600 },
  // Per recipient too: an account holding someone else's address would otherwise mail it 400 times a day.
  verify_resend_email: { limit: 10, window: 86400 },
  verify_ip: { limit: 30, window: 3600 },
  contact_ip: { limit: 5, window: 3600 },
  social_ip: { limit: 30, window: 600 },
  options_user: { limit: 20, window: 3600 },
  impersonate_ip: { limit: 20, window: 600 },
  // Invitations (spec 2): mail to strangers, so per inviter and per invited address; the e-mail check names accounts.
  // At least a response's whole team (RESPOND_LIMITS.teamMax = 20): one response may bring in 20 new employees.
  invite_user: { limit: 20, window: 3600 },
  invite_email: { limit: 3, window: 86400 },
  invite_check_user: { limit: 60, window: 600 },
  // Auth hardening (issue 10): reset codes tried per address, whichever IPs they come from.
  reset_email: { limit: 10, window: 900 },
  // Issue 10, missing limits: mail sent on a user's behalf counts per e-mail sent (a call that asks 10
  // people is 10), per sender and per recipient; lookups that tell whether an address has an account;
  // old-password guesses; guests' event writes; the verification mail to a newly typed address.
  recommend_user: { limit: 20, window: 3600 },
  recommend_email: { limit: 5, window: 86400 },
  user_search_user: { limit: 120, window: 600 },
  user_search_ip: { limit: 300, window: 600 },
  user_search_email_user: { limit: 30, window: 3600 },
  password_change_user: { limit: 5, window: 900 },
  client_event_ip: { limit: 60, window: 600 },
  // An e-mail change: the current password checked and a verification mail sent, per account.
  email_change_user: { limit: 5, window: 3600 },
  // New reference entries a user proposes (companies, competences, institutions, functions from the
  // profile): each one lands in the operators' moderation queue, so each one counts.
  proposals_user: { limit: 30, window: 3600 },
  // Requests (issue 13): each new or edited request goes to the operators' moderation queue and may carry
  // five 50 MB files, so a customer's saves count.
  demands_user: { limit: 30, window: 3600 },
  // Services (issue 12): every save lands in the operators' queue, and a refusal e-mails the owner.
  services_user: { limit: 60, window: 3600 },
  service_refuse_user: { limit: 30, window: 3600 },
  // Expert responses (issue 13): each one mails the customer (or waits in the operators' queue) and may
  // carry five 50 MB files; refused attempts do not count (the limit is hit after the checks).
  responds_user: { limit: 30, window: 3600 },
  // Direct uploads (issue 13, decision 0032): each presigned URL lets the browser store up to 50 MB, so the
  // URLs a user gets count per hour, and their declared megabytes per day (hit with the size as weight).
  uploads_user: { limit: 60, window: 3600 },
  uploads_mb_user: { limit: 2048, window: 86400 },
  // A guest's (the registration form's resumes: decision 0058), per address: fewer, as no account answers for them.
  uploads_ip: { limit: 30, window: 3600 },
  uploads_mb_ip: { limit: 1024, window: 86400 },
  // Reading the resume (POST /api/user/resume/process): each try reads up to 50 MB from storage and parses
  // it, and a refused one (no text in it) leaves nothing, so tries count, refused ones included.
  resume_process_user: { limit: 10, window: 3600 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * What a per-address limit (`*_ip`) counts: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * subscriber's network: a client may take any address in it, so counting single addresses would let it pass
 * every limit by changing its address). Anything else as it is.
 */
export function addressSubject(ip: string): string {
  if (!ip.includes(":") || ip.includes(".") || ip.split("::").length > 2) return ip;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Counts one hit in a fixed window and refuses with 429 past the limit. One statement:
 * the upsert returns the new count, so concurrent requests cannot both slip under the limit.
 */
export async function hit(ctx: AppContext, name: RateLimitName, subject: string | number) {
  await hitAll(ctx, [{ name, subject }]);
}

/**
 * Counts several hits at once, each with a weight (an action that sends 10 e-mails counts 10), in one
 * batch (one transaction): every counter moves, then the first one past its limit refuses with 429.
 * Each upsert returns its new count, so concurrent requests cannot both slip under a limit. A hit of weight 0
 * counts nothing and asks whether one more is allowed: 429 once the counter has reached the limit (sign-in
 * reads its failures so before it checks the password, and counts a failure after).
 */
export async function hitAll(ctx: AppContext, hits: { name: RateLimitName; subject: string | number; weight?: number }[]) {
  if (!hits.length) return;
  const nowSec = Math.floor(ctx.now().getTime() / 1000);
  const planned = hits.map(({ name, subject, weight = 1 }) => {
    const { limit, window } = RATE_LIMITS[name];
    const windowStart = nowSec - (nowSec % window);
    const who = name.endsWith("_ip") ? addressSubject(String(subject)) : String(subject);
    const key = `${name}:${who.toLowerCase()}:${windowStart}`;
    const expiresAt = windowStart + window;
    const statement = ctx.db
      .insert(rateLimits)
      .values({ key, count: weight, expiresAt })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + ${weight}` } })
      .returning({ count: rateLimits.count });
    return { limit, expiresAt, weight, statement };
  });
  const [first, ...rest] = planned.map((p) => p.statement);
  const results = rest.length ? await ctx.db.batch([first!, ...rest]) : [await first!];
  planned.forEach(({ limit, expiresAt, weight }, i) => {
    // A hit of weight 0 asks whether one more is allowed: refused once the limit is reached.
    const count = results[i]?.[0]?.count ?? 0;
    if (weight === 0 ? count >= limit : count > limit) {
      const retryAfter = Math.max(1, expiresAt - nowSec);
      throw new DomainError("rate_limited", "errors.rate_limited", { retryAfter, params: { count: Math.ceil(retryAfter / 60) } });
    }
  });
  // Old windows are swept now and then, off the request's path: on the binding itself, so the sweep is not
  // one of the request's counted round trips (X-D1-Queries: a test of a request's count met it 1 time in 100).
  if (Math.random() < 0.01) ctx.waitUntil(ctx.bindings.DB.prepare("delete from rate_limits where expires_at < ?1").bind(nowSec).run());
}
