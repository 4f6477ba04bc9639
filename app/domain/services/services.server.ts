import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import type { MyServices, ServiceExpertiseView, ServiceSpecializationView, ServiceTypeView, ServiceView, UserSearchItem } from "./schema";

/**
 * Services and teams (spec 3 §2–§9, README 'Document 3 details'). Every function takes the raw input and
 * parses it with ./schema.ts; permissions are asked of ./policy.server.ts.
 */

const notYet = (): never => {
  throw new Error("not implemented");
};

/** POST /api/service: a new service, in moderation (or active when moderation of services is off). */
export async function createService(ctx: AppContext, actor: Actor, raw: unknown): Promise<ServiceView> {
  return notYet();
}

/** POST /api/service/{id}: the owner saves it again; active, hidden or rejected go back to moderation. */
export async function updateService(ctx: AppContext, actor: Actor, id: number, raw: unknown): Promise<ServiceView> {
  return notYet();
}

/** GET /api/service/{id}: owner, team members and operators always; other signed-in users only an active one. */
export async function getService(ctx: AppContext, actor: Actor, id: number): Promise<ServiceView> {
  return notYet();
}

/** GET /api/service: the caller's services and those whose team he is in, grouped for /services. */
export async function listMyServices(ctx: AppContext, actor: Actor, raw: unknown = {}): Promise<MyServices> {
  return notYet();
}

/** DELETE /api/service/{id}: owner only; a soft delete. */
export async function deleteService(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number; message: string }> {
  return notYet();
}

/** GET /api/service/{id}/hide (and the page's hide action): owner only; → not_active. */
export async function hideService(ctx: AppContext, actor: Actor, id: number): Promise<ServiceView> {
  return notYet();
}

/** POST /api/service/participate {service_id, isParticipate}: a member accepts, refuses or leaves. */
export async function participateInService(ctx: AppContext, actor: Actor, raw: unknown): Promise<{ service_id: number; participate: boolean; message: string }> {
  return notYet();
}

/** GET /api/service/expertises?users[]=&service=&user=: the competences a service may pick (the team's own). */
export async function listServiceExpertises(ctx: AppContext, actor: Actor, raw: unknown): Promise<ServiceExpertiseView[]> {
  return notYet();
}

/** GET /api/service/{id}/specializations. */
export async function listServiceSpecializations(ctx: AppContext, actor: Actor, id: number): Promise<ServiceSpecializationView[]> {
  return notYet();
}

/** GET /api/service-types: [{id, name, type, durations, fee, is_rounded_up, round_base}]; `format` filters (spec 3 §5). */
export async function listServiceTypes(ctx: AppContext, format?: "company" | "individual" | null): Promise<ServiceTypeView[]> {
  return notYet();
}

/** GET /api/user/search for the team modal: verified users by name or exact e-mail, minimal public fields. */
export async function searchTeamUsers(ctx: AppContext, actor: Actor, raw: unknown): Promise<UserSearchItem[]> {
  return notYet();
}

/** POST /api/invite with the new-employee payload: stores the invitation, mails and answers the link. */
export async function inviteEmployee(ctx: AppContext, actor: Actor, raw: unknown): Promise<{ link: string; message: string; invite: { id: number; type: "invited"; name: string; lastName: string } }> {
  return notYet();
}
