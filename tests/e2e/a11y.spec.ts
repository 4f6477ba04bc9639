import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInCustomer } from "./shell-helpers";

// The shell against axe's WCAG 2 A/AA rules, closed and with its menus and modals open.
async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${what}: accessibility violations`,
  ).toEqual([]);
}

test("a guest's shell has no WCAG A/AA violations", async ({ page }, testInfo) => {
  await page.goto("/mock");
  await audit(page, "/mock");
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: "Меню", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Меню" }).getByRole("link", { name: "Начать работу" })).toBeVisible();
    await audit(page, "slide menu");
    await page.keyboard.press("Escape");
  }
  await page.getByLabel("Нужна помощь?").click();
  await expect(page.locator("#help-fab-menu").getByRole("button", { name: "Заказать обратный звонок" })).toBeVisible();
  await audit(page, "help menu");
  await page.locator("#help-fab-menu").getByRole("button", { name: "Заказать обратный звонок" }).click();
  await expect(page.getByRole("dialog", { name: "Обратный звонок" }).getByLabel("Имя")).toBeVisible();
  await audit(page, "callback modal");
});

test("a move to another page within the app says so: focus on the new page's main region, its title read out", async ({ page }) => {
  await page.goto("/mock");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Вопросы и ответы" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.locator('[aria-live="polite"][aria-atomic="true"]').last()).toHaveText(await page.title());
  expect(await page.title()).toContain("Вопросы и ответы");
  // Tab goes on from the new page's content, not from the footer link.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
});

test("a signed-in user's shell has no WCAG A/AA violations", async ({ page, api }, testInfo) => {
  await signedInCustomer(page, api, testInfo, "a11y");
  await audit(page, "/profile/information");
  await page.goto("/projects/request");
  await audit(page, "/projects/request");
  if (testInfo.project.name === "desktop") {
    await page.getByLabel("Меню пользователя").click();
    await expect(page.locator("#avatar-menu-list")).toBeVisible();
    await audit(page, "avatar menu");
  }
  await page.getByRole("contentinfo").getByRole("button", { name: "Служба поддержки" }).click();
  await expect(page.getByRole("dialog", { name: "Служба поддержки" }).getByText("support@expert-market.ru")).toBeVisible();
  await audit(page, "support modal");
});
