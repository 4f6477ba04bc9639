import { describe, expect, it } from "vitest";
import { RESPOND_LIMITS } from "~/domain/limits";
import { RATE_LIMITS } from "~/server/rate-limit.server";

describe("the rate limits leave room for what one act may do", () => {
  it("lets one response bring in its whole team of new employees (each counted against invite_user)", () => {
    expect(RATE_LIMITS.invite_user.limit).toBeGreaterThanOrEqual(RESPOND_LIMITS.teamMax);
  });
});
