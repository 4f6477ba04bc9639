import type { Locator, Page, TestInfo } from "@playwright/test";
import { options } from "../../db/seed/reference-data";
import { createExpert, expect, expectNoHorizontalScroll, newPerson, signIn, test, uniqueEmail, waitForMail, newOperator } from "./fixtures";
import { registerByInvitation, surname } from "./profile-steps";

// Services (spec 3 §2, §4, §5, §9): the wizard for an individual and a company service with each step's
// validation, a team with an existing user and a new employee invited by link, the operator's approval,
// hiding and deleting, a member's refusal (the owner e-mailed) and the invited employee's acceptance.

const GROUP = options.find((o) => o.children.length)!;
const FUNCTION = GROUP.children[0]!;

async function screen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: `test-results/services-${testInfo.project.name}-${name}.png`, fullPage });
}

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Шаги заполнения услуги" }).getByRole("tab", { name: new RegExp(name) });
const panel = (page: Page, name: string) => page.getByRole("tabpanel", { name: new RegExp(name) });
const next = (page: Page) => page.getByRole("button", { name: "Далее", exact: true });

async function describeStep(page: Page, testInfo: TestInfo, name: string, shotName: string) {
  const p = panel(page, "Описание");
  // Nothing filled: each message next to its field, the focus on the first of them.
  await next(page).click();
  await expect(p.getByText("Название услуги обязательно для заполнения")).toBeVisible();
  await expect(p.getByText("Описание услуги обязательно для заполнения")).toBeVisible();
  await expect(p.getByLabel("Название услуги")).toBeFocused();
  await screen(page, testInfo, shotName);
  await p.getByLabel("Название услуги").fill(name);
  await p.getByLabel("Описание услуги").fill(`${name}: диагностика процессов, план изменений и сопровождение внедрения.`);
  // The type is checked once the rest of the step is valid (the domain's rule order).
  await next(page).click();
  await expect(p.getByText("Вид услуги обязателен для заполнения")).toBeVisible();
  await expect(p.getByLabel("Вид услуги")).toBeFocused();
  await p.getByLabel("Вид услуги").selectOption({ label: "На проект" });
  await next(page).click();
  await expect(tab(page, "Индустрия и функция")).toHaveAttribute("aria-selected", "true");
}

async function industryStep(page: Page) {
  const p = panel(page, "Индустрия и функция");
  await next(page).click();
  await expect(p.getByText("Функции обязательны для заполнения")).toBeVisible();
  await p.getByRole("checkbox", { name: "Банки и финансы" }).check();
  await p.locator("summary", { hasText: GROUP.name }).click();
  await p.getByRole("checkbox", { name: FUNCTION.name, exact: true }).check();
  await next(page).click();
}

async function specializationStep(page: Page) {
  const p = panel(page, "Специализации");
  await expect(p).toBeVisible();
  await p.getByRole("button", { name: "Добавить специализацию" }).click();
  await p.getByLabel("Индустрия").selectOption({ label: "Банки и финансы" });
  await p.getByLabel("Функция").selectOption({ label: FUNCTION.name });
  await next(page).click();
  await expect(panel(page, "Компетенции")).toBeVisible();
  await expect(panel(page, "Компетенции").getByText("Какие компетенции важны для этой услуги?")).toBeVisible();
  await next(page).click();
  await expect(panel(page, "Другие параметры")).toBeVisible();
}

async function progress(page: Page) {
  return Number(await page.getByRole("progressbar").getAttribute("aria-valuenow"));
}

async function saveAndBack(page: Page, hash: string) {
  await page.getByRole("button", { name: "Сохранить услугу" }).click();
  const done = page.getByRole("dialog", { name: "Услуга отправлена на модерацию" });
  await expect(done).toBeVisible();
  await done.getByRole("link", { name: "К моим услугам" }).click();
  await expect(page).toHaveURL(new RegExp(`/services#${hash}$`));
}

function card(page: Page, name: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test("a guest opens the wizard and is told nothing is saved", async ({ page }, testInfo) => {
  await page.goto("/service-add?teamAndPeople=team");
  await expect(page.getByRole("heading", { level: 1, name: "Новая услуга" })).toBeVisible();
  const note = page.getByRole("note");
  await expect(note).toContainText("данные не будут сохранены");
  await expect(note.getByRole("link", { name: "войдите" })).toHaveAttribute("href", /\/auth/);
  await expect(note.getByRole("link", { name: "зарегистрируйтесь" })).toHaveAttribute("href", "/sign-up");
  await expect(page.getByRole("radio", { name: "От компании (с командой)" })).toBeChecked();
  await expect(tab(page, "Команда")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "guest-wizard");
});

test("an expert builds an individual and a company service with a team; the operator approves; a member refuses, an invitee accepts; the expert hides and deletes", async ({ page, api, browser }, testInfo) => {
  test.setTimeout(240_000);
  const { person: expert } = await createExpert(api, newPerson(testInfo, "svc-owner", { name: "Игорь", lastName: surname("Владелец") }));
  const { person: member } = await createExpert(api, newPerson(testInfo, "svc-member", { name: "Ольга", lastName: surname("Коллега") }));
  const invitee = { name: "Пётр", lastName: surname("Новиков"), patronymic: "", email: uniqueEmail(testInfo, "svc-invitee"), phone: "+7 916 555-44-33" };
  const tag = Math.random().toString(36).slice(2, 6);
  const solo = `Аудит процессов ${tag}`;
  const team = `Трансформация банка ${tag}`;

  await signIn(page, expert.email, expert.password);
  await expect(page).toHaveURL(/\/profile\/information$/);

  // Empty state.
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1, name: "Мои услуги" })).toBeVisible();
  await screen(page, testInfo, "empty");
  await page.getByRole("main").getByRole("link", { name: "Добавить услугу" }).click();
  await expect(page).toHaveURL(/\/service-add$/);

  // 1. An individual service: 25 % per completed step.
  await page.getByRole("radio", { name: "От себя" }).check();
  await expect(tab(page, "Команда")).toHaveCount(0);
  await describeStep(page, testInfo, solo, "individual-description-errors");
  expect(await progress(page)).toBe(25);
  await industryStep(page);
  expect(await progress(page)).toBe(50);
  await specializationStep(page);
  const other = panel(page, "Другие параметры");
  await expect(other.getByLabel("Доход, ₽")).toHaveValue("1000");
  await expect(other.getByRole("radio", { name: "В неделю" })).toBeChecked();
  // Hours out of the week's range: the message next to the field, nothing sent.
  await other.getByLabel("Загрузка, часов").fill("61");
  await page.getByRole("button", { name: "Сохранить услугу" }).click();
  await expect(other.getByText("Находится вне диапозона от 1 до 60")).toBeVisible();
  await expect(other.getByLabel("Загрузка, часов")).toBeFocused();
  await screen(page, testInfo, "individual-other-errors");
  await other.getByLabel("Загрузка, часов").fill("20");
  expect(await progress(page)).toBe(75);
  await saveAndBack(page, "people");
  await expect(card(page, solo).getByText("На модерации")).toBeVisible();

  // 2. A company service: the format change asks first and drops what was entered.
  await page.goto("/service-add?teamAndPeople=people");
  await expect(page.getByRole("radio", { name: "От себя" })).toBeChecked();
  await panel(page, "Описание").getByLabel("Название услуги").fill("будет потеряно");
  // The radio stays unchecked until the change is confirmed.
  await page.getByRole("radio", { name: "От компании (с командой)" }).click();
  const change = page.getByRole("dialog", { name: "Изменить тип услуги" });
  await expect(change).toContainText("Все ранее введённые данные будут потеряны");
  await change.getByRole("button", { name: "Изменить" }).click();
  await expect(panel(page, "Описание").getByLabel("Название услуги")).toHaveValue("");
  await expect(tab(page, "Команда")).toBeVisible();
  await describeStep(page, testInfo, team, "company-description-errors");
  expect(await progress(page)).toBe(20);
  await industryStep(page);

  // The team: an existing user found by name, and a new employee invited by e-mail.
  const teamPanel = panel(page, "Команда");
  await expect(teamPanel.getByText("В команде пока только вы.")).toBeVisible();
  await teamPanel.getByRole("button", { name: "Добавить сотрудника" }).click();
  const dialog = page.getByRole("dialog", { name: "Добавить сотрудника" });
  await dialog.getByRole("searchbox", { name: "Поиск по имени или e-mail" }).fill(member.lastName);
  await dialog.getByRole("button", { name: `Добавить: ${member.name} ${member.lastName}` }).click();
  await dialog.getByRole("tab", { name: "Новый сотрудник" }).click();
  await dialog.getByRole("button", { name: "Пригласить" }).click();
  await expect(dialog.getByText("Фамилия обязательна для заполнения")).toBeVisible();
  await dialog.getByLabel("Фамилия").fill(invitee.lastName);
  await dialog.getByLabel("Имя", { exact: true }).fill(invitee.name);
  await dialog.getByLabel("E-mail").fill(invitee.email);
  await dialog.getByLabel("Телефон").fill(invitee.phone);
  await dialog.getByLabel("Лет в области").fill("0");
  await dialog.getByLabel("Количество проектов").fill("5");
  await dialog.getByRole("button", { name: "Пригласить" }).click();
  await expect(dialog.getByText("Минимальное количество лет в области 1")).toBeVisible();
  await screen(page, testInfo, "employee-errors", false);
  await dialog.getByLabel("Лет в области").fill("7");
  await dialog.getByRole("button", { name: "Пригласить" }).click();
  await expect(dialog.getByText("Приглашение отправлено")).toBeVisible();
  const link = await dialog.getByTestId("invite-link").getAttribute("href");
  expect(link).toMatch(/\/sign-up\?hash=/);
  await screen(page, testInfo, "employee-invited", false);
  await dialog.getByRole("button", { name: "Закрыть" }).click();
  await expect(teamPanel.getByText(`${member.name} ${member.lastName}`)).toBeVisible();
  await expect(teamPanel.getByText(`${invitee.name} ${invitee.lastName}`)).toBeVisible();
  await expect(teamPanel.getByText("приглашён")).toBeVisible();
  expect(await progress(page)).toBe(60);
  await next(page).click();
  await specializationStep(page);
  const budget = panel(page, "Другие параметры").getByLabel("Бюджет компании, ₽");
  await budget.fill("1200");
  await page.getByRole("button", { name: "Сохранить услугу" }).click();
  await expect(panel(page, "Другие параметры").getByText("Сумма должна быть кратна 500")).toBeVisible();
  await budget.fill("1500");
  // spec 3 §4: published on behalf of the company unless the owner says otherwise.
  const performer = panel(page, "Другие параметры").getByRole("group", { name: "От чьего имени опубликовать" });
  await expect(performer.getByRole("radio", { name: "От имени компании" })).toBeChecked();
  await performer.getByRole("radio", { name: "От своего имени" }).check();
  // The clients' field shows its whole placeholder, on a phone too.
  const clients = panel(page, "Другие параметры").getByRole("textbox", { name: "Название компании" });
  const placeholder = await clients.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    return { text: context.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(placeholder.text).toBeLessThanOrEqual(placeholder.room);
  await screen(page, testInfo, "company-other");
  await saveAndBack(page, "company");
  const teamCard = card(page, team);
  await expect(teamCard.getByText("На модерации")).toBeVisible();
  // On his own behalf: the card names him.
  await expect(teamCard.locator(".svc-card__facts")).toContainText(new RegExp(`От имени\\s*${expert.name} ${expert.lastName}`));
  // The owner sees the pending mark of the members who have not answered yet.
  await expect(teamCard.getByText("ожидает подтверждения").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "list-company");

  // 3. The operator approves both on the console's services queue (the generic queue page).
  const opContext = await browser.newContext({ viewport: page.viewportSize()! });
  const op = await opContext.newPage();
  const operator = await newOperator(api);
  await signIn(op, operator.email, operator.password);
  await expect(op).toHaveURL(/\/profile\/information$/);
  for (const name of [solo, team]) {
    // The filter goes to the server: only this service (other specs' services may wait too).
    await op.goto(`/admin/queues/services?filter=${encodeURIComponent(name)}`);
    const row = op.getByTestId("queue-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Одобрить: ${name}` }).click();
    await expect(op.getByRole("status").filter({ hasText: "Решение принято" })).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  await screen(op, testInfo, "admin-queue");
  await opContext.close();

  // 4. The member refuses; the owner is e-mailed.
  const memberContext = await browser.newContext({ viewport: page.viewportSize()! });
  const mp = await memberContext.newPage();
  await signIn(mp, member.email, member.password);
  await expect(mp).toHaveURL(/\/profile\/information$/);
  await mp.goto("/services#company");
  const seen = card(mp, team);
  await expect(seen.getByText("Вас пригласили в команду этой услуги")).toBeVisible();
  // The member does not see his own pending mark; the invitee's mark is shown.
  await expect(seen.getByRole("listitem").filter({ hasText: member.lastName }).getByText("ожидает подтверждения")).toHaveCount(0);
  await expect(seen.getByRole("button", { name: "Редактировать" })).toHaveCount(0);
  await screen(mp, testInfo, "member-view");
  await seen.getByRole("button", { name: "Отказаться от участия" }).click();
  const refuse = mp.getByRole("dialog", { name: "Отказаться от участия" });
  await refuse.getByRole("button", { name: "Отказаться от участия" }).click();
  await expect(mp.getByRole("heading", { name: team })).toHaveCount(0);
  await memberContext.close();
  const mail = await waitForMail(api, expert.email, /отказывается/);
  expect(mail.text).toContain(team);

  // 5. The invited employee registers through the link and accepts.
  const inviteeContext = await browser.newContext({ viewport: page.viewportSize()! });
  const ip = await inviteeContext.newPage();
  // The same link was mailed to the employee.
  const invitation = await waitForMail(api, invitee.email);
  expect(invitation.text).toContain(link!);
  const path = new URL(link!).pathname + new URL(link!).search;
  await registerByInvitation(ip, api, testInfo, path, invitee, "Invited_Pass1", `services-${testInfo.project.name}-invitee-sign-up`);
  await ip.goto("/services#company");
  const invitedCard = card(ip, team);
  await invitedCard.getByRole("button", { name: "Участвовать" }).click();
  await expect(invitedCard.getByRole("button", { name: "Участвовать" })).toHaveCount(0);
  await expect(invitedCard.getByText("Вас пригласили в команду этой услуги")).toHaveCount(0);
  await inviteeContext.close();

  // 6. The owner: the approved services, hide one, then delete it.
  // Only the hash differs from the page already open: reload to read the list afresh.
  await page.goto("/services#people");
  await page.reload();
  const soloCard = card(page, solo);
  await expect(soloCard.getByText("Активна")).toBeVisible();
  await expect(soloCard.getByRole("link", { name: "Запросить оценку" })).toHaveAttribute("href", /\/profile\/recommendation-request\?service=\d+/);
  // The rating's '?' opens the scale (spec 3 §2 'rating-scale info modal').
  await soloCard.getByRole("button", { name: "Шкала оценок" }).click();
  const scale = page.getByRole("dialog", { name: "Шкала оценок" });
  await expect(scale.getByText("5 — лучшие практики")).toBeVisible();
  await expect(scale.getByRole("listitem")).toHaveCount(5);
  await screen(page, testInfo, "rating-scale", false);
  await scale.getByRole("button", { name: "Закрыть" }).click();
  await expect(scale).toBeHidden();
  await soloCard.getByRole("button", { name: "Скрыть" }).click();
  await page.getByRole("dialog", { name: "Скрыть услугу" }).getByRole("button", { name: "Скрыть" }).click();
  await expect(page.getByRole("tabpanel", { name: /От себя/ }).getByRole("heading", { name: solo })).toHaveCount(0);
  // The card goes; the list says what was done, in its live region.
  await expect(page.getByRole("status").filter({ hasText: "Услуга скрыта" })).toBeVisible();
  await page.getByRole("tab", { name: /Скрытые/ }).click();
  await expect(page).toHaveURL(/#hidden$/);
  const hiddenCard = card(page, solo);
  await expect(hiddenCard.getByText("Скрыта")).toBeVisible();
  await screen(page, testInfo, "list-hidden");
  await hiddenCard.getByRole("button", { name: "Удалить" }).click();
  const del = page.getByRole("dialog", { name: "Удаление услуги" });
  await expect(del).toContainText(`Вы уверены, что хотите удалить услугу (${solo})?`);
  await screen(page, testInfo, "delete-confirm", false);
  await del.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByRole("heading", { name: solo })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Услуга удалена" })).toBeVisible();
  await page.getByRole("tab", { name: /От компании/ }).click();
  await expect(card(page, team).getByText("Активна")).toBeVisible();
  await expect(card(page, team).getByText(member.lastName)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "list-final");
});
