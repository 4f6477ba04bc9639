import { and, eq, gt, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { options as optionsTable, industries as industriesTable } from "../../../db/schema/reference";
import { dropUnprovenLinksStatement, provenLinksStatement } from "./social.server";
import { invites, sessions, socialAccounts, tokens, userIndustries, userOptions, userRoles, users } from "../../../db/schema/users";
import { RESUME_TYPES } from "../../../storage/sniff";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { randomDigits, randomToken } from "~/server/crypto.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { addressSubject, hit, hitAll } from "~/server/rate-limit.server";
import { newSessionValues, revokeSessionStatement, revokeUsersSessionStatement, sessionIdOf, revokeUserSessionsStatements, type Actor } from "~/server/session.server";
import type { Lang } from "~/i18n";
import { DomainError, fieldError, unauthorized, validationError } from "../errors";
import { provenAddressStatements } from "./proven-address.server";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimGuestUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { sameNamed } from "../names";
import { requireOwnSession } from "../policy.server";
import { refuseBlocked } from "../admin/users.server";
import { LIMITS, parseInput, phoneCountry } from "../validation";
import {
  completeSocialSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  changePasswordSchema,
  type RegisterInput,
} from "./schema";
import { assertUncommonPassword } from "./common-password.server";
import { invalidateTokensStatement, peekToken, tokenHash, tokenValues, useTokenStatements } from "./tokens.server";
import { sqlBatch } from "../admin/decision.server";
import { inIds } from "../id-list";

const RESET_MAX_ATTEMPTS = 5;

/** The account's language (`users.locale`): the mails that other people's acts send him are written in it. */
const userLocaleStatement = (ctx: AppContext, userId: number, lang: Lang) => ctx.db.update(users).set({ locale: lang }).where(and(eq(users.id, userId), ne(users.locale, lang)));

/**
 * The language switch of a signed-in person (the /lang page action) is his language from now on. Not in a
 * session an operator has taken over: the operator's choice is not the user's.
 */
export async function rememberLanguage(ctx: AppContext, actor: Actor | null, lang: Lang) {
  if (!actor || actor.impersonator) return;
  await userLocaleStatement(ctx, actor.user.id, lang).run();
}

const userIdByEmail = (email: string) => sql<number>`(select id from users where email = ${email})`;

/** spec 1 §7 Sign in: POST /api/login → {token}. */
export async function login(ctx: AppContext, raw: unknown) {
  const input = parseInput(loginSchema, raw);
  await hit(ctx, "login_ip", ctx.ip);
  // The account's failures so far, from this network and from everywhere: read (a hit of weight 0) before
  // the password is checked, and counted only when it fails (ASVS V6.3.1 without a lockout anyone can cause).
  const failures = (weight: number) => [
    { name: "login_email_net" as const, subject: `${input.email} ${addressSubject(ctx.ip)}`, weight },
    { name: "login_email" as const, subject: input.email, weight },
  ];
  await hitAll(ctx, failures(0));
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const check = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !check.ok) {
    // ASVS V16.3.1: a failed sign-in is recorded (never the password), the same way for an unknown e-mail.
    await auditInsert(ctx, { actorUserId: null, action: "user.login_failed", targetType: "user", targetId: user?.id ?? input.email, meta: { email: input.email, known: !!user } });
    // This try is answered as what it is; a limit it reaches refuses the next one.
    await hitAll(ctx, failures(1)).catch((e) => {
      if (!(e instanceof DomainError && e.kind === "rate_limited")) throw e;
    });
    throw fieldError("password", "auth.invalid_credentials");
  }
  if (user.blockedAt) {
    // Told only after the right password: the refusal tells nobody else that the address has an account.
    await auditInsert(ctx, { actorUserId: null, action: "user.login_blocked", targetType: "user", targetId: user.id, meta: { method: "password" } });
    refuseBlocked(user);
  }
  const { token, values } = await newSessionValues(ctx, user.id);
  const batch: (BatchItem<"sqlite"> | SQL)[] = [
    // The password checked is still the account's, and no block came meanwhile: a reset, a change or a
    // takeover that signed everyone out between the check and this batch is not undone by a new session.
    sql`select json('lost race') as failed where not exists (select 1 from users where id = ${user.id} and password_hash = ${user.passwordHash} and blocked_at is null)`,
    ctx.db.insert(sessions).values(values),
    auditInsert(ctx, { actorUserId: user.id, action: "user.login", targetType: "user", targetId: user.id, meta: { method: "password" } }),
  ];
  if (check.needsRehash) batch.push(ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id)));
  // The language he signs in with is the one other people's acts write to him in (matching, decisions…).
  if (user.locale !== ctx.lang) batch.push(userLocaleStatement(ctx, user.id, ctx.lang));
  try {
    await sqlBatch(ctx, batch as never[]);
  } catch (e) {
    if (isGuardFailure(e)) throw fieldError("password", "auth.invalid_credentials");
    throw e;
  }
  return { token, user: { id: user.id, isVerified: !!user.emailVerifiedAt } };
}

/**
 * Sign-out; in an impersonated session it is also the impersonation's end, audited as leaving it is, and
 * the operator's own session kept aside (`keptAside`, the browser's token of it) ends with it: the browser
 * forgets it, so it must not stay valid behind.
 */
export async function logout(ctx: AppContext, actor: Actor, keptAside?: string | null) {
  if (!actor.impersonator) return void (await revokeSessionStatement(ctx, actor.sessionId));
  const batch: BatchItem<"sqlite">[] = [
    revokeSessionStatement(ctx, actor.sessionId),
    auditInsert(ctx, { actorUserId: actor.impersonator.id, action: "impersonate.end", targetType: "user", targetId: actor.user.id, meta: { via: "logout" } }),
  ];
  if (keptAside) batch.push(revokeUsersSessionStatement(ctx, await sessionIdOf(keptAside), actor.impersonator.id));
  await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

async function assertReferences(ctx: AppContext, input: { industry?: number[]; option?: number[]; new_option?: { name: string; parent_id?: number }[] }) {
  const industryIds = [...new Set(input.industry ?? [])];
  const optionIds = [...new Set([...(input.option ?? []), ...(input.new_option ?? []).flatMap((o) => (o.parent_id ? [o.parent_id] : []))])];
  const [foundIndustries, foundOptions] = await Promise.all([
    industryIds.length ? ctx.db.select({ id: industriesTable.id }).from(industriesTable).where(inIds(industriesTable.id, industryIds)) : [],
    optionIds.length
      ? ctx.db.select({ id: optionsTable.id, parentId: optionsTable.parentId }).from(optionsTable).where(and(inIds(optionsTable.id, optionIds), eq(optionsTable.status, "active")))
      : [],
  ]);
  if (foundIndustries.length !== industryIds.length) throw fieldError("industry", "validation.industries_unknown");
  if (foundOptions.length !== optionIds.length) throw fieldError("option", "validation.options_unknown");
  // As POST /api/options: a new function goes under a main function, never under a sub-function.
  const subFunctions = new Set(foundOptions.filter((o) => o.parentId !== null).map((o) => o.id));
  if ((input.new_option ?? []).some((o) => o.parent_id && subFunctions.has(o.parent_id))) throw fieldError("new_option", "validation.option_parent");
  // As POST /api/options: a "new" name that already exists (case, ё and spaces aside) is the existing function.
  const chosen = new Set(input.option ?? []);
  const newOptions: { name: string; parent_id?: number }[] = [];
  if (input.new_option?.length) {
    const active = await ctx.db.select({ id: optionsTable.id, name: optionsTable.name, parentId: optionsTable.parentId }).from(optionsTable).where(eq(optionsTable.status, "active"));
    for (const o of input.new_option) {
      const same = sameNamed(active.filter((a) => (a.parentId ?? undefined) === o.parent_id), o.name);
      if (same) chosen.add(same.id);
      else if (!sameNamed(newOptions.filter((n) => n.parent_id === o.parent_id), o.name)) newOptions.push(o);
    }
  }
  return { industryIds, optionIds: [...chosen], newOptions };
}

type NewAccount = {
  email: string;
  name: string;
  lastName: string;
  phone: string;
  passwordHash: string | null;
  isSubscribed: boolean;
  isExpert: boolean;
  verified: boolean;
  inviteId: number | null;
  industry?: number[];
  option?: number[];
  new_option?: { name: string; parent_id?: number }[];
  resume?: File[];
  /** Ids of resumes the page sent straight to storage before the account existed. */
  uploads?: unknown;
  social?: { provider: string; providerUserId: string };
  consumeTokenId?: number;
};

/** Writes a new account in one batch: user, roles, expertise, files, verification token, session. */
async function createAccount(ctx: AppContext, acc: NewAccount) {
  const existing = await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, acc.email) });
  if (existing) throw userExists();
  const refs = acc.isExpert ? await assertReferences(ctx, acc) : { industryIds: [], optionIds: [], newOptions: [] };
  // An expert's resumes: inline, or sent straight to storage as a guest (decision 0058); at most 5 together.
  const direct = acc.isExpert ? uploadIds(acc.uploads, "resume") : [];
  if (acc.isExpert && (acc.resume?.length ?? 0) + direct.length > LIMITS.registrationFiles) throw validationError({ resume: ["validation.files_count"] });
  const uploads = acc.isExpert ? await prepareUploads(ctx, "resume", acc.resume ?? [], { kind: "resume", allowed: RESUME_TYPES, maxBytes: LIMITS.fileBytes, maxCount: LIMITS.registrationFiles }) : [];

  const uid = userIdByEmail(acc.email);
  // After the user's insert in the batch: the claim's guard reads the new account's row.
  const claimed = await claimGuestUploads(ctx, uid, direct, "resume", { field: "resume", max: LIMITS.registrationFiles });
  const verifySecret = randomToken();
  const { token, values: sessionValues } = await newSessionValues(ctx, uid as unknown as number);
  const now = ctx.now().toISOString();
  const batch: BatchItem<"sqlite">[] = [
    ctx.db.insert(users).values({
      email: acc.email,
      passwordHash: acc.passwordHash,
      name: acc.name,
      lastName: acc.lastName,
      phone: acc.phone,
      isSubscribed: acc.isSubscribed,
      locale: ctx.lang,
      country: ctx.country,
      inviteId: acc.inviteId,
      emailVerifiedAt: acc.verified ? now : null,
    }),
    ctx.db.insert(userRoles).values({ userId: uid as unknown as number, role: "customer" }),
  ];
  if (acc.isExpert) batch.push(ctx.db.insert(userRoles).values({ userId: uid as unknown as number, role: "executor" }));
  for (const industryId of refs.industryIds) batch.push(ctx.db.insert(userIndustries).values({ userId: uid as unknown as number, industryId }));
  for (const optionId of refs.optionIds) batch.push(ctx.db.insert(userOptions).values({ userId: uid as unknown as number, optionId }));
  for (const o of refs.newOptions) {
    // spec 1: new functions go to moderation; the expert keeps them on the profile meanwhile.
    batch.push(ctx.db.insert(optionsTable).values({ name: o.name, parentId: o.parent_id ?? null, status: "moderation", createdBy: uid as unknown as number }));
    batch.push(
      ctx.db.insert(userOptions).values({ userId: uid as unknown as number, optionId: sql`(select max(id) from options where created_by = ${uid})` as unknown as number }),
    );
  }
  batch.push(...fileRowInserts(ctx, uploads, "resume", uid));
  batch.push(...claimed.statements);
  if (!acc.verified) batch.push(ctx.db.insert(tokens).values(await tokenValues(ctx, "email_verify", verifySecret, { userId: uid as unknown as number, email: acc.email })));
  batch.push(ctx.db.insert(sessions).values(sessionValues));
  if (acc.social) batch.push(ctx.db.insert(socialAccounts).values({ provider: acc.social.provider, providerUserId: acc.social.providerUserId, userId: uid as unknown as number, proven: acc.verified ? 1 : 0 }));
  // What was addressed to this e-mail (ratings, the invitation's teams) becomes the new account's once the
  // address is proven: now if it comes verified, else when it is verified (verifyEmail). Decision 0055.
  if (acc.verified) batch.push(...provenAddressStatements(ctx, acc.email, uid));
  if (acc.consumeTokenId) batch.push(ctx.db.update(tokens).set({ usedAt: Date.now() }).where(eq(tokens.id, acc.consumeTokenId)));
  batch.push(auditInsert(ctx, { actorUserId: null, action: "user.register", targetType: "user", targetId: acc.email, meta: { social: acc.social?.provider ?? null, expert: acc.isExpert } }));

  try {
    await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]));
  } catch (e) {
    if (String((e as Error)?.message ?? e).includes("UNIQUE")) throw userExists();
    if (isGuardFailure(e)) throw uploadConflict();
    throw e;
  }
  const user = (await ctx.db.query.users.findFirst({ where: eq(users.email, acc.email) }))!;
  if (!acc.verified) await sendVerificationMail(ctx, user, verifySecret);
  return { token, user: { id: user.id, isVerified: !!user.emailVerifiedAt } };
}

function userExists() {
  return new DomainError("validation", "auth.user_exists", { fields: { email: ["auth.user_exists"] }, extra: { userExistError: true } });
}

async function sendVerificationMail(ctx: AppContext, user: { email: string; name: string }, secret: string) {
  const url = `${ctx.env.APP_URL}/email/verify?token=${encodeURIComponent(secret)}`;
  try {
    await ctx.mailer.send(mailTemplates.verifyEmail(ctx.t, user.email, user.name, url));
  } catch (e) {
    // The account exists; the person can ask for the link again from /verify.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "verification mail failed", error: String(e) }));
  }
}

/** Invitation prefill (spec 1): the invite must exist and name this e-mail, otherwise it is ignored. */
async function resolveInvite(ctx: AppContext, inviteId: number | undefined, email: string) {
  if (!inviteId) return null;
  const invite = await ctx.db.query.invites.findFirst({ where: eq(invites.id, inviteId) });
  return invite && invite.email === email && !invite.registeredUserId ? invite.id : null;
}

/** POST /api/register: creates the account and signs it in ({token, user}). */
export async function register(ctx: AppContext, raw: unknown) {
  await hit(ctx, "register_ip", ctx.ip);
  const input: RegisterInput = parseInput(registerSchema(phoneCountry(ctx.country)), raw);
  assertUncommonPassword(input.password);
  return createAccount(ctx, {
    email: input.email,
    name: input.name,
    lastName: input.lastName,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    isSubscribed: input.is_subscribe,
    isExpert: input.is_expert,
    verified: false,
    inviteId: await resolveInvite(ctx, input.invite_id, input.email),
    industry: input.industry,
    option: input.option,
    new_option: input.new_option,
    resume: input.resume,
    uploads: input.uploads,
  });
}

/** POST /api/completeSocialReg: finishes a sign-up started at a social provider. */
export async function completeSocialRegistration(ctx: AppContext, raw: unknown) {
  await hit(ctx, "register_ip", ctx.ip);
  const input = parseInput(completeSocialSchema(phoneCountry(ctx.country)), raw);
  const hash = await tokenHash(ctx, "social_register", input.token);
  const pending = await ctx.db.query.tokens.findFirst({
    where: and(eq(tokens.kind, "social_register"), eq(tokens.tokenHash, hash), isNull(tokens.usedAt), gt(tokens.expiresAt, ctx.now().getTime())),
  });
  if (!pending) throw fieldError("token", "auth.social_expired");
  const data = JSON.parse(pending.payload ?? "{}") as { provider: string; providerUserId: string; email?: string | null };
  // An address the provider proved is taken as verified; one typed here (or only suggested by the provider,
  // decision 0069) must be confirmed by mail.
  const email = data.email ?? input.email;
  if (!email) throw fieldError("email", "validation.email_required");
  return createAccount(ctx, {
    email,
    name: input.name,
    lastName: input.lastName,
    phone: input.phone,
    passwordHash: null,
    isSubscribed: input.is_subscribe,
    isExpert: input.is_expert,
    verified: !!data.email,
    // As POST /api/register: an invitation that names this address joins its teams (spec 1 §3).
    inviteId: await resolveInvite(ctx, input.invite_id, email),
    industry: input.industry,
    option: input.option,
    new_option: input.new_option,
    resume: input.resume,
    uploads: input.uploads,
    social: { provider: data.provider, providerUserId: data.providerUserId },
    consumeTokenId: pending.id,
  }).catch((e) => {
    // The address has an account the provider did not prove is this person's: he signs in there with its
    // password and connects the provider in the settings (decision 0057).
    if (e instanceof DomainError && e.code === "auth.user_exists") throw new DomainError("validation", "auth.user_exists_social", { fields: { email: ["auth.user_exists_social"] }, extra: { userExistError: true } });
    throw e;
  });
}

/**
 * POST /api/forgot-password: the same answer, made by the same work, whether or not the address has an
 * account, so neither the body nor the time it takes tells them apart. Both paths look the address up and
 * make a code with its token row; the token's write and the mail run after the response (ctx.waitUntil).
 */
export async function forgotPassword(ctx: AppContext, raw: unknown) {
  const input = parseInput(forgotPasswordSchema, raw);
  await hit(ctx, "forgot_ip", ctx.ip);
  await hit(ctx, "forgot_email", input.email);
  const user = await ctx.db.query.users.findFirst({ columns: { id: true, email: true }, where: eq(users.email, input.email) });
  const email = user?.email ?? input.email;
  const code = randomDigits(6);
  const token = await tokenValues(ctx, "password_reset", `${email}:${code}`, { userId: user?.id ?? null, email });
  const message = mailTemplates.resetCode(ctx.t, email, code);
  // An address without an account gets its token row too, never mailed and never usable (no account): the
  // tries on it are counted as on a real one, so 'Слишком много попыток' after five wrong codes does not
  // tell that the address has an account.
  ctx.waitUntil(sendResetCode(ctx, token, user ? message : null));
  return { email: input.email };
}

/** After the response: the new code replaces the address's earlier ones, then goes out by mail. */
async function sendResetCode(ctx: AppContext, token: typeof tokens.$inferInsert, message: ReturnType<typeof mailTemplates.resetCode> | null) {
  try {
    await ctx.db.batch([invalidateTokensStatement(ctx, "password_reset", { email: token.email! }), ctx.db.insert(tokens).values(token)]);
    if (message) await ctx.mailer.send(message);
  } catch (e) {
    // Nobody waits for this answer any more; the person asks for a new code from the same form.
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "reset code not sent", error: String(e) }));
  }
}

/** POST /api/reset-password: the mailed 6-digit code, single use, at most 5 tries; revokes sessions. */
export async function resetPassword(ctx: AppContext, raw: unknown) {
  const input = parseInput(resetPasswordSchema, raw);
  assertUncommonPassword(input.password);
  await hit(ctx, "reset_ip", ctx.ip);
  // Per address too: the tries on one code come from as many IPs as an attacker likes.
  await hit(ctx, "reset_email", input.email);
  const now = ctx.now().getTime();
  const live = await ctx.db.query.tokens.findFirst({
    where: and(eq(tokens.kind, "password_reset"), eq(tokens.email, input.email), isNull(tokens.usedAt), gt(tokens.expiresAt, now)),
    orderBy: (t, { desc }) => desc(t.id),
  });
  if (!live) throw fieldError("token", "auth.reset_code_invalid");
  // The try is counted BEFORE the code is compared, in one conditional statement: of any number of
  // parallel tries only the first 5 get a count, and a try that got none is refused unchecked.
  const [counted] = await ctx.db
    .update(tokens)
    .set({ attempts: sql`${tokens.attempts} + 1` })
    .where(and(eq(tokens.id, live.id), isNull(tokens.usedAt), lt(tokens.attempts, RESET_MAX_ATTEMPTS)))
    .returning({ attempts: tokens.attempts });
  if (!counted) throw fieldError("token", "auth.reset_too_many");
  const expected = await tokenHash(ctx, "password_reset", `${input.email}:${input.token.trim()}`);
  if (expected !== live.tokenHash) throw fieldError("token", counted.attempts >= RESET_MAX_ATTEMPTS ? "auth.reset_too_many" : "auth.reset_code_invalid");
  // The code proves the address it was mailed to, for the account that still has it: an account whose
  // address changed since (to one it never proved) is not reclaimed, nor its new address verified, by it.
  const user = live.userId === null ? undefined : await ctx.db.query.users.findFirst({ where: and(eq(users.id, live.userId), eq(users.email, input.email)) });
  if (!user) throw fieldError("token", "auth.reset_code_invalid");
  const passwordHash = await hashPassword(input.password);
  // The code is used in the batch that sets the password: of two parallel tries with it one sets it, the
  // other's batch fails whole (useTokenStatements' guard), and a batch that fails leaves the code usable.
  try {
    await sqlBatch(ctx, [
      ...useTokenStatements(ctx, live.id),
      // The same, against an address change that lands while the password is hashed: the batch fails whole.
      sql`select json('lost race') as failed where not exists (select 1 from users where id = ${user.id} and email = ${input.email})`,
      // An account whose address was never proven is reclaimed by this code (decision 0054): a provider
      // linked to it meanwhile (a social sign-up naming this address) would sign its linker in again, so it
      // goes; before the UPDATE below proves the address.
      dropUnprovenLinksStatement(ctx, user.id),
      // The code was mailed to the address, so it also proves the address.
      ctx.db
        .update(users)
        .set({ passwordHash, updatedAt: ctx.now().toISOString(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${ctx.now().toISOString()})` })
        .where(eq(users.id, user.id)),
      ...revokeUserSessionsStatements(ctx, user.id, "password_reset"),
      // What was addressed to the address joins the account (decision 0055).
      ...(provenAddressStatements(ctx, user.email, user.id) as never[]),
      auditInsert(ctx, { actorUserId: user.id, action: "user.password_reset", targetType: "user", targetId: user.id }),
    ]);
  } catch (e) {
    if (isGuardFailure(e)) throw fieldError("token", "auth.reset_code_invalid");
    throw e;
  }
  await ctx.mailer.send(mailTemplates.passwordChanged(ctx.t, user.email, user.name)).catch(() => {});
  return { message: ctx.t("auth.password_set") };
}

/** GET /api/email/verification-notification: mails a fresh link (the old ones stop working). */
export async function resendVerification(ctx: AppContext, actor: Actor) {
  if (actor.user.isVerified) return { sent: false, verified: true };
  await hitAll(ctx, [
    { name: "verify_resend_user", subject: actor.user.id },
    { name: "verify_resend_email", subject: actor.user.email },
  ]);
  const secret = randomToken();
  await ctx.db.batch([
    invalidateTokensStatement(ctx, "email_verify", { userId: actor.user.id }),
    ctx.db.insert(tokens).values(await tokenValues(ctx, "email_verify", secret, { userId: actor.user.id, email: actor.user.email })),
  ]);
  await sendVerificationMail(ctx, actor.user, secret);
  return { sent: true, verified: false };
}

/**
 * POST /api/email/verify {token}: single use, 24 hours, in the account's own session (decision 0055).
 * The mailed token proves the mailbox, not who registered the account: someone may have registered
 * another person's address, whose owner then clicks the mail. Opened in the account's session (the
 * registration signs the person in; elsewhere he signs in first), it proves both at once. So the address
 * is verified, and what was addressed to it (ratings, the invitation the account registered through)
 * joins the account, only there. A link opened by a guest or by another account leaves the token for its
 * account. The address's owner reclaims an account someone else registered with «Забыли пароль?».
 */
export async function verifyEmail(ctx: AppContext, raw: unknown, actor: Actor | null | undefined) {
  await hit(ctx, "verify_ip", ctx.ip);
  const input = parseInput(verifyEmailSchema, raw);
  if (!actor) {
    if (!(await peekToken(ctx, "email_verify", input.token))?.userId) throw fieldError("token", "auth.verify_invalid");
    throw new DomainError("unauthorized", "auth.verify_sign_in");
  }
  requireOwnSession(actor);
  const row = await peekToken(ctx, "email_verify", input.token);
  if (!row?.userId) throw fieldError("token", "auth.verify_invalid");
  // Another account's link stays that account's.
  if (row.userId !== actor.user.id) throw new DomainError("forbidden", "auth.verify_other_account");
  // The token is used in the same batch as what it proves (as the password reset's code): a batch that fails
  // leaves the link working; of two parallel uses only the one that used it verifies, the other's batch
  // fails whole (useTokenStatements' guard).
  try {
    await sqlBatch(ctx, [
      ...useTokenStatements(ctx, row.id),
      // The link proves the address it was mailed to, only while the account still has it.
      sql`select json('lost race') as failed where not exists (select 1 from users where id = ${row.userId} and email = ${row.email ?? ""})`,
      ctx.db
        .update(users)
        .set({ emailVerifiedAt: ctx.now().toISOString() })
        .where(and(eq(users.id, row.userId), eq(users.email, row.email ?? ""))),
      auditInsert(ctx, { actorUserId: row.userId, action: "user.email_verified", targetType: "user", targetId: row.userId }),
      ...((row.email ? provenAddressStatements(ctx, row.email, row.userId) : []) as never[]),
      // The account's own session proved its address (decision 0055): its providers are the proven owner's.
      provenLinksStatement(ctx, row.userId),
    ]);
  } catch (e) {
    if (isGuardFailure(e)) throw fieldError("token", "auth.verify_invalid");
    throw e;
  }
  return { verified: true, userId: row.userId };
}

/** POST /api/user/password: the old password, then the new one; signs out the other sessions. */
export async function changePassword(ctx: AppContext, actor: Actor, raw: unknown) {
  requireOwnSession(actor);
  const input = parseInput(changePasswordSchema, raw);
  assertUncommonPassword(input.password);
  // Every attempt counts before the old password is checked: a stolen session cannot guess it at length.
  await hit(ctx, "password_change_user", actor.user.id);
  const user = (await ctx.db.query.users.findFirst({ where: eq(users.id, actor.user.id) }))!;
  const check = await verifyPassword(input.old_password, user.passwordHash);
  if (!check.ok) throw validationError({ old_password: ["auth.old_password_wrong"] });
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: ctx.now().toISOString() }).where(eq(users.id, user.id)),
    ...revokeUserSessionsStatements(ctx, user.id, "password_changed", actor.sessionId),
    auditInsert(ctx, { actorUserId: user.id, action: "user.password_changed", targetType: "user", targetId: user.id }),
  ]);
  // As after a reset: the owner hears of it, so a change he did not make (a stolen session) does not go unseen.
  ctx.waitUntil(ctx.mailer.send(mailTemplates.passwordChanged(ctx.t, user.email, user.name)).catch(() => {}));
  return { message: ctx.t("auth.password_changed") };
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}
