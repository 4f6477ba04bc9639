import { describe, expect, it } from "vitest";
import { EXTRA_DEMO_EXPERT, PAID_DEMO_DEMAND } from "../../db/seed/projects-paid-demo";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/seed.server";
import { api } from "../helpers/api";
import { rows } from "../helpers/db";

// Starts from an empty database (storage is per test file), as `npm start` does.
describe("the demo customer's paid request", () => {
  it("is paid, has the demo expert's and the extra demo expert's responses with contacts open, and starts", async () => {
    expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
    const login = await api("/api/login", { json: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_PASSWORD } });
    const token = login.body.token as string;
    const [d] = await rows<{ id: number }>("select id from demands where name = ?", PAID_DEMO_DEMAND);
    const manage = await api(`/api/demand/${d!.id}/manage`, { token });
    expect(manage.status, manage.text).toBe(200);
    expect(manage.body).toMatchObject({ is_paid: true, status: "searching", deposit: 105_000 });
    const [mine, extra] = manage.body.responds;
    expect(mine).toMatchObject({ user_name: `${DEMO_ACCOUNTS.expert.name} ${DEMO_ACCOUNTS.expert.lastName}`, is_viewed: true, is_favorite: true, price: 318_000 });
    expect(mine.services.length).toBeGreaterThan(0);
    expect(mine.cases.length).toBeGreaterThan(0);
    expect(extra).toMatchObject({ user_name: `${EXTRA_DEMO_EXPERT.name} ${EXTRA_DEMO_EXPERT.lastName}`, is_viewed: false, price: 260_000 });
    const contacts = await api(`/api/demand/${d!.id}/contacts`, { token });
    expect(contacts.body.map((c: { email: string }) => c.email)).toEqual([DEMO_ACCOUNTS.expert.email, EXTRA_DEMO_EXPERT.email]);
    const extraLogin = await api("/api/login", { json: { email: EXTRA_DEMO_EXPERT.email, password: DEMO_PASSWORD } });
    expect(extraLogin.status).toBe(200);
    const start = await api("/api/demand/shortlist", { token, json: { demand_id: d!.id, responds: [mine.id] } });
    expect(start.status, start.text).toBe(200);
  });
});
