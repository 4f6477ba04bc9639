import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, expectNoHorizontalScroll, shot, test } from "./fixtures";

// The FAQ (spec 1 §2): customer and expert sets, Markdown answers, search, the way to support.

const NOT_FOUND = "Ничего не найдено. Обратитесь в службу технической поддержки";
const setToggle = (page: Page) => page.getByRole("group", { name: "Вопросы для" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Поиск по вопросам" });
const question = (page: Page, text: string) => page.locator("summary", { hasText: text });

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    "accessibility violations"
  ).toEqual([]);
}

test("the customer set by default: groups of questions that open to Markdown answers", async ({ page }, testInfo) => {
  await page.goto("/faq");
  await expect(page).toHaveTitle("Вопросы и ответы — Экспертная биржа");
  await expect(page.getByRole("heading", { level: 1, name: "Вопросы и ответы" })).toBeVisible();
  await expect(setToggle(page).getByRole("link", { name: "Заказчик" })).toHaveAttribute("aria-current", "true");
  for (const group of ["Как работают запросы", "Выбор эксперта", "Бюджет, комиссия и договор", "Конфиденциальность и безопасность"]) {
    await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Начало работы" })).toHaveCount(0);

  // A question is a disclosure: closed first, the answer is rendered Markdown.
  const item = page.locator("details", { has: question(page, "Как разместить запрос?") });
  await expect(item).not.toHaveAttribute("open", "");
  await expect(item.getByText("опишите задачу и ожидаемый результат;")).toBeHidden();
  await question(page, "Как разместить запрос?").click();
  await expect(item).toHaveAttribute("open", "");
  await expect(item.locator("strong", { hasText: "«Создать запрос»" })).toBeVisible();
  await expect(item.getByRole("listitem")).toHaveCount(4);
  // Keyboard too.
  await question(page, "Чем проект отличается от консультации?").focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("details", { has: question(page, "Чем проект отличается от консультации?") })).toHaveAttribute("open", "");

  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "faq-customer");
});

test("the expert set, by the toggle and by the link without JavaScript", async ({ page }, testInfo) => {
  await page.goto("/faq");
  await setToggle(page).getByRole("link", { name: "Эксперт" }).click();
  await expect(setToggle(page).getByRole("link", { name: "Эксперт" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Начало работы" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Как работают запросы" })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "faq-expert");

  await page.goto("/faq?mode=executor");
  await expect(page.getByRole("heading", { level: 2, name: "Начало работы" })).toBeVisible();
  await setToggle(page).getByRole("link", { name: "Заказчик" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Как работают запросы" })).toBeVisible();
});

test("the user mode of the device picks the expert set", async ({ page }) => {
  await page.context().addCookies([{ name: "mode", value: "executor", url: BASE_URL }]);
  await page.goto("/faq");
  await expect(setToggle(page).getByRole("link", { name: "Эксперт" })).toHaveAttribute("aria-current", "true");
});

test("links in answers open safely in a new tab", async ({ page }) => {
  await page.goto("/faq");
  const links = page.locator(".faq-item__answer a");
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("target", "_blank");
    expect(await link.getAttribute("href")).toMatch(/^(https?:|mailto:)/);
  }
});

test("search filters the questions as one types, trimmed and case-insensitive", async ({ page }, testInfo) => {
  await page.goto("/faq");
  await search(page).fill("  КОМИССИЯ ");
  await expect(page.locator("main summary")).toHaveCount(1);
  await expect(question(page, "Какая комиссия у сервиса?")).toBeVisible();
  await expect(page.locator("main").getByRole("status")).toHaveText("Найден 1 вопрос");
  await expect(page.getByRole("heading", { level: 2, name: "Бюджет, комиссия и договор" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Как работают запросы" })).toHaveCount(0);

  await search(page).fill("запрос");
  expect(await page.locator("main summary").count()).toBeGreaterThan(3);
  await expect(page.locator("main").getByRole("status")).toContainText(/Найден[оа]? \d+ вопрос/);

  // The expert set is searched on its own.
  await setToggle(page).getByRole("link", { name: "Эксперт" }).click();
  for (const text of await page.locator("main summary").allTextContents()) expect(text.toLowerCase()).toContain("запрос");

  await search(page).fill("");
  await expect(page.locator(".faq__status")).toBeEmpty();
  await expect(page.getByRole("heading", { level: 2, name: "Начало работы" })).toBeVisible();
  await shot(page, testInfo, "faq-search");
});

test("a search without results sends to support", async ({ page }, testInfo) => {
  await page.goto("/faq");
  await search(page).fill("квантовая телепортация");
  await expect(page.locator("main").getByRole("status")).toContainText(NOT_FOUND);
  await expect(page.locator("main summary")).toHaveCount(0);
  const support = page.locator("main").getByRole("status").getByRole("link", { name: "Написать в поддержку" });
  await expect(support).toHaveAttribute("href", "#support");
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "faq-not-found");
  await expectAxeClean(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form asks the server", async ({ page }) => {
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    await search(page).fill("комиссия");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/\/faq\?mode=customer&q=%D0%BA/);
    await expect(page.locator("main summary")).toHaveCount(1);
    await page.goto("/faq?q=nothing-like-this", { waitUntil: "domcontentloaded" });
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
  });
});

test("no accessibility violations on /faq in both sets", async ({ page }) => {
  await page.goto("/faq");
  await question(page, "Как разместить запрос?").click();
  await expectAxeClean(page);
  await setToggle(page).getByRole("link", { name: "Эксперт" }).click();
  await page.locator("main summary").first().click();
  await expectAxeClean(page);
});
