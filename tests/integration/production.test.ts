import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../helpers/factories";
import { callProduction } from "../helpers/production";

const call = callProduction;

describe("in production", () => {
  it("has no local outbox and no seed", async () => {
    const mail = await call("/dev/mail.json");
    expect(mail.status).toBe(404);
    expect(await mail.text()).not.toContain("subject");
    expect((await call("/dev/mail")).status).toBe(404);
    expect((await call("/dev/seed", { method: "POST" })).status).toBe(404);
  });

  it("adds Strict-Transport-Security and keeps the other security headers", async () => {
    const res = await call("/api/industries");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("uses the __Host- session cookie, and clears a dead one with Secure", async () => {
    const user = await createSignedInUser();
    const ok = await call("/api/user", { headers: { Cookie: `__Host-session=${user.token}` } });
    expect(ok.status).toBe(200);
    const dead = await call("/api/user", { headers: { Cookie: "__Host-session=dead-token-that-was-never-issued-0123456789" } });
    expect(dead.status).toBe(401);
    expect(dead.headers.get("Set-Cookie")).toMatch(/^__Host-session=;.*Secure/);
    // The development cookie name means nothing here.
    expect((await call("/api/user", { headers: { Cookie: `session=${user.token}` } })).status).toBe(401);
  });

  it("serves a profile page again from the cache even when asked to bypass it (that header is for the bench)", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    const headers = { Cookie: `__Host-session=${user.token}`, "X-Page-Cache": "bypass" };
    const first = await call("/profile/information", { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const second = await call("/profile/information", { headers });
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    // Nor does production tell its D1 round trips.
    expect(second.headers.get("X-D1-Queries")).toBeNull();
  });
});
