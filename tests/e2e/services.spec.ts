import type { Page, TestInfo } from "@playwright/test";
import { createExpert, expect, expectNoHorizontalScroll, newPerson, signIn, test } from "./fixtures";

// Services (spec 3 §2, §4, §5, §9): the wizard for an individual and a company service, the team and a
// new employee invited by link, moderation, hiding, deleting and a member's refusal.

async function screen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: `test-results/services-${testInfo.project.name}-${name}.png`, fullPage });
}

test("a guest opens the wizard and is told nothing is saved", async ({ page }, testInfo) => {
  await page.goto("/service-add?teamAndPeople=team");
  await expect(page.getByRole("heading", { level: 1, name: "Новая услуга" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("данные не будут сохранены");
  await expect(page.getByRole("note").getByRole("link", { name: "войдите" })).toHaveAttribute("href", /\/auth/);
  await expect(page.getByRole("note").getByRole("link", { name: "зарегистрируйтесь" })).toHaveAttribute("href", "/sign-up");
  await expect(page.getByRole("radio", { name: "От компании (с командой)" })).toBeChecked();
  await expect(page.getByRole("tab", { name: /Команда/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "guest-wizard");
});

test("an expert with no services sees the empty state", async ({ page, api }, testInfo) => {
  const { person } = await createExpert(api, newPerson(testInfo, "svc-empty"));
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1, name: "Мои услуги" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Добавить услугу" }).click();
  await expect(page).toHaveURL(/\/service-add$/);
  await screen(page, testInfo, "wizard-empty");
});
