import { expect, expectNoHorizontalScroll, shot, test } from "./fixtures";

// At 375 px (the mobile project) nothing may scroll sideways; the desktop project checks 1440 px.
for (const [path, name] of [
  ["/", "landing"],
  ["/auth", "auth"],
  ["/sign-up", "sign-up"],
  ["/sign-up?role=expert", "sign-up-expert"],
  ["/reset-password?email=someone%40example.ru", "reset-password"],
  ["/verify", "verify"],
  ["/mock", "mock"],
  ["/no-such-page", "not-found"],
] as const) {
  test(`no horizontal scroll on ${path}`, async ({ page, consoleErrors }, testInfo) => {
    if (name === "not-found") consoleErrors.allow(/status of 404/);
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, name);
  });
}
