import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../db/schema/platform";
import { responds } from "../db/schema/responds";
import { userRoles, users } from "../db/schema/users";
import { DEMO_PASSWORD, seedDemo, seedLanding, seedReference } from "../db/seed/seed.server";
import { forget } from "~/server/memo.server";
import { isDevEnv } from "~/server/env.server";
import { hashPassword } from "~/server/password.server";
import type { HonoEnv } from "./http";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Only in development and tests: the local outbox (spec README) and the seed used by `npm start`. */
export const devApp = new Hono<HonoEnv>()
  .use(async (c, next) => {
    // Only an explicit development or test configuration has them (issue 10, finding 2: fail closed).
    if (!isDevEnv(c.get("ctx").env)) return c.notFound();
    await next();
  })
  // A fresh verified operator for a browser test (the demo operator's sign-ins count against one e-mail's
  // login limit, which a full run of the journeys would exceed). Development and test only, like every /dev call.
  .post("/operator", async (c) => {
    const { db } = c.get("ctx");
    const email = `operator-${crypto.randomUUID()}@e2e.test`;
    const [u] = await db
      .insert(users)
      .values({ email, name: "Оператор", lastName: "Тестовый", phone: "+7 495 111-22-33", passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date().toISOString() })
      .returning({ id: users.id });
    await db.insert(userRoles).values([
      { userId: u!.id, role: "customer" },
      { userId: u!.id, role: "admin" },
    ]);
    return c.json({ id: u!.id, email, password: DEMO_PASSWORD }, 201);
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
  // A response of `user_id` to `demand_id` waiting for the operators (`status: 'moderation'`), written as it
  // is stored, for the console's journey (issue 15): POST /api/respond sends a response to moderation only
  // while the shared moderation setting says so, and the other journeys running at the same time rely on
  // that setting. An invitation that matching already wrote becomes the response, as POST /api/respond
  // does. Development and test only.
  .post("/respond", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const num = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);
    const demandId = num(body.demand_id);
    const userId = num(body.user_id);
    if (!demandId || !userId) return c.json({ message: "demand_id and user_id" }, 422);
    const status = body.status === "moderation" ? ("moderation" as const) : ("sent" as const);
    const now = new Date().toISOString();
    const [r] = await c
      .get("ctx")
      .db.insert(responds)
      .values({ demandId, userId, status, respondedAt: now, salary: num(body.salary) ?? 100_000, taxId: num(body.tax_id) ?? 1, description: typeof body.description === "string" ? body.description.slice(0, 2000) : "" })
      .onConflictDoUpdate({
        target: [responds.demandId, responds.userId],
        set: { status, isNew: false, respondedAt: now, salary: num(body.salary) ?? 100_000, taxId: num(body.tax_id) ?? 1, description: typeof body.description === "string" ? body.description.slice(0, 2000) : "", updatedAt: now },
      })
      .returning({ id: responds.id });
    return c.json({ id: r!.id }, 201);
  });
