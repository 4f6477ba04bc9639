import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * SQL: the user `userId` names is blocked by an operator (decision 0051). Read where it matters, never
 * written onto his requests and responses, so an unblock gives everything back as it was: a blocked
 * customer's requests stop searching for experts, a blocked expert's sent responses leave the customer's
 * view, and neither can be approved in moderation.
 */
export const isBlocked = (userId: SQL | AnyColumn): SQL => sql`exists (select 1 from users bu where bu.id = ${userId} and bu.blocked_at is not null)`;
