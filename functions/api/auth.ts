import { z } from "@hono/zod-openapi";
import { changePassword, login, logout, register, completeSocialRegistration, forgotPassword, resetPassword, resendVerification, verifyEmail } from "~/domain/auth/auth.server";
import { createImpersonationLink, impersonate, leaveImpersonation } from "~/domain/auth/impersonation.server";
import {
  changePasswordSchema,
  completeSocialSchema,
  forgotPasswordSchema,
  impersonateSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  socialCallbackQuery,
  socialProvidersQuery,
  verifyEmailSchema,
} from "~/domain/auth/schema";
import { listSocialProviders, OAUTH_BROWSER_COOKIE_SECONDS, oauthBrowserCookieName, socialCallback } from "~/domain/auth/social.server";
import { forbidden, unauthorized } from "~/domain/errors";
import { currentUser } from "~/domain/users/users.server";
import type { AppContext } from "~/server/context.server";
import { readCookie, resolveActor, serializeCookie, sessionCookieNames } from "~/server/session.server";
import { query, readBody, requireActorC } from "../http";
import { apiRouter, endpoint, idParams } from "../openapi";

/** A new account's answer: its token and the user as GET /api/user shows it. */
async function signedInAnswer(ctx: AppContext, account: { token: string }) {
  const actor = await resolveActor(ctx, account.token);
  if (!actor) throw unauthorized();
  return { token: account.token, user: await currentUser(ctx, actor) };
}

const tags: [string] = ["auth"];
const Token = z.object({ token: z.string() });
const SignedIn = z.object({ token: z.string(), user: z.record(z.string(), z.unknown()).describe("As GET /api/user shows it") });
const Message = z.object({ message: z.string() });

/** spec 1 §7 and the spec README: sign-in, registration, reset, verification, social sign-in, impersonation. */
export const authApi = apiRouter();
endpoint(authApi, { method: "post", path: "/login", summary: "Sign in", tags, auth: "none", body: { json: loginSchema }, ok: { description: "The session token", schema: Token }, errors: [429] }, async (c) => {
  const { token } = await login(c.get("ctx"), await readBody(c));
  return c.json({ token });
});
endpoint(authApi, { method: "post", path: "/logout", summary: "Sign out", tags, auth: "user", ok: { description: "Signed out", schema: z.object({ ok: z.literal(true) }) } }, async (c) => {
  const actor = requireActorC(c);
  const ctx = c.get("ctx");
  const byCookie = c.get("authVia") === "cookie";
  // A browser's sign-out ends the operator's session kept aside while he impersonates too, and forgets it.
  await logout(ctx, actor, byCookie ? readCookie(c.req.raw, sessionCookieNames(ctx).prev) : null);
  if (byCookie) {
    c.header("Set-Cookie", serializeCookie(ctx, sessionCookieNames(ctx).session, null));
    if (readCookie(c.req.raw, sessionCookieNames(ctx).prev)) c.header("Set-Cookie", serializeCookie(ctx, sessionCookieNames(ctx).prev, null), { append: true });
  }
  return c.json({ ok: true });
});
// spec README: `{token, user}`, the user in the shape of GET /api/user (issue 10: it was {id, isVerified}).
endpoint(
  authApi,
  { method: "post", path: "/register", summary: "Register (an expert may attach resume files)", description: "An expert's resumes (pdf, doc, docx, each up to 50 MB, ≤ 5 in all) go inline as resume[i], or beforehand to storage with POST /api/uploads (kind `resume`, which a guest may ask for) and then as uploads[i]. An upload claimed meanwhile answers 409.", tags, auth: "none", body: { json: registerSchema(), form: registerSchema() }, ok: { status: 201, description: "Registered and signed in", schema: SignedIn }, errors: [409, 429] },
  async (c) => c.json(await signedInAnswer(c.get("ctx"), await register(c.get("ctx"), await readBody(c))), 201),
);
endpoint(
  authApi,
  { method: "post", path: "/completeSocialReg", summary: "Finish a social sign-up", tags, auth: "none", body: { json: completeSocialSchema(), form: completeSocialSchema() }, ok: { status: 201, description: "Registered and signed in", schema: SignedIn }, errors: [409, 429] },
  async (c) => c.json(await signedInAnswer(c.get("ctx"), await completeSocialRegistration(c.get("ctx"), await readBody(c))), 201),
);
endpoint(authApi, { method: "post", path: "/forgot-password", summary: "E-mail a password reset code", tags, auth: "none", body: { json: forgotPasswordSchema }, ok: { description: "Sent (whether or not the address has an account)", schema: Message }, errors: [429] }, async (c) => {
  await forgotPassword(c.get("ctx"), await readBody(c));
  return c.json({ message: c.get("ctx").t("auth.reset_sent") });
});
endpoint(authApi, { method: "post", path: "/reset-password", summary: "Set a new password with the e-mailed code", tags, auth: "none", body: { json: resetPasswordSchema }, ok: { description: "The password is changed" }, errors: [429] }, async (c) =>
  c.json(await resetPassword(c.get("ctx"), await readBody(c))),
);
endpoint(
  authApi,
  { method: "get", path: "/email/verification-notification", summary: "Resend the verification e-mail", description: "Bearer only: a GET that sends mail.", tags, auth: "user", ok: { description: "Sent" }, errors: [403, 429] },
  async (c) => {
    const actor = requireActorC(c);
    // A GET that sends mail (the spec's call): bearer only, as ARCHITECTURE asks of such GETs. A SameSite=Lax
    // cookie rides along on a cross-site navigation, so any page could otherwise make us mail the user.
    // (The /verify page resends through its own POST action.)
    if (c.get("authVia") !== "bearer") throw forbidden();
    return c.json(await resendVerification(c.get("ctx"), actor));
  },
);
endpoint(authApi, { method: "post", path: "/email/verify", summary: "Confirm the e-mail with the link's token", description: "Only with the account's own token (decision 0055): 401 for a guest, 403 for another account; the token then stays for its account. What was addressed to the e-mail (ratings, the invitation it registered through) joins the account.", tags, auth: "user", body: { json: verifyEmailSchema }, ok: { description: "Verified", schema: z.object({ verified: z.boolean(), message: z.string() }) }, errors: [401, 403, 429] }, async (c) => {
  const result = await verifyEmail(c.get("ctx"), await readBody(c), c.get("actor"));
  return c.json({ verified: result.verified, message: c.get("ctx").t("auth.email_verified") });
});
endpoint(authApi, { method: "post", path: "/impersonate", summary: "Sign in as a user through an operator's link", tags, auth: "optional", body: { json: impersonateSchema }, ok: { description: "The impersonation session" }, errors: [404, 429] }, async (c) =>
  c.json(await impersonate(c.get("ctx"), c.get("actor"), await readBody(c))),
);
endpoint(authApi, { method: "post", path: "/impersonate/leave", summary: "Leave impersonation", tags, auth: "user", ok: { description: "Back to the operator's session" } }, async (c) =>
  c.json(await leaveImpersonation(c.get("ctx"), requireActorC(c))),
);
endpoint(
  authApi,
  {
    method: "post",
    path: "/admin/users/{id}/impersonation-link",
    summary: "An operator's one-time link to sign in as a user",
    tags,
    auth: "user",
    params: idParams,
    ok: { description: "The link", schema: z.object({ url: z.string(), expiresInSeconds: z.number() }) },
    errors: [403],
  },
  async (c, { id }) => c.json(await createImpersonationLink(c.get("ctx"), requireActorC(c), id)),
);
endpoint(
  authApi,
  { method: "get", path: "/auth/social", summary: "The social sign-in providers and their authorization URLs", tags, auth: "none", query: socialProvidersQuery, ok: { description: "The providers; a cookie binds their states to this browser" }, errors: [429] },
  async (c) => {
    const ctx = c.get("ctx");
    const { providers, nonce } = await listSocialProviders(ctx, query(c));
    // Binds the states to this browser for a page callback (decision 0022); API clients may ignore it.
    c.header("Set-Cookie", serializeCookie(ctx, oauthBrowserCookieName(ctx), nonce, OAUTH_BROWSER_COOKIE_SECONDS));
    return c.json(providers);
  },
);
endpoint(authApi, { method: "get", path: "/auth/social/callback", summary: "Finish a social sign-in, or a link begun by POST /api/user/social/{provider} (the same account's token)", tags, auth: "optional", query: socialCallbackQuery, ok: { description: "Signed in, a pending registration, or linked" }, errors: [429] }, async (c) =>
  // spec 1 §7: {token, status}; whether the address is proven is for the pages' redirect (`isVerified` of /api/user here).
  c.json(withoutVerified(await socialCallback(c.get("ctx"), query(c), undefined, c.get("actor")))),
);
function withoutVerified<T extends object>(answer: T): Omit<T, "verified"> {
  const { verified: _verified, ...rest } = answer as T & { verified?: boolean };
  return rest;
}
endpoint(authApi, { method: "post", path: "/user/password", summary: "Change the password", tags, auth: "user", body: { json: changePasswordSchema }, ok: { description: "Changed" }, errors: [429] }, async (c) =>
  c.json(await changePassword(c.get("ctx"), requireActorC(c), await readBody(c))),
);
