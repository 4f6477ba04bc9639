import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/format";

// The console shows stored UTC times in Moscow time (UTC+3 all year), with the zone named.
describe("formatDateTime", () => {
  it("shows a UTC time in Moscow time, in each language, and a dash for none", () => {
    expect(formatDateTime("2026-11-27T18:29:37.379Z", "ru")).toBe("27.11.2026, 21:29 МСК");
    expect(formatDateTime("2026-11-27T22:05:00.000Z", "en")).toBe("28/11/2026, 01:05 MSK");
    expect(formatDateTime(null, "ru")).toBe("—");
  });
});
