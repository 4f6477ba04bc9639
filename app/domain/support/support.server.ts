import { eq } from "drizzle-orm";
import { contactRequests } from "../../../db/schema/content";
import { userRoles, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { parseInput, phoneCountry } from "../validation";
import { contactSchema } from "./schema";

/** POST /api/contact: stores the callback request and tells the operators by e-mail (spec 1 §2). */
export async function createContactRequest(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const input = parseInput(contactSchema(phoneCountry(ctx.country)), raw);
  await hit(ctx, "contact_ip", ctx.ip);
  const [row] = await ctx.db.insert(contactRequests).values({ name: input.name, phone: input.phone, userId: actor?.user.id ?? null, ip: ctx.ip }).returning({ id: contactRequests.id });
  const operators = ctx.env.OPERATOR_EMAIL
    ? [ctx.env.OPERATOR_EMAIL]
    : (await ctx.db.select({ email: users.email }).from(users).innerJoin(userRoles, eq(userRoles.userId, users.id)).where(eq(userRoles.role, "admin"))).map((o) => o.email);
  for (const to of operators) {
    await ctx.mailer
      .send(mailTemplates.contactRequest(ctx.t, to, { name: input.name, phone: input.phone, url: `${ctx.env.APP_URL}/admin` }))
      .catch((e) => console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "operator notice failed", error: String(e) })));
  }
  return { id: row!.id, message: ctx.t("support.callbackSent") };
}
