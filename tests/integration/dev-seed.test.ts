import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/seed.server";
import { industries as seedIndustries } from "../../db/seed/reference-data";
import { api } from "../helpers/api";

// This file starts from an empty database on purpose (storage is per test file), like `npm start`.
describe("POST /dev/seed (what `npm start` runs)", () => {
  it("loads the reference data and the demo accounts once, and the lists show them at once", async () => {
    // `npm start` polls this before seeding.
    expect((await api("/api/industries")).body).toEqual([]);
    const first = await api("/dev/seed", { method: "POST" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ reference: true, landing: true, demo: true });
    expect((await api("/api/industries")).body).toHaveLength(seedIndustries.length);
    expect((await api("/api/content/support")).body.options.email).not.toBe("");

    expect((await api("/dev/seed", { method: "POST" })).body).toEqual({ reference: false, landing: false, demo: false });

    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await api("/api/login", { json: { email: account.email, password: DEMO_PASSWORD } });
      expect(res.status, account.email).toBe(200);
    }
    const operator = await api("/api/login", { json: { email: DEMO_ACCOUNTS.operator.email, password: DEMO_PASSWORD } });
    expect((await api("/api/user", { token: operator.body.token })).body.is_admin).toBe(true);
  });
});
