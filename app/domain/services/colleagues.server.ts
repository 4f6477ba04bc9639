import { sql, type SQL } from "drizzle-orm";
import { invites } from "../../../db/schema/users";
import { serviceMembers, services } from "../../../db/schema/services";

/**
 * Whom an expert may name in his response's team (decision 0064): the people who agreed to work with him. A
 * service team asks its members first (README 'Document 3 details': `need_approve` until they answer), so
 * two people are colleagues when they share a team that is not deleted, each as its owner or as a member who
 * accepted; a new employee he invited is one once registered by the link. No one else: a response's team is
 * shown to the customer and rated by him at the project's end, on each member's profile.
 *
 * A condition on a user id (`users.id`, `service_members.user_id`, …): `colleagueOf(me)(column)`.
 */
export function colleagueOf(me: number) {
  // The services where `me` is on the team: his own, and those whose invitation he accepted.
  const teams = sql`select ${services.id} from ${services} where ${services.userId} = ${me} and ${services.deletedAt} is null
    union select m.service_id from ${serviceMembers} m join ${services} s on s.id = m.service_id
      where m.user_id = ${me} and m.type = 'user' and m.need_approve = 0 and s.deleted_at is null`;
  return (userId: SQL | SQL.Aliased | { getSQL(): SQL }): SQL =>
    sql`${userId} in (
      select s.user_id from ${services} s where s.id in (${teams})
      union select m.user_id from ${serviceMembers} m where m.type = 'user' and m.need_approve = 0 and m.service_id in (${teams})
      union select i.registered_user_id from ${invites} i where i.inviter_user_id = ${me} and i.kind = 'employee' and i.registered_user_id is not null
    )`;
}
