import { z } from "zod";
import type { RespondStatus } from "../../../db/schema/responds";
import { idField, wholeNumber } from "../validation";

/**
 * The expert's side of requests (spec 3 §2 'Expert responses', §3 'Expert-side response item'; README
 * "Responses"): the groups of GET /api/demands-services and the tabs of /projects/response. Shared by the
 * page and the server, so it holds no server code.
 */

/** GET /api/demands-services groups (spec 3 §3): `request` is the invitations. */
export const API_GROUPS = {
  request: ["invite"],
  sent: ["sent"],
  moderation: ["moderation"],
  active: ["active"],
  completed: ["completed"],
  rejected: ["rejected"],
} as const satisfies Record<string, readonly RespondStatus[]>;
export type ApiGroup = keyof typeof API_GROUPS;

/**
 * The page's tabs (spec 3 §2): 'Новые приглашения' (#invite), 'Отправленные' (sent and moderation merged),
 * 'Активные', 'Завершенные', 'Отклоненные'. The keys are the executor keys of the visit bookkeeping.
 */
export const PAGE_TABS = {
  invite: ["invite"],
  sent: ["sent", "moderation"],
  active: ["active"],
  completed: ["completed"],
  rejected: ["rejected"],
} as const satisfies Record<string, readonly RespondStatus[]>;
export type PageTab = keyof typeof PAGE_TABS;

/** Items per page of a group: as the customer's list beside it (README: 3 per page), decision 0031. */
export const EXPERT_PROJECTS_PER_PAGE = 3;

export const expertListQuery = <const G extends readonly [string, ...string[]]>(groups: G) =>
  z.object({
    group: z.enum(groups, { error: "validation.invalid" }).optional(),
    page: wholeNumber(z.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(10_000, "validation.invalid")).optional().default(1),
  });
export const apiListQuery = expertListQuery(Object.keys(API_GROUPS) as [ApiGroup, ...ApiGroup[]]);
export const pageListQuery = expertListQuery(Object.keys(PAGE_TABS) as [PageTab, ...PageTab[]]);

/** POST /api/reject-respond {demand_id} (JSON or form). */
export const declineSchema = z.object({ demand_id: idField });

/** POST /api/view-flags {model, ids}, as documented (each model's own schema parses it: view-flags.server.ts, recommendations). */
export const viewFlagsBody = z.object({ model: z.enum(["recommendation", "respond", "invite"]), ids: z.array(idField).min(1).max(100) });

/** One item of the expert's lists (spec 3 §3 'Expert-side response item'). */
export type ExpertProjectItem = {
  id: number;
  demand_id: number;
  demand_name: string;
  demand_service_type: { id: number; name: string; type: "project" | "consultation" };
  /** The expert-visible budget (app/domain/demands/money.ts). */
  demand_budget: number;
  /** The request no longer takes responses (its search stopped, ran out, or it started or ended). */
  demand_is_finished: boolean;
  status: Exclude<RespondStatus, "declined">;
  /** The expert has opened the invitation (its 'new' mark is gone). */
  is_viewed: boolean;
  /** When the customer first viewed the response; null: not yet ('Отправлено'). */
  viewed_by_customer: string | null;
  created_at: string;
  /** The operator's reason when a response was rejected in moderation; null when another expert was chosen. */
  reject_reason: string | null;
};
export type ExpertProjectsPage = { data: ExpertProjectItem[]; current_page: number; last_page: number; total: number };
