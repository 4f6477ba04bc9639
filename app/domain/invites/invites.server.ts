import { desc, eq, or, sql } from "drizzle-orm";
import { isUsableBy, usableBy } from "../reference/usable";
import type { BatchItem } from "drizzle-orm/batch";
import { companies } from "../../../db/schema/reference";
import { invites, users } from "../../../db/schema/users";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { operatorPage } from "../admin/admin.server";
import { encodeInviteHash } from "../auth/invite-hash";
import { DomainError, fieldError } from "../errors";
import { sameNamed } from "../names";
import { requireOperator, requireVerifiedEmail } from "../policy.server";
import { parseInput, phoneCountry } from "../validation";
import { inviteCheckSchema, inviteSchema, type InviteInput } from "./schema";

/** spec README, Document 2 details: inviting needs a verified e-mail (decision 0025). */
const assertCanInvite = (actor: Actor) => requireVerifiedEmail(actor, "invite.not_verified");

/** The account an address belongs to, named as the invite pages show it. */
async function accountOf(ctx: AppContext, email: string) {
  const user = await ctx.db.query.users.findFirst({ columns: { id: true, name: true, lastName: true }, where: eq(users.email, email) });
  return user ? { id: user.id, name: accountName(user) } : null;
}

/** An account as an invitation's refusal names it: first and last name. */
export const accountName = (user: { name: string; lastName: string }) => `${user.name} ${user.lastName}`.trim();

/**
 * spec README: an invitation to an e-mail that already has an account is a 422 naming the account (the
 * invite pages, a service's new employee, a response's new employee).
 */
export function accountExists(name: string) {
  return new DomainError("validation", "invite.account_exists", { fields: { email: ["invite.account_exists"] }, params: { name }, extra: { exists: true, name } });
}

/**
 * The check behind the expert flow's 'Далее' (spec 2 §2, §4): does the address have an account?
 * Signed-in and verified users only, rate-limited, and it answers nothing but {exists, name}.
 */
export async function checkInviteEmail(ctx: AppContext, actor: Actor, raw: unknown) {
  assertCanInvite(actor);
  const { email } = parseInput(inviteCheckSchema, raw);
  await hit(ctx, "invite_check_user", actor.user.id);
  const account = await accountOf(ctx, email);
  return account ? { exists: true as const, name: account.name } : { exists: false as const, name: null };
}

/** The registration link of an invitation: /sign-up?hash= prefills the form and carries invite_id (spec 1 §2). */
export function registrationLink(ctx: AppContext, invite: { id: number; name: string; lastName: string; email: string; phone: string | null }) {
  const hash = encodeInviteHash({ name: invite.name, lastName: invite.lastName, email: invite.email, phone: invite.phone ?? undefined, invite_id: invite.id, is_invited: true });
  return `${ctx.env.APP_URL}/sign-up?hash=${encodeURIComponent(hash)}`;
}

/** A chosen company must exist and be usable: active, or the inviter's own one still in moderation. */
async function resolveCompany(ctx: AppContext, actor: Actor, input: InviteInput) {
  if (input.expert_type !== "company") return { companyId: null, newName: null, companyName: null, approved: false };
  if (input.company_id) {
    const row = await ctx.db.query.companies.findFirst({ where: eq(companies.id, input.company_id) });
    if (!row || !isUsableBy(row, actor.user.id)) throw fieldError("company_id", "validation.invite_company_unknown");
    return { companyId: row.id, newName: null, companyName: row.name, approved: row.status === "active" };
  }
  const name = input.new_companies![0]!.name;
  // A "new" company whose name already exists is the existing one (compared in JS: SQLite folds ASCII only).
  const pickable = await ctx.db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(usableBy(companies, actor.user.id));
  const same = sameNamed(pickable, name);
  return same ? { companyId: same.id, newName: null, companyName: same.name, approved: same.status === "active" } : { companyId: null, newName: name, companyName: name, approved: false };
}

/**
 * POST /api/invite (spec 2 §2, §3, §7): stores the invitation, mails the registration link and answers
 * with it. A new company goes to moderation in the same batch. Rate-limited per inviter and per address,
 * so the call cannot be used to send mail in bulk.
 */
export async function createInvite(ctx: AppContext, actor: Actor, raw: unknown) {
  assertCanInvite(actor);
  const input = parseInput(inviteSchema(phoneCountry(ctx.country)), raw);
  await hit(ctx, "invite_user", actor.user.id);
  const account = await accountOf(ctx, input.email);
  if (account) throw accountExists(account.name);
  await hit(ctx, "invite_email", input.email);
  const company = await resolveCompany(ctx, actor, input);

  const batch: BatchItem<"sqlite">[] = [];
  if (company.newName) {
    // spec 2 §4: a company created by the user is sent for moderation.
    batch.push(ctx.db.insert(companies).values({ name: company.newName, status: "moderation", createdBy: actor.user.id }));
  }
  const companyId = company.newName
    ? (sql`(select max(id) from companies where created_by = ${actor.user.id} and status = 'moderation')` as unknown as number)
    : company.companyId;
  const values = {
    inviterUserId: actor.user.id,
    expertType: input.expert_type,
    email: input.email,
    name: input.name,
    lastName: input.lastName,
    patronymic: input.patronymic ?? null,
    phone: input.phone ?? null,
    companyId,
  };
  batch.push(ctx.db.insert(invites).values(values).returning({ id: invites.id, companyId: invites.companyId }));
  batch.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "invite.sent", targetType: "invite_email", targetId: input.email, meta: { expert_type: input.expert_type, new_company: company.newName } }));
  const results = (await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const [row] = results[company.newName ? 1 : 0] as { id: number; companyId: number | null }[];
  const invite = { id: row!.id, name: input.name, lastName: input.lastName, email: input.email, phone: input.phone ?? null };
  const link = registrationLink(ctx, invite);
  try {
    await ctx.mailer.send(
      // The platform names a company to a third party only once an operator approved it: a proposal is its
      // author's alone (decision 0014), and its text reached any address otherwise.
      mailTemplates.invitation(ctx.t, input.email, { name: input.name, inviter: `${actor.user.name} ${actor.user.lastName}`.trim(), company: company.approved ? company.companyName : null, url: link }),
    );
  } catch (e) {
    // The invitation is stored and its link returned: the inviter can pass it on by hand.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "invitation mail failed", error: String(e) }));
  }
  return {
    link,
    message: ctx.t("invite.sent"),
    invite: { id: invite.id, expert_type: input.expert_type, email: input.email, name: input.name, lastName: input.lastName, company_id: row!.companyId, company_name: company.companyName },
  };
}

/** What the inviter sees of his invitations: newest first, whether the person has registered. */
export async function listMyInvites(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .select({
      id: invites.id,
      expert_type: invites.expertType,
      email: invites.email,
      name: invites.name,
      lastName: invites.lastName,
      company_name: companies.name,
      registered: sql<number>`${invites.registeredUserId} is not null`,
      created_at: invites.createdAt,
    })
    .from(invites)
    .leftJoin(companies, eq(companies.id, invites.companyId))
    .where(eq(invites.inviterUserId, actor.user.id))
    .orderBy(desc(invites.id))
    .limit(100);
  return rows.map((r) => ({ ...r, registered: !!r.registered }));
}

/** The operator console's list of invitations: who invited whom, the company, and the account it became. */
export async function listInvitesForOperator(ctx: AppContext, actor: Actor, opts: { page?: number } = {}) {
  requireOperator(actor);
  const page = operatorPage(opts.page);
  const rows = await ctx.db
    .select({
      id: invites.id,
      expertType: invites.expertType,
      email: invites.email,
      name: invites.name,
      lastName: invites.lastName,
      companyName: companies.name,
      companyStatus: companies.status,
      inviterUserId: invites.inviterUserId,
      inviterEmail: sql<string | null>`(select email from users u where u.id = ${invites.inviterUserId})`,
      registeredUserId: invites.registeredUserId,
      // Registered through this invitation's link, the address not proven yet (decision 0055): by the
      // unique e-mail index, one lookup a row.
      unconfirmedUserId: sql<number | null>`(select u.id from users u where u.email = ${invites.email} and u.invite_id = ${invites.id} and u.email_verified_at is null and ${invites.registeredUserId} is null)`,
      createdAt: invites.createdAt,
    })
    .from(invites)
    .leftJoin(companies, eq(companies.id, invites.companyId))
    .orderBy(desc(invites.id))
    .limit(page.limit)
    .offset(page.offset);
  return page.cut(rows);
}
