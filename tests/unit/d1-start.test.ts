import { describe, expect, it } from "vitest";
import { sessionStart } from "~/server/d1-start";

// Where a request's D1 session starts under read replication (decisions 0034, 0065).
describe("sessionStart", () => {
  const bookmark = "00000001-00000002-00000003-0123456789abcdef0123456789abcdef";

  it("starts a read from the client's bookmark, or from any replica without one", () => {
    expect(sessionStart("GET", bookmark)).toBe(bookmark);
    expect(sessionStart("HEAD", bookmark)).toBe(bookmark);
    expect(sessionStart("GET", null)).toBe("first-unconstrained");
  });

  it("starts a state change at the primary whatever bookmark it sends: a stale replica must not resolve a revoked session for a write", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(sessionStart(method, bookmark)).toBe("first-primary");
      expect(sessionStart(method, null)).toBe("first-primary");
    }
  });

  it("starts at the primary the GETs that act or read a write of an instant before (hide, social return, an e-mailed link's page, a page that marks something seen)", () => {
    for (const path of ["/api/service/12/hide", "/api/auth/social/callback", "/auth/social-callback", "/auth/social/vk", "/email/verify", "/email/verify.data", "/request-list/5", "/request-list/5.data", "/response-request/7", "/multi-rate-user"])
      expect(sessionStart("GET", bookmark, false, path), path).toBe("first-primary");
    for (const path of ["/api/service/12", "/api/services", "/profile/information", "/email/verify/extra", "/request-list/5/extra", "/rate-user"]) expect(sessionStart("GET", bookmark, false, path), path).toBe(bookmark);
  });

  it("starts at the primary when the caller asks (the Cron Trigger)", () => {
    expect(sessionStart("GET", bookmark, true)).toBe("first-primary");
  });
});
