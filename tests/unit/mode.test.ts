import { describe, expect, it } from "vitest";
import { pageForMode, routeMode, shellMode, toMode } from "~/lib/mode";

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

describe("the mode of a page of one role", () => {
  it("shows an expert's request page in the expert mode and the customer's request pages in the customer mode", () => {
    expect(routeMode("/response-request/12")).toBe("executor");
    expect(routeMode("/request-list/12")).toBe("customer");
    expect(routeMode("/complete-project/12/service/3/user/4/respond/5")).toBe("customer");
    expect(routeMode("/projects/request")).toBeNull();
    expect(shellMode({ pathname: "/response-request/12", search: "" }, "customer", "mode=customer")).toBe("executor");
    expect(shellMode({ pathname: "/faq", search: "?mode=executor" }, "customer", "mode=customer")).toBe("executor");
    expect(shellMode({ pathname: "/faq", search: "" }, "customer", "mode=executor")).toBe("executor");
    expect(shellMode({ pathname: "/faq", search: "" }, "executor", null)).toBe("executor");
  });

  it("sends the switch on such a page to the chosen mode's own list", () => {
    expect(pageForMode("/response-request/12?respond=true", "customer")).toBe("/projects/request");
    expect(pageForMode("/response-request/12", "executor")).toBe("/response-request/12");
    expect(pageForMode("/request-list/12", "executor")).toBe("/projects/response");
  });
});
