import type { Member, Named, ServiceCardView, ServiceDraft, ServiceTypeView } from "~/components/services/types";
import type { AppContext } from "./context.server";
import type { Actor } from "./session.server";

/**
 * The services domain as the pages use it, shaped into the components' views. PLACEHOLDER until the
 * svc-core contract (app/domain/services/services.server.ts) lands.
 */
export async function myServices(_ctx: AppContext, _actor: Actor): Promise<ServiceCardView[]> {
  return [];
}
export async function serviceTypes(_ctx: AppContext): Promise<ServiceTypeView[]> {
  return [
    { id: 1, name: "На проект", formats: ["company", "individual"] },
    { id: 2, name: "На консультацию", formats: ["company", "individual"] },
  ];
}
export async function ownExpertises(_ctx: AppContext, _actor: Actor): Promise<Named[]> {
  return [];
}
export async function readForWizard(_ctx: AppContext, _actor: Actor, _id: number): Promise<{ draft: ServiceDraft; status: string; rejectReason: string | null; expertises: Named[] } | null> {
  return null;
}
export async function remove(_ctx: AppContext, _actor: Actor, _id: number) {}
export async function hide(_ctx: AppContext, _actor: Actor, _id: number) {}
export async function participate(_ctx: AppContext, _actor: Actor, _raw: unknown) {}
export async function inviteEmployee(_ctx: AppContext, _actor: Actor, _raw: unknown): Promise<{ id: number; name: string; link: string }> {
  return { id: 1, name: "", link: "" };
}
export async function check(_ctx: AppContext, _actor: Actor, _raw: unknown, _id: number | null) {}
export async function create(_ctx: AppContext, _actor: Actor, _raw: unknown): Promise<{ id: number }> {
  return { id: 1 };
}
export async function update(_ctx: AppContext, _actor: Actor, id: number, _raw: unknown): Promise<{ id: number }> {
  return { id };
}
export type { Member };
