import { BASE_URL, createCustomer, DEMO_PASSWORD, expect, newPerson, shot, signIn, test } from "./fixtures";

// The operator console is a desktop tool: this test runs in the desktop project only (@desktop).
test("the operator views the app as a user and comes back @desktop", async ({ page, api }, testInfo) => {
  const user = await createCustomer(api, newPerson(testInfo, "viewed", { name: "Виктор", lastName: "Зайцев" }), { verified: true });

  await signIn(page, "operator@demo.ru", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto(`/admin?q=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Консоль оператора" })).toBeVisible();
  const row = page.getByRole("table").first().getByRole("row", { name: new RegExp(user.email.replace(/\./g, "\\.")) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Войти как пользователь" }).click();
  const link = page.getByTestId("impersonation-link");
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", /\/impersonate\/\d+-[A-Za-z0-9_-]+$/);
  await shot(page, testInfo, "admin-impersonation-link");
  await link.click();

  const banner = page.getByRole("status").filter({ hasText: "Просмотр от" });
  await expect(banner).toContainText("Просмотр от Виктор Зайцев");
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByLabel("Меню пользователя")).toHaveText("ВЗ");
  await shot(page, testInfo, "impersonation-banner");
  // The console is not reachable while viewing as someone else.
  await page.getByLabel("Меню пользователя").click();
  await expect(page.getByRole("link", { name: "Консоль оператора" })).toHaveCount(0);
  await page.getByLabel("Меню пользователя").click();

  await banner.getByRole("button", { name: "Выйти из просмотра" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText("Просмотр от")).toHaveCount(0);
  await expect(page.getByLabel("Меню пользователя")).toHaveText("ОК");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Консоль оператора" })).toBeVisible();
  // The audit log shows the start and the end.
  await expect(page.getByRole("cell", { name: "Вход от имени пользователя" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Выход из режима просмотра" }).first()).toBeVisible();
});
