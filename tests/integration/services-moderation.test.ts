import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import i18next from "i18next";
import { createDb } from "../../db/client";
import { servicesQueue } from "~/domain/services/moderation.server";
import { i18nConfig } from "~/i18n";
import ru from "~/locales/ru";
import ruPages from "~/locales/ru.pages";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";
import type { AppContext } from "~/server/context.server";
import { parseEnv } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { resolveActor } from "~/server/session.server";
import { speculativeD1 } from "~/server/speculation.server";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, servicePayload, signIn } from "../helpers/factories";
import { lastMailTo, mailsTo } from "../helpers/mail";

// README 'Document 3 details' → Services (moderation), "The operator's calls"; the queue contract of
// app/domain/admin/queue.ts. The calls /api/admin/* are the console's; here the queue is driven directly.

beforeAll(() => ensureReference());

// The context a request would build (app/server/context.server.ts), without Remix's cookie helpers, which
// do not load in the test worker's own module graph.
const texts = i18next.createInstance();
void texts.init({ ...i18nConfig, resources: { ru: { translation: withServerTexts(withServerTexts(ru, ruPages), ruServer) } }, lng: "ru", initImmediate: false });
async function contextOf(token: string) {
  const appEnv = parseEnv(env as never);
  const db = createDb(env.DB);
  const ctx = {
    env: appEnv,
    bindings: env,
    db,
    d1: env.DB,
    d1Binding: env.DB,
    speculation: speculativeD1(env.DB).speculation,
    d1Session: { from: null, bookmark: () => null },
    storage: undefined,
    mailer: createMailer(appEnv, db),
    lang: "ru",
    t: texts.getFixedT("ru"),
    now: () => new Date(),
    requestId: crypto.randomUUID(),
    ip: "10.0.0.1",
    country: null,
    userAgent: null,
    queries: { n: 0, statements: 0 },
    waitUntil: () => {},
  } as unknown as AppContext;
  const actor = await resolveActor(ctx, token);
  return { ctx, actor: actor! };
}
const statusOf = async (id: number) => (await rows<{ status: string; reject_reason: string | null }>("select status, reject_reason from services where id = ?", id))[0]!;
const decisions = (id: number) => count("select count(*) as n from audit_log where target_type = 'service' and target_id = ? and action in ('service.approved', 'service.rejected')", String(id));

describe("the services queue", () => {
  it("lists waiting services and counts them in its summary", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner, "individual", { name: `Очередь ${crypto.randomUUID().slice(0, 6)}` });
    const { ctx } = await contextOf(await signIn(await createOperator()));
    const page = await servicesQueue.list(ctx, { page: 1, perPage: 10, filter: svc.name });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: svc.id, title: svc.name, userId: owner.id, details: expect.objectContaining({ format: "individual" }) });
    const [summary] = await ctx.db.all<{ count: number; oldest: string }>(servicesQueue.summarySql);
    expect(Number(summary!.count)).toBeGreaterThanOrEqual(1);
  });

  it("approves a service into active, audited once", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner);
    const { ctx, actor } = await contextOf(await signIn(await createOperator()));
    await servicesQueue.decide!(ctx, actor, svc.id, { decision: "approve" });
    expect(await statusOf(svc.id)).toEqual({ status: "active", reject_reason: null });
    expect(await decisions(svc.id)).toBe(1);
    // Now other users see it, and the owner may ask for an estimate.
    const stranger = await createSignedInUser();
    expect((await api(`/api/service/${svc.id}`, { token: stranger.token })).status).toBe(200);
    expect((await api(`/api/service/${svc.id}`, { token: owner.token })).body.can.estimate).toBe(true);
  });

  it("rejects only with a reason, which the owner sees on the service and in an e-mail", async () => {
    const owner = await createSignedInUser({ name: "Ирина" });
    const svc = await createServiceFor(owner, "individual", { name: "Модель без описания" });
    const { ctx, actor } = await contextOf(await signIn(await createOperator()));
    await expect(servicesQueue.decide!(ctx, actor, svc.id, { decision: "reject", reason: "  " })).rejects.toMatchObject({ kind: "validation", code: "admin.reason_required" });
    expect((await statusOf(svc.id)).status).toBe("moderation");
    await servicesQueue.decide!(ctx, actor, svc.id, { decision: "reject", reason: "Добавьте результаты проектов" });
    expect(await statusOf(svc.id)).toEqual({ status: "rejected", reject_reason: "Добавьте результаты проектов" });
    const view = await api(`/api/service/${svc.id}`, { token: owner.token });
    expect(view.body).toMatchObject({ status: "rejected", reject_reason: "Добавьте результаты проектов" });
    const mail = await lastMailTo(owner.email);
    expect(mail.subject).toBe("Услуга не прошла модерацию");
    expect(mail.text).toContain("Услуга «Модель без описания» не прошла модерацию. Причина: Добавьте результаты проектов");
    // Saving it again sends it back to moderation, the reason gone.
    const again = await api(`/api/service/${svc.id}`, { json: servicePayload("individual", { name: "Модель с описанием" }), token: owner.token });
    expect(again.body).toMatchObject({ status: "moderation", reject_reason: null });
  });

  it("decides once when two operators decide at the same time", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner);
    const a = await contextOf(await signIn(await createOperator()));
    const b = await contextOf(await signIn(await createOperator()));
    const results = await Promise.allSettled([
      servicesQueue.decide!(a.ctx, a.actor, svc.id, { decision: "approve" }),
      servicesQueue.decide!(b.ctx, b.actor, svc.id, { decision: "reject", reason: "Не подходит" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ kind: "conflict" });
    expect(await decisions(svc.id)).toBe(1);
    expect(["active", "rejected"]).toContain((await statusOf(svc.id)).status);
  });

  it("is refused to anyone but an operator, and a hidden or deleted service is not waiting", async () => {
    const owner = await createSignedInUser();
    const svc = await createServiceFor(owner);
    const user = await contextOf(owner.token);
    await expect(servicesQueue.decide!(user.ctx, user.actor, svc.id, { decision: "approve" })).rejects.toMatchObject({ kind: "forbidden" });
    expect((await statusOf(svc.id)).status).toBe("moderation");
    const op = await contextOf(await signIn(await createOperator()));
    await api(`/api/service/${svc.id}/hide`, { token: owner.token });
    await expect(servicesQueue.decide!(op.ctx, op.actor, svc.id, { decision: "approve" })).rejects.toMatchObject({ kind: "conflict" });
    expect((await statusOf(svc.id)).status).toBe("not_active");
    await api(`/api/service/${svc.id}`, { method: "DELETE", token: owner.token });
    await expect(servicesQueue.decide!(op.ctx, op.actor, svc.id, { decision: "approve" })).rejects.toMatchObject({ kind: "not_found" });
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });
});
