/**
 * What the service pages get from their loaders: plain values, so that the components never import
 * the domain's server modules. The loaders (app/web/services-page.server.ts) build them from the
 * domain's answers.
 */
import type { SERVICE_LIMITS } from "~/domain/limits";

export type Format = "company" | "individual";
export type ServiceLimits = typeof SERVICE_LIMITS;
export const FORMATS: Format[] = ["individual", "company"];

export type Member = { id: number; type: string; name: string; need_approve?: boolean; photo?: string | null; rating?: number; isMe?: boolean };
export type Named = { id: number; name: string };

export type ServiceDraft = {
  id: number | null;
  format: Format | "";
  type: string;
  name: string;
  description: string;
  /** spec 3 §3's `maturity`: free text, how established the service is (optional). */
  maturity: string;
  industries: number[];
  options: number[];
  expertises: number[];
  specializations: { industry_id: number; option_id: number }[];
  companies: Named[];
  newCompanies: string[];
  users: Member[];
  budget: string;
  income: string;
  hours: string;
  workload_format: string;
  pay_format: string;
  /** A company service: published on behalf of the company or of its owner (spec 3 §4). */
  performer_type: Format;
};

export type ServiceTypeView = { id: number; name: string; formats: Format[] };

export type WizardData = {
  mode: "new" | "edit" | "view";
  /** The domain's service limits (spec 3 §5, §9), sent with the page: its first step does not load their module. */
  limits: ServiceLimits;
  /** The draft a format change starts again from (spec 3 §4: everything entered is dropped). */
  empty: ServiceDraft;
  signedIn: boolean;
  me: { id: number; name: string } | null;
  draft: ServiceDraft;
  /** The status of the saved service (edit and view), for the chip and the reason of a rejection. */
  status: string | null;
  rejectReason: string | null;
  /** When the saved service's form was loaded: sent back, so that a member who refused since is not asked again (decision 0071). */
  teamSince: string | null;
  types: ServiceTypeView[];
  industries: Named[];
  options: { id: number; name: string; parent_id: number | null }[];
  /** The competences one picks from: the owner's own (individual) or the team's (company, fetched as the team changes). */
  expertises: Named[];
};

export type ServiceCardView = {
  id: number;
  name: string;
  format: Format;
  typeName: string;
  status: string;
  rejectReason: string | null;
  rating: number;
  ratingCount: number;
  isOwner: boolean;
  /** The signed-in user is a member still asked to take part. */
  myPending: boolean;
  /** The signed-in user is a member (not the owner). */
  isMember: boolean;
  ownerName: string;
  /** Whom a company service is published on behalf of: its company's name (null when unknown), or the owner. */
  performer: string | null;
  users: Member[];
  updatedAt: string;
  /** What the signed-in user may do with it, as the domain says (spec 3 §6). */
  can: { edit: boolean; delete: boolean; hide: boolean; estimate: boolean; participate: boolean; refuse: boolean };
};
