import { BASE_URL, createCustomer, expect, expectNoHorizontalScroll, isMobile, newPerson, shot, signIn, signOut, test, uniqueEmail, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";

/** From /auth through the local Yandex ID stand-in's consent page. */
async function throughYandex(page: Page, who: { email: string; uid: string }) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Продолжить через Яндекс ID" }).click();
  await expect(page.getByRole("heading", { name: "Локальный Яндекс ID" })).toBeVisible();
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("ID").fill(who.uid);
  await page.getByRole("button", { name: "Разрешить" }).click();
}

test("social sign-in through Yandex ID: completes registration, then signs straight in", async ({ page, consoleErrors }, testInfo) => {
  // The stand-in's consent page has no icon; that 404 is the test double's, not the app's.
  consoleErrors.allow(new RegExp(`127\\.0\\.0\\.1:(?!${new URL(BASE_URL).port}\\b)\\d+/favicon\\.ico`));
  // A Yandex mailbox: the address Yandex proves is its user's (decision 0069).
  const who = { email: uniqueEmail(testInfo, "social").replace(/@.*$/, "@yandex.ru"), uid: `${Date.now()}${Math.floor(Math.random() * 1e6)}` };

  await throughYandex(page, who);
  await expect(page).toHaveURL(/\/sign-up\?social=/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Завершение регистрации" })).toBeVisible();
  // The provider's data is prefilled; the address it confirmed cannot be changed here.
  await expect(page.getByLabel("Имя", { exact: true })).toHaveValue("Пётр");
  await expect(page.getByLabel("Фамилия")).toHaveValue("Соколов");
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(who.email);
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Пароль", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Заполнено 0 из 1")).toBeVisible();
  if (isMobile(testInfo)) await expect(page.getByText("Шаг 1 из 1")).toBeVisible();
  await page.getByLabel("Телефон").fill("+7 903 111-22-33");
  await expect(page.getByText("Заполнено 1 из 1")).toBeVisible();
  await shot(page, testInfo, "social-completion");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();

  await expect(page).toHaveURL(/\/profile\/information$/);
  await expect(page.getByRole("heading", { level: 1, name: "Пётр Соколов" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(who.email);
  // The provider confirmed the address: no verification banner.
  await expect(page.getByText("E-mail не подтверждён", { exact: false })).toBeHidden();
  await signOut(page);

  await throughYandex(page, who);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await expect(page.getByRole("heading", { level: 1, name: "Пётр Соколов" })).toBeVisible();
});

test("a signed-in person connects Yandex ID in the settings, signs in with it, and disconnects it (decision 0057)", async ({ page, api, consoleErrors }, testInfo) => {
  consoleErrors.allow(new RegExp(`127\\.0\\.0\\.1:(?!${new URL(BASE_URL).port}\\b)\\d+/favicon\\.ico`));
  const person = await createCustomer(api, newPerson(testInfo, "social-link"), { verified: true });
  const who = { email: uniqueEmail(testInfo, "social-link-yandex"), uid: `${Date.now()}${Math.floor(Math.random() * 1e6)}` };
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);

  await page.goto("/profile/settings");
  const section = page.getByRole("region", { name: "Вход через соцсети" });
  const yandexRow = section.getByRole("listitem").filter({ hasText: "Яндекс ID" });
  await expect(yandexRow).toContainText("Не подключён");
  await waitForHydration(page);
  await yandexRow.getByRole("link", { name: "Подключить Яндекс ID" }).click();
  await expect(page.getByRole("heading", { name: "Локальный Яндекс ID" })).toBeVisible();
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("ID").fill(who.uid);
  await page.getByRole("button", { name: "Разрешить" }).click();

  await expect(page).toHaveURL(/\/profile\/settings\?linked=yandex#social$/);
  await expect(section.getByRole("status")).toHaveText("Аккаунт Яндекс ID подключён");
  await expect(yandexRow).toContainText("Подключён");
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "settings-social-linked");

  // Yandex ID now signs into this account, whatever address it gives.
  await signOut(page);
  await throughYandex(page, who);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await expect(page.getByRole("heading", { level: 1, name: `${person.name} ${person.lastName}` })).toBeVisible();

  await page.goto("/profile/settings");
  await waitForHydration(page);
  await yandexRow.getByRole("button", { name: "Отключить Яндекс ID" }).click();
  await expect(section.getByRole("status")).toHaveText("Аккаунт Яндекс ID отключён");
  await expect(yandexRow).toContainText("Не подключён");
});
