import type { AppContext } from "~/server/context.server";
import { known, read } from "../reads";
import { casesFrom, casesQueries } from "./cases.server";
import { publicationsFrom, publicationsQuery } from "./publications.server";
import { resumeBannerFrom, resumeQueries } from "./resume.server";

/**
 * This slice's parts of a profile page, whatever the number of cases, attachments or publications:
 * cases (read-only for another person or the expert views), and for the owner only the publications and
 * the resume banner (spec 2 §2: publications are never shown to others).
 */
export function casesSectionsRead(ctx: AppContext, userId: number, opts: { readOnly: boolean; viewerId: number }) {
  const own = opts.viewerId === userId;
  const cases = read(casesQueries(userId), ([c, a]) => ({ items: casesFrom(c, a), readOnly: opts.readOnly }));
  if (!own) return { cases, publications: known(null), resume: known(null) };
  return {
    cases,
    publications: read([publicationsQuery(userId)], ([p]) => ({ items: publicationsFrom(p), readOnly: opts.readOnly })),
    resume: opts.readOnly ? known(null) : read(resumeQueries(userId), ([f, s]) => resumeBannerFrom(f[0] ?? null, s[0] ?? null)),
  };
}
