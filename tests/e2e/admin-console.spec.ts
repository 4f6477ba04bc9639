import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createExpert, expect, expectNoHorizontalScroll, newPerson, setupPost, signIn, test, waitForMail, newOperator } from "./fixtures";

// The operator console (issue 15): the dashboard of every queue, and a queue worked through with sorting,
// a filter, the details, a bulk approval and a rejection with a reason; the user then sees the result.

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

const screen = async (page: Page, name: string) => {
  mkdirSync("test-results", { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: `test-results/admin-${name}.png`, fullPage: true });
};

test("an operator works through the companies queue; the proposer sees the result @desktop", async ({ page, api, browser, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/admin\/queues\/companies\.data/); // the empty reason, refused on purpose
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 7);
  const { token, person } = await createExpert(api, newPerson(testInfo, "console-proposer", { name: "Пётр", lastName: "Предлагаев" }), { industry: 1, option: 106 });
  const names = ["Альфа", "Бета", "Гамма", "Дельта"].map((n) => `${n} ${tag}`);
  const area = { industry_id: 1, option_id: 106, role_id: 3, work_years: 1 };
  const saved = await setupPost(api, "/api/user/profile/works", {
    headers: { Authorization: `Bearer ${token}` },
    data: { works: names.map((n, i) => ({ new_company: n, work_start: `201${i}-01-01`, work_finish: `201${i + 1}-01-01`, workareas: [area] })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Консоль оператора" })).toBeVisible();
  const card = page.getByTestId("queue-companies");
  await expect(card).toContainText("Новые компании");
  await expect(card).toContainText(/\d+ жд(ут|ёт)/);
  // The requests' and the contracts' queues are live now (their counts depend on the other specs' data).
  await expect(page.getByTestId("queue-demands")).toContainText(/Пусто|\d+ жд(ут|ёт)/);
  await expect(page.getByTestId("queue-payments")).toContainText(/Пусто|\d+ жд(ут|ёт)/);
  await screen(page, "dashboard");
  await audit(page, "the dashboard");
  await card.click();

  await expect(page.getByRole("heading", { level: 1, name: "Новые компании" })).toBeVisible();
  // The filter goes to the server: only this test's three proposals.
  await page.getByLabel("Фильтр").fill(tag);
  await page.getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(new RegExp(`filter=${tag}`));
  const rows = page.getByTestId("queue-row");
  await expect(rows).toHaveCount(4);
  // Sorting by title, descending: the server's order.
  const titleHeader = page.getByRole("columnheader", { name: /Название/ });
  await titleHeader.getByRole("link").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
  await titleHeader.getByRole("link").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText(names[3]!);
  await expect(rows.last()).toContainText(names[0]!);

  // The details, by keyboard.
  const details = page.getByRole("button", { name: `Подробнее: ${names[2]}` });
  await details.focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("definition").filter({ hasText: person.email })).toBeVisible();
  await screen(page, "queue");
  await audit(page, "the queue");

  // A bulk approval of Альфа and Бета.
  await page.getByRole("checkbox", { name: `Выбрать: ${names[0]}` }).check();
  await page.keyboard.press("Tab");
  await page.getByRole("checkbox", { name: `Выбрать: ${names[1]}` }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Выбрано: 2")).toBeVisible();
  await page.getByRole("button", { name: "Одобрить выбранные" }).click();
  // The decided rows leave, with the button pressed: the banner saying what was done takes the focus.
  await expect(page.getByRole("status").filter({ hasText: "Решений принято: 2" })).toBeFocused();
  await expect(rows).toHaveCount(2);

  // Дельта approved by its own button from the keyboard: the focus goes on to the same button of the row
  // that took its place.
  await page.getByRole("button", { name: `Одобрить: ${names[3]}` }).focus();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Одобрить: ${names[2]}` })).toBeFocused();

  // A rejection needs a reason: an empty one is refused in the spec's words beside the field.
  await page.getByRole("button", { name: `Отклонить: ${names[2]}` }).click();
  const dialog = page.getByRole("dialog", { name: `Отклонить: ${names[2]}` });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel("Причина (её увидит пользователь)");
  await expect(reason).toBeFocused();
  await dialog.getByRole("button", { name: "Отклонить" }).click();
  await expect(reason).toHaveAccessibleDescription("Укажите причину отклонения — её увидит пользователь");
  await expect(dialog).toBeVisible();
  await reason.fill("Такой компании нет в реестре");
  await page.screenshot({ path: "test-results/admin-reject-dialog.png" });
  await dialog.getByRole("button", { name: "Отклонить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Решение принято" })).toBeFocused();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("Очередь пуста")).toBeVisible();
  await screen(page, "queue-done");

  // The audit log shows the rejection with its reason.
  await page.goto("/admin/audit?action=moderation.company");
  const rejection = page.getByRole("row").filter({ hasText: "Такой компании нет в реестре" }).first();
  await expect(rejection).toBeVisible();
  // In words, with the key the filter takes under them; the target by its kind.
  await expect(rejection).toContainText("Компания отклонена");
  await expect(rejection.locator("code")).toHaveText("moderation.company.rejected");
  await expect(rejection).toContainText(/Компания \d+/);
  await screen(page, "audit");

  // The proposer: the approved companies stay (no moderation mark), the rejected one left the profile, and the mail says why.
  const mail = await waitForMail(api, person.email, /отклонено/);
  expect(mail.text).toContain("Причина: Такой компании нет в реестре");
  const user = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(user, person.email, person.password);
  await expect(user).toHaveURL(/\/profile\/information$/);
  await expect(user.getByRole("heading", { name: names[0] })).toBeVisible();
  await expect(user.getByRole("heading", { name: names[1] })).toBeVisible();
  await expect(user.getByRole("heading", { name: names[3] })).toBeVisible();
  await expect(user.getByRole("heading", { name: names[2] })).toHaveCount(0);
  await expect(user.getByText("На модерации")).toHaveCount(0);
  await expect(user.getByTestId("rejected-proposals")).toContainText(`Компания «${names[2]}» убрана из профиля. Причина: Такой компании нет в реестре`);
  await screen(user, "user-after");
});

test("the operator switches moderation settings @desktop", async ({ page, api }) => {
  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin/settings");
  const responds = page.getByLabel("Модерировать отклики");
  const was = await responds.isChecked();
  await responds.setChecked(!was);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Настройки сохранены");
  await page.reload();
  await expect(page.getByLabel("Модерировать отклики")).toBeChecked({ checked: !was });
  await screen(page, "settings");
  await page.getByLabel("Модерировать отклики").setChecked(was);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Настройки сохранены");
});

test("the dashboard fits a phone @mobile", async ({ page, api }) => {
  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin");
  await expect(page.getByTestId("queue-companies")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: "test-results/admin-dashboard-375.png" });
  await page.getByRole("heading", { name: "Пользователи" }).evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
  await page.screenshot({ path: "test-results/admin-users-375.png" });
  // A queue at 375 px: the table scrolls inside its frame, the page does not.
  await page.goto("/admin/queues/demands");
  await expect(page.getByRole("heading", { level: 1, name: "Заявки" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, "queue-375");
  await audit(page, "a queue at 375 px");
});

test("the operator calls a visitor back and marks the request; it fits a phone and a screen reader @mobile", async ({ page, api }) => {
  const asked = await setupPost(api, "/api/contact", { data: { name: "Ксения", phone: "+7 916 555-44-38" } });
  expect(asked.status(), await asked.text()).toBe(201);
  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Обратные звонки" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Обратные звонки" })).toBeVisible();
  const row = page.getByTestId("callback-row").filter({ hasText: "+7 916 555-44-38" }).first();
  await expect(row).toContainText("Ксения");
  await expect(row.getByRole("link", { name: "+7 916 555-44-38" })).toHaveAttribute("href", "tel:+79165554438");
  await expectNoHorizontalScroll(page);
  await screen(page, "callbacks-375");
  await audit(page, "the callback requests at 375 px");
  await row.getByRole("button", { name: "Перезвонили: Ксения" }).click();
  await expect(page.getByRole("status")).toHaveText("Заявка отмечена обработанной");
  await page.getByRole("link", { name: "Обработанные" }).click();
  await expect(page.getByTestId("callback-row").filter({ hasText: "+7 916 555-44-38" }).first()).toBeVisible();
});
