import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";

// The operators' `demands` queue (app/domain/admin/queue.ts), read through the console's call.
beforeAll(() => ensureReference());

async function create(token: string, name: string) {
  const [sub] = await rows<{ id: number; parent_id: number }>("select id, parent_id from options where parent_id is not null order by id limit 1");
  const res = await api("/api/demand", {
    token,
    form: { name, service_type_id: 1, duration_id: 3, expert_type: "ordinary", description: "Описание", industries: [1], options: [sub!.parent_id], budget: "50000", execution_period: "01.06.2028" },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

describe("demandsQueue", () => {
  it("lists the waiting requests oldest first with their customer, filters by name, and its summary counts them", async () => {
    const me = await createSignedInUser({ name: "Мария", lastName: "Очередная" });
    const first = await create(me.token, "Очередь: первая");
    const second = await create(me.token, "Очередь: вторая");
    await rows("update demands set status = 'searching' where id = ?", second);
    const third = await create(me.token, "Очередь: третья");
    const operator = await signIn(await createOperator());
    const res = await api(`/api/admin/queues/demands?sort=created_at&dir=asc&filter=${encodeURIComponent("Очередь")}`, { token: operator });
    expect(res.status, res.text).toBe(200);
    const page = res.body as { items: { id: number }[]; total: number };
    expect(page.items.map((i) => i.id)).toEqual([first, third]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ title: "Очередь: первая", userId: me.id, userName: "Мария Очередная", details: { budget: 50000, type: "На проект" } });
    const summaries = (await api("/api/admin/queues", { token: operator })).body as { name: string; count: number; oldest: string | null }[];
    const summary = summaries.find((q) => q.name === "demands")!;
    expect(summary.count).toBeGreaterThanOrEqual(2);
    expect(typeof summary.oldest).toBe("string");
    expect((await api("/api/admin/queues/demands", { token: me.token })).status).toBe(403);
  });
});
