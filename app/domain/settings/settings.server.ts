import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { forgotPassword } from "../auth/auth.server";
import { requireOwnSession } from "../policy.server";

/**
 * POST /api/reset-password-profile (spec 2 §7, "not detailed"; docs/decisions/0017-invite.md): the settings
 * page's 'Забыли пароль?' for a signed-in user. It mails a reset code to the user's own address, exactly as
 * /api/forgot-password does (same code, same limits per address and per IP), so there is one reset rule.
 * An impersonated session may not start it (spec README: no password change while impersonating).
 */
export async function resetPasswordProfile(ctx: AppContext, actor: Actor) {
  requireOwnSession(actor);
  await forgotPassword(ctx, { email: actor.user.email });
  return { email: actor.user.email, message: ctx.t("auth.reset_sent") };
}
