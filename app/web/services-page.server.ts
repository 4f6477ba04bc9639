import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Format, ServiceCardView, ServiceDraft, WizardData } from "~/components/services/types";
import { DomainError } from "~/domain/errors";
import { known, runReads } from "~/domain/reads";
import { listIndustries, optionsRead } from "~/domain/reference/reference.server";
import { SERVICE_LIMITS } from "~/domain/limits";
import { idOrNotFound } from "~/domain/validation";
import { formObject, pageError, runAction, type ActionErrors, pageId, pageRead } from "./page.server";
import type { Actor } from "~/server/session.server";
import * as svc from "./services-domain.server";
import "./load-context";

/**
 * The edges of /services and the service wizard: loaders and actions that call the services domain
 * (app/domain/services/services.server.ts) directly, like the profile pages, and shape its answers into
 * the plain views the components take (app/components/services/types.ts). No rule is checked here.
 */

export async function loadServicesList(context: AppLoadContext, actor: Actor): Promise<{ services: ServiceCardView[]; meId: number }> {
  const { services } = await runReads(context.ctx, { services: svc.myServicesCards(context.ctx, actor) });
  return { services, meId: actor.user.id };
}

/** The list's buttons: delete, hide, participate, refuse (a fetcher gets `{ok}`, a plain form goes back). */
export async function servicesListAction(context: AppLoadContext, actor: Actor, request: Request) {
  let intent = "";
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    const id = idOrNotFound(form.id);
    intent = String(form.intent ?? "");
    if (intent === "delete") return await svc.remove(context.ctx, actor, id);
    if (intent === "hide") return await svc.hide(context.ctx, actor, id);
    if (intent === "participate" || intent === "refuse") return await svc.participate(context.ctx, actor, { service_id: id, isParticipate: intent === "participate" ? 1 : 0 });
    throw new DomainError("validation", "validation.invalid", { fields: { intent: ["validation.invalid"] } });
  });
  if (!result.ok) return data(result.body, result.init);
  // Which button it was: the list says what was done ('Услуга удалена'…) where the card was.
  return data({ ok: true as const, done: intent });
}

const emptyDraft = (format: Format | "", type: string): ServiceDraft => ({
  id: null,
  format,
  type,
  name: "",
  description: "",
  maturity: "",
  industries: [],
  options: [],
  expertises: [],
  specializations: [],
  companies: [],
  newCompanies: [],
  users: [],
  budget: String(SERVICE_LIMITS.defaultAmount),
  income: String(SERVICE_LIMITS.defaultAmount),
  hours: "",
  workload_format: "per_week",
  pay_format: "per_month",
  performer_type: "company",
});

/** `teamAndPeople` preselects the format (spec 3 §2): `team`/`company` or `people`/`self`/`individual`. */
function formatParam(v: string | null): Format | "" {
  if (v === "team" || v === "company" || v === "1") return "company";
  if (v === "people" || v === "self" || v === "individual" || v === "0") return "individual";
  return "";
}

export async function loadWizard(context: AppLoadContext, request: Request, actor: Actor | null, mode: WizardData["mode"], rawId?: string): Promise<WizardData> {
  const ctx = context.ctx;
  const url = new URL(request.url);
  const id = rawId === undefined ? null : pageId(rawId);
  // The page's reads in ONE D1 batch (decision 0020); industries and service types are reference data
  // kept per isolate, so a warm page costs the session and this batch.
  // Another user's service in moderation, a deleted one: the 404 page, not Remix's 500.
  const [industries, types, { options, existing, expertises }] = await pageRead(context, () => Promise.all([
    listIndustries(ctx),
    svc.serviceTypes(ctx),
    runReads(ctx, {
      options: optionsRead(ctx, actor, {}),
      existing: id !== null && actor ? svc.wizardServiceRead(ctx, actor, id) : known(null),
      expertises: actor ? svc.ownExpertisesRead(ctx, actor) : known([]),
    }),
  ]));
  // Only the owner edits (spec 3 §6); a team member opening the edit address gets the read-only view.
  if (existing && mode === "edit" && !existing.canEdit) throw redirect(`/service-add/quick-view/${id}`);
  const typeParam = url.searchParams.get("type") ?? "";
  const draft = existing?.draft ?? emptyDraft(formatParam(url.searchParams.get("teamAndPeople")), types.some((t) => String(t.id) === typeParam) ? typeParam : "");
  return {
    mode,
    limits: SERVICE_LIMITS,
    empty: emptyDraft("", ""),
    signedIn: !!actor,
    me: actor ? { id: actor.user.id, name: actor.user.name } : null,
    draft,
    status: existing?.status ?? null,
    rejectReason: existing?.rejectReason ?? null,
    teamSince: existing ? ctx.now().toISOString() : null,
    types,
    industries,
    options: options.map((o) => ({ id: o.id, name: o.name, parent_id: o.parent_id })),
    expertises: existing?.expertises?.length ? mergeById(expertises, existing.expertises) : expertises,
  };
}

const mergeById = <T extends { id: number }>(a: T[], b: T[]) => [...a, ...b.filter((x) => !a.some((y) => y.id === x.id))];

/** The shared pickers post `industry[]` and `option[]`; the service payload (spec 3 §3) names them in the plural. */
function servicePayload(form: Record<string, unknown>) {
  const { industry, option, new_option, intent: _intent, ...rest } = form;
  return { ...rest, industries: rest.industries ?? industry ?? [], options: rest.options ?? option ?? [], new_options: rest.new_options ?? new_option ?? [] };
}

/**
 * The wizard's action: `intent=check` asks the domain to validate without saving (the 'Далее' of a step),
 * `intent=invite` invites a new employee (the answer carries the registration link), anything else saves.
 * A guest gets the unauthorized message: the page has told them nothing is saved.
 */
export async function wizardAction(context: AppLoadContext, request: Request, id: number | null) {
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  const ctx = context.ctx;
  let form: Record<string, unknown>;
  try {
    form = await formObject(request);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const { body, init } = pageError(context, e);
    return data(body, init);
  }
  const intent = String(form.intent ?? "save");
  if (intent === "invite") {
    const result = await runAction(context, async () => await svc.inviteEmployee(ctx, actor, form));
    if (!result.ok) return data(result.body, result.init);
    return data({ invited: result.value });
  }
  const payload = servicePayload(form);
  if (intent === "check") {
    const result = await runAction(context, async () => await svc.check(ctx, actor, payload));
    if (!result.ok) return data(result.body, { ...result.init, status: 200 });
    return data({ checked: true as const });
  }
  // The next save of this page leaves out who refuses after this one (decision 0071).
  const savedAt = ctx.now().toISOString();
  const result = await runAction(context, async () => await (id === null ? svc.create(ctx, actor, payload) : svc.update(ctx, actor, id, payload)));
  if (!result.ok) return data(result.body, result.init);
  // Active at once while operators do not moderate services: the page says so rather than 'sent to moderation'.
  // The team as saved: a member who refused meanwhile is no longer in it, and the page shows that.
  const team = result.value.users.map((u) => ({ id: u.id, type: u.type, name: u.name, need_approve: u.need_approve }));
  return data({ saved: true as const, id: result.value.id, active: result.value.status === "active", team, teamSince: savedAt });
}
