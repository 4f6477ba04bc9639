import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { options } from "../../db/seed/reference-data";
import { createCustomer, createExpert, DEMO_PASSWORD, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test, uniqueEmail, waitForMail, PAGE_JS_BUDGET } from "./fixtures";
import { addNewRater, chooseRater, linkPath, multiRate, open, rateByLink, signInAs, surname, visitor } from "./profile-steps";
import { apiToken } from "./shell-helpers";

// Recommendations and ratings by link (spec 2 §2, §4, §5, §8): an expert asks a registered colleague and
// a person without an account; both answer through the links mailed to them.

const FUNCTION = options.find((o) => o.children.length)!.children[0]!;

async function audit(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

test("an expert asks for recommendations; a colleague and an outsider rate through the mailed links", async ({ page, api, browser, clientIp }, testInfo) => {
  test.setTimeout(150_000);
  const { person: expert } = await createExpert(api, newPerson(testInfo, "rec-expert", { name: "Игорь", lastName: surname("Эксперт") }), { option: FUNCTION.id });
  const colleague = await createCustomer(api, newPerson(testInfo, "rec-colleague", { name: "Ольга", lastName: surname("Коллега") }), { verified: true });
  const outsider = uniqueEmail(testInfo, "rec-outsider");

  // The expert's outgoing page: empty sections with their anchors.
  await signIn(page, expert.email, expert.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/profile/recommendation-request");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Рекомендации" })).toBeVisible();
  for (const [name, id] of [["Специализации", "tribe"], ["Компетенции", "expertise"], ["Услуги", "service"]] as const) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", `#${id}`);
    await expect(page.locator(`#${id}`).getByText("У вас пока нет рекомендаций")).toBeVisible();
  }
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "rec-outgoing-empty");

  // The dialog: continue only with a specialization chosen.
  await main.getByRole("button", { name: "Запросить рекомендации" }).click();
  const dialog = page.getByRole("dialog", { name: "Запросить рекомендации" });
  await expect(dialog.getByRole("button", { name: "Продолжить" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: new RegExp(`${FUNCTION.name}$`) }).check();
  await dialog.getByRole("button", { name: "Продолжить" }).click();

  // Nobody chosen: 'Выберите пользователя'.
  await dialog.getByRole("button", { name: "Отправить" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Выберите пользователя");

  // A new person: the e-mail is not found (more than 2 characters) → the new-person mode.
  await addNewRater(dialog, outsider, "Сторонний", "Пётр");
  await shot(page, testInfo, "rec-dialog-new-person", { fullPage: false });

  // A registered colleague through the search (above 1 character, 400 ms).
  const search = dialog.getByRole("searchbox", { name: "Имя, фамилия или e-mail" });
  await search.fill(colleague.lastName.slice(0, 1));
  await page.waitForTimeout(600);
  await expect(dialog.getByRole("list", { name: "Найденные пользователи" })).toHaveCount(0);
  // Two characters that match nobody: too short for a new person, so the dialog says the search found nothing.
  await search.fill("Ъъ");
  await expect(dialog.getByText("Ничего не найдено. Измените условия поиска")).toBeVisible();
  await chooseRater(dialog, "Ольга", colleague.lastName);
  await expect(dialog.getByRole("button", { name: "Отправить" })).toBeVisible();
  await dialog.getByRole("button", { name: "Отправить" }).click();
  const done = page.getByRole("dialog", { name: "Рекомендации запрошены" });
  await expect(done).toBeVisible();
  await shot(page, testInfo, "rec-requested", { fullPage: false });
  await done.getByRole("button", { name: "Ок" }).click();
  await expect(page).toHaveURL(/\/profile\/information$/);

  // Sent: 'запрошена', and the reminder waits 24 hours.
  await page.goto("/profile/recommendation-request#tribe");
  const tribe = page.locator("#tribe");
  await expect(tribe.getByText("запрошена")).toHaveCount(2);
  await expect(tribe.getByText("Повторное напоминание через 24 часа")).toHaveCount(2);
  await expect(tribe.getByRole("button", { name: "Напомнить" }).first()).toBeDisabled();
  await expect(tribe.getByText(outsider)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "rec-outgoing-sent");

  // The outsider: the mailed /rate-user link works without an account.
  const outsiderMail = await waitForMail(api, outsider, /просит вас дать рекомендацию/);
  const guest = await visitor(browser, testInfo, clientIp);
  await open(guest.page, linkPath(outsiderMail.text, "rate-user"));
  await expect(guest.page.getByText(`Игорь ${expert.lastName}`)).toBeVisible();
  await expect(guest.page.getByText("При повторном оценивании будет учитываться только последняя оценка")).toBeVisible();
  await rateByLink(guest.page, "4 балла", "Работали вместе над бюджетом", async () => {
    await expectNoHorizontalScroll(guest.page);
    await shot(guest.page, testInfo, "rec-rate-user");
    await audit(guest.page, "rate-user");
  });
  await expect(guest.page.getByRole("link", { name: "Вернуться на главную" })).toHaveAttribute("href", "/");

  // A tampered link: the spec's text.
  await open(guest.page, `${linkPath(outsiderMail.text, "rate-user")}x`);
  await expect(guest.page.getByRole("heading", { name: "Проверьте ссылку и перезагрузите страницу" })).toBeVisible();

  // The colleague's mail carries the multi-rate link; a guest sees the warning.
  const colleagueMail = await waitForMail(api, colleague.email, /просит вас дать рекомендацию/);
  const multiPath = linkPath(colleagueMail.text, "multi-rate-user");
  await open(guest.page, multiPath);
  await expect(guest.page.getByRole("heading", { level: 1, name: "Оценка компетенций" })).toBeVisible();
  await expect(guest.page.getByText("Внимание!")).toBeVisible();
  await expect(guest.page.getByText("Введенные данные не будут сохранены. Необходимо зарегистрироваться или авторизоваться.")).toBeVisible();
  await expect(guest.page.getByRole("link", { name: "Зарегистрироваться" })).toHaveAttribute("href", "/sign-up");
  await shot(guest.page, testInfo, "rec-multi-guest");
  await audit(guest.page, "multi-rate-user (guest)");
  expect(guest.errors).toEqual([]);
  await guest.context.close();

  // The colleague signed in: the incoming page, unseen first, 'Оценить' leads to the multi-rate page.
  const rater = await visitor(browser, testInfo, clientIp);
  await signInAs(rater.page, colleague);
  await open(rater.page, "/profile/recommendation");
  await expect(rater.page.getByRole("heading", { level: 1, name: "Оценить специалистов" })).toBeVisible();
  const entry = rater.page.getByRole("listitem").filter({ hasText: `Игорь ${expert.lastName}` });
  await expect(entry.getByText("Новый запрос:")).toBeAttached();
  await expectNoHorizontalScroll(rater.page);
  // The profile's tabs scroll sideways on a phone: the current one, the third, is in view, not cut at the edge.
  const tabs = rater.page.getByRole("navigation", { name: "Профиль" });
  const [strip, current] = await Promise.all([tabs.boundingBox(), tabs.getByRole("link", { name: "Оценить специалистов" }).boundingBox()]);
  expect(current!.x).toBeGreaterThanOrEqual(strip!.x - 1);
  expect(current!.x + current!.width).toBeLessThanOrEqual(strip!.x + strip!.width + 1);
  await shot(rater.page, testInfo, "rec-incoming");
  await entry.getByRole("link", { name: "Оценить" }).click();
  await expect(rater.page).toHaveURL(/\/multi-rate-user\?hash=/);

  // Through the mailed link: all items rated and a comment, else 'Оцените все компетенции'.
  await open(rater.page, multiPath);
  await expect(rater.page.getByText("Внимание!")).toHaveCount(0);
  // Sent empty: the server names the missing comment beside its field, in the spec's words.
  const commentField = rater.page.getByLabel("Комментарий", { exact: true });
  await rater.page.getByRole("button", { name: "Отправить" }).click();
  await expect(commentField).toHaveAccessibleDescription(/^Поле обязательно для заполнения/);
  await expect(commentField).toHaveAttribute("aria-invalid", "true");
  await commentField.fill("Сильный финансист");
  await expect(commentField).not.toHaveAttribute("aria-invalid", "true");
  await rater.page.getByRole("button", { name: "Отправить" }).click();
  const alert = rater.page.getByRole("dialog", { name: "Оцените все компетенции" });
  await expect(alert.getByText("Оставьте оценку по каждой запрошенной компетенции...")).toBeVisible();
  await shot(rater.page, testInfo, "rec-multi-rate-all", { fullPage: false });
  await alert.getByRole("button", { name: "Ок" }).click();
  await multiRate(rater.page, [[null, "5 баллов"]], "Сильный финансист");
  await expect(rater.page.getByRole("link", { name: "Вернуться на главную" })).toHaveAttribute("href", "/request-add");

  // Answered: gone from the incoming list. A new request is declined with 'Не оценивать'.
  await open(rater.page, "/profile/recommendation");
  await expect(rater.page.getByText("У вас нет активных запросов рекомендаций")).toBeVisible();
  const token = await apiToken(api, expert);
  const again = await api.post("/api/user/invite-rate", { headers: { Authorization: `Bearer ${token}` }, data: { type: "tribe", industry_id: 1, option_id: FUNCTION.id, invite_rate_user: { email: colleague.email, name: "Ольга", lastName: colleague.lastName } } });
  expect(again.status(), await again.text()).toBe(201);
  await open(rater.page, "/profile/recommendation");
  await rater.page.getByRole("button", { name: /^Не оценивать/ }).click();
  await expect(rater.page.getByText("У вас нет активных запросов рекомендаций")).toBeVisible();
  // The only one: the browser's log line for the 422 of the first, incomplete multi-rate.
  expect(rater.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  await rater.context.close();

  // The expert sees what was answered and what was declined.
  await page.goto("/profile/recommendation-request");
  await expect(tribe.getByText("оставлена")).toHaveCount(2);
  await expect(tribe.getByText("отклонена")).toHaveCount(1);
  await shot(page, testInfo, "rec-outgoing-answered");
});

test("the recommendation pages stay within the client JavaScript budget @desktop", async ({ page, api }, testInfo) => {
  const { gzipSync } = await import("node:zlib");
  const { person: expert } = await createExpert(api, newPerson(testInfo, "rec-budget", { lastName: surname("Бюджет") }), { option: FUNCTION.id });
  await signIn(page, expert.email, expert.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  const sizes: Record<string, number> = {};
  for (const path of ["/profile/recommendation-request?expertise=1", "/profile/recommendation", "/rate-user?hash=x", "/multi-rate-user?hash=x"]) {
    // A page of its own per path (same cookies): no response is read after its page navigated.
    const tab = await page.context().newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const bodies: Promise<Buffer>[] = [];
    tab.on("response", (res) => void (res.url().endsWith(".js") && bodies.push(res.body())));
    await tab.goto(path);
    await tab.waitForLoadState("networkidle");
    sizes[path] = (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b, { level: 6 }).length, 0);
    await cdp.detach();
    await tab.close();
  }
  console.log(Object.entries(sizes).map(([p, n]) => `${p}: ${(n / 1024).toFixed(1)} KB`).join(", "));
  for (const [path, bytes] of Object.entries(sizes)) expect(bytes, `${path} client JS (gzip)`).toBeLessThan(PAGE_JS_BUDGET);
});

test("a competence's link opens the request dialog with it chosen (demo expert, read only)", async ({ page }, testInfo) => {
  // The demo expert's seed (db/seed/recommendations.ts): a rated competence, one request waiting, one answered.
  await signIn(page, "expert@demo.ru", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await page.goto("/profile/recommendation-request?expertise=3");
  const dialog = page.getByRole("dialog", { name: "Запросить рекомендации" });
  await expect(dialog.getByRole("checkbox", { name: "Финансовое моделирование" })).toBeChecked();
  await expect(dialog.getByText("Выбрано 1 из 5")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Продолжить" })).toBeEnabled();
  await shot(page, testInfo, "rec-dialog-expertise", { fullPage: false });
  await audit(page, "request dialog");
  await dialog.getByRole("button", { name: "Закрыть" }).click();
  const tribe = page.locator("#tribe");
  await expect(tribe.getByText("Анна Смирнова")).toBeVisible();
  await expect(tribe.getByRole("button", { name: "Напомнить" }).first()).toBeEnabled();
  await expect(tribe.getByText("оставлена")).toBeVisible();
  await audit(page, "outgoing requests");
  await page.goto("/profile/recommendation");
  await expect(page.getByRole("listitem").filter({ hasText: "Анна Смирнова" })).toBeVisible();
  await audit(page, "incoming requests");
});

test("the request pages need a verified user; the rating pages are public", async ({ page, api }, testInfo) => {
  for (const path of ["/profile/recommendation-request", "/profile/recommendation"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(path).replace(/[/?]/g, "\\$&")}$`));
  }
  for (const path of ["/rate-user?hash=bad", "/multi-rate-user?hash=bad"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Проверьте ссылку и перезагрузите страницу" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Вернуться на главную" })).toBeVisible();
  }
  // A guest's back-home button of the multi-rate error goes to the request-creation page (not an executor).
  await expect(page.getByRole("link", { name: "Вернуться на главную" })).toHaveAttribute("href", "/request-add");
  const person = await createCustomer(api, newPerson(testInfo, "rec-unverified"));
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/verify$/);
  await page.goto("/profile/recommendation");
  await expect(page).toHaveURL(/\/verify$/);
});
