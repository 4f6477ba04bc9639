import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { demands } from "../../../db/schema/demands";
import { responds } from "../../../db/schema/responds";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { requireActor } from "../policy.server";
import { idField, parseInput } from "../validation";
import { inIds } from "../id-list";
import { isBlocked } from "../blocked.server";

/**
 * The `reject_reason` of a response that was still in moderation when its customer started the project with
 * other experts: `rejected`, never seen by him (a reason is set, so `customerSeesRespond` leaves it out), and
 * shown to its expert as 'Выбран другой исполнитель' like a passed-over one (`expertRejectReason`). An
 * operator's reason is never empty (`rejectionReason`), so the two cannot be confused.
 */
export const PASSED_OVER_IN_MODERATION = "";

/** The reason the expert sees of his own response: the operator's, or null ('Выбран другой исполнитель'). */
export function expertRejectReason(status: string, reason: string | null): string | null {
  return status === "rejected" && reason !== PASSED_OVER_IN_MODERATION ? reason : null;
}

/**
 * Whether the request's customer sees a response, as SQL over its row: the `responds` table, or `"r"` for a
 * raw statement that names it so. He sees the sent, active and completed ones, and the ones he passed over
 * when he started the project (`rejected`, without a reason). An invitation, a declined one and one still in
 * moderation are not his to see; nor is one the operator rejected in moderation: it is `rejected` too, but
 * with the operator's reason, and it never reached him (its files, its expert's contacts, the "new" mark).
 * A sent (or passed-over) response of an expert an operator blocked is not his to see either, while the
 * block lasts (decision 0051): he cannot choose him nor get his contacts; one already chosen stays, for the
 * project under way.
 */
export function customerSeesRespond(row: "r" | "responds" = "responds"): SQL {
  const [status, reason, userId] =
    row === "r" ? [sql.raw("r.status"), sql.raw("r.reject_reason"), sql.raw("r.user_id")] : [sql`${responds.status}`, sql`${responds.rejectReason}`, sql`${responds.userId}`];
  return sql`(${status} in ('active', 'completed') or ((${status} = 'sent' or (${status} = 'rejected' and ${reason} is null)) and not ${isBlocked(userId)}))`;
}

const viewFlagsSchema = z.object({
  model: z.enum(["respond", "invite"], { error: "validation.invalid" }),
  ids: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(idField, { error: "validation.invalid" }).min(1, "validation.required").max(100, "validation.invalid"),
  ),
});

/**
 * The customer viewed responses to his own requests (spec 3 §4 'Viewing a response marks it viewed'; the
 * expert then sees 'Просмотрено'). The first view's time is kept. Ids of other people's requests, or of
 * responses he may not see, change nothing. Returns the ids that were newly marked.
 */
export async function markRespondsViewed(ctx: AppContext, actor: Actor | null, ids: readonly number[]): Promise<number[]> {
  const a = requireActor(actor);
  if (!ids.length) return [];
  const rows = await ctx.db
    .update(responds)
    .set({ viewedAt: ctx.now().toISOString() })
    .where(
      and(
        inIds(responds.id, ids),
        isNull(responds.viewedAt),
        customerSeesRespond(),
        sql`exists (select 1 from ${demands} where ${demands.id} = ${responds.demandId} and ${demands.userId} = ${a.user.id} and ${demands.deletedAt} is null)`,
      ),
    )
    .returning({ id: responds.id });
  return rows.map((r) => r.id);
}

/** The expert opened his invitations: their 'new' mark goes (spec 3 §4 'Opening an invitation drops its new flag'). */
export async function dropInviteMarks(ctx: AppContext, actor: Actor | null, ids: readonly number[]): Promise<number[]> {
  const a = requireActor(actor);
  if (!ids.length) return [];
  const rows = await ctx.db
    .update(responds)
    .set({ isNew: false })
    .where(and(inIds(responds.id, ids), eq(responds.userId, a.user.id), eq(responds.isNew, true)))
    .returning({ id: responds.id });
  return rows.map((r) => r.id);
}

/** POST /api/view-flags {model: 'respond' | 'invite', ids}: one of the two marks above. */
export async function setViewFlags(ctx: AppContext, actor: Actor | null, raw: unknown) {
  requireActor(actor);
  const input = parseInput(viewFlagsSchema, raw);
  const changed = input.model === "respond" ? await markRespondsViewed(ctx, actor, input.ids) : await dropInviteMarks(ctx, actor, input.ids);
  return { model: input.model, ids: changed };
}
