import { PAID_DEMO_DEMAND } from "../../db/seed/projects-paid-demo";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/seed.server";
import { api } from "../helpers/api";
import { count, rows } from "../helpers/db";

// Starts from an empty database (storage is per test file), as `npm start` does.
describe("the demo customer's requests", () => {
  it("covers every status of a request, and the lists and the expert's view read them", async () => {
    expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
    const login = await api("/api/login", { json: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_PASSWORD } });
    const list = await api("/api/demand", { token: login.body.token });
    expect(list.status).toBe(200);
    const statuses = (g: string) => list.body[g].data.map((d: { status: string }) => d.status).sort();
    // 5: with the paid request ready to start (db/seed/projects-paid-demo.ts).
    expect(list.body.searching.total).toBe(5);
    const page2 = await api("/api/demand?group=searching&page=2", { token: login.body.token });
    const searchTab = [...list.body.searching.data, ...page2.body.searching.data].map((d: { status: string }) => d.status).sort();
    expect(searchTab).toEqual(["moderation", "rejected", "searching", "searching", "searching"]);
    expect(statuses("search_expired")).toEqual(["search_expired"]);
    expect(statuses("active")).toEqual(["active"]);
    expect(statuses("completed")).toEqual(["completed"]);
    const searching = [...list.body.searching.data, ...page2.body.searching.data].find((d: { status: string }) => d.status === "searching");
    const expert = await api("/api/login", { json: { email: DEMO_ACCOUNTS.expert.email, password: DEMO_PASSWORD } });
    const short = await api(`/api/demand/short/${searching.id}`, { token: expert.body.token });
    expect(short.status, short.text).toBe(200);
    expect(short.body.industries).toHaveLength(2);
  });

  it("gives the demo customer's requests responses, and the demo expert invitations (one new), sent responses (one viewed) and a rejected one", async () => {
    // Seeded by the test above (the seed runs once per database).
    expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
    const byDemand = await rows<{ name: string; n: number }>(
      `select d.name, count(*) as n from responds r join demands d on d.id = r.demand_id join users u on u.id = d.user_id
       where u.email = ? and r.status in ('sent', 'active', 'rejected', 'completed') group by d.name order by d.name`,
      DEMO_ACCOUNTS.customer.email,
    );
    expect(byDemand.find((d) => d.name === "Финансовая модель для сети кофеен")?.n).toBe(3);
    expect(byDemand.length).toBeGreaterThanOrEqual(4);
    const mine = await rows<{ status: string; is_new: number; viewed_at: string | null }>(
      // The paid request of the management demo (projects-paid-demo.ts) adds a response of its own.
      "select r.status, r.is_new, r.viewed_at from responds r join users u on u.id = r.user_id join demands d on d.id = r.demand_id where u.email = ? and d.name != ? order by r.id",
      DEMO_ACCOUNTS.expert.email,
      PAID_DEMO_DEMAND,
    );
    const invites = mine.filter((r) => r.status === "invite");
    expect(invites.length).toBe(2);
    expect(invites.filter((r) => r.is_new).length).toBe(1);
    const sent = mine.filter((r) => r.status === "sent");
    expect(sent.length).toBe(2);
    expect(sent.filter((r) => r.viewed_at).length).toBe(1);
    expect(mine.filter((r) => r.status === "rejected").length).toBe(1);
    // The extra experts sign in with the demo password and have an active service.
    const maria = await api("/api/login", { json: { email: "expert2@demo.ru", password: DEMO_PASSWORD } });
    expect(maria.status).toBe(200);
    const expert = await api("/api/login", { json: { email: DEMO_ACCOUNTS.expert.email, password: DEMO_PASSWORD } });
    const list = await api("/api/respond", { token: expert.body.token });
    // Every row he answered (not the invitations) is in his list, the projects' demos included.
    expect(list.body.total).toBe(await count("select count(*) n from responds r join users u on u.id = r.user_id where u.email = ? and r.responded_at is not null", DEMO_ACCOUNTS.expert.email));
    expect(list.body.total).toBeGreaterThanOrEqual(4);
  });
});
