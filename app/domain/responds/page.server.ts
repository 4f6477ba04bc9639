import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { cases } from "../../../db/schema/cases";
import { companies, expertises, options, taxes } from "../../../db/schema/reference";
import { services } from "../../../db/schema/services";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { shortDemand } from "../demands/demands.server";
import { DomainError } from "../errors";
import { localName } from "../names";
import { dropInviteMarks } from "./view-flags.server";
import { hasResponded, myRowFor } from "./respond.server";
import { respondCompany, respondCompetence, respondFunction } from "./choices.server";

type Named = { id: number; name: string };
export type RespondPageDemand = Awaited<ReturnType<typeof shortDemand>>;
export type RespondPageData = {
  /** The request as an expert sees it, or null when its search is over (`closed` says so). */
  demand: RespondPageDemand | null;
  closed: string | null;
  customer: { name: string; company: string | null; photo: string | null } | null;
  isOwner: boolean;
  /** The expert's row for the request: an invitation, a response already sent, or none. */
  row: { id: number; status: string } | null;
  /** The row is a response he sent (respondability's rule): the page says so instead of the form. */
  responded: boolean;
  verified: boolean;
  form: { services: Named[]; cases: Named[]; expertises: Named[]; options: Named[]; companies: Named[]; taxes: { id: number; name: string; percent: number }[] } | null;
};

/**
 * What /response-request/{id} shows a signed-in user (spec 3 §2 'Expert responses'): the request through
 * GET /api/demand/short's rules (404 in moderation; a search that is over is the page's
 * 'Заказчик завершил поиск…'), the customer block, the expert's own row (opening an invitation drops its
 * new mark), and what his response form offers: his active services, his cases, his competences, the
 * request's and his own functions, the companies of his works, the taxes. One read batch for the form.
 */
export async function respondPageData(ctx: AppContext, actor: Actor, demandId: number): Promise<RespondPageData> {
  let demand: RespondPageDemand | null = null;
  let closed: string | null = null;
  try {
    demand = await shortDemand(ctx, actor, demandId);
  } catch (e) {
    if (!(e instanceof DomainError) || e.kind !== "forbidden") throw e;
    closed = ctx.t(e.code);
  }
  const row = await myRowFor(ctx, actor, demandId);
  if (row?.status === "invite" && row.isNew) await dropInviteMarks(ctx, actor, [row.id]);
  if (!demand) return { demand: null, closed, customer: null, isOwner: false, row, responded: hasResponded(row), verified: actor.user.isVerified, form: null };
  const me = actor.user.id;
  const [svc, cs, ex, op, co, tx] = await ctx.db.batch([
    ctx.db.select({ id: services.id, name: services.name }).from(services).where(and(eq(services.userId, me), eq(services.status, "active"), isNull(services.deletedAt))).orderBy(desc(services.updatedAt)),
    ctx.db.select({ id: cases.id, name: cases.name }).from(cases).where(and(eq(cases.userId, me), isNull(cases.deletedAt))).orderBy(desc(cases.id)),
    ctx.db.select({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn }).from(expertises).where(respondCompetence(me)).orderBy(asc(expertises.name)),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn }).from(options).where(respondFunction(me, demandId)).orderBy(asc(options.name)),
    ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(respondCompany(me)).orderBy(asc(companies.name)),
    ctx.db.select().from(taxes).orderBy(asc(taxes.id)),
  ]);
  const named = (l: { id: number; name: string; nameEn: string | null }[]) => l.map((x) => ({ id: x.id, name: localName(ctx, x.name, x.nameEn) }));
  return {
    demand,
    closed,
    // The request's own customer fields (GET /api/demand/short: user_company, user_photo).
    customer: { name: demand.user_name, company: demand.user_company, photo: demand.user_photo },
    isOwner: demand.user_id === me,
    row: row ? { id: row.id, status: row.status } : null,
    responded: hasResponded(row),
    verified: actor.user.isVerified,
    form: {
      services: svc,
      cases: cs,
      expertises: named(ex),
      options: named(op),
      companies: co,
      taxes: tx.map((t) => ({ id: t.id, name: localName(ctx, t.name, t.nameEn), percent: t.percent })),
    },
  };
}
