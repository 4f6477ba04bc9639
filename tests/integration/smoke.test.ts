import { expect, it } from "vitest";
import { LIMITS } from "~/domain/validation";

it("answers", async () => {
  expect(LIMITS.passwordMin).toBe(8);
});
