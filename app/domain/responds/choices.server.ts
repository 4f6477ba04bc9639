import { and, eq, inArray, or, sql } from "drizzle-orm";
import { demandOptions, demandSubOptions } from "../../../db/schema/demands";
import { userExpertises, works } from "../../../db/schema/experience";
import { companies, expertises, options } from "../../../db/schema/reference";
import { userOptions } from "../../../db/schema/users";
import { usableBy } from "../reference/usable";

/**
 * What a response may name besides its cases and services (spec 3 §2 'Expert responses'): the response
 * form lists exactly these, and `POST /api/respond` takes nothing else. One rule for both.
 */

/** The expert's own competences: those on his profile (his own proposal in moderation too; the customer sees only approved ones). */
export const respondCompetence = (me: number) =>
  and(usableBy(expertises, me), inArray(expertises.id, sql`(select ${userExpertises.expertiseId} from ${userExpertises} where ${userExpertises.userId} = ${me})`))!;

/** Approved functions of the request (its functions and sub-functions) or of the expert's profile. */
export const respondFunction = (me: number, demandId: number) =>
  and(
    eq(options.status, "active"),
    or(
      inArray(options.id, sql`(select ${demandOptions.optionId} from ${demandOptions} where ${demandOptions.demandId} = ${demandId})`),
      inArray(options.id, sql`(select ${demandSubOptions.optionId} from ${demandSubOptions} where ${demandSubOptions.demandId} = ${demandId})`),
      inArray(options.id, sql`(select ${userOptions.optionId} from ${userOptions} where ${userOptions.userId} = ${me})`),
    ),
  )!;

/** Approved companies of the expert's works. */
export const respondCompany = (me: number) => and(eq(companies.status, "active"), inArray(companies.id, sql`(select ${works.companyId} from ${works} where ${works.userId} = ${me})`))!;
