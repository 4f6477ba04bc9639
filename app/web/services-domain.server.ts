import type { Format, Named, ServiceCardView, ServiceDraft, ServiceTypeView } from "~/components/services/types";
import { parseService, serviceInput, type ServiceView } from "~/domain/services/schema";
import {
  createService,
  deleteService,
  hideService,
  inviteEmployee as inviteEmployeeDomain,
  listServiceExpertises,
  listServiceTypes,
  myServicesRead,
  participateInService,
  searchTeamUsers,
  serviceRead,
  teamExpertisesRead,
  updateService,
} from "~/domain/services/services.server";
import type { Read } from "~/domain/reads";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";

/**
 * The services domain (app/domain/services/services.server.ts) as the pages use it: the same calls as the
 * API, their answers shaped into the components' plain views (app/components/services/types.ts).
 */

/** A read whose answer is shaped once more (its statements unchanged). */
const mapped = <A, B>(r: Read<A>, f: (a: Awaited<A>) => B): Read<B> => ({ queries: r.queries, view: async (rows) => f((await r.view(rows)) as Awaited<A>) });

function card(s: ServiceView): ServiceCardView {
  return {
    id: s.id,
    name: s.name,
    format: s.format,
    typeName: s.service_type?.name ?? "",
    status: s.status,
    rejectReason: s.reject_reason,
    rating: s.rating ?? 0,
    ratingCount: s.rating_count,
    isOwner: s.is_owner,
    myPending: s.need_approve,
    isMember: s.is_member,
    ownerName: s.user_name,
    // spec 3 §4: a company service on behalf of the company names it (the owner's current company).
    performer: s.format === "company" && s.performer_type === "company" ? (s.company.name ?? null) : s.user_name,
    users: s.users.map((u) => ({ id: u.id, type: u.type, name: u.name, need_approve: u.need_approve, photo: u.photo, rating: u.rating ?? 0 })),
    updatedAt: s.update_at,
    can: s.can,
  };
}

/** /services: the cards of the caller's services, as one read of the page's batch. */
export function myServicesCards(ctx: AppContext, actor: Actor): Read<ServiceCardView[]> {
  return mapped(myServicesRead(ctx, actor, {}), (m) => [...m.individual, ...m.company, ...m.hidden].map(card));
}

/** Both formats' lists of types (spec 3 §5: a company sees types other than individual, and the reverse). */
export async function serviceTypes(ctx: AppContext): Promise<ServiceTypeView[]> {
  const [company, individual] = await Promise.all([listServiceTypes(ctx, "company"), listServiceTypes(ctx, "individual")]);
  const out = new Map<number, ServiceTypeView>();
  for (const [format, list] of [["company", company], ["individual", individual]] as const)
    for (const ty of list) {
      const seen = out.get(ty.id) ?? { id: ty.id, name: ty.name, formats: [] as Format[] };
      seen.formats.push(format);
      out.set(ty.id, seen);
    }
  return [...out.values()];
}

/** The caller's own competences (an individual service picks from them), as one read. */
export function ownExpertisesRead(ctx: AppContext, actor: Actor): Read<Named[]> {
  return mapped(teamExpertisesRead(ctx, [actor.user.id], actor.user.id), (list) => list.map((e) => ({ id: e.id, name: e.name })));
}

export async function teamExpertises(ctx: AppContext, actor: Actor, raw: unknown): Promise<Named[]> {
  const list = await listServiceExpertises(ctx, actor, raw);
  return list.map((e) => ({ id: e.id, name: e.name }));
}

export async function teamSearch(ctx: AppContext, actor: Actor, raw: unknown) {
  const list = await searchTeamUsers(ctx, actor, raw);
  return list.map((u) => ({ id: u.id, name: u.name, company: u.user_company.name, rating: u.rating }));
}

/** The saved service as the wizard's draft (the quick view shows it to the team as well), as one read. */
export function wizardServiceRead(ctx: AppContext, actor: Actor, id: number) {
  return mapped(serviceRead(ctx, actor, id), (s) => {
    const draft: ServiceDraft = {
      id: s.id,
      format: s.format,
      type: String(s.type ?? ""),
      name: s.name,
      description: s.description,
      maturity: s.maturity ?? "",
      industries: s.industries.map((i) => i.id),
      options: s.options.map((o) => o.id),
      expertises: s.expertises.map((e) => e.id),
      specializations: s.specializations.map((x) => ({ industry_id: x.industry_id, option_id: x.option_id })),
      companies: s.companies.map((c) => ({ id: c.id, name: c.name })),
      newCompanies: [],
      users: s.users.map((u) => ({ id: u.id, type: u.type, name: u.name, need_approve: u.need_approve })),
      budget: s.budget === null ? "" : String(s.budget),
      income: s.income === null ? "" : String(s.income),
      hours: s.hours === null ? "" : String(s.hours),
      workload_format: s.workload_format,
      pay_format: s.pay_format ?? "per_month",
      performer_type: s.performer_type,
    };
    return { draft, status: s.status, rejectReason: s.reject_reason, expertises: s.expertises.map((e) => ({ id: e.id, name: e.name })), canEdit: s.can.edit };
  });
}

export const remove = (ctx: AppContext, actor: Actor, id: number) => deleteService(ctx, actor, id);
export const hide = (ctx: AppContext, actor: Actor, id: number) => hideService(ctx, actor, id);
export const participate = (ctx: AppContext, actor: Actor, raw: unknown) => participateInService(ctx, actor, raw);

export async function inviteEmployee(ctx: AppContext, actor: Actor, raw: unknown) {
  const answer = await inviteEmployeeDomain(ctx, actor, raw);
  return { id: answer.invite.id, name: `${answer.invite.name} ${answer.invite.lastName}`.trim(), link: answer.link };
}

/** 'Далее' of a step: the domain's own schema, nothing saved (the checks that read the database run on save). */
export async function check(_ctx: AppContext, _actor: Actor, raw: unknown) {
  parseService(serviceInput, raw);
}

export const create = (ctx: AppContext, actor: Actor, raw: unknown) => createService(ctx, actor, raw);
export const update = (ctx: AppContext, actor: Actor, id: number, raw: unknown) => updateService(ctx, actor, id, raw);
