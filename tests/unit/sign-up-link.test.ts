import { describe, expect, it } from "vitest";
import { signUpHref } from "~/lib/sign-up-link";

describe("signUpHref (spec 1 §2: registration goes on to a started request)", () => {
  it("carries a started request as demand=1, with the role when given", () => {
    expect(signUpHref("/request-add")).toBe("/sign-up?demand=1");
    expect(signUpHref("/request-add?type=project", "customer")).toBe("/sign-up?role=customer&demand=1");
    expect(signUpHref("/request-add#files", "expert")).toBe("/sign-up?role=expert&demand=1");
  });

  it("links the plain registration for anything else", () => {
    expect(signUpHref(null)).toBe("/sign-up");
    expect(signUpHref("/projects/request", "expert")).toBe("/sign-up?role=expert");
    expect(signUpHref("/request-added")).toBe("/sign-up");
    expect(signUpHref("https://evil.example/request-add")).toBe("/sign-up");
  });
});
