import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../db/schema/platform";
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
  });
