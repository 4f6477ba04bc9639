import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { createCustomer, expect, expectNoHorizontalScroll, minimalPdf, newPerson, signIn, test, newOperator } from "./fixtures";
import { apiToken } from "./shell-helpers";

// The customer's request (spec 3 §2, §4, §5, §8): created with a file, approved by an operator, then
// stopped, resumed and deleted from /projects/request. The operator decides through POST /api/admin/moderation.

async function screen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const dir = join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: join(dir, `demands-${testInfo.project.name}-${name}.png`), fullPage });
}

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

const nextYear = `15.06.${new Date().getFullYear() + 1}`;

test("a customer creates a request with a file; after approval she stops, resumes and deletes it", async ({ page, api, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  // The refused saves below answer 422, which the browser logs.
  // The form without files is the page's action; with files it goes through the API with the upload's progress.
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/(request-add\.data|api\/demand)\)/);
  const customer = await createCustomer(api, newPerson(testInfo, "demand"), { verified: true });
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile\/information$/);

  // The empty list.
  await page.goto("/projects/request");
  await expect(page.getByRole("heading", { level: 1, name: "Мои проекты" })).toBeVisible();
  await expect(page.getByText("У вас ещё нет заявок")).toBeVisible();
  await screen(page, testInfo, "list-empty");
  await page.getByRole("main").getByRole("link", { name: "Создать заявку" }).first().click();
  await expect(page).toHaveURL(/\/request-add$/);
  await expect(page.getByRole("heading", { level: 1, name: "Новая заявка" })).toBeVisible();

  // The type watcher: a consultation resets the budget to 9 000, a project back to 30 000.
  const budget = page.getByLabel("Бюджет, ₽");
  await expect(budget).toHaveValue("30000");
  // spec 3 §9: the type's fee, and the budget experts will see (floor(30 000 / 1.15 / 1 000) × 1 000).
  await expect(page.getByText(/^Комиссия платформы — 15\s%: эксперты увидят бюджет 26\s000\s₽$/)).toBeVisible();
  await page.getByRole("radio", { name: "На консультацию" }).check();
  await expect(budget).toHaveValue("9000");
  // ceil(9 000 / 1.2 / 500) × 500.
  await expect(page.getByText(/^Комиссия платформы — 20\s%: эксперты увидят бюджет 7\s500\s₽$/)).toBeVisible();
  await page.getByRole("radio", { name: "На проект" }).check();
  await expect(budget).toHaveValue("30000");

  // An empty form: the spec's texts next to their fields, the focus on the first.
  await budget.fill("");
  await expect(page.getByText(/^Комиссия платформы — 15\s%$/)).toBeVisible();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page.getByText("Название заявки обязательно для заполнения")).toBeVisible();
  await expect(page.getByLabel("Название заявки")).toBeFocused();
  await expect(page.getByText("Уровень эксперта обязателен для заполнения")).toBeVisible();
  await screen(page, testInfo, "form-errors");
  await audit(page, "the request form with its errors");

  // A filled form with a PDF. A corrected field drops its message at once; the others keep theirs.
  await page.getByLabel("Название заявки").fill("Финансовая модель для сети кофеен");
  await expect(page.getByText("Название заявки обязательно для заполнения")).toHaveCount(0);
  await expect(page.getByLabel("Название заявки")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Уровень эксперта обязателен для заполнения")).toBeVisible();
  await page.getByRole("radio", { name: "ТОП-менеджмент или владельцы бизнеса" }).check();
  await expect(page.getByText("Уровень эксперта обязателен для заполнения")).toHaveCount(0);
  await page.getByLabel("Описание задачи").fill("Нужна модель денежных потоков на пять лет с тремя сценариями.");
  // Narrowing the industries with the filter is not a choice: the message stays until one is ticked.
  await page.getByRole("searchbox", { name: "Найти индустрию" }).fill("Банк");
  await expect(page.getByText("Индустрии обязательны для заполнения")).toBeVisible();
  // A filter that matches none says so (spec 2 §8's text, as the profile's picker).
  await page.getByRole("searchbox", { name: "Найти индустрию" }).fill("Ъъъ");
  await expect(page.getByText("Ничего не найдено. Измените условия поиска")).toBeVisible();
  await page.getByRole("searchbox", { name: "Найти индустрию" }).fill("");
  await page.getByRole("group", { name: "Индустрии" }).getByRole("checkbox").first().check();
  await expect(page.getByText("Индустрии обязательны для заполнения")).toHaveCount(0);
  const functions = page.getByRole("group", { name: "Функции" });
  await functions.getByRole("checkbox").first().check();
  await functions.getByRole("group").getByRole("checkbox").first().check();
  await budget.fill("150000");
  await page.getByLabel("Срок решения задачи").fill("31.02.2027");
  await page.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "ТЗ.pdf", mimeType: "application/pdf", buffer: minimalPdf("TZ") });
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page.getByText("Проверьте дату решения задачи")).toBeVisible();
  await page.getByLabel("Срок решения задачи").fill(nextYear);
  await expect(page.getByText("Проверьте дату решения задачи")).toHaveCount(0);
  // A refused form keeps the chosen file.
  await expect(page.getByRole("list", { name: "Новые файлы" }).getByText("ТЗ.pdf")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "form-filled");
  await page.getByRole("button", { name: "Создать заявку" }).click();

  // The list: in moderation under Поиск.
  await expect(page).toHaveURL(/\/projects\/request#search$/);
  const card = page.getByRole("article", { name: "Финансовая модель для сети кофеен" });
  await expect(card.getByText("На модерации")).toBeVisible();
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  const id = Number(/\/request-list\/(\d+)/.exec((await card.getByRole("link").first().getAttribute("href")) ?? "")![1]);

  // The operator approves it.
  const operator = await apiToken(api, { ...(await newOperator(api)), name: "", lastName: "", phone: "" });
  const decided = await api.post("/api/admin/moderation", { headers: { Authorization: `Bearer ${operator}` }, data: { kind: "demands", id, decision: "approve" } });
  expect(decided.status(), await decided.text()).toBe(200);

  await page.reload();
  await expect(card.getByText("Идёт поиск")).toBeVisible();
  await expect(card.getByText("Осталось 15 дней")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "list-searching");
  await audit(page, "the customer's list");

  // Editing sends it back to moderation.
  await card.getByRole("link", { name: "Редактировать" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Редактирование заявки" })).toBeVisible();
  await expect(page.getByLabel("Название заявки")).toHaveValue("Финансовая модель для сети кофеен");
  await expect(page.getByRole("checkbox", { name: "Оставить файл ТЗ.pdf" })).toBeChecked();
  await page.getByLabel("Бюджет, ₽").fill("180000");
  await page.getByRole("button", { name: "Сохранить изменения" }).click();
  await expect(page).toHaveURL(/\/projects\/request#search$/);
  await expect(card.getByText("На модерации")).toBeVisible();
  await expect(card.getByText(/^180\s000 ₽$/)).toBeVisible();
  expect((await api.post("/api/admin/moderation", { headers: { Authorization: `Bearer ${operator}` }, data: { kind: "demands", id, decision: "approve" } })).status()).toBe(200);
  await page.reload();
  await expect(card.getByText("Идёт поиск")).toBeVisible();

  // The tabs answer the arrow keys.
  await page.getByRole("tab", { name: /Поиск/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: /Активные/ })).toBeFocused();
  await expect(page).toHaveURL(/#active$/);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/#search$/);

  // Stop: 'Приостановить поиск исполнителей?' → the request moves to Неактивные.
  await card.getByRole("button", { name: "Приостановить поиск" }).click();
  const stop = page.getByRole("dialog", { name: "Приостановить поиск исполнителей?" });
  await stop.getByRole("button", { name: "Приостановить" }).click();
  await expect(stop).toBeHidden();
  // The list says where the request went, and its message holds the focus the stop button had.
  await expect(page.getByRole("status").filter({ hasText: "приостановлен. Заявка во вкладке «Неактивные»" })).toBeFocused();
  await expect(page.getByText("Здесь пока нет заявок")).toBeVisible();
  await page.getByRole("tab", { name: /Неактивные/ }).click();
  await expect(page).toHaveURL(/#expired$/);
  // Paused with days of its period left: not 'Срок поиска истёк', which is for a period run out.
  await expect(card.getByText("Поиск приостановлен")).toBeVisible();

  // Resume for 5 days: 'Возобновить' with the days, then 'Успешно!'.
  await card.getByRole("button", { name: "Возобновить поиск" }).click();
  const restart = page.getByRole("dialog", { name: "Возобновить" });
  await expect(restart.getByLabel("На сколько дней")).toHaveValue("10");
  await expect(restart.getByRole("option", { name: "20 дней" })).toHaveCount(0);
  await restart.getByLabel("На сколько дней").selectOption("5");
  await screen(page, testInfo, "restart-modal", false);
  await restart.getByRole("button", { name: "Возобновить" }).click();
  const success = page.getByRole("dialog", { name: "Успешно!" });
  await expect(success.getByText("Поиск по заявке продлен")).toBeVisible();
  // Then to the projects' search tab, where the request is again (spec 3 §8).
  await success.getByRole("button", { name: "Ок" }).click();
  await expect(page).toHaveURL(/\/projects\/request#search$/);
  await expect(card.getByText("Осталось 6 дней")).toBeVisible();

  // A running search is extended: 'Продлить', then 'Поиск успешно продлен'; the list stays where it is.
  await card.getByRole("button", { name: "Продлить поиск" }).click();
  const extend = page.getByRole("dialog", { name: "Продлить" });
  await extend.getByLabel("На сколько дней").selectOption("3");
  await extend.getByRole("button", { name: "Продлить" }).click();
  const extended = page.getByRole("dialog", { name: "Успешно!" });
  await expect(extended.getByText("Поиск успешно продлен")).toBeVisible();
  await extended.getByRole("button", { name: "Ок" }).click();
  await expect(page).toHaveURL(/\/projects\/request#search$/);
  await expect(card.getByText("Осталось 4 дня")).toBeVisible();

  // Delete: the question names the request; 'Заявка удалена'.
  await card.getByRole("button", { name: "Удалить" }).click();
  const remove = page.getByRole("dialog", { name: "Удалить" });
  await expect(remove.getByText("Вы уверены, что хотите удалить заявку Финансовая модель для сети кофеен?")).toBeVisible();
  await expect(remove.getByRole("button", { name: "Отмена" })).toBeVisible();
  await remove.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByRole("dialog", { name: "Успешно!" }).getByText("Заявка удалена")).toBeVisible();
  await page.getByRole("dialog", { name: "Успешно!" }).getByRole("button", { name: "Ок" }).click();
  await expect(page.getByText("У вас ещё нет заявок")).toBeVisible();
});

test("an unverified customer is sent to the verification placeholder", async ({ page, api }, testInfo) => {
  const customer = await createCustomer(api, newPerson(testInfo, "demand-unverified"));
  await signIn(page, customer.email, customer.password);
  await page.waitForURL(/\/(verify|profile\/information)$/);
  await page.goto("/request-add");
  await expect(page).toHaveURL(/\/verify$/);
});
