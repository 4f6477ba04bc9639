import { describe, expect, it } from "vitest";
import { signRatePayload, verifyRateHash } from "~/domain/recommendations/rate-hash.server";

const SECRET = "unit-test-rate-link-secret-0123456789abcdef";
const payload = { kind: "single", rate_id: 7, invitation_id: 3, user_id: 42, type: "tribe", industry_id: 1, option_id: 12, rater_email: "rater@example.ru", industry_name: "Банки и финансы" } as const;

describe("rating link hash", () => {
  it("keeps the spec's base64 key=value payload and reads it back when the signature is ours", async () => {
    const hash = await signRatePayload(SECRET, payload);
    const [body] = hash.split(".");
    const text = new TextDecoder().decode(Uint8Array.from(atob(body!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
    expect(new URLSearchParams(text).get("user_id")).toBe("42");
    expect(new URLSearchParams(text).get("industry_name")).toBe("Банки и финансы");
    expect(await verifyRateHash(SECRET, hash)).toEqual(payload);
  });

  it("refuses a changed payload, a changed signature, another secret and malformed values", async () => {
    const hash = await signRatePayload(SECRET, payload);
    const [body, sig] = hash.split(".");
    const other = await signRatePayload(SECRET, { ...payload, user_id: 43 });
    expect(await verifyRateHash(SECRET, `${other.split(".")[0]}.${sig}`)).toBeNull();
    expect(await verifyRateHash(SECRET, `${body}.${sig!.slice(1)}`)).toBeNull();
    expect(await verifyRateHash("another-secret-of-at-least-32-characters!!", hash)).toBeNull();
    for (const bad of [undefined, 42, "", body, `${hash}.x`, "x".repeat(5000)]) expect(await verifyRateHash(SECRET, bad)).toBeNull();
    // Signed but not a rating link: no kind, or no rater.
    expect(await verifyRateHash(SECRET, await signRatePayload(SECRET, { ...payload, rater_email: null }))).toBeNull();
  });
});
