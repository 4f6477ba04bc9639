import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/seed.server";
import { api } from "../helpers/api";
import { rows } from "../helpers/db";

// Issue 12: the demo expert's services, so that a newcomer sees /services filled. Starts from an empty
// database on purpose (storage is per test file), like `npm start`.
describe("the demo services", () => {
  it("give the demo expert an individual and a company service, one in moderation and one hidden", async () => {
    expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
    const token = async (email: string) => (await api("/api/login", { json: { email, password: DEMO_PASSWORD } })).body.token as string;
    const mine = await api("/api/service", { token: await token(DEMO_ACCOUNTS.expert.email) });
    expect(mine.status).toBe(200);
    expect(mine.body.individual.map((s: { status: string }) => s.status).sort()).toEqual(["active", "moderation"]);
    expect(mine.body.company.map((s: { status: string }) => s.status)).toEqual(["active"]);
    expect(mine.body.hidden).toHaveLength(1);
    const rated = mine.body.individual.find((s: { status: string }) => s.status === "active");
    // Its recommendation's rating and the demo projects' (projects-demo.ts) count in it, read from the ratings.
    const [sum] = await rows<{ n: number; avg: number }>("select count(*) as n, avg(rating) as avg from ratings where type = 'service' and service_id = ?", rated.id);
    expect(sum!.n).toBeGreaterThan(1);
    expect(rated.rating_count).toBe(sum!.n);
    expect(rated.rating).toBeCloseTo(sum!.avg, 1);
    expect(mine.body.company[0].users.map((u: { need_approve: boolean }) => u.need_approve)).toEqual([false, true]);

    const asOperator = await api("/api/service", { token: await token(DEMO_ACCOUNTS.operator.email) });
    expect(asOperator.body.company[0]).toMatchObject({ is_member: true, need_approve: true });
  });
});
