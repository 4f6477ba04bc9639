import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, newOperator, newPerson, setupPost, signIn, test } from "./fixtures";

// The operator console's users and content (issue 15), at 375 px and on the desktop: an operator finds a
// user by phone, blocks him with a reason (his next page load sends him to sign-in, which tells him why),
// edits an FAQ answer that the public FAQ shows at once, and edits a community that its members see at once.

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

const screen = async (page: Page, name: string, project: string) => {
  mkdirSync("test-results", { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the fixed header in the middle.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: `test-results/admin-users-${project}-${name}.png`, fullPage: true });
};

test("an operator finds a user by phone and blocks him; the user is signed out and told why", async ({ page, api, browser, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/admin\/users\/\d+\.data/); // the empty reason, refused on purpose
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // A phone no other run has: +7 916 NNN-NN-NN, searched as 8 (916) NNN NN NN.
  const digits = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  const phone = `+7 916 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5, 7)}`;
  const person = await createCustomer(api, { ...newPerson(testInfo, "blocked"), phone }, { verified: true });

  const userContext = await browser.newContext({ viewport: page.viewportSize()! });
  const user = await userContext.newPage();
  await signIn(user, person.email, person.password);
  await expect(user).toHaveURL(/\/profile\/information$/);

  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin");
  await page.locator(".console").getByRole("link", { name: "Пользователи", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Пользователи" })).toBeVisible();
  await page.getByLabel("Имя, e-mail или телефон").fill(`8 (916) ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`);
  await page.getByLabel("Имя, e-mail или телефон").press("Enter");
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await expect(page.getByTestId("user-row")).toContainText(person.email);
  await expectNoHorizontalScroll(page);
  await screen(page, "search", project);
  await audit(page, "the users' search");

  await page.getByTestId("user-row").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(person.name);
  await expect(page.getByText(/Активных сеансов: [1-9]/)).toBeVisible();
  const reason = `Спам в заявках ${digits}`;
  // The reason is required: an empty one is refused in the spec's words beside the field, and nothing changes.
  await page.getByRole("button", { name: "Заблокировать", exact: true }).click();
  const reasonField = page.getByLabel("Причина блокировки");
  await expect(reasonField).toHaveAttribute("aria-invalid", "true");
  await expect(reasonField).toHaveAccessibleDescription(/Укажите причину блокировки/);
  await expect(page.getByTestId("user-state")).toContainText("активен");
  await page.getByLabel("Причина блокировки").fill(reason);
  await page.getByRole("button", { name: "Заблокировать", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Пользователь заблокирован" })).toBeVisible();
  await expect(page.getByTestId("user-state")).toContainText(reason);
  await expect(page.getByText("Активных сеансов: 0")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, "blocked", project);
  await audit(page, "a blocked user's page");

  // The user's next page load: the session is gone, the page sends him to sign-in.
  await user.reload();
  await expect(user).toHaveURL(/\/auth/);
  await user.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await user.getByLabel("Пароль", { exact: true }).fill(person.password);
  await user.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(user.getByText(/Ваш аккаунт заблокирован оператором/).first()).toBeVisible();
  await expect(user.getByText(new RegExp(reason)).first()).toBeVisible();
  await expect(user).toHaveURL(/\/auth/);
  await screen(user, "sign-in-refused", project);

  // The audit log names it.
  await page.goto(`/admin/audit?action=user.blocked`);
  const blocked = page.getByTestId("audit-row").filter({ hasText: reason }).first();
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText("Заблокирован");
  await expect(blocked).toContainText(/Пользователь \d+/);
  await userContext.close();
});

test("an operator edits an FAQ answer with a preview; the public FAQ shows it at once", async ({ page, api, browser, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/admin\/content\/faq\.data/); // the emptied answer, refused on purpose
  consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/admin\/content\.data/); // the emptied figure, refused on purpose
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const operator = await newOperator(api);
  const login = await setupPost(api, "/api/login", { data: operator });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };
  // A question of its own, so the other journeys' FAQ stays as seeded.
  const content = (await (await api.get("/api/admin/content", { headers: auth })).json()) as { faq: { id: number; audience: string }[] };
  const group = content.faq.find((g) => g.audience === "customer")!;
  const tag = Math.random().toString(36).slice(2, 8);
  const question = `Можно ли сменить эксперта ${tag}`;
  const created = await setupPost(api, "/api/admin/content/faq/questions", { headers: auth, data: { group_id: group.id, question, question_en: `Change the expert ${tag}`, answer: "Пока нет.", answer_en: "Not yet.", sort: 9999 } });
  expect(created.status(), await created.text()).toBe(200);
  const questionId = ((await created.json()) as { id: number }).id;

  // A guest has the FAQ page cached a moment before the edit.
  const guest = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await guest.goto("/faq");
  await expect(guest.getByText(question)).toBeVisible();

  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin/content");
  // An emptied figure of the landing is refused beside its field, which a screen reader hears as invalid.
  const figures = page.getByRole("form", { name: "Цифры на главной" });
  await figures.getByLabel("Экспертов", { exact: true }).fill("");
  await figures.getByRole("button", { name: "Сохранить" }).click();
  await expect(figures.getByLabel("Экспертов", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(figures.getByRole("alert")).toHaveText("Поле обязательно для заполнения");
  await expect(figures.getByLabel("Экспертов", { exact: true })).toHaveAccessibleDescription("Поле обязательно для заполнения");
  await expectNoHorizontalScroll(page);
  await screen(page, "content-figure-refused", project);
  await audit(page, "the content page with a refused figure");
  await page.locator(".console").getByRole("link", { name: "Вопросы и ответы" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Вопросы и ответы" })).toBeVisible();
  const item = page.getByTestId("faq-question").filter({ hasText: question });
  await item.locator("summary").click();
  // An emptied answer is refused by the server, the field named by its label.
  await item.getByLabel("Ответ (Markdown)").fill("");
  await item.getByRole("button", { name: "Сохранить" }).click();
  await expect(item.getByRole("alert")).toHaveText("Ответ (Markdown): Поле обязательно для заполнения");
  const answer = `Да, **в любой момент** до начала работы ${tag}`;
  await item.getByLabel("Ответ (Markdown)").fill(answer);
  await item.getByRole("button", { name: "Предпросмотр" }).click();
  const preview = page.getByTestId("faq-preview");
  await expect(preview.locator("strong")).toHaveText("в любой момент");
  await expectNoHorizontalScroll(page);
  await screen(page, "faq-preview", project);
  await audit(page, "the FAQ editor with a preview");
  // Nothing is saved by a preview.
  await guest.reload();
  await expect(guest.getByText(`до начала работы ${tag}`)).toHaveCount(0);

  await page.getByTestId("faq-question").filter({ hasText: question }).getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();

  await guest.reload();
  await guest.getByText(question).click();
  await expect(guest.getByText(`до начала работы ${tag}`)).toBeVisible();
  await expect(guest.locator(".faq-item__answer strong", { hasText: "в любой момент" })).toBeVisible();
  await screen(guest, "faq-public", project);

  await api.delete(`/api/admin/content/faq/questions/${questionId}`, { headers: auth });
  await guest.context().close();
});

test("an operator renames a community and gives it its chat; its member sees the change at once", async ({ page, api, browser }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const tag = Math.random().toString(36).slice(2, 8);
  const operator = await newOperator(api);
  const login = await setupPost(api, "/api/login", { data: operator });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  // A member of its own: an expert who worked at a company no other journey has (proposed, then approved),
  // so the seeded communities the communities journey counts stay as they are.
  const { token, person } = await createExpert(api, newPerson(testInfo, "community-member", { name: "Инна", lastName: "Выпускникова" }), { industry: 1, option: 106 });
  const company = `Завод ${tag}`;
  const works = await setupPost(api, "/api/user/profile/works", {
    headers: { Authorization: `Bearer ${token}` },
    data: { works: [{ new_company: company, work_start: "2015-01-01", work_finish: "2018-01-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] }] },
  });
  expect(works.status(), await works.text()).toBe(200);
  const queued = (await (await api.get(`/api/admin/queues/companies?filter=${tag}`, { headers: auth })).json()) as { items: { id: number }[] };
  const companyId = queued.items[0]!.id;
  expect((await setupPost(api, "/api/admin/moderation", { headers: auth, data: { kind: "companies", id: companyId, decision: "approve" } })).status()).toBe(200);
  const created = await setupPost(api, "/api/admin/content/communities", { headers: auth, data: { type: "alumni", name: `Коллеги ${tag}`, company_id: companyId } });
  expect(created.status(), await created.text()).toBe(200);

  // The member has the page open before the edit: the chat is not created yet.
  const member = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await signIn(member, person.email, person.password);
  await expect(member).toHaveURL(/\/profile\//);
  await member.goto("/community/alumni");
  const card = member.getByRole("main").getByRole("listitem").filter({ hasText: tag });
  await expect(card).toContainText(`Коллеги ${tag}`);
  await expect(card).toContainText("Сообщество еще не создано");

  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/admin/content");
  await page.locator(".console").getByRole("link", { name: "Сообщества" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Сообщества" })).toBeVisible();
  await page.getByLabel("Поиск по названию").fill(tag);
  await page.getByRole("button", { name: "Найти" }).click();
  const item = page.getByTestId("community").filter({ hasText: tag });
  await expect(item).toHaveCount(1);
  await item.locator("summary").click();
  await item.getByLabel("Название", { exact: true }).fill(`Клуб бывших коллег ${tag}`);
  await item.getByLabel("Название чата").fill(`@club_${tag}`);
  await item.getByLabel("Ссылка на чат").fill(`https://t.me/club_${tag}`);
  await item.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();
  await expect(page.getByTestId("community").filter({ hasText: `Клуб бывших коллег ${tag}` })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await screen(page, "community-edit", project);
  await audit(page, "the communities editor");

  await member.reload();
  const renamed = member.getByRole("main").getByRole("listitem").filter({ hasText: tag });
  await expect(renamed.getByRole("heading", { level: 3 })).toHaveText(`Клуб бывших коллег ${tag}`);
  await expect(renamed.getByText("Сообщество еще не создано")).toHaveCount(0);
  await expect(renamed.getByRole("link", { name: new RegExp(`Перейти в чат.*Клуб бывших коллег ${tag}`) })).toHaveAttribute("href", `https://t.me/club_${tag}`);
  await expect(renamed.getByText(`@club_${tag}`)).toBeVisible();
  await screen(member, "community-public", project);
  await member.context().close();
});
