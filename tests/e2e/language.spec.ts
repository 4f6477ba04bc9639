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
  // The registration page's own copy comes with the page, in the chosen language (decision 0012).
  await expect(page.getByRole("group", { name: "Choose your status" })).toBeVisible();
  await expect(page.getByLabel("Last name")).toBeVisible();
  await expect(page.getByText("Already have an account?")).toBeVisible();
  await page.goto("/auth");

  await page.getByRole("button", { name: /: Русский$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Войти", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  // Reached by a link (the page's data fetched, not its HTML), the registration page has its copy too.
  await page.getByRole("main").getByRole("link", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Регистрация" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Выберите статус" })).toBeVisible();
  await expect(page.getByLabel("Фамилия")).toBeVisible();
});
