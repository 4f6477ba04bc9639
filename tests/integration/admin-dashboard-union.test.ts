import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { unionAll } from "~/domain/admin/queues.server";
import { QUEUE_NAMES } from "~/domain/admin/queue";

// The dashboard reads every queue's summary in one statement. D1 refuses a compound SELECT of more than 5
// terms, and the contract has 8 queues: once 6 were registered, /admin and GET /api/admin/queues answered 500.
describe("unionAll", () => {
  it("joins any number of selects in one statement D1 accepts, in their order", async () => {
    const db = createDb(env.DB);
    for (const k of [1, 4, 5, 6, QUEUE_NAMES.length, 17, 30]) {
      const rows = await db.all<{ n: number }>(unionAll(Array.from({ length: k }, (_, i) => sql`select ${i} as n`)));
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: k }, (_, i) => i));
    }
  });
});
