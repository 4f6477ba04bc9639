import { expect, shot, test } from "./fixtures";

test("the language switch on /auth shows English and back", async ({ page }, testInfo) => {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await page.getByRole("button", { name: "Язык: English" }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await shot(page, testInfo, "auth-en");
  // The choice is kept on the device.
  await page.goto("/sign-up");
  await expect(page.getByRole("heading", { level: 1, name: "Sign up" })).toBeVisible();
  await page.goto("/auth");

  await page.getByRole("button", { name: /: Русский$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Войти", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});
