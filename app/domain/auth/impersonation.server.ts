import { eq } from "drizzle-orm";
import { sessions, tokens, users } from "../../../db/schema/users";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { randomToken } from "~/server/crypto.server";
import { hit } from "~/server/rate-limit.server";
import { newSessionValues, revokeSessionStatement, type Actor } from "~/server/session.server";
import { isOperatorColumn, requireMayImpersonate } from "../admin/policy.server";
import { DomainError, forbidden, notFound } from "../errors";
import { requireOperator } from "../policy.server";
import { parseInput } from "../validation";
import { impersonateSchema } from "./schema";
import { peekToken, tokenValues, useTokenStatements } from "./tokens.server";
import { sqlBatch } from "../admin/decision.server";
import { isGuardFailure } from "../batch-guard";

/**
 * spec README: the operator opens a user in the console and gets a one-time link /impersonate/{id}-{hash}.
 * The hash is a random single-use secret stored hashed, valid 5 minutes, usable only by the operator
 * who made it.
 */
export async function createImpersonationLink(ctx: AppContext, actor: Actor | null, userId: number) {
  const operator = requireOperator(actor);
  const [target] = await ctx.db.select({ id: users.id, blockedAt: users.blockedAt, isOperator: isOperatorColumn(users.id) }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound();
  requireMayImpersonate(operator, { id: target.id, isOperator: !!target.isOperator });
  // A blocked user's session would be refused at once (resolveActor): say so instead of a dead link.
  if (target.blockedAt) throw new DomainError("conflict", "accountBlock.impersonate_blocked");
  const secret = randomToken(24);
  await ctx.db.batch([
    ctx.db.insert(tokens).values(await tokenValues(ctx, "impersonate", secret, { userId: target.id, createdBy: operator.user.id })),
    auditInsert(ctx, { actorUserId: operator.user.id, action: "impersonate.link_created", targetType: "user", targetId: target.id }),
  ]);
  return { url: `${ctx.env.APP_URL}/impersonate/${target.id}-${secret}`, expiresInSeconds: 300 };
}

/** POST /api/impersonate {id, hash}: the operator who made the link gets a session as that user. */
export async function impersonate(ctx: AppContext, actor: Actor | null, raw: unknown) {
  await hit(ctx, "impersonate_ip", ctx.ip);
  const input = parseInput(impersonateSchema, raw);
  // A guest is refused like a user who is no operator (403, not the sign-in prompt 401): the link is
  // only ever followed from the operator's own session.
  if (!actor) throw forbidden();
  const operator = requireOperator(actor);
  // Only for the user and by the operator it was made for: anyone else leaves it intact for them.
  const [row, target] = await Promise.all([
    peekToken(ctx, "impersonate", input.hash),
    ctx.db.select({ blockedAt: users.blockedAt, isOperator: isOperatorColumn(users.id) }).from(users).where(eq(users.id, input.id)).limit(1).then((r) => r[0]),
  ]);
  if (!row || row.userId !== input.id || row.createdBy !== operator.user.id) throw new DomainError("forbidden", "impersonate.invalid");
  // Made an operator since the link was made: refused as at the link's making.
  if (target?.isOperator) throw new DomainError("forbidden", "impersonate.operator");
  // Blocked since the link was made: his session would be refused at once (as at the link's making).
  if (target?.blockedAt) throw new DomainError("conflict", "accountBlock.impersonate_blocked");
  const { token, values } = await newSessionValues(ctx, input.id, operator.user.id);
  // The link is used in the batch that opens the session: of two uses at once one opens it, and a batch
  // that fails leaves the link working.
  try {
    await sqlBatch(ctx, [
      ...useTokenStatements(ctx, row.id),
      ctx.db.insert(sessions).values(values),
      auditInsert(ctx, { actorUserId: operator.user.id, action: "impersonate.start", targetType: "user", targetId: input.id }),
    ]);
  } catch (e) {
    if (isGuardFailure(e)) throw new DomainError("forbidden", "impersonate.invalid");
    throw e;
  }
  return { token };
}

/** POST /api/impersonate/leave: ends the impersonated session; the client restores the operator's own. */
export async function leaveImpersonation(ctx: AppContext, actor: Actor) {
  if (!actor.impersonator) throw new DomainError("validation", "impersonate.not_active");
  await ctx.db.batch([
    revokeSessionStatement(ctx, actor.sessionId),
    auditInsert(ctx, { actorUserId: actor.impersonator.id, action: "impersonate.end", targetType: "user", targetId: actor.user.id }),
  ]);
  return { left: true };
}
