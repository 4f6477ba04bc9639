import { Hono } from "hono";
import { changePassword, login, logout, register, completeSocialRegistration, forgotPassword, resetPassword, resendVerification, verifyEmail } from "~/domain/auth/auth.server";
import { createImpersonationLink, impersonate, leaveImpersonation } from "~/domain/auth/impersonation.server";
import { listSocialProviders, OAUTH_BROWSER_COOKIE_SECONDS, oauthBrowserCookieName, socialCallback } from "~/domain/auth/social.server";
import { forbidden, unauthorized } from "~/domain/errors";
import { currentUser } from "~/domain/users/users.server";
import type { AppContext } from "~/server/context.server";
import { idField } from "~/domain/validation";
import { resolveActor, serializeCookie, sessionCookieNames } from "~/server/session.server";
import { query, readBody, requireActorC, type HonoEnv } from "../http";

/** A new account's answer: its token and the user as GET /api/user shows it. */
async function signedInAnswer(ctx: AppContext, account: { token: string }) {
  const actor = await resolveActor(ctx, account.token);
  if (!actor) throw unauthorized();
  return { token: account.token, user: await currentUser(ctx, actor) };
}

/** spec 1 §7 and the spec README: sign-in, registration, reset, verification, social sign-in, impersonation. */
export const authApi = new Hono<HonoEnv>()
  .post("/login", async (c) => {
    const { token } = await login(c.get("ctx"), await readBody(c));
    return c.json({ token });
  })
  .post("/logout", async (c) => {
    const actor = requireActorC(c);
    await logout(c.get("ctx"), actor);
    if (c.get("authVia") === "cookie") c.header("Set-Cookie", serializeCookie(c.get("ctx"), sessionCookieNames(c.get("ctx")).session, null));
    return c.json({ ok: true });
  })
  // spec README: `{token, user}`, the user in the shape of GET /api/user (issue 10: it was {id, isVerified}).
  .post("/register", async (c) => c.json(await signedInAnswer(c.get("ctx"), await register(c.get("ctx"), await readBody(c))), 201))
  .post("/completeSocialReg", async (c) => c.json(await signedInAnswer(c.get("ctx"), await completeSocialRegistration(c.get("ctx"), await readBody(c))), 201))
  .post("/forgot-password", async (c) => {
    await forgotPassword(c.get("ctx"), await readBody(c));
    return c.json({ message: c.get("ctx").t("auth.reset_sent") });
  })
  .post("/reset-password", async (c) => c.json(await resetPassword(c.get("ctx"), await readBody(c))))
  .get("/email/verification-notification", async (c) => {
    const actor = requireActorC(c);
    // A GET that sends mail (the spec's call): bearer only, as ARCHITECTURE asks of such GETs. A SameSite=Lax
    // cookie rides along on a cross-site navigation, so any page could otherwise make us mail the user.
    // (The /verify page resends through its own POST action.)
    if (c.get("authVia") !== "bearer") throw forbidden();
    return c.json(await resendVerification(c.get("ctx"), actor));
  })
  .post("/email/verify", async (c) => {
    const result = await verifyEmail(c.get("ctx"), await readBody(c));
    return c.json({ verified: result.verified, message: c.get("ctx").t("auth.email_verified") });
  })
  .post("/impersonate", async (c) => c.json(await impersonate(c.get("ctx"), c.get("actor"), await readBody(c))))
  .post("/impersonate/leave", async (c) => c.json(await leaveImpersonation(c.get("ctx"), requireActorC(c))))
  .post("/admin/users/:id/impersonation-link", async (c) => {
    const id = idField.safeParse(c.req.param("id"));
    return c.json(await createImpersonationLink(c.get("ctx"), requireActorC(c), id.success ? id.data : 0));
  })
  .get("/auth/social", async (c) => {
    const ctx = c.get("ctx");
    const { providers, nonce } = await listSocialProviders(ctx, query(c));
    // Binds the states to this browser for a page callback (decision 0022); API clients may ignore it.
    c.header("Set-Cookie", serializeCookie(ctx, oauthBrowserCookieName(ctx), nonce, OAUTH_BROWSER_COOKIE_SECONDS));
    return c.json(providers);
  })
  .get("/auth/social/callback", async (c) => c.json(await socialCallback(c.get("ctx"), query(c))))
  .post("/user/password", async (c) => c.json(await changePassword(c.get("ctx"), requireActorC(c), await readBody(c))));
