import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { sessions, userRoles, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { foldedSql, likeContains } from "~/server/like.server";
import { impersonationEndsStatement, liveSessions, type Actor } from "~/server/session.server";
import { DomainError, notFound } from "../errors";
import { LIMITS } from "../limits";
import { foldName } from "../names";
import { requireOperator } from "../policy.server";
import { parseInput, phoneCountry } from "../validation";
import { auditIfChangedQuery } from "./decision.server";
import { blockSchema, unblockSchema, usersQuery } from "./schema";

/**
 * The console's users (issue 15): search, a user's page, block and unblock.
 *
 * Who may be blocked: anyone but an operator. An operator cannot block himself (he would lock the console
 * out from under his own feet) nor another operator (two operators could lock each other out; taking the
 * role away is a deliberate act outside the console). Both refusals are 403 with their own message.
 */

/**
 * A stored phone with its separators removed. Phones are stored as typed (digits, spaces, brackets,
 * hyphens, a plus: PHONE_CHARS), so "+7 (999) 123-45-67" and "8 999 1234567" compare by their digits.
 */
const phoneDigits = sql`replace(replace(replace(replace(replace(${users.phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;

/**
 * The digits a phone search looks for: a complete number (in any of its spellings, read as Russian,
 * then as of the request's country) by its national number, which every stored spelling contains ("+7 999…" and
 * "8 999…" both hold "999…"); a part of a number by its digits as typed. Null for a text that is no
 * phone (letters, or fewer than 3 digits).
 */
export function phoneSearchDigits(search: string, country: string | null): string | null {
  if (!/^[0-9\s()+\-.]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, "");
  if (digits.length < 3) return null;
  // Russia first (the market's; "8 …" is its trunk prefix, which other countries' rules read otherwise),
  // then the request's country: an operator abroad types a Russian number the way its owner does.
  for (const c of new Set(["RU" as const, phoneCountry(country)])) {
    const parsed = parsePhoneNumberFromString(search, c);
    if (parsed?.isValid()) return parsed.nationalNumber;
  }
  return digits;
}

/**
 * The one rule of finding a user in the console (decision 0037): e-mail, full name either way round with
 * Cyrillic case and ё/е folded, phone digits. The users page and the dashboard's search both use it.
 */
export function searchCondition(ctx: AppContext, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const phone = phoneSearchDigits(search, ctx.country);
  const fullName = sql`${users.name} || ' ' || ${users.lastName} || ' ' || coalesce(${users.patronymic}, '')`;
  const lastFirst = sql`${users.lastName} || ' ' || ${users.name}`;
  const folded = foldName(search);
  return or(
    likeContains(users.email, search.toLowerCase()),
    likeContains(foldedSql(fullName), folded),
    likeContains(foldedSql(lastFirst), folded),
    phone ? likeContains(phoneDigits, phone) : undefined,
  );
}

const rolesOf = sql<string | null>`(select group_concat(role) from user_roles where user_roles.user_id = ${users.id})`;

/**
 * GET /api/admin/users?search=&page=: newest first, LIMITS.usersPage a page, searched and paged in SQL
 * (one round trip: the page and the total in one batch).
 */
export async function searchUsers(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  requireOperator(actor);
  const q = parseInput(usersQuery, raw ?? {});
  const where = searchCondition(ctx, q.search);
  const perPage = LIMITS.usersPage;
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        lastName: users.lastName,
        patronymic: users.patronymic,
        phone: users.phone,
        emailVerifiedAt: users.emailVerifiedAt,
        blockedAt: users.blockedAt,
        createdAt: users.createdAt,
        roles: rolesOf,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(perPage)
      .offset((q.page - 1) * perPage),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: [r.name, r.patronymic, r.lastName].filter(Boolean).join(" "),
      phone: r.phone,
      roles: r.roles?.split(",") ?? [],
      email_verified: !!r.emailVerifiedAt,
      blocked: !!r.blockedAt,
      created_at: r.createdAt,
    })),
    total: total?.n ?? 0,
    page: q.page,
    per_page: perPage,
    pages: Math.max(1, Math.ceil((total?.n ?? 0) / perPage)),
    search: q.search ?? "",
  };
}

/** The sessions a user's page lists (the most recent first). */
const SESSIONS_SHOWN = 20;

/**
 * GET /api/admin/users/{id}: the user with roles, e-mail verification, block and the live sessions
 * (count, last seen, where from). One round trip.
 */
export async function userDetails(ctx: AppContext, actor: Actor | null | undefined, userId: number) {
  const operator = requireOperator(actor);
  const now = ctx.now().getTime();
  const [found, live] = await ctx.db.batch([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        lastName: users.lastName,
        patronymic: users.patronymic,
        phone: users.phone,
        emailVerifiedAt: users.emailVerifiedAt,
        blockedAt: users.blockedAt,
        blockedReason: users.blockedReason,
        locale: users.locale,
        createdAt: users.createdAt,
        roles: rolesOf,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    ctx.db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        impersonatorUserId: sessions.impersonatorUserId,
        total: sql<number>`count(*) over ()`,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), liveSessions(now)))
      .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`))
      .limit(SESSIONS_SHOWN),
  ]);
  const u = found[0];
  if (!u) throw notFound();
  const roles = u.roles?.split(",") ?? [];
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    last_name: u.lastName,
    patronymic: u.patronymic,
    phone: u.phone,
    locale: u.locale,
    roles,
    email_verified: !!u.emailVerifiedAt,
    email_verified_at: u.emailVerifiedAt,
    created_at: u.createdAt,
    blocked: !!u.blockedAt,
    blocked_at: u.blockedAt,
    blocked_reason: u.blockedReason,
    sessions: {
      count: live[0]?.total ?? 0,
      last_seen_at: iso(live.length ? Math.max(...live.map((s) => s.lastSeenAt ?? s.createdAt)) : null),
      items: live.map((s) => ({
        created_at: iso(s.createdAt),
        last_seen_at: iso(s.lastSeenAt ?? s.createdAt),
        expires_at: iso(s.expiresAt),
        ip: s.ip,
        user_agent: s.userAgent,
        impersonated: s.impersonatorUserId !== null,
      })),
    },
    // What the page may offer: the same rules the calls enforce.
    can_block: !u.blockedAt && u.id !== operator.user.id && !roles.includes("admin"),
    can_impersonate: !u.blockedAt && u.id !== operator.user.id && !roles.includes("admin"),
  };
}

/** Why a block changed nothing: the user is unknown, is this operator or another one, or is blocked already. */
async function blockRefusal(ctx: AppContext, operatorId: number, userId: number): Promise<DomainError> {
  const [u] = await ctx.db.select({ blockedAt: users.blockedAt, roles: rolesOf }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return notFound();
  if (userId === operatorId) return new DomainError("forbidden", "accountBlock.self");
  if (u.roles?.split(",").includes("admin")) return new DomainError("forbidden", "accountBlock.operator");
  return new DomainError("conflict", "accountBlock.already_blocked");
}

/**
 * POST /api/admin/users/{id}/block {reason}: one batch, conditional on the user being unblocked and no
 * operator: the block, its audit row (only if the block changed the row, so two racing blocks leave one),
 * and the end of every session of the user. resolveActor also refuses a blocked user's session, so a
 * session made in a sign-in racing the block dies with it.
 */
export async function blockUser(ctx: AppContext, actor: Actor | null | undefined, userId: number, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(blockSchema, raw ?? {});
  if (userId === operator.user.id) {
    // Read first so an unknown id stays 404 whoever asks.
    throw await blockRefusal(ctx, operator.user.id, userId);
  }
  const now = ctx.now().toISOString();
  const sessionsOfBlocked = and(eq(sessions.userId, userId), sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.blockedAt} is not null)`)!;
  const [blocked] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ blockedAt: now, blockedReason: input.reason, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.blockedAt),
          sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
        ),
      )
      .returning({ id: users.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "user.blocked", targetType: "user", targetId: userId, meta: { reason: input.reason } }),
    // His sessions end (an operator's impersonation of him audited as ended), once the block is in.
    impersonationEndsStatement(ctx, sessionsOfBlocked, "blocked"),
    ctx.db.delete(sessions).where(sessionsOfBlocked),
  ]);
  if (!blocked.length) throw await blockRefusal(ctx, operator.user.id, userId);
  return { message: ctx.t("accountBlock.blocked"), user: await userDetails(ctx, operator, userId) };
}

/** POST /api/admin/users/{id}/unblock {reason?}: conditional on the user being blocked; audited. */
export async function unblockUser(ctx: AppContext, actor: Actor | null | undefined, userId: number, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(unblockSchema, raw ?? {});
  const [unblocked] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ blockedAt: null, blockedReason: null, updatedAt: ctx.now().toISOString() })
      .where(and(eq(users.id, userId), isNotNull(users.blockedAt)))
      .returning({ id: users.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "user.unblocked", targetType: "user", targetId: userId, meta: { reason: input.reason || null } }),
  ]);
  if (!unblocked.length) {
    const [exists] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    throw exists ? new DomainError("conflict", "accountBlock.not_blocked") : notFound();
  }
  return { message: ctx.t("accountBlock.unblocked"), user: await userDetails(ctx, operator, userId) };
}

/**
 * Every path that creates a session asks this first (password sign-in, social sign-in, impersonation):
 * a blocked user is refused with the operator's reason.
 */
export function refuseBlocked(user: { blockedAt: string | null; blockedReason: string | null }) {
  if (user.blockedAt) throw new DomainError("forbidden", "accountBlock.signin_refused", { params: { reason: user.blockedReason ?? "—" } });
}
