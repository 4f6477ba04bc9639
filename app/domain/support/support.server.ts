import { and, asc, count, desc, eq } from "drizzle-orm";
import { contactRequests } from "../../../db/schema/content";
import { userRoles, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import { getT } from "~/server/texts.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { parseInput, phoneCountry } from "../validation";
import { auditIfChangedQuery } from "../admin/decision.server";
import { operatorPage, operatorRecipients } from "../admin/admin.server";
import { contactRequestsQuery } from "../admin/schema";
import { notFound } from "../errors";
import { requireOperator } from "../policy.server";
import { contactSchema } from "./schema";

/** POST /api/contact: stores the callback request and tells the operators by e-mail (spec 1 §2). */
export async function createContactRequest(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const input = parseInput(contactSchema(phoneCountry(ctx.country)), raw);
  await hit(ctx, "contact_ip", ctx.ip);
  const [row] = await ctx.db.insert(contactRequests).values({ name: input.name, phone: input.phone, userId: actor?.user.id ?? null, ip: ctx.ip }).returning({ id: contactRequests.id });
  // The support inbox when one is set (in Russian), else every operator in his own language.
  const operators = ctx.env.OPERATOR_EMAIL ? [{ email: ctx.env.OPERATOR_EMAIL, t: getT("ru") }] : await operatorRecipients(ctx);
  const url = `${ctx.env.APP_URL}/admin/contact-requests`;
  await ctx.mailer
    .sendMany(operators.map((o) => mailTemplates.contactRequest(o.t, o.email, { name: input.name, phone: input.phone, url })))
    .catch((e) => console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: "operator notice failed", error: String(e) })));
  return { id: row!.id, message: ctx.t("support.callbackSent") };
}

/**
 * GET /api/admin/contact-requests: the callback requests of the support block (spec 1 §2), the new ones
 * oldest first (the operator calls back in order), or the handled ones newest first; 50 a page.
 */
export async function listContactRequests(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  requireOperator(actor);
  const q = parseInput(contactRequestsQuery, raw ?? {});
  const page = operatorPage(q.page);
  const [rows, [waiting]] = await ctx.db.batch([
    ctx.db
      .select({ id: contactRequests.id, name: contactRequests.name, phone: contactRequests.phone, userId: contactRequests.userId, email: users.email, status: contactRequests.status, createdAt: contactRequests.createdAt })
      .from(contactRequests)
      .leftJoin(users, eq(users.id, contactRequests.userId))
      .where(eq(contactRequests.status, q.status))
      .orderBy(q.status === "new" ? asc(contactRequests.id) : desc(contactRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.status, "new")),
  ]);
  return { ...page.cut(rows), status: q.status, waiting: waiting?.n ?? 0 };
}

/** POST /api/admin/contact-requests/{id}/done: the operator has called back; audited once (a second mark changes nothing). */
export async function markContactRequestDone(ctx: AppContext, actor: Actor | null | undefined, id: number) {
  const operator = requireOperator(actor);
  const [changed] = await ctx.db.batch([
    ctx.db.update(contactRequests).set({ status: "done" }).where(and(eq(contactRequests.id, id), eq(contactRequests.status, "new"))).returning({ id: contactRequests.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "support.callback_done", targetType: "contact_request", targetId: id }),
  ]);
  if (!changed.length) {
    const [row] = await ctx.db.select({ id: contactRequests.id }).from(contactRequests).where(eq(contactRequests.id, id)).limit(1);
    if (!row) throw notFound();
  }
  return { id, status: "done" as const, changed: changed.length > 0, message: ctx.t("support.callbackMarked") };
}
