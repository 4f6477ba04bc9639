import { base64UrlToBytes, bytesToBase64Url, hmacSign, hmacVerify } from "~/server/crypto.server";
import type { RatingType } from "../../../db/schema/reputation";
import { isUnsafeKey } from "~/lib/safe-keys";

/**
 * The rating link's `hash` (spec 2 §2, spec README "Document 2 details"): base64 of `key=value&…` pairs,
 * as the spec describes, followed by `.` and an HMAC-SHA-256 of that base64 text with RATE_LINK_SECRET.
 * What is rated and by whom is read from a hash only once its signature checks out; the other fields of
 * a rating call are never trusted (docs/decisions/0016-recommendations.md).
 *
 * Two kinds: `single` (one item, /rate-user, also for guests named by an invited e-mail) and `multi`
 * (a whole invitation, /multi-rate-user, for the signed-in rater).
 */
export type SingleRatePayload = {
  kind: "single";
  rate_id: number;
  invitation_id: number;
  user_id: number;
  type: RatingType;
  industry_id?: number | null;
  option_id?: number | null;
  expertise_id?: number | null;
  service_id?: number | null;
  work_role_id?: number | null;
  company_id?: number | null;
  /** Registered rater. */
  rater_user_id?: number | null;
  /** Invited rater: the invitation that names the e-mail, and the e-mail. */
  invite_rater_user_id?: number | null;
  rater_email?: string | null;
  industry_name?: string | null;
  option_name?: string | null;
  expertise_name?: string | null;
  service_name?: string | null;
  company_name?: string | null;
  work_role_name?: string | null;
};

export type MultiRatePayload = {
  kind: "multi";
  invitation_id: number;
  user_id: number;
  rater_user_id?: number | null;
  rater_email?: string | null;
};

export type RatePayload = SingleRatePayload | MultiRatePayload;

const NUMERIC = new Set(["rate_id", "invitation_id", "user_id", "industry_id", "option_id", "expertise_id", "service_id", "work_role_id", "company_id", "rater_user_id", "invite_rater_user_id"]);
const DOMAIN = "rate-link:";
const MAX_HASH = 4000;

export async function signRatePayload(secret: string, payload: RatePayload): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const body = bytesToBase64Url(new TextEncoder().encode(params.toString()));
  return `${body}.${await hmacSign(secret, DOMAIN + body)}`;
}

/** The payload of a hash whose signature is ours, or null (tampered, truncated, foreign). */
export async function verifyRateHash(secret: string, hash: unknown): Promise<RatePayload | null> {
  if (typeof hash !== "string" || hash.length > MAX_HASH) return null;
  const dot = hash.indexOf(".");
  if (dot <= 0 || dot !== hash.lastIndexOf(".")) return null;
  const body = hash.slice(0, dot);
  const sig = hash.slice(dot + 1);
  if (!(await hmacVerify(secret, DOMAIN + body, sig))) return null;
  const bytes = base64UrlToBytes(body);
  if (!bytes) return null;
  const params = new URLSearchParams(new TextDecoder().decode(bytes));
  const out: Record<string, unknown> = {};
  for (const [k, v] of params) {
    if (isUnsafeKey(k)) return null;
    if (NUMERIC.has(k)) {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) return null;
      out[k] = n;
    } else out[k] = v;
  }
  if (out.kind !== "single" && out.kind !== "multi") return null;
  if (typeof out.user_id !== "number" || typeof out.invitation_id !== "number") return null;
  if (out.kind === "single" && (typeof out.rate_id !== "number" || !["tribe", "expertise", "service"].includes(out.type as string))) return null;
  if (!out.rater_user_id && !out.rater_email) return null;
  return out as RatePayload;
}

/** What a hash is made from: an invitation and, for a single link, one of its items with its names. */
type HashInvitation = { id: number; userId: number; raterUserId: number | null; raterEmail: string | null };
type HashItem = {
  id: number;
  type: RatingType;
  industryId: number | null;
  optionId: number | null;
  expertiseId: number | null;
  serviceId: number | null;
  workRoleId: number | null;
  companyId: number | null;
};

/** The /multi-rate-user hash of an invitation: every item, for the rater it names. */
export function multiRateHash(secret: string, inv: HashInvitation): Promise<string> {
  return signRatePayload(secret, { kind: "multi", invitation_id: inv.id, user_id: inv.userId, rater_user_id: inv.raterUserId, rater_email: inv.raterUserId ? null : inv.raterEmail });
}

/** The /rate-user hash of one item, with the names the link shows (spec README "Document 2 details"). */
export function singleRateHash(
  secret: string,
  inv: HashInvitation,
  item: HashItem,
  names: { industry: string | null; option: string | null; expertise: string | null; service: string | null; company: string | null; workRole: string | null },
): Promise<string> {
  return signRatePayload(secret, {
    kind: "single",
    rate_id: item.id,
    invitation_id: inv.id,
    user_id: inv.userId,
    type: item.type,
    industry_id: item.industryId,
    option_id: item.optionId,
    expertise_id: item.expertiseId,
    service_id: item.serviceId,
    work_role_id: item.workRoleId,
    company_id: item.companyId,
    rater_user_id: inv.raterUserId,
    invite_rater_user_id: inv.raterUserId ? null : inv.id,
    rater_email: inv.raterUserId ? null : inv.raterEmail,
    industry_name: item.industryId ? names.industry : null,
    option_name: item.optionId ? names.option : null,
    expertise_name: item.expertiseId ? names.expertise : null,
    service_name: item.serviceId ? names.service : null,
    company_name: item.companyId ? names.company : null,
    work_role_name: item.workRoleId ? names.workRole : null,
  });
}
