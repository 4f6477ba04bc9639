import { eq } from "drizzle-orm";
import { options } from "../../../db/schema/reference";

/**
 * A specialization (industry + function) may be rated, in a project or through a recommendation, only while
 * its function is approved: a proposed one is its author's alone until an operator approves it (decision
 * 0014), and a rejected one leaves the works, so a rating of it would have no line to come back to. The
 * competences' rule is `ratableCompetence` (decision 0061). For reads that join `options`.
 */
export const ratableSpecialization = eq(options.status, "active");
