import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, newOperator, newPerson, signIn, test } from "./fixtures";
import { apiToken } from "./shell-helpers";

// The expert's side of a request (spec 3 §2, §4; README "Matching"): a customer's request is approved by
// an operator, matching invites the experts whose profiles fit, one finds the invitation under
// 'Новые приглашения' with its new mark, another declines it ('Не интересно' → 'Удалить').

async function screen(page: Page, testInfo: TestInfo, name: string) {
  const dir = join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: join(dir, `expert-invitations-${testInfo.project.name}-${name}.png`), fullPage: true });
}

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

/** A searching request of a new customer in industry 1 ('Банки и финансы'), function 1 ('Стратегия'). */
async function approvedRequest(api: APIRequestContext, testInfo: TestInfo, name: string) {
  const customer = await createCustomer(api, newPerson(testInfo, "inv-customer"), { verified: true });
  const token = await apiToken(api, customer);
  const created = await api.post("/api/demand", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name,
      service_type_id: "1",
      duration_id: "3",
      expert_type: "ordinary",
      description: "Нужна стратегия выхода на новый рынок с оценкой спроса.",
      "industries[0]": "1",
      "options[0]": "1",
      budget: "120000",
      execution_period: `15.06.${new Date().getFullYear() + 1}`,
      need_team: "0",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const operator = await apiToken(api, { ...(await newOperator(api)), name: "", lastName: "", phone: "" });
  const decided = await api.post("/api/admin/moderation", { headers: { Authorization: `Bearer ${operator}` }, data: { kind: "demands", id, decision: "approve" } });
  expect(decided.status(), await decided.text()).toBe(200);
  return id;
}

test("a matching expert finds the invitation with its new mark; another declines it and it leaves his list", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  // Both experts fit: industry 1 and a sub-function (100) of the request's function 1.
  const finder = await createExpert(api, newPerson(testInfo, "inv-finder"), { industry: 1, option: 100 });
  const decliner = await createExpert(api, newPerson(testInfo, "inv-decliner"), { industry: 1, option: 100 });
  const name = `Стратегия выхода на рынок ${Date.now().toString(36)}`;
  const id = await approvedRequest(api, testInfo, name);

  // The first expert: the invitation under 'Новые приглашения', marked new, with the expert-visible budget.
  await signIn(page, finder.person.email, finder.person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/projects/response");
  await expect(page.getByRole("heading", { level: 1, name: "Мои проекты" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Новые приглашения/ })).toHaveAttribute("aria-selected", "true");
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Новое", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Бюджет: 104\s000 ₽$/)).toBeVisible();
  await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/response-request/${id}?respond=true`);
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "invitation");
  await audit(page, "the expert's invitations");

  // The keyboard moves between the tabs.
  await page.getByRole("tab", { name: /Новые приглашения/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: /Отправленные/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Здесь пока ничего нет")).toBeVisible();

  // The second expert declines: 'Не интересно' reveals 'Удалить' and the cross; the cross cancels.
  await page.context().clearCookies();
  await signIn(page, decliner.person.email, decliner.person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/projects/response#invite");
  const his = page.getByRole("article", { name });
  await his.getByRole("button", { name: "Не интересно" }).click();
  await expect(his.getByRole("button", { name: "Удалить" })).toBeFocused();
  await his.getByRole("link", { name: "Отменить" }).click();
  await expect(his.getByRole("button", { name: "Не интересно" })).toBeFocused();
  // A button, so Space presses it too.
  await page.keyboard.press("Space");
  await expect(his.getByRole("button", { name: "Удалить" })).toBeFocused();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "decline-choice");
  await his.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByRole("status").getByText("Приглашение удалено")).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await screen(page, testInfo, "declined");
  const list = await api.get("/api/demands-services", { headers: { Authorization: `Bearer ${decliner.token}` } });
  const body = (await list.json()) as { request: { data: { demand_id: number }[] } };
  expect(body.request.data.map((x) => x.demand_id)).not.toContain(id);

  // The first expert still has it.
  const kept = await api.get("/api/demands-services", { headers: { Authorization: `Bearer ${finder.token}` } });
  expect(((await kept.json()) as { request: { data: { demand_id: number }[] } }).request.data.map((x) => x.demand_id)).toContain(id);
});

test("an expert without matching projects sees the hint to fill in industries and functions", async ({ page, api }, testInfo) => {
  const customer = await createCustomer(api, newPerson(testInfo, "inv-empty"), { verified: true });
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/projects/response");
  await expect(page.getByText("У вас еще нет подходящих проектов")).toBeVisible();
  await expect(page.getByRole("link", { name: "Добавить индустрии и функции" })).toHaveAttribute("href", "/profile/information");
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "empty");
});
