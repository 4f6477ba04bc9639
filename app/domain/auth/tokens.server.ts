import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { tokens, type TokenKind } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { hmacHex } from "~/server/crypto.server";

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  email_verify: 24 * 60 * 60 * 1000, // spec README: 24 hours
  password_reset: 10 * 60 * 1000, // spec README: 10 minutes
  impersonate: 5 * 60 * 1000,
  oauth_state: 10 * 60 * 1000,
  social_register: 60 * 60 * 1000,
};

/**
 * How a token is stored: an HMAC keyed with SESSION_SECRET, not a bare hash. A 6-digit reset code has a
 * million values: with a bare SHA-256 of address and code, anyone who could read the tokens table could
 * find a live code offline (ASVS 6.5.2); without the key the stored value tells nothing.
 */
export function tokenHash(ctx: AppContext, kind: TokenKind | "oauth_browser", secret: string): Promise<string> {
  return hmacHex(ctx.env.SESSION_SECRET, `${kind}:${secret}`);
}

/**
 * The row of a new single-use token, for `ctx.db.insert(tokens).values(…)` inside the caller's batch.
 * (Plain values on purpose: an async function returning a Drizzle query would run it when awaited.)
 */
export async function tokenValues(
  ctx: AppContext,
  kind: TokenKind,
  secret: string,
  fields: { userId?: number | null; email?: string | null; createdBy?: number | null; payload?: unknown },
): Promise<typeof tokens.$inferInsert> {
  const now = ctx.now().getTime();
  return {
    kind,
    tokenHash: await tokenHash(ctx, kind, secret),
    userId: fields.userId ?? null,
    email: fields.email ?? null,
    createdBy: fields.createdBy ?? null,
    payload: fields.payload === undefined ? null : JSON.stringify(fields.payload),
    expiresAt: now + TOKEN_TTL_MS[kind],
    createdAt: now,
  };
}

/**
 * Uses a single-use token: the conditional update marks it used only if it is still unused and alive,
 * so two concurrent uses cannot both succeed.
 */
export async function consumeToken(ctx: AppContext, kind: TokenKind, secret: string, only?: { userId?: number; createdBy?: number }) {
  const hash = await tokenHash(ctx, kind, secret);
  const now = ctx.now().getTime();
  // `only` narrows who may use it: a wrong caller leaves the token intact for the right one.
  const rows = await ctx.db
    .update(tokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(tokens.kind, kind),
        eq(tokens.tokenHash, hash),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, now),
        only?.userId === undefined ? undefined : eq(tokens.userId, only.userId),
        only?.createdBy === undefined ? undefined : eq(tokens.createdBy, only.createdBy),
      ),
    )
    .returning();
  const row = rows[0];
  if (!row) return null;
  return { ...row, data: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : {} };
}

/**
 * Uses a token read with `peekToken` inside the batch that writes what it grants: the token is marked used,
 * and the batch fails (a guard, `isGuardFailure`) when another request used it first or it has expired, so
 * only one request writes it and a failed batch leaves the token usable.
 */
export function useTokenStatements(ctx: AppContext, id: number): SQL[] {
  const now = ctx.now().getTime();
  return [
    sql`update tokens set used_at = ${now} where id = ${id} and used_at is null and expires_at > ${now}`,
    sql`select json('lost race') as failed where changes() = 0`,
  ];
}

/** Reads a live token without using it (a registration page showing the social profile it finishes). */
export async function peekToken(ctx: AppContext, kind: TokenKind, secret: string) {
  const hash = await tokenHash(ctx, kind, secret);
  const now = ctx.now().getTime();
  const row = await ctx.db.query.tokens.findFirst({
    where: and(eq(tokens.kind, kind), eq(tokens.tokenHash, hash), isNull(tokens.usedAt), gt(tokens.expiresAt, now)),
  });
  if (!row) return null;
  return { ...row, data: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : {} };
}

export function invalidateTokensStatement(ctx: AppContext, kind: TokenKind, where: { email?: string; userId?: number }) {
  const cond = where.email ? eq(tokens.email, where.email) : eq(tokens.userId, where.userId!);
  return ctx.db
    .update(tokens)
    .set({ usedAt: sql`coalesce(${tokens.usedAt}, ${ctx.now().getTime()})` })
    .where(and(eq(tokens.kind, kind), cond, isNull(tokens.usedAt)));
}
