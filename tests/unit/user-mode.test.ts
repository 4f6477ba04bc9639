import { describe, expect, it } from "vitest";
import { readUserMode, toUserMode, userModeCookie } from "~/lib/user-mode";

describe("user mode cookie", () => {
  it("reads the mode among other cookies, and nothing else", () => {
    expect(readUserMode("lng=ru; mode=executor; session=abc")).toBe("executor");
    expect(readUserMode("mode=customer")).toBe("customer");
    expect(readUserMode("mode=admin")).toBeNull();
    expect(readUserMode("usermode=executor")).toBeNull();
    expect(readUserMode("")).toBeNull();
    expect(readUserMode(null)).toBeNull();
  });

  it("accepts only the two modes from a query", () => {
    expect(toUserMode("executor")).toBe("executor");
    expect(toUserMode("expert")).toBeNull();
    expect(toUserMode(undefined)).toBeNull();
  });

  it("is kept a year for the whole site, Secure in production", () => {
    expect(userModeCookie("executor", false)).toBe("mode=executor; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(userModeCookie("customer", true)).toContain("; Secure");
  });
});
