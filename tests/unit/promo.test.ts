import { describe, expect, it } from "vitest";
import { promoVisible, type ClientStorage } from "~/domain/visits/visits.server";

const record = (tgpopup: ClientStorage["tgpopup"]): ClientStorage => ({
  tgpopup,
  customer: { search: null, active: null, expired: null, completed: null },
  executor: { invite: null, sent: null, active: null, completed: null, rejected: null },
});

describe("the promo block cadence (spec 1 §4)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("shows when never closed nor acted on", () => {
    expect(promoVisible(record({ close: null, action: null }), 60, now)).toBe(true);
  });
  it("stays hidden until the interval has passed since the close", () => {
    expect(promoVisible(record({ close: "2026-11-22T11:30:00Z", action: null }), 60, now)).toBe(false);
    expect(promoVisible(record({ close: "2026-11-22T11:00:00Z", action: null }), 60, now)).toBe(true);
  });
  it("never shows again once acted on", () => {
    expect(promoVisible(record({ close: null, action: "2026-11-01T00:00:00Z" }), 0, now)).toBe(false);
  });
});
