import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { invites } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { joinGuestRaterStatements } from "../recommendations/recommendations.server";
import { joinInvitedRespondMemberStatements } from "../responds/respond.server";
import { joinInvitedMemberStatements } from "../services/services.server";

/**
 * What was addressed to an e-mail becomes the account's once the account proves it owns the address
 * (decision 0055): the mailed verification link, the mailed reset code, a provider that confirmed the
 * address (a social sign-up or takeover). Never at a registration that merely typed the address in: the
 * invitation's id travels in a link anyone can imitate, so whoever registered someone else's invited
 * address would have sat in that person's teams.
 *
 * - Ratings and rating requests addressed to the e-mail (decision 0016).
 * - The invitation the account registered through (`users.invite_id`), if it names this address and
 *   no account has taken it: its service teams (still to answer), its response teams, and the inviter's
 *   "registered" mark. The invitation is marked last: the statements before it find it by that mark.
 *
 * `userId` may be the SQL of an id not inserted yet (the registration's batch).
 */
export function provenAddressStatements(ctx: AppContext, email: string, userId: number | SQL): BatchItem<"sqlite">[] {
  const address = email.trim().toLowerCase();
  const invite = sql`(select i.id from invites i join users u on u.invite_id = i.id
    where u.id = ${userId} and lower(i.email) = ${address} and i.registered_user_id is null)`;
  return [
    ...joinGuestRaterStatements(ctx, address, userId),
    ...joinInvitedMemberStatements(ctx, invite, userId),
    ...joinInvitedRespondMemberStatements(ctx, invite, userId),
    ctx.db
      .update(invites)
      .set({ registeredUserId: userId as unknown as number })
      .where(sql`${invites.id} = ${invite}`),
  ];
}
