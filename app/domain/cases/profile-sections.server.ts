import type { BatchItem } from "drizzle-orm/batch";
import type { AppContext } from "~/server/context.server";
import { casesFrom, casesQueries } from "./cases.server";
import { publicationsFrom, publicationsQuery } from "./publications.server";
import { resumeBannerFrom, resumeQueries } from "./resume.server";

/**
 * This slice's part of a profile page in ONE D1 round trip, whatever the number of cases, attachments or
 * publications: cases (read-only for another person or the expert views), and for the owner only the
 * publications and the resume banner (spec 2 §2: publications are never shown to others).
 * The lead may fold these reads into the page's own batch.
 */
export async function loadCasesSections(ctx: AppContext, userId: number, opts: { readOnly: boolean; viewerId: number }) {
  const own = opts.viewerId === userId;
  const [caseRows, attachments] = casesQueries(ctx, userId);
  const reads: BatchItem<"sqlite">[] = [caseRows, attachments];
  if (own) reads.push(publicationsQuery(ctx, userId), ...resumeQueries(ctx, userId));
  const results = (await ctx.db.batch(reads as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const [c, a, p, f, s] = results as [
    Parameters<typeof casesFrom>[0],
    Parameters<typeof casesFrom>[1],
    Parameters<typeof publicationsFrom>[0] | undefined,
    { id: number; name: string }[] | undefined,
    Parameters<typeof resumeBannerFrom>[1][] | undefined,
  ];
  return {
    cases: { items: casesFrom(c, a), readOnly: opts.readOnly },
    publications: own ? { items: publicationsFrom(p ?? []), readOnly: opts.readOnly } : null,
    resume: own && !opts.readOnly ? resumeBannerFrom(f?.[0] ?? null, s?.[0] ?? null) : null,
  };
}
