import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/seed.server";
import { api } from "../helpers/api";

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
});
