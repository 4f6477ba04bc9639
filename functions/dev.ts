import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../db/schema/platform";
import { DEMO_PASSWORD, seedDemo, seedLanding, seedReference } from "../db/seed/seed.server";
import { forget } from "~/server/memo.server";
import { isDevEnv } from "~/server/env.server";
import { hashPassword } from "~/server/password.server";
import { decideDemand, demandsQueue } from "~/domain/demands/moderation.server";
import { requireOperator } from "~/domain/policy.server";
import { idOrNotFound } from "~/domain/validation";
import { readBody, type HonoEnv } from "./http";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Only in development and tests: the local outbox (spec README) and the seed used by `npm start`. */
export const devApp = new Hono<HonoEnv>()
  .use(async (c, next) => {
    // Only an explicit development or test configuration has them (issue 10, finding 2: fail closed).
    if (!isDevEnv(c.get("ctx").env)) return c.notFound();
    await next();
  })
  .get("/mail.json", async (c) => {
    const rows = await c.get("ctx").db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
    return c.json(rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, html: r.html, text: r.text, created_at: r.createdAt })));
  })
  .get("/mail", async (c) => {
    const rows = await c.get("ctx").db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
    const items = rows
      .map(
        (r) => `<article><h2>${esc(r.subject)}</h2><p><b>${esc(r.to)}</b> · <time>${esc(r.createdAt)}</time></p><pre>${esc(r.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join("\n");
    return c.html(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Локальная почта</title><style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px}article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap}</style></head><body><h1>Локальная почта (${rows.length})</h1>${items || "<p>Писем пока нет.</p>"}</body></html>`,
    );
  })
  .post("/seed", async (c) => {
    const db = c.get("ctx").db;
    const reference = await seedReference(db);
    const landing = await seedLanding(db);
    // `npm start` polls /api/industries before seeding: drop the empty lists the reference cache kept meanwhile.
    if (reference || landing) forget("");
    const demo = await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    return c.json({ reference, landing, demo });
  })
  // A stand-in for POST /api/admin/moderation {kind: 'demands', id, decision, reason} until the operator
  // console's calls land (the lead wires app/domain/demands/moderation.server.ts demandsQueue there): the
  // same domain call, an operator's own session required. The e2e journey of requests uses it.
  .get("/moderation/demands", async (c) => {
    requireOperator(c.get("actor"));
    const ctx = c.get("ctx");
    const page = Math.max(1, Number(c.req.query("page")) || 1);
    const [list, summary] = await Promise.all([demandsQueue.list(ctx, { page, perPage: 50, filter: c.req.query("filter") }), ctx.db.all(demandsQueue.summarySql)]);
    return c.json({ ...list, summary: summary[0] });
  })
  .post("/moderation/demands", async (c) => {
    const body = await readBody(c);
    const decision = body.decision === "reject" ? "reject" : "approve";
    await decideDemand(c.get("ctx"), c.get("actor"), idOrNotFound(body.id), { decision, reason: typeof body.reason === "string" ? body.reason : null });
    return c.json({ ok: true });
  });
