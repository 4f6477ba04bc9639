import { and, eq } from "drizzle-orm";
import { responds } from "../../../db/schema/responds";
import { auditIfChangedQuery } from "../admin/decision.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { DomainError } from "../errors";
import { requireActor } from "../policy.server";

/**
 * The expert declines an invitation ('Не интересно' → 'Удалить' on /response-request/{id}; POST
 * /api/reject-respond {demand_id}): `invite` → `declined`, which leaves every list; the row stays so a
 * restart's matching does not invite him again (db/schema/responds.ts). A conditional UPDATE: a second
 * decline, someone else's invitation or one already answered changes nothing and is refused with 422; the
 * audit row is written only when the row changed. One function for the page and the API.
 */
export async function declineInvitation(ctx: AppContext, actor: Actor | null, demandId: number) {
  const a = requireActor(actor);
  const now = ctx.now().toISOString();
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(responds)
      .set({ status: "declined", isNew: false, updatedAt: now })
      .where(and(eq(responds.demandId, demandId), eq(responds.userId, a.user.id), eq(responds.status, "invite")))
      .returning({ id: responds.id }),
    auditIfChangedQuery(ctx, { actorUserId: a.user.id, action: "respond.declined", targetType: "demand", targetId: demandId }),
  ]);
  if (!rows.length) throw new DomainError("validation", "responds.not_invited", { fields: { demand_id: ["responds.not_invited"] } });
  return { demand_id: demandId, status: "declined" as const, message: ctx.t("responds.declined") };
}
