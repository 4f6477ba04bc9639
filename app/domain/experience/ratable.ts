import { eq } from "drizzle-orm";
import { expertises, options } from "../../../db/schema/reference";

/**
 * A competence someone may rate (a customer in a project, a colleague through a recommendation): an approved
 * one. A proposal in moderation is visible to its author only, and may yet be rejected; then it could not be
 * added again, and a rating of it would have no line to come back to (decision 0061). For reads that join
 * `expertises`.
 */
export const ratableCompetence = eq(expertises.status, "active");

/**
 * A specialization (industry + function) may be rated, in a project or through a recommendation, only while
 * its function is approved: a proposed one is its author's alone until an operator approves it (decision
 * 0014), and a rejected one leaves the works, so a rating of it would have no line to come back to. For
 * reads that join `options`.
 */
export const ratableSpecialization = eq(options.status, "active");
