import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { services } from "../../../db/schema/services";

/**
 * A service's name as anyone but its owner and the operators reads it where the service is named (a
 * response's services, a rating, a rating link and its mails): as an operator last approved it (decision
 * 0070). An edit waiting in moderation, or rejected, reaches nobody. A row without an approved name (test
 * rows made by hand, one edited before the column existed) shows its live name only while it is active,
 * else a dash.
 */
export const serviceNameForOthers = (): SQL<string> => sql<string>`coalesce(${services.approvedName}, case when ${services.status} = 'active' then ${services.name} end, '—')`;

/**
 * A service someone may rate through a rating link (the "request an estimate" flow): its owner's active,
 * undeleted service, as when it was asked (decision 0028: a deleted one leaves every list, a hidden or
 * waiting one is not shown to others). A link to one hidden, deleted or waiting for moderation is not rated,
 * listed or reminded of; one waiting becomes ratable again once approved. For reads that join `services`.
 */
export const ratableService = and(eq(services.status, "active"), isNull(services.deletedAt))!;
