import { describe, expect, it } from "vitest";
import { modeCookieValue, parseMode, readModeCookie } from "~/lib/mode";

describe("user mode cookie", () => {
  it("reads the mode among other cookies, and nothing else", () => {
    expect(readModeCookie("lng=ru; mode=executor; session=abc")).toBe("executor");
    expect(readModeCookie("mode=customer")).toBe("customer");
    expect(readModeCookie("mode=admin")).toBeNull();
    expect(readModeCookie("usermode=executor")).toBeNull();
    expect(readModeCookie("")).toBeNull();
    expect(readModeCookie(null)).toBeNull();
  });

  it("accepts only the two modes from a query", () => {
    expect(parseMode("executor")).toBe("executor");
    expect(parseMode("expert")).toBeNull();
    expect(parseMode(undefined)).toBeNull();
  });

  it("is kept a year for the whole site, Secure in production", () => {
    expect(modeCookieValue("executor", false)).toBe("mode=executor; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(modeCookieValue("customer", true)).toContain("; Secure");
  });
});
