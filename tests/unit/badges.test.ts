import { describe, expect, it } from "vitest";
import { countsUnviewed, visitKey } from "~/domain/visits/badges";

// spec 1 §4: the groups' keys and which groups count unviewed items. The counting itself is SQL
// (app/domain/visits/fresh.server.ts), tested against D1 in tests/integration/signals.test.ts.
describe("the badge logic's groups (spec 1 §4)", () => {
  it("merges moderation into sent and names the API's and the request lists' groups by their visit keys", () => {
    expect(visitKey("moderation")).toBe("sent");
    expect(visitKey("request")).toBe("invite");
    expect(visitKey("searching")).toBe("search");
    expect(visitKey("search_expired")).toBe("expired");
    expect(visitKey("active")).toBe("active");
  });

  it("counts unviewed items for invitations and searching requests only", () => {
    expect(countsUnviewed("invite")).toBe(true);
    expect(countsUnviewed("request")).toBe(true);
    expect(countsUnviewed("searching")).toBe(true);
    expect(countsUnviewed("search")).toBe(true);
    for (const g of ["sent", "moderation", "active", "completed", "rejected", "search_expired", "expired"]) expect(countsUnviewed(g)).toBe(false);
  });
});
