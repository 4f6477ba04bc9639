import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, isMobile, newOperator, newPerson, setupPost, signIn, test, waitForMail } from "./fixtures";
import { apiToken } from "./shell-helpers";

// Request management (spec 3 §2, §4, §6, §8; README "Managing, starting, completing"): the customer views two
// responses, marks one favourite and asks for the contract; an operator marks it paid (the console's payments
// queue on desktop, its call on a phone); the contacts appear; the customer chooses one expert and starts.
// The responses are written by the dev stand-in (POST /dev/respond): these experts have no services or
// cases for POST /api/respond, whose own journey is responds.spec.ts.

async function screen(page: Page, testInfo: TestInfo, name: string) {
  const dir = join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: join(dir, `request-manage-${testInfo.project.name}-${name}.png`), fullPage: true });
}

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

/** A searching request of `customerToken` (approved by the operator) with one sent response per expert. */
async function requestWithResponses(api: APIRequestContext, customerToken: string, operatorToken: string, name: string, experts: { id: number; salary: number; tax: number }[]) {
  const created = await setupPost(api, "/api/demand", {
    headers: { Authorization: `Bearer ${customerToken}` },
    multipart: { name, service_type_id: "1", duration_id: "3", expert_type: "ordinary", description: "Нужна модель денежных потоков на пять лет", "industries[0]": "1", "options[0]": "1", budget: "150000", execution_period: `15.06.${new Date().getFullYear() + 1}`, need_team: "0" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const approved = await setupPost(api, "/api/admin/moderation", { headers: { Authorization: `Bearer ${operatorToken}` }, data: { kind: "demands", id, decision: "approve" } });
  expect(approved.status(), await approved.text()).toBe(200);
  for (const e of experts) {
    const r = await setupPost(api, "/dev/respond", { data: { demand_id: id, user_id: e.id, salary: e.salary, tax_id: e.tax, description: "Построю модель за три недели: опыт в ритейле десять лет." } });
    expect(r.status(), await r.text()).toBe(201);
  }
  return id;
}

test("a customer views two responses, asks for the contract, and after payment chooses an expert and starts the project", async ({ page, api, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  void consoleErrors;
  const mobile = isMobile(testInfo);
  const customer = await createCustomer(api, newPerson(testInfo, "rm-customer"), { verified: true });
  const first = await createExpert(api, newPerson(testInfo, "rm-first", { name: "Пётр", lastName: "Первов", phone: "+7 916 111-22-33" }));
  const second = await createExpert(api, newPerson(testInfo, "rm-second", { name: "Вера", lastName: "Вторая" }));
  const operator = await newOperator(api);
  const operatorToken = await apiToken(api, { ...operator, name: "", lastName: "", phone: "" });
  const demandName = `Финансовая модель ${testInfo.project.name} ${Date.now()}`;
  const demandId = await requestWithResponses(api, await apiToken(api, customer), operatorToken, demandName, [
    { id: first.user.id, salary: 100_000, tax: 2 },
    { id: second.user.id, salary: 90_000, tax: 1 },
  ]);

  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  // The card on /projects/request leads to the request's page.
  await page.goto("/projects/request");
  await page.getByRole("link", { name: demandName }).click();
  await expect(page).toHaveURL(new RegExp(`/request-list/${demandId}$`));
  await expect(page.getByRole("heading", { level: 1, name: demandName })).toBeVisible();
  const list = page.getByRole("region", { name: "Отклики экспертов" });
  await expect(list.getByRole("link")).toHaveCount(2);
  await expect(list.getByText(/120\s000\s₽/)).toBeVisible(); // 100 000 with VAT 20 %
  await expect(page.getByText(/Обеспечительный платёж: 45\s000\s₽/)).toBeVisible();
  await expect(page.getByText("Возможность выбрать эксперта появится после подписания договора").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Начать проект" })).toBeDisabled();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "1-list");
  await audit(page, "the responses");

  // 'О проекте': the request itself.
  const tabs = page.getByRole("navigation", { name: "Разделы заявки" });
  await tabs.getByRole("link", { name: "О проекте" }).click();
  await expect(page.getByText("Нужна модель денежных потоков на пять лет")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "1b-about");
  await tabs.getByRole("link", { name: /^Отклики/ }).click();

  // The first response: viewed on opening, then a favourite.
  await list.getByRole("link", { name: /Пётр Первов/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?userId=${first.user.id}$`));
  const detail = page.getByRole("article", { name: "Пётр Первов" });
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Здесь появятся контакты эксперта после подписания договора")).toBeVisible();
  await expect(detail.getByRole("link", { name: "Смотреть профиль" })).toHaveAttribute("href", `/profile/${first.user.id}/expert#${demandId}`);
  await detail.getByRole("button", { name: "☆ В избранное" }).click();
  await expect(detail.getByRole("button", { name: "★ Убрать из избранного" })).toBeVisible();
  await expect(detail.getByText("★ В избранном")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "2-favourite");
  await audit(page, "an opened response");

  // The second response (on a phone: back to the list first).
  if (mobile) {
    await expect(list).toBeHidden();
    await detail.getByRole("link", { name: "Назад к откликам" }).click();
  }
  await list.getByRole("link", { name: /Вера Вторая/ }).click();
  await expect(page.getByRole("article", { name: "Вера Вторая" })).toBeVisible();
  if (mobile) await page.getByRole("link", { name: "Назад к откликам" }).click();
  await expect(list.getByText("Просмотрен")).toHaveCount(2);

  // The contract.
  await page.getByRole("button", { name: "Запросить договор" }).click();
  await expect(page.getByText(/Запрос на договор отправлен/)).toBeVisible();
  await screen(page, testInfo, "3-contract-requested");
  // Every operator is told of every request: this one's notice names it.
  const notice = await waitForMail(api, operator.email, new RegExp(`Запрос договора по заявке «${demandName}»`));
  expect(notice.text).toContain(customer.email);

  // The operator marks it paid: in the console's payments queue on desktop, by the call on a phone.
  if (mobile) {
    const res = await setupPost(api, `/api/admin/demands/${demandId}/paid`, { headers: { Authorization: `Bearer ${operatorToken}` }, data: { paid: true } });
    expect(res.status(), await res.text()).toBe(200);
  } else {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { "CF-Connecting-IP": "10.250.1.1" } });
    const admin = await ctx.newPage();
    await signIn(admin, operator.email, operator.password);
    await admin.waitForURL((u) => !u.pathname.startsWith("/auth"));
    await admin.goto(`/admin/queues/payments?filter=${encodeURIComponent(demandName)}`);
    await admin.getByRole("button", { name: `Одобрить: ${demandName}` }).click();
    await expect(admin.getByRole("button", { name: `Одобрить: ${demandName}` })).toHaveCount(0);
    await admin.screenshot({ path: join(process.cwd(), "test-results", `request-manage-${testInfo.project.name}-4-console.png`), fullPage: true });
    await ctx.close();
  }

  // Paid: the contacts, the checkboxes and the start.
  await page.goto(`/request-list/${demandId}?userId=${first.user.id}`);
  const paidDetail = page.getByRole("article", { name: "Пётр Первов" });
  await expect(paidDetail.getByText(first.person.email)).toBeVisible();
  await expect(paidDetail.getByText("+7 916 111-22-33")).toBeVisible();
  await expect(page.getByText(/Договор подписан/)).toBeVisible();
  if (mobile) await paidDetail.getByRole("link", { name: "Назад к откликам" }).click();
  const start = page.getByRole("button", { name: "Начать проект" });
  await expect(start).toBeDisabled();
  await page.getByRole("checkbox", { name: "Выбрать эксперта Пётр Первов" }).check();
  await expect(page.getByText("Выбрано экспертов: 1")).toBeVisible();
  // The choice survives a reload (kept per request in the browser).
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Выбрать эксперта Пётр Первов" })).toBeChecked();
  await expect(start).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "5-chosen");
  await audit(page, "the choice");
  await start.click();
  const success = page.getByRole("dialog", { name: "Успешно!" });
  await expect(success.getByText("Поздравляем, вы выбрали эксперта! Для старта проекта вам необходимо заполнить спецификацию и внести обеспечительный платеж. В ближайшее время с вами свяжется менеджер и поможет начать проект.")).toBeVisible();
  await screen(page, testInfo, "6-started");
  await waitForMail(api, first.person.email, /Вас выбрали исполнителем/);
  await waitForMail(api, second.person.email, /Выбран другой исполнитель/);
  await success.getByRole("link", { name: "К проектам" }).click();
  await expect(page).toHaveURL(/\/projects\/request#active$/);
  await expect(page.getByRole("link", { name: demandName, exact: true })).toBeVisible();
  // The started project offers its completion (the completion flow of issue 14).
  await expect(page.getByRole("link", { name: `Завершить: ${demandName}` })).toBeVisible();
});
