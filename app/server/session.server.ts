import { and, eq, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { sessions, tokens, users, type Role } from "../../db/schema/users";
import { auditLog } from "../../db/schema/platform";
import type { AppContext } from "./context.server";
import { CONTENT_VERSION_KEY, primeContentVersion } from "./content-version.server";
import { randomToken, sha256Hex } from "./crypto.server";

/**
 * Decision 0022 (ASVS 5.0 V7.3): a session ends 30 days after sign-in whatever happens, or after 7 days
 * without a request; an impersonated one ends 1 hour after it began. `last_seen_at` is refreshed at most
 * once per SESSION_SEEN_REFRESH_MS, after the response, so a request costs no extra round trip.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;
export const SESSION_SEEN_REFRESH_MS = 15 * 60 * 1000;
export const SESSION_COOKIE_DEV = "session";
export const SESSION_COOKIE_PROD = "__Host-session";
/** The operator's own session, kept aside while impersonating (spec 1 §4: previous token). */
export const PREV_SESSION_COOKIE_DEV = "prev_session";
export const PREV_SESSION_COOKIE_PROD = "__Host-prev_session";

export type SessionUser = {
  id: number;
  email: string;
  name: string;
  lastName: string;
  patronymic: string | null;
  phone: string | null;
  photoFileId: number | null;
  isVerified: boolean;
  roles: Role[];
};

/** Who acts: what the domain's rules decide on (app/domain/policy.server.ts), and nothing else. */
export type Actor = {
  user: SessionUser;
  sessionId: string;
  impersonator: { id: number; name: string } | null;
};

/**
 * What the pages need of a signed-in request besides who acts, read in the session's statement so it
 * costs no round trip (issue 11: kept out of the domain's Actor).
 */
export type PageState = {
  /**
   * The user's visit-time record (client_storage.data, raw JSON; null when none): the promo block and the
   * 'new' chip of every signed-in page.
   */
  visitRecord: string | null;
  /** data_version at the time of the session's statement (decision 0021: keys the signed-in page cache). */
  dataVersion: number;
  /** The menus' 'new' chip, when the page's request read it in the session's batch (navBadgeStatement). */
  hasNew?: boolean;
};

/**
 * The page state beside each actor that resolveActor made, for the request's lifetime (the actor object
 * is the request's; a WeakMap keeps the state off the Actor type without a second value to thread through
 * the worker's entry).
 */
const pageStates = new WeakMap<Actor, PageState>();

/** The page state read with this actor's session; null for a guest or an actor resolveActor did not make. */
export const pageStateOf = (actor: Actor | null | undefined): PageState | null => (actor && pageStates.get(actor)) ?? null;

export const hasRole = (actor: Actor | null, role: Role) => !!actor?.user.roles.includes(role);

export async function newSessionValues(ctx: AppContext, userId: number | SQL, impersonatorUserId: number | null = null) {
  const token = randomToken();
  const now = ctx.now().getTime();
  const values = {
    id: await sha256Hex(token),
    userId: userId as number,
    impersonatorUserId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + (impersonatorUserId ? IMPERSONATION_TTL_MS : SESSION_TTL_MS),
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
  };
  return { token, values };
}

/** Creates a session and returns the token (the only time it exists outside the client). */
export async function createSession(ctx: AppContext, userId: number, impersonatorUserId: number | null = null) {
  const { token, values } = await newSessionValues(ctx, userId, impersonatorUserId);
  await ctx.db.insert(sessions).values(values);
  return token;
}

/**
 * The session's statement, written once as SQL: every signed-in request runs it, and building it with
 * Drizzle's query builder and mapping its row cost more CPU than the rest of a small API read (decision
 * 0034). A session resolves while it is within its absolute and idle lifetimes and its user is not
 * blocked (an operator's block ends access at the next request even if a session row survived it).
 */
/**
 * When a session is still usable: within its absolute lifetime and not idle for 7 days. One rule for the
 * session's statement and for the console's and the sweep's counts (`liveSessions`); `now` and `idleSince`
 * are SQL expressions (parameters in the statement, whole-number literals in the counts).
 */
const liveRule = (t: string, now: string, idleSince: string) => `${t}.expires_at > ${now} and coalesce(${t}.last_seen_at, ${t}.created_at) > ${idleSince}`;

const RESOLVE_SQL = `select s.id as session_id, s.impersonator_user_id, s.last_seen_at,
  u.id, u.email, u.name, u.last_name, u.patronymic, u.phone, u.photo_file_id, u.email_verified_at,
  (select group_concat(role) from user_roles where user_roles.user_id = u.id) as roles,
  (select name || ' ' || last_name from users i where i.id = s.impersonator_user_id) as impersonator_name,
  (select data from client_storage where client_storage.user_id = u.id) as visit_record,
  (select version from data_version where id = 1) as data_version,
  (select value from settings where key = '${CONTENT_VERSION_KEY}') as content_version
from sessions s inner join users u on u.id = s.user_id
where s.id = ?1 and ${liveRule("s", "?2", "?3")} and u.blocked_at is null
  and (s.impersonator_user_id is null or exists (select 1 from users i join user_roles r on r.user_id = i.id and r.role = 'admin'
    where i.id = s.impersonator_user_id and i.blocked_at is null))
limit 1`;

type ResolveRow = {
  session_id: string;
  impersonator_user_id: number | null;
  last_seen_at: number | null;
  id: number;
  email: string;
  name: string;
  last_name: string;
  patronymic: string | null;
  phone: string | null;
  photo_file_id: number | null;
  email_verified_at: string | null;
  roles: string | null;
  impersonator_name: string | null;
  visit_record: string | null;
  data_version: number | null;
  content_version: string | null;
};

/**
 * The sessions this isolate resolved lately, keyed by the session's id and what rode along (decision
 * 0043): the row they answered, without what moves on its own (`last_seen_at`, `data_version`), and the
 * menus' chip. A guess is only ever a starting point: every request that starts from one reads the session
 * again in its first round trip and runs again when the row differs.
 */
type Guess = { row: ResolveRow; hasNew: boolean | undefined; fingerprint: string };
const guesses = new Map<string, Guess>();
const MAX_GUESSES = 2_000;

const fingerprintOf = (row: ResolveRow, hasNew: boolean | undefined) =>
  JSON.stringify([
    row.session_id,
    row.impersonator_user_id,
    row.id,
    row.email,
    row.name,
    row.last_name,
    row.patronymic,
    row.phone,
    row.photo_file_id,
    row.email_verified_at,
    row.roles,
    row.impersonator_name,
    row.visit_record,
    row.content_version,
    hasNew ?? null,
  ]);

function remember(key: string, row: ResolveRow | null, hasNew: boolean | undefined) {
  guesses.delete(key);
  if (!row) return;
  if (guesses.size >= MAX_GUESSES) guesses.delete(guesses.keys().next().value!);
  guesses.set(key, { row, hasNew, fingerprint: fingerprintOf(row, hasNew) });
}

/**
 * One query: the session, its user with roles, who impersonates, and the page state (pageStateOf). A page's
 * request hands `along` the statement of the menus' 'new' chip, built on the session's id: it runs in the
 * same batch (one round trip). Should it fail, the session is read on its own and the page reads the chip
 * later: the chip must never keep anyone out.
 *
 * `speculate` (a read: GET or HEAD): when this isolate resolved the same session (with the same `along`,
 * named by `alongKey`) before, the actor is that one at once and the session's statement rides the
 * request's first read batch (decision 0043, app/server/speculation.server.ts); the caller settles it.
 */
export async function resolveActor(
  ctx: AppContext,
  token: string | null | undefined,
  along?: (sessionId: string) => D1PreparedStatement,
  opts: { speculate?: boolean; alongKey?: string } = {},
): Promise<Actor | null> {
  if (!token || token.length < 20 || token.length > 100) return null;
  const id = await sha256Hex(token);
  const now = ctx.now().getTime();
  const key = `${id}|${along ? (opts.alongKey ?? "+") : "-"}`;
  // A context made without the request's speculation (a job's, some tests') reads on its own binding.
  const inner = ctx.speculation?.inner ?? ctx.d1;
  const statement = () => inner.prepare(RESOLVE_SQL).bind(id, now, now - SESSION_IDLE_MS);
  const guess = opts.speculate && ctx.speculation ? guesses.get(key) : undefined;
  if (guess) {
    const actor = actorOf(ctx, guess.row, guess.hasNew, true);
    ctx.speculation.arm({
      statements: along ? [statement(), along(id)] : [statement()],
      verify: (results) => {
        const row = (results[0]!.results[0] as ResolveRow | undefined) ?? null;
        const hasNew = along ? results[1]!.results.length > 0 : undefined;
        remember(key, row, hasNew);
        if (!row || fingerprintOf(row, hasNew) !== guess.fingerprint) return false;
        // The guess held: what moves on its own is brought up to date (the page cache's key takes it).
        pageStates.get(actor)!.dataVersion = Number(row.data_version ?? 0);
        primeContentVersion(ctx, Number(row.content_version ?? 0));
        refreshLastSeen(ctx, row, now);
        return true;
      },
    });
    return actor;
  }
  let row: ResolveRow | null = null;
  let hasNew: boolean | undefined;
  let alone = !along;
  if (along) {
    try {
      const [session, badge] = await inner.batch<unknown>([statement(), along(id)]);
      row = (session!.results[0] as ResolveRow | undefined) ?? null;
      hasNew = badge!.results.length > 0;
    } catch (e) {
      console.log(JSON.stringify({ level: "error", requestId: ctx.requestId, msg: "session batch", error: String(e) }));
      alone = true;
    }
  }
  if (alone) row = await statement().first<ResolveRow>();
  // Remembered unless the chip was asked for and could not be read with the session.
  if (opts.speculate && !(along && alone)) remember(key, row, hasNew);
  if (!row) return null;
  refreshLastSeen(ctx, row, now);
  return actorOf(ctx, row, hasNew);
}

/** After the response, and only when stale: the idle clock costs no round trip on the request's path. */
function refreshLastSeen(ctx: AppContext, row: ResolveRow, now: number) {
  if (now - (row.last_seen_at ?? 0) > SESSION_SEEN_REFRESH_MS) {
    ctx.waitUntil((ctx.speculation?.inner ?? ctx.d1).prepare("update sessions set last_seen_at = ?1 where id = ?2").bind(now, row.session_id).run());
  }
}

function actorOf(ctx: AppContext, row: ResolveRow, hasNew: boolean | undefined, guessed = false): Actor {
  ctx.impersonatorUserId = row.impersonator_user_id ?? null;
  primeContentVersion(ctx, Number(row.content_version ?? 0), !guessed);
  const actor: Actor = {
    sessionId: row.session_id,
    impersonator: row.impersonator_user_id ? { id: row.impersonator_user_id, name: row.impersonator_name ?? "" } : null,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      lastName: row.last_name,
      patronymic: row.patronymic,
      phone: row.phone,
      photoFileId: row.photo_file_id,
      isVerified: !!row.email_verified_at,
      roles: (row.roles?.split(",") ?? []) as Role[],
    },
  };
  pageStates.set(actor, { visitRecord: row.visit_record, dataVersion: Number(row.data_version ?? 0), hasNew });
  return actor;
}

export function revokeSessionStatement(ctx: AppContext, sessionId: string) {
  return ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** The id of the session a token names (the token itself is never stored). */
export const sessionIdOf = (token: string) => sha256Hex(token);

/** Ends `userId`'s session of that id (the operator's own, kept aside in a cookie while he impersonates). */
export function revokeUsersSessionStatement(ctx: AppContext, sessionId: string, userId: number) {
  return ctx.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/**
 * Sign-out everywhere (password reset, a block) or everywhere else (password change keeps `exceptSessionId`):
 * the user's sessions and, for an operator, those he opened as other users (impersonation), which were
 * opened in his name and must not outlive his password.
 */
export function revokeUserSessionsStatements(ctx: AppContext, userId: number, via: string, exceptSessionId?: string) {
  const his = or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId));
  const which = exceptSessionId ? and(his, ne(sessions.id, exceptSessionId))! : his!;
  return [impersonationEndsStatement(ctx, which, via), ctx.db.delete(sessions).where(which)] as const;
}

/**
 * The end of every impersonation among the sessions `which` picks, for the batch that deletes them, before
 * its DELETE (spec README: an impersonation's start and end are audited): one `impersonate.end` row each,
 * the operator as its actor and `via` saying what ended it. INSERT … SELECT names audit_log's columns in the
 * table's order.
 */
export function impersonationEndsStatement(ctx: AppContext, which: SQL, via: string) {
  return ctx.db
    .insert(auditLog)
    .select(
      sql`select null, ${sessions.impersonatorUserId}, null, 'impersonate.end', 'user', cast(${sessions.userId} as text), json_object('via', ${via}), ${ctx.ip}, ${ctx.requestId}, strftime('%Y-%m-%dT%H:%M:%fZ','now')
        from ${sessions} where ${sessions.impersonatorUserId} is not null and ${which}`,
    );
}

/** The Cron Trigger's part: impersonated sessions past their hour end, audited as lapsed (the hour is their whole life). */
export async function sweepLapsedImpersonations(ctx: AppContext) {
  const lapsed = lt(sessions.expiresAt, ctx.now().getTime());
  const [, gone] = await ctx.db.batch([impersonationEndsStatement(ctx, lapsed, "expired"), ctx.db.delete(sessions).where(and(isNotNull(sessions.impersonatorUserId), lapsed)).returning({ id: sessions.id })]);
  return gone.length;
}

/** The sessions still usable at `now` (`liveRule`, the session statement's own rule). */
export function liveSessions(now: number): SQL {
  const at = Math.trunc(now);
  return sql.raw(`(${liveRule('"sessions"', String(at), String(at - SESSION_IDLE_MS))})`);
}

/** Rows one sweep round deletes from each table: a bounded statement, repeated while a round fills it. */
const ENDED_SWEEP_ROWS = 2000;
const ENDED_SWEEP_ROUNDS = 10;

/**
 * The Cron Trigger's part (ARCHITECTURE "Timed work": expired rows are cleaned): ordinary sessions past their
 * absolute or idle lifetime, and single-use tokens used or expired (every reader of `tokens` takes only the
 * unused and unexpired, so a deleted one answers as it did). Their IPs, browsers and the addresses of
 * sign-ups never finished go with them. Impersonated sessions are left to sweepLapsedImpersonations, which
 * audits their end.
 */
export async function sweepEndedSessions(ctx: AppContext) {
  const now = ctx.now().getTime();
  const ended = sql`${sessions.impersonatorUserId} is null and not (${liveSessions(now)})`;
  const spent = sql`${tokens.usedAt} is not null or ${tokens.expiresAt} <= ${now}`;
  let sessionsGone = 0;
  let tokensGone = 0;
  for (let round = 0; round < ENDED_SWEEP_ROUNDS; round++) {
    const [s, t] = await ctx.db.batch([
      ctx.db.delete(sessions).where(sql`${sessions.id} in (select ${sessions.id} from ${sessions} where ${ended} limit ${ENDED_SWEEP_ROWS})`).returning({ id: sessions.id }),
      ctx.db.delete(tokens).where(sql`${tokens.id} in (select ${tokens.id} from ${tokens} where ${spent} limit ${ENDED_SWEEP_ROWS})`).returning({ id: tokens.id }),
    ]);
    sessionsGone += s.length;
    tokensGone += t.length;
    if (s.length < ENDED_SWEEP_ROWS && t.length < ENDED_SWEEP_ROWS) break;
  }
  return { sessions: sessionsGone, tokens: tokensGone };
}

export function bearerToken(request: Request): string | null {
  const h = request.headers.get("Authorization");
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(/;\s*/)) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt) === name) {
      try {
        return decodeURIComponent(part.slice(eqAt + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function sessionCookieNames(ctx: AppContext) {
  const prod = ctx.env.APP_ENV === "production";
  return { session: prod ? SESSION_COOKIE_PROD : SESSION_COOKIE_DEV, prev: prod ? PREV_SESSION_COOKIE_PROD : PREV_SESSION_COOKIE_DEV };
}

export function serializeCookie(ctx: AppContext, name: string, value: string | null, maxAgeSec = SESSION_TTL_MS / 1000) {
  const secure = ctx.env.APP_ENV === "production" ? "; Secure" : "";
  if (value === null) return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeSec)}${secure}`;
}

/** The session token of a request: the bearer header first (API clients), then the page cookie. */
export function requestToken(ctx: AppContext, request: Request): { token: string | null; via: "bearer" | "cookie" | null } {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = readCookie(request, sessionCookieNames(ctx).session);
  return cookie ? { token: cookie, via: "cookie" } : { token: null, via: null };
}
