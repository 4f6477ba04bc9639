import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier } from "arctic";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sessions, socialAccounts, tokens, users } from "../../../db/schema/users";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import type { AppEnv } from "~/server/env.server";
import { randomToken } from "~/server/crypto.server";
import { hit } from "~/server/rate-limit.server";
import { newSessionValues, revokeUserSessionsStatements, type Actor } from "~/server/session.server";
import { auditIfChanged, auditIfChangedQuery, sqlBatch } from "../admin/decision.server";
import { refuseBlocked } from "../admin/users.server";
import { provenAddressStatements } from "./proven-address.server";
import { DomainError, notFound } from "../errors";
import { requireOwnSession } from "../policy.server";
import { known, prepared, read, runRead, type Params } from "../reads";
import { parseInput } from "../validation";
import { socialCallbackQuery, socialProvidersQuery } from "./schema";
import { consumeToken, invalidateTokensStatement, peekToken, TOKEN_TTL_MS, tokenHash, tokenValues } from "./tokens.server";

export const SOCIAL_PROVIDERS = ["yandex", "vk", "google"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

type ProviderConfig = { code: SocialProvider; clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; userinfoUrl: string; scopes: string[] };

/** Providers are configured by environment (spec README): one without a client id is off. */
export function configuredProviders(env: AppEnv): ProviderConfig[] {
  const list: ProviderConfig[] = [];
  if (env.OAUTH_YANDEX_CLIENT_ID && env.OAUTH_YANDEX_CLIENT_SECRET)
    list.push({ code: "yandex", clientId: env.OAUTH_YANDEX_CLIENT_ID, clientSecret: env.OAUTH_YANDEX_CLIENT_SECRET, authUrl: env.OAUTH_YANDEX_AUTH_URL, tokenUrl: env.OAUTH_YANDEX_TOKEN_URL, userinfoUrl: env.OAUTH_YANDEX_USERINFO_URL, scopes: ["login:email", "login:info"] });
  if (env.OAUTH_VK_CLIENT_ID && env.OAUTH_VK_CLIENT_SECRET)
    list.push({ code: "vk", clientId: env.OAUTH_VK_CLIENT_ID, clientSecret: env.OAUTH_VK_CLIENT_SECRET, authUrl: env.OAUTH_VK_AUTH_URL, tokenUrl: env.OAUTH_VK_TOKEN_URL, userinfoUrl: env.OAUTH_VK_USERINFO_URL, scopes: ["email"] });
  if (env.OAUTH_GOOGLE_CLIENT_ID && env.OAUTH_GOOGLE_CLIENT_SECRET)
    list.push({ code: "google", clientId: env.OAUTH_GOOGLE_CLIENT_ID, clientSecret: env.OAUTH_GOOGLE_CLIENT_SECRET, authUrl: env.OAUTH_GOOGLE_AUTH_URL, tokenUrl: env.OAUTH_GOOGLE_TOKEN_URL, userinfoUrl: env.OAUTH_GOOGLE_USERINFO_URL, scopes: ["openid", "email", "profile"] });
  return list;
}

/** The return address must be ours: a code sent elsewhere could be used by someone else. */
function safeRedirect(ctx: AppContext, value: string | undefined) {
  const fallback = `${ctx.env.APP_URL}/auth/social-callback`;
  if (!value) return fallback;
  try {
    const url = new URL(value, ctx.env.APP_URL);
    return url.origin === new URL(ctx.env.APP_URL).origin ? url.origin + url.pathname : fallback;
  } catch {
    return fallback;
  }
}

/**
 * `browser`: the hash of the page flow's cookie nonce, binding the state to that browser. `linkUserId`:
 * the state links the provider to this signed-in account instead of signing in (decision 0057).
 */
async function authorizationUrl(ctx: AppContext, p: ProviderConfig, redirectUri: string, browser?: string, linkUserId?: number, returnTo?: string) {
  const state = randomToken(24);
  const verifier = generateCodeVerifier();
  const client = new OAuth2Client(p.clientId, p.clientSecret, redirectUri);
  const url = client.createAuthorizationURLWithPKCE(p.authUrl, state, CodeChallengeMethod.S256, verifier, p.scopes);
  const insert = ctx.db.insert(tokens).values(await tokenValues(ctx, "oauth_state", state, { payload: { provider: p.code, verifier, redirectUri, browser, linkUserId, returnTo } }));
  return { url: url.toString(), insert };
}

/** The page flow's browser-binding cookie: short-lived, HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET). */
export function oauthBrowserCookieName(ctx: AppContext) {
  return ctx.env.APP_ENV === "production" ? "__Host-oauth_browser" : "oauth_browser";
}
export const OAUTH_BROWSER_COOKIE_SECONDS = TOKEN_TTL_MS.oauth_state / 1000;

/**
 * GET /api/auth/social?redirect_url=: providers with their authorization URLs (state + PKCE kept in D1).
 * The states are bound to the asking browser by a nonce the edge sets as a cookie (`nonce`), so a page
 * callback (our redirect_url pages) completes them only in that browser. An API client that is no browser
 * ignores the cookie and finishes through GET /api/auth/social/callback, which checks no binding: it
 * answers the caller with a token in JSON, which no other site can plant in a victim's browser, and the
 * client compares the state it gets back with the one it was given (decision 0022).
 */
export async function listSocialProviders(ctx: AppContext, raw: unknown) {
  await hit(ctx, "social_ip", ctx.ip);
  const input = parseInput(socialProvidersQuery, raw);
  const redirectUri = safeRedirect(ctx, input.redirect_url);
  const nonce = randomToken(24);
  const browser = await tokenHash(ctx, "oauth_browser", nonce);
  const built = await Promise.all(configuredProviders(ctx.env).map(async (p) => ({ p, ...(await authorizationUrl(ctx, p, redirectUri, browser)) })));
  if (built.length) await ctx.db.batch(built.map((b) => b.insert) as [(typeof built)[0]["insert"], ...(typeof built)[0]["insert"][]]);
  return { providers: built.map(({ p, url }) => ({ code: p.code, name: ctx.t(`social.${p.code}`), url })), nonce };
}

/**
 * The page flow: one provider's authorization URL, returning to our own callback page. `returnTo`: a path
 * of ours (already checked) where the sign-in then goes, e.g. the mailed verification link (decision 0055).
 */
export async function startSocialSignIn(ctx: AppContext, provider: string, returnTo?: string) {
  await hit(ctx, "social_ip", ctx.ip);
  const p = providerByCode(ctx, provider);
  // A nonce for the browser's cookie; the state keeps only its hash (decision 0022: login CSRF).
  const nonce = randomToken(24);
  const { url, insert } = await authorizationUrl(ctx, p, safeRedirect(ctx, undefined), await tokenHash(ctx, "oauth_browser", nonce), undefined, returnTo);
  await insert;
  return { url, nonce };
}

/** A configured provider by its code, or 404. */
function providerByCode(ctx: AppContext, code: string) {
  const p = configuredProviders(ctx.env).find((x) => x.code === code);
  if (!p) throw notFound();
  return p;
}

/**
 * GET /api/user/social: the settings page's 'Вход через соцсети' (decision 0057). Every configured
 * provider, and whether it is linked to the signed-in account.
 */
export function listSocialLinks(ctx: AppContext, actor: Actor) {
  return runRead(ctx, socialLinksRead(ctx, actor.user.id));
}

const linkedProvidersStatement = prepared((db, p: Params<{ userId: number }>) =>
  db.select({ provider: socialAccounts.provider }).from(socialAccounts).where(eq(socialAccounts.userId, p.userId)),
);

/** The providers and whether each is linked: a read, so that the settings page's loader puts it in its one round trip. */
export function socialLinksRead(ctx: AppContext, userId: number) {
  const providers = configuredProviders(ctx.env);
  if (!providers.length) return known([]);
  return read([linkedProvidersStatement({ userId })] as const, ([rows]) =>
    providers.map((p) => ({ code: p.code, name: ctx.t(`social.${p.code}`), linked: rows.some((r) => r.provider === p.code) })),
  );
}

/**
 * Links a provider to the signed-in account (decision 0057): the provider's authorization URL, whose
 * state names the account. The callback links only for that account, in the browser that began it (page)
 * or for the same account's token (API). An impersonating operator may not link a provider: it would be
 * a way into the account. `redirectUri`: the API client's own return page (ours only), else ours.
 */
export async function startSocialLink(ctx: AppContext, actor: Actor, code: string, redirectUrl?: string) {
  requireOwnSession(actor);
  await hit(ctx, "social_ip", ctx.ip);
  const p = providerByCode(ctx, code);
  const has = await ctx.db.query.socialAccounts.findFirst({ columns: { userId: true }, where: and(eq(socialAccounts.userId, actor.user.id), eq(socialAccounts.provider, p.code)) });
  if (has) throw new DomainError("conflict", "auth.social_already_linked", { params: { name: ctx.t(`social.${p.code}`) } });
  const nonce = randomToken(24);
  const { url, insert } = await authorizationUrl(ctx, p, safeRedirect(ctx, redirectUrl), await tokenHash(ctx, "oauth_browser", nonce), actor.user.id);
  await insert;
  return { url, nonce };
}

/**
 * DELETE /api/user/social/{provider}: unlinks a provider. Refused while it is the account's only way in
 * (no password, no other provider): the person would have to reset a password to come back. The rule is
 * the DELETE's own condition, so two parallel unlinks of the last two providers cannot both pass.
 */
export async function unlinkSocial(ctx: AppContext, actor: Actor, code: string) {
  requireOwnSession(actor);
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(code)) throw notFound();
  const me = actor.user.id;
  // The audit row is written in the same batch, only when the DELETE removed the link.
  const [deleted] = await ctx.db.batch([
    ctx.db
      .delete(socialAccounts)
      .where(
        and(
          eq(socialAccounts.userId, me),
          eq(socialAccounts.provider, code),
          sql`(exists (select 1 from users where id = ${me} and password_hash is not null) or (select count(*) from social_accounts other where other.user_id = ${me} and other.provider <> ${code}) > 0)`,
        ),
      )
      .returning({ provider: socialAccounts.provider }),
    auditIfChangedQuery(ctx, { actorUserId: me, action: "user.social_unlinked", targetType: "user", targetId: me, meta: { provider: code } }),
  ]);
  const name = ctx.t(`social.${code}`);
  if (!deleted.length) {
    const linked = await ctx.db.query.socialAccounts.findFirst({ columns: { userId: true }, where: and(eq(socialAccounts.userId, me), eq(socialAccounts.provider, code)) });
    if (!linked) throw notFound();
    throw new DomainError("validation", "auth.social_unlink_last");
  }
  return { message: ctx.t("auth.social_unlinked", { name }) };
}

/** The link half of the callback (decision 0057): the provider's account joins `userId`, unless another account has it. */
async function linkProvider(ctx: AppContext, provider: ProviderConfig, profile: SocialProfile, userId: number) {
  const name = ctx.t(`social.${provider.code}`);
  // One provider account per provider and user: the INSERT's condition, so a double link cannot add two.
  // Its audit row in the same batch, only when the INSERT added the link.
  const [, , [row]] = await sqlBatch(ctx, [
    sql`insert into social_accounts (provider, provider_user_id, user_id, proven)
      select ${provider.code}, ${profile.id}, ${userId}, (select count(*) from users where id = ${userId} and email_verified_at is not null)
      where not exists (select 1 from social_accounts s where s.user_id = ${userId} and s.provider = ${provider.code})
      on conflict do nothing`,
    auditIfChanged(ctx, { actorUserId: userId, action: "user.social_linked", targetType: "user", targetId: userId, meta: { provider: provider.code } }),
    sql`select user_id as userId from social_accounts where provider = ${provider.code} and provider_user_id = ${profile.id}`,
  ]);
  if (row && row.userId !== userId) throw new DomainError("conflict", "auth.social_link_taken", { params: { name } });
  if (!row) throw new DomainError("conflict", "auth.social_already_linked", { params: { name } });
  return { token: null, status: "linked" as const, provider: provider.code, message: ctx.t("auth.social_linked", { name }) };
}

/**
 * `email`: the address the provider gave; `emailProven`: whether the provider vouches that its user owns it
 * (decision 0069). Google says so (`email_verified`). Yandex ID's `default_email` is proven only on Yandex's
 * own mail domains (the account's mailbox); VK ID documents no such guarantee for its `email`. An address
 * not proven neither signs into nor links an account, and a sign-up with it confirms it by mail.
 */
type SocialProfile = { id: string; email: string | null; emailProven: boolean; name: string | null; lastName: string | null };

/** The mail domains of Yandex's own mailboxes: a Yandex ID's address there is the account's mailbox. */
const YANDEX_MAIL_DOMAINS = new Set(["yandex.ru", "ya.ru", "yandex.com", "yandex.by", "yandex.kz", "yandex.ua", "yandex.uz", "yandex.com.tr", "narod.ru"]);
export const yandexMailbox = (email: string) => YANDEX_MAIL_DOMAINS.has(email.slice(email.lastIndexOf("@") + 1).toLowerCase());

async function exchangeAndFetchProfile(p: ProviderConfig, code: string, verifier: string, redirectUri: string, deviceId?: string): Promise<SocialProfile> {
  let accessToken: string;
  if (p.code === "vk") {
    // VK ID's token endpoint wants client_id, device_id and the verifier in the form body.
    const res = await fetch(p.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: p.clientId, device_id: deviceId ?? "", redirect_uri: redirectUri }),
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: string };
    if (!res.ok || !json.access_token) throw new Error("vk token exchange failed");
    accessToken = json.access_token;
  } else {
    const client = new OAuth2Client(p.clientId, p.clientSecret, redirectUri);
    accessToken = (await client.validateAuthorizationCode(p.tokenUrl, code, verifier)).accessToken();
  }
  if (p.code === "yandex") {
    const res = await fetch(p.userinfoUrl, { headers: { Authorization: `OAuth ${accessToken}` } });
    const j = (await res.json()) as { id?: string; default_email?: string; first_name?: string; last_name?: string };
    if (!res.ok || !j.id) throw new Error("yandex userinfo failed");
    const email = j.default_email || null;
    return { id: String(j.id), email, emailProven: !!email && yandexMailbox(email), name: j.first_name ?? null, lastName: j.last_name ?? null };
  }
  if (p.code === "vk") {
    const res = await fetch(p.userinfoUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ access_token: accessToken, client_id: p.clientId }),
    });
    const j = (await res.json()) as { user?: { user_id?: string | number; email?: string; first_name?: string; last_name?: string } };
    if (!res.ok || !j.user?.user_id) throw new Error("vk userinfo failed");
    return { id: String(j.user.user_id), email: j.user.email || null, emailProven: false, name: j.user.first_name ?? null, lastName: j.user.last_name ?? null };
  }
  const res = await fetch(p.userinfoUrl, { headers: { Authorization: `Bearer ${accessToken}` } });
  const j = (await res.json()) as { sub?: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string };
  if (!res.ok || !j.sub) throw new Error("userinfo failed");
  return { id: j.sub, email: j.email ?? null, emailProven: !!j.email && j.email_verified === true, name: j.given_name ?? null, lastName: j.family_name ?? null };
}

/**
 * Reclaiming an account whose address was never proven (decision 0054): the providers linked to it go, so
 * that whoever registered the address unproven (through a provider that gave none) cannot sign in again.
 * For the reclaiming batch, before the statement that marks the address proven; `when`: a further
 * condition (the reset code that was just used). Nothing happens to an account already proven.
 */
export function dropUnprovenLinksStatement(ctx: AppContext, userId: number, when?: SQL) {
  return ctx.db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.proven, 0), sql`exists (select 1 from users where id = ${userId} and email_verified_at is null)`, when));
}

/** The account's links become its proven owner's (`social_accounts.proven`): its own session just proved its address. */
export function provenLinksStatement(ctx: AppContext, userId: number) {
  return ctx.db.update(socialAccounts).set({ proven: 1 }).where(eq(socialAccounts.userId, userId));
}

/**
 * GET /api/auth/social/callback?code&state → {token, status}. status 'login': a session token;
 * status 'register': a token for POST /api/completeSocialReg (spec 1 §4).
 */
export async function socialCallback(ctx: AppContext, raw: unknown, binding?: { cookieNonce: string | null }, actor?: Actor | null) {
  try {
    return await callback(ctx, raw, binding, actor);
  } catch (e) {
    // spec 1 §8: the client shows the answer's `error`, whatever failed (a blocked account, the rate
    // limit, a malformed query): every refusal carries it, as the sign-in's own failures do.
    if (e instanceof DomainError && e.extra?.error === undefined) {
      throw new DomainError(e.kind, e.code, { params: e.params, fields: e.fields, retryAfter: e.retryAfter, extra: { ...e.extra, error: ctx.t(e.code, e.params) } });
    }
    throw e;
  }
}

async function callback(ctx: AppContext, raw: unknown, binding?: { cookieNonce: string | null }, actor?: Actor | null) {
  await hit(ctx, "social_ip", ctx.ip);
  const input = parseInput(socialCallbackQuery, raw);
  let linking = false;
  const failed = async (reason: string, provider?: string) => {
    // ASVS V16.3.1: a failed sign-in is recorded, with why, never with the code or the state.
    await auditInsert(ctx, { actorUserId: null, action: linking ? "user.social_link_failed" : "user.social_login_failed", meta: { reason, provider: provider ?? null } });
    const code = linking ? "auth.social_link_failed" : "auth.social_failed";
    // spec 1 §8: the client shows the answer's `error`.
    return new DomainError("validation", code, { extra: { error: ctx.t(code) } });
  };
  const state = await consumeToken(ctx, "oauth_state", input.state);
  const data = state?.data as { provider?: SocialProvider; verifier?: string; redirectUri?: string; browser?: string; linkUserId?: number; returnTo?: string } | undefined;
  const provider = configuredProviders(ctx.env).find((p) => p.code === data?.provider);
  if (!state || !provider || !data?.verifier || !data.redirectUri) throw await failed("state");
  // A link (decision 0057) completes only for the account that began it, signed in with its own session.
  linking = data.linkUserId !== undefined && data.linkUserId !== null;
  // The person declined at the provider (RFC 6749 §4.1.2.1: `error` instead of `code`): the state is spent.
  if (input.error !== undefined || input.code === undefined) throw await failed(`provider:${input.error ?? "no_code"}`, provider.code);
  if (linking && (!actor || actor.impersonator || actor.user.id !== data.linkUserId)) throw await failed("link_user", provider.code);
  // A page callback (`binding` given) signs a browser in, so the state must be the one this browser began
  // (login CSRF, decision 0022): its cookie nonce must hash to the state's. The API callback answers the
  // caller alone, with JSON, and checks none (the API client checks its own state).
  if (binding && (!data.browser || !binding.cookieNonce || (await tokenHash(ctx, "oauth_browser", binding.cookieNonce)) !== data.browser)) throw await failed("browser", provider.code);
  let profile: SocialProfile;
  try {
    profile = await exchangeAndFetchProfile(provider, input.code, data.verifier, data.redirectUri, input.device_id);
  } catch (e) {
    console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "social exchange failed", provider: provider.code, error: String(e) }));
    throw await failed("exchange", provider.code);
  }
  if (linking) return linkProvider(ctx, provider, profile, data.linkUserId!);
  // Only a proven address signs into (or takes over) the account that has it; any other is a suggestion for
  // the sign-up form, confirmed by mail like a typed one (decision 0069).
  const email = profile.emailProven ? (profile.email?.toLowerCase() ?? null) : null;
  const suggestedEmail = profile.emailProven ? null : (profile.email?.toLowerCase() ?? null);
  const linked = await ctx.db.query.socialAccounts.findFirst({
    where: and(eq(socialAccounts.provider, provider.code), eq(socialAccounts.providerUserId, profile.id)),
  });
  // A provider-proven address that already has an account signs into it (and links the provider).
  const byEmail = !linked && email ? await ctx.db.query.users.findFirst({ columns: { id: true, emailVerifiedAt: true }, where: eq(users.email, email) }) : undefined;
  const userId = linked?.userId ?? byEmail?.id;
  if (userId) {
    const account = await ctx.db.query.users.findFirst({ columns: { blockedAt: true, blockedReason: true, emailVerifiedAt: true }, where: eq(users.id, userId) });
    if (account?.blockedAt) {
      await auditInsert(ctx, { actorUserId: null, action: "user.login_blocked", targetType: "user", targetId: userId, meta: { method: provider.code } });
      refuseBlocked(account);
    }
    const { token, values } = await newSessionValues(ctx, userId);
    const batch: BatchItem<"sqlite">[] = [];
    if (byEmail && !byEmail.emailVerifiedAt) {
      // Account pre-hijacking (decision 0022): whoever registered this address with a password never
      // proved it; the provider just did. The account is taken over cleanly: its other sessions end, the
      // unknown password goes, the address becomes verified, and what was addressed to it joins it.
      batch.push(
        ...revokeUserSessionsStatements(ctx, userId, "social_takeover"),
        // Before the UPDATE below, which proves the address.
        dropUnprovenLinksStatement(ctx, userId),
        ctx.db
          .update(users)
          .set({ passwordHash: null, emailVerifiedAt: ctx.now().toISOString(), updatedAt: ctx.now().toISOString() })
          .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
        invalidateTokensStatement(ctx, "email_verify", { userId }),
        invalidateTokensStatement(ctx, "password_reset", { email: email! }),
        ...provenAddressStatements(ctx, email!, userId),
        auditInsert(ctx, { actorUserId: userId, action: "user.social_takeover", targetType: "user", targetId: userId, meta: { provider: provider.code } }),
      );
    }
    batch.push(
      ctx.db.insert(sessions).values(values),
      auditInsert(ctx, { actorUserId: userId, action: "user.social_login", targetType: "user", targetId: userId, meta: { provider: provider.code } }),
    );
    // An account already linked to another account of this provider keeps that one (one per provider, decision 0057).
    // Not linked yet: signed in by an address the provider proved, so the link is the proven owner's.
    if (!linked) batch.push(ctx.db.insert(socialAccounts).values({ provider: provider.code, providerUserId: profile.id, userId, proven: 1 }).onConflictDoNothing());
    await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    // Proven now if it was, or if this sign-in just took it over by the provider's proof.
    const verified = !!account?.emailVerifiedAt || (!!byEmail && !byEmail.emailVerifiedAt);
    return { token, status: "login" as const, verified, ...(data.returnTo ? { returnTo: data.returnTo } : {}) };
  }
  const secret = randomToken();
  await (ctx.db.insert(tokens).values(await tokenValues(ctx, "social_register", secret, { email, payload: { provider: provider.code, providerUserId: profile.id, email, suggestedEmail, name: profile.name, lastName: profile.lastName } })));
  return { token: secret, status: "register" as const };
}

/** What the registration page prefills when finishing a social sign-up. */
export async function pendingSocialRegistration(ctx: AppContext, token: string) {
  if (!token || token.length > 200) return null;
  const row = await peekToken(ctx, "social_register", token);
  if (!row) return null;
  const d = row.data as { provider: string; email: string | null; suggestedEmail?: string | null; name: string | null; lastName: string | null };
  return { provider: d.provider, email: d.email, suggestedEmail: d.suggestedEmail ?? null, name: d.name, lastName: d.lastName };
}
