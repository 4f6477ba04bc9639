import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, expect, expectNoHorizontalScroll, shot, signIn, test } from "./fixtures";
import { signedInCustomer } from "./shell-helpers";

// Communities (spec 3 §2, §9): the demo expert's chats by industry and function, by function, and by
// study and work (db/seed/content-data.ts), searched 400 ms after the last key and paged by 5; a user
// without profile data gets the not-found screen that leads to the profile.

const NOTHING_FOUND = "Ничего не найдено. Попробуйте изменить запрос";
const NOT_CREATED = "Сообщество еще не создано";

const list = (page: Page) => page.getByRole("main").getByRole("list").filter({ has: page.locator(".community") });
const names = (page: Page) => list(page).getByRole("heading", { level: 3 });
const status = (page: Page) => page.getByRole("main").getByRole("status");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Поиск по сообществам" });
const pager = (page: Page) => page.getByRole("navigation", { name: "Страницы списка сообществ" });

async function expectAxeClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
}

/** Counts the loader requests of a tab: one per search, however many keys were typed. */
function countLoads(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith(`${path}.data`) || (url.pathname === path && url.searchParams.has("_data"))) seen.push(r.url());
  });
  return seen;
}

test("the demo expert browses each community tab, searches and pages", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, "expert@demo.ru", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile\/information$/);

  // Industries and functions: 8 chats of his (industry, function) pairs, 5 on the first page; a chat of a
  // main function (Финансы в банках) gathers a sub-function of his work (МСФО).
  await page.goto("/community");
  await expect(page).toHaveURL(/\/community\/industry-functions$/);
  await expect(page.getByRole("main").getByRole("link", { name: "Индустрии и функции" })).toHaveAttribute("aria-current", "page");
  await expect(status(page)).toHaveText("Найдено 8 сообществ");
  await expect(names(page)).toHaveText(["M&A в ритейле", "МСФО в банках", "Стратегия в e-commerce", "Стратегия в страховании", "Управленческий учёт в ритейле"]);
  const chat = list(page).getByRole("link", { name: /Перейти в чат.*МСФО в банках/ });
  await expect(chat).toHaveAttribute("href", "https://t.me/ifrs_banking_club");
  await expect(chat).toHaveAttribute("target", "_blank");
  await expect(chat).toHaveAttribute("rel", /noopener/);
  await expect(list(page).getByText("@ifrs_banking_club")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-tribe");

  // The second page: the chat not created yet.
  await expect(pager(page).getByRole("link", { name: "Страница 1" })).toHaveAttribute("aria-current", "page");
  await pager(page).getByRole("link", { name: "Страница 2" }).click();
  await expect(page).toHaveURL(/\/community\/industry-functions\?page=2$/);
  await expect(names(page)).toHaveText(["Финансы в банках", "Финансы в металлургии", "Финансы в ритейле"]);
  await expect(list(page).getByRole("listitem").filter({ hasText: "Финансы в металлургии" }).getByText(NOT_CREATED)).toBeVisible();
  await expect(list(page).getByRole("listitem").filter({ hasText: "Финансы в металлургии" }).getByRole("link")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-tribe-page-2");
  await expectAxeClean(page, "the tribes' second page");

  // The search: typed quickly, asked once, 400 ms after the last key, from the first page.
  const loads = countLoads(page, "/community/industry-functions");
  await searchBox(page).pressSequentially("РИТЕЙЛ", { delay: 60 });
  await expect(page).toHaveURL(/\/community\/industry-functions\?search=%D0%A0%D0%98%D0%A2%D0%95%D0%99%D0%9B$/);
  await expect(names(page)).toHaveText(["M&A в ритейле", "Управленческий учёт в ритейле", "Финансы в ритейле"]);
  await expect(status(page)).toHaveText("Найдено 3 сообщества");
  await expect(pager(page)).toHaveCount(0);
  expect(loads, "one request for the whole word").toHaveLength(1);
  await expect(searchBox(page)).toBeFocused();

  // Nothing found.
  await searchBox(page).fill("нет такого чата");
  await expect(status(page)).toHaveText(NOTHING_FOUND);
  await expect(list(page)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-nothing-found");
  // Cleared: the whole list again, at a clean address.
  await searchBox(page).fill("");
  await expect(page).toHaveURL(/\/community\/industry-functions$/);
  await expect(status(page)).toHaveText("Найдено 8 сообществ");

  // Functions: his function Стратегия and its sub-functions; two chats without a link.
  await page.getByRole("main").getByRole("link", { name: "Функции", exact: true }).click();
  await expect(page).toHaveURL(/\/community\/functions$/);
  await expect(status(page)).toHaveText("Найдено 6 сообществ");
  await expect(names(page)).toHaveText(["Бизнес-моделирование", "Клуб стратегии роста", "Клуб стратегов", "Корпоративные стратеги", "Стратегические сессии"]);
  await expect(list(page).getByText(NOT_CREATED)).toHaveCount(1);
  await expect(searchBox(page)).toHaveValue("");
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-functions");

  // Alumni: Финансовый университет, X5 Group, Северсталь, Сбер.
  await page.getByRole("main").getByRole("link", { name: "Выпускники" }).click();
  await expect(page).toHaveURL(/\/community\/alumni$/);
  await expect(status(page)).toHaveText("Найдено 6 сообществ");
  await expect(names(page)).toHaveText(["Бывшие коллеги из Сбера", "Выпускники X5 Group", "Выпускники Сбера в финтехе", "Выпускники Финансового университета", "Клуб выпускников-финансистов Финансового университета"]);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-alumni");
  await expectAxeClean(page, "the alumni tab");

  // A shared address opens the same search.
  await page.goto(`/community/alumni?search=${encodeURIComponent("сбер")}`);
  await expect(searchBox(page)).toHaveValue("сбер");
  await expect(names(page)).toHaveText(["Бывшие коллеги из Сбера", "Выпускники Сбера в финтехе"]);
});

test("a user without profile data sees the not-found screen and goes to fill in the profile", async ({ page, api }, testInfo) => {
  await signedInCustomer(page, api, testInfo, "communities-empty");
  for (const path of ["/community/industry-functions", "/community/functions", "/community/alumni"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2, name: "Сообщества не найдены" })).toBeVisible();
    await expect(searchBox(page)).toHaveCount(0);
  }
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "communities-not-found");
  await expectAxeClean(page, "the not-found screen");
  await page.getByRole("link", { name: "Заполнить профиль" }).click();
  await expect(page).toHaveURL(/\/profile\/information$/);
});

test.describe("without JavaScript @desktop", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form and the pages ask the server", async ({ page, api }) => {
    const login = await api.post("/api/login", { data: { email: "expert@demo.ru", password: DEMO_PASSWORD } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const { token } = (await login.json()) as { token: string };
    await page.context().addCookies([{ name: "session", value: token, url: BASE_URL }]);
    await page.goto("/community/functions", { waitUntil: "domcontentloaded" });
    await searchBox(page).fill("клуб");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/\/community\/functions\?search=%D0%BA%D0%BB%D1%83%D0%B1$/);
    await expect(names(page)).toHaveText(["Клуб стратегии роста", "Клуб стратегов"]);
    await page.goto("/community/functions?page=2", { waitUntil: "domcontentloaded" });
    await expect(names(page)).toHaveText(["Стратегия для собственников"]);
    await pager(page).getByRole("link", { name: "Назад" }).click();
    await expect(page).toHaveURL(/\/community\/functions$/);
    await expect(names(page)).toHaveCount(5);
  });
});
