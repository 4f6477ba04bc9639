import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInTarget } from "~/lib/safe-redirect";

// Issue 10, finding 6: every redirect target taken from a request must resolve to our own origin, as a
// browser resolves it (the URL parser drops tabs and newlines and reads `\` as `/`).
describe("redirect targets taken from a request", () => {
  const offSite = [
    "/\t/evil.example", // redirectTo=/%09/evil.example, decoded by the query parser
    "/\n/evil.example",
    "/\r\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    " //evil.example",
    "\t//evil.example",
    "",
    "profile/information",
  ];

  it.each(offSite)("sends %j to the fallback", (value) => {
    expect(safeRedirectPath(value, "/home")).toBe("/home");
  });

  it("keeps our own paths with their query and hash", () => {
    expect(safeRedirectPath("/profile/information?tab=cases#works", "/")).toBe("/profile/information?tab=cases#works");
    expect(safeRedirectPath("/projects/request#search", "/")).toBe("/projects/request#search");
  });

  it("normalises a path the way a browser would, without leaving the site", () => {
    expect(safeRedirectPath("/a/../profile", "/")).toBe("/profile");
  });

  it("refuses null and undefined", () => {
    expect(safeRedirectPath(null, "/x")).toBe("/x");
    expect(safeRedirectPath(undefined, "/x")).toBe("/x");
  });
});

describe("signInTarget (spec 1 §4: one rule for every way of signing in)", () => {
  it("sends a proven account where it was asked from, or to the profile", () => {
    expect(signInTarget(true, "/profile/settings")).toBe("/profile/settings");
    expect(signInTarget(true, null)).toBe("/profile/information");
    expect(signInTarget(true, "https://evil.example/")).toBe("/profile/information");
  });

  it("sends an unproven account to /verify, unless it signed in to confirm through the mailed link", () => {
    expect(signInTarget(false, "/profile/settings")).toBe("/verify");
    expect(signInTarget(false, null)).toBe("/verify");
    expect(signInTarget(false, "/email/verify?token=abc")).toBe("/email/verify?token=abc");
  });
});
