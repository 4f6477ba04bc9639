import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, minimalPdf, newOperator, newPerson, prepareToRespond, signIn, test, waitForHydration, waitForMail } from "./fixtures";
import { apiToken } from "./shell-helpers";

// An expert responds to a searching request from /response-request/{id} (spec 3 §2, §4, §5, §8) with a service,
// a case and a file sent straight to storage with its progress; the customer is told by e-mail and sees the
// response arrive.

async function screen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const dir = join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: join(dir, `responds-${testInfo.project.name}-${name}.png`), fullPage });
}

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A searching request of a fresh customer: created through the API, approved by a fresh operator. */
async function searchingRequest(api: APIRequestContext, testInfo: TestInfo, operator: string) {
  const customer = await createCustomer(api, newPerson(testInfo, "resp-cust", { name: "Алина", lastName: "Заказова" }), { verified: true });
  const token = await apiToken(api, { ...customer });
  const created = await api.post("/api/demand", {
    headers: auth(token),
    multipart: { name: "Модель денежных потоков для кофеен", service_type_id: "1", duration_id: "3", expert_type: "ordinary", description: "Нужна модель на пять лет с тремя сценариями.", "industries[0]": "1", "options[0]": "1", budget: "150000", execution_period: `15.06.${new Date().getFullYear() + 1}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const approved = await api.post("/api/admin/moderation", { headers: auth(operator), data: { kind: "demands", id, decision: "approve" } });
  expect(approved.status(), await approved.text()).toBe(200);
  return { customer, token, id };
}

/** A verified expert with a competence, a case and an active service (approved by the operator). */
async function readyExpert(api: APIRequestContext, testInfo: TestInfo, operator: string) {
  const { token, person } = await createExpert(api, newPerson(testInfo, "resp-exp", { name: "Павел", lastName: "Откликов" }));
  await prepareToRespond(api, token, operator);
  return { token, person };
}

test("an expert responds to a searching request with a service, a case and a file; the customer is told", async ({ page, api, consoleErrors }, testInfo) => {
  test.setTimeout(150_000);
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/response-request\/\d+\.data/);
  const op = await newOperator(api);
  const operator = await apiToken(api, { ...op, name: "", lastName: "", phone: "" });
  const request = await searchingRequest(api, testInfo, operator);
  const expert = await readyExpert(api, testInfo, operator);
  // A colleague: she accepted a place in his company service's team, so he may name her (decision 0064).
  const mate = await createExpert(api, newPerson(testInfo, "resp-mate", { name: "Марина", lastName: "Коллегова" }));
  const team = await api.post("/api/service", {
    headers: auth(expert.token),
    data: { name: "Финансовый due diligence командой", format: "company", description: "Готовим компанию к сделке.", type: 1, industries: [1], options: [100], specializations: [{ industry_id: 1, option_id: 100 }], companies: [1], users: [{ id: mate.user.id, type: "user" }], budget: 150000, performer_type: "company" },
  });
  expect(team.status(), await team.text()).toBe(201);
  const accepted = await api.post("/api/service/participate", { headers: auth(mate.token), data: { service_id: ((await team.json()) as { id: number }).id, isParticipate: 1 } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // A guest gets the sign-in prompt.
  await page.goto(`/response-request/${request.id}`);
  await expect(page.getByRole("heading", { name: "Войдите или зарегистрируйтесь" })).toBeVisible();
  await screen(page, testInfo, "guest");

  await signIn(page, expert.person.email, expert.person.password);
  await page.waitForURL(/\/profile\//);
  await page.goto(`/response-request/${request.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Модель денежных потоков для кофеен" })).toBeVisible();
  const customerBlock = page.getByRole("complementary", { name: "Заказчик" });
  await expect(customerBlock.getByText("Алина Заказова")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "request");
  await audit(page, "the request as an expert sees it");

  // 'Откликнуться' opens the form; an empty one answers the spec's texts, the first field takes the focus.
  await customerBlock.getByRole("link", { name: "Откликнуться" }).click();
  await expect(page).toHaveURL(/\?respond=true$/);
  await expect(page.getByRole("heading", { name: "Отклик на заявку" })).toBeVisible();
  await page.getByRole("button", { name: "Отправить отклик" }).click();
  await expect(page.getByText("Поле обязательно для заполнения").first()).toBeVisible();
  await expect(page.getByLabel("Стоимость, ₽")).toBeFocused();
  await screen(page, testInfo, "form-errors");

  // The filled form: the customer's price beside the cost, per tax. A corrected field drops its message at
  // once (the comment, still empty, keeps its own).
  await page.getByLabel("Стоимость, ₽").fill("100000");
  await expect(page.locator('[data-field="salary"]').getByRole("alert")).toHaveCount(0);
  await expect(page.getByLabel("Стоимость, ₽")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('[data-field="description"]').getByText("Поле обязательно для заполнения")).toBeVisible();
  await expect(page.getByText(/Цена для заказчика: 100\s000 ₽/)).toBeVisible();
  await page.getByLabel("Комментарий").fill("Построю модель за две недели, есть похожий кейс.");
  await page.getByRole("group", { name: /Услуги/ }).getByRole("checkbox", { name: "Финансовая модель компании" }).check();
  await page.getByRole("group", { name: "Кейсы" }).getByRole("checkbox", { name: "Модель для сети пекарен" }).check();
  await page.getByRole("group", { name: "Компетенции" }).getByRole("checkbox").first().check();
  await page.getByRole("group", { name: "Функции" }).getByRole("checkbox").first().check();
  // The team: the dialog finds only his colleagues, and says so.
  await page.getByRole("button", { name: "Добавить сотрудника" }).click();
  const dialog = page.getByRole("dialog", { name: "Добавить сотрудника" });
  await expect(dialog.getByText(/участники ваших командных услуг/)).toBeVisible();
  await dialog.getByLabel("Поиск по имени или e-mail").fill("Коллегова");
  await dialog.getByRole("button", { name: "Добавить: Марина Коллегова" }).click();
  // The pressed button turns into 'В команде' and keeps the focus; the dialog says who joined.
  const inTeam = dialog.getByRole("button", { name: "В команде: Марина Коллегова" });
  await expect(inTeam).toBeDisabled();
  await expect(inTeam).toBeFocused();
  await expect(dialog.getByRole("status")).toHaveText("Марина Коллегова: в команде");
  await screen(page, testInfo, "team-dialog", false);
  await dialog.getByRole("button", { name: "Закрыть" }).click();
  await expect(page.locator('[data-field="users"]').getByText("Марина Коллегова")).toBeVisible();
  await expect(page.locator(".respond-form .field__error")).toHaveCount(0);
  // The file goes straight to storage (decision 0032) with its progress; its PUT is held back so the
  // progress can be seen (locally it takes no time).
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let puts = 0;
  await page.route(/\/users\/\d+\/respond\/[^/?]+/, async (route) => {
    if (route.request().method() === "PUT") {
      puts++;
      await gate;
    }
    await route.continue();
  });
  await page.getByLabel(/Файлы \(до 5/).setInputFiles({ name: "Подход.pdf", mimeType: "application/pdf", buffer: minimalPdf("Plan") });
  const files = page.getByRole("list", { name: "Выбранные файлы" });
  await expect(files.getByRole("progressbar", { name: "Подход.pdf" })).toBeVisible();
  await expect.poll(() => puts).toBe(1);
  await expect(files.getByText(/^Загружено \d+ %$/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "form-filled");
  await page.locator('[data-field="attachments"]').screenshot({ path: join(process.cwd(), "test-results", `responds-${testInfo.project.name}-files-uploading.png`) });
  await audit(page, "the response form");
  // Sent while the file is on its way: the form says it waits, and goes by itself once the file is stored,
  // carrying the upload's id, never the bytes.
  await page.getByRole("button", { name: "Отправить отклик" }).click();
  await expect(page.getByText("Отклик отправится, как только загрузятся файлы")).toBeVisible();
  const posted = page.waitForRequest((r) => r.method() === "POST" && /\/response-request\/\d+/.test(r.url()));
  open();
  const body = (await posted).postDataBuffer()?.toString("latin1") ?? "";
  expect(body.match(/name="uploads\[\]"/g)).toHaveLength(1);
  expect(body).not.toContain("%PDF");
  expect(body).toContain(`name="users[0][id]"\r\n\r\n${mate.user.id}`);

  // The thank-you message, then the expert's responses.
  await expect(page.getByRole("heading", { name: "Спасибо за отклик!" })).toBeVisible();
  await expect(page.getByText(/от 3 до 7 дней/)).toBeVisible();
  await screen(page, testInfo, "thanks");
  await expect(page.getByRole("link", { name: "К моим откликам" })).toHaveAttribute("href", "/projects/response#sent");

  // Opening the request again: already responded.
  await page.goto(`/response-request/${request.id}`);
  await expect(page.getByText("Вы уже откликнулись на эту заявку")).toBeVisible();

  // The customer's e-mail links to the responses; the response with its file is stored.
  const mail = await waitForMail(api, request.customer.email, /Новый отклик на вашу заявку/);
  expect(mail.text).toContain(`/request-list/${request.id}`);
  const mine = await api.get("/api/respond", { headers: auth(expert.token) });
  const item = ((await mine.json()) as { data: { demand_id: number; files: { name: string }[]; services: unknown[]; cases: unknown[] }[] }).data[0]!;
  expect(item.demand_id).toBe(request.id);
  expect(item.files.map((f) => f.name)).toEqual(["Подход.pdf"]);
  expect(item.services).toHaveLength(1);
  expect(item.cases).toHaveLength(1);
});

test("a request whose search is over answers 'Заказчик завершил поиск…'", async ({ page, api }, testInfo) => {
  const op = await newOperator(api);
  const operator = await apiToken(api, { ...op, name: "", lastName: "", phone: "" });
  const request = await searchingRequest(api, testInfo, operator);
  expect((await api.post("/api/demand/stop", { headers: auth(request.token), data: { id: request.id } })).status()).toBe(200);
  const { person } = await createExpert(api, newPerson(testInfo, "resp-late"));
  await signIn(page, person.email, person.password);
  await page.waitForURL(/\/profile\//);
  await page.goto(`/response-request/${request.id}?respond=true`);
  await expect(page.getByText("Заказчик завершил поиск, отклики больше не принимаются")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "closed");
});
