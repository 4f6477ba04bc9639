import { describe, expect, it } from "vitest";
import { pageForMode, toMode } from "~/lib/mode";

describe("user mode", () => {
  it("is customer unless the cookie says executor", () => {
    expect(toMode("executor")).toBe("executor");
    expect(toMode("customer")).toBe("customer");
    expect(toMode(null)).toBe("customer");
    expect(toMode("admin")).toBe("customer");
  });

  it("sends the switch from the request and profile pages where the mode belongs (spec 1 §2)", () => {
    expect(pageForMode("/request-add", "executor")).toBe("/profile/information");
    expect(pageForMode("/request-add", "customer")).toBe("/request-add");
    expect(pageForMode("/profile/information", "customer")).toBe("/request-add");
    expect(pageForMode("/profile/settings?tab=1", "executor")).toBe("/profile/information");
    expect(pageForMode("/profile", "customer")).toBe("/request-add");
  });

  it("gives each mode its own my-projects list and leaves other pages as they are", () => {
    expect(pageForMode("/projects/request", "executor")).toBe("/projects/response");
    expect(pageForMode("/projects", "customer")).toBe("/projects/request");
    expect(pageForMode("/community/alumni", "executor")).toBe("/community/alumni");
    expect(pageForMode("/faq?q=1#x", "customer")).toBe("/faq?q=1#x");
    expect(pageForMode("/profiles", "customer")).toBe("/profiles");
  });
});
