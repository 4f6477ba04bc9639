import { BASE_URL, expect, expectNoHorizontalScroll, shot, signIn, signOut, test, waitForIdle } from "./fixtures";
import { linkNames, mainNav, signedInCustomer } from "./shell-helpers";

// The desktop header (≥ 992 px): the mobile layout has its own spec (shell-mobile.spec.ts).
test.describe("header and menus @desktop", () => {
  test("a guest sees the marketing links and sign-in/register; anchors of / are reached", async ({ page }, testInfo) => {
    await page.goto("/mock");
    const nav = mainNav(page);
    await expect.poll(() => linkNames(nav)).toEqual(["Почему мы", "Индустрии", "Для компаний", "Помощь"]);
    await expect(nav.getByRole("link", { name: "Почему мы" })).toHaveAttribute("href", "/#whoweare");
    await expect(nav.getByRole("link", { name: "Индустрии" })).toHaveAttribute("href", "/#industries");
    await expect(nav.getByRole("link", { name: "Для компаний" })).toHaveAttribute("href", "/mock");
    await expect(nav.getByRole("link", { name: "Для компаний" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Помощь" })).toHaveAttribute("href", "/faq");
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("banner").getByRole("link", { name: "Регистрация" })).toHaveAttribute("href", "/sign-up");
    // No mode switch and no tab bar for a guest on a desktop.
    await expect(page.getByRole("group", { name: "Режим" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Разделы", exact: true })).toBeHidden();
    await shot(page, testInfo, "header-guest");

    // From another page, an anchor of / opens the landing and brings the block into view.
    await nav.getByRole("link", { name: "Индустрии" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/#industries`);
    await expect(page.locator("#industries")).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // A plain navigation starts at the top.
    await page.getByRole("contentinfo").getByRole("link", { name: "Для компаний" }).click();
    await expect(page).toHaveURL(/\/mock$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The logo leads home.
    await page.getByRole("banner").getByRole("link", { name: "Экспертная биржа — на главную" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("a signed-in user's menus follow the mode; the switch leads where the mode belongs", async ({ page, api }, testInfo) => {
    const person = await signedInCustomer(page, api, testInfo, "menus", { name: "Ольга", lastName: "Смирнова" });
    const nav = mainNav(page);
    const modeSwitch = page.getByRole("banner").getByRole("group", { name: "Режим" });
    // Sign-in sets customer mode (spec 1 §2).
    await expect.poll(() => linkNames(nav)).toEqual(["Профиль", "Создать заявку", "Отклики и проекты", "Помощь"]);
    await expect(nav.getByRole("link", { name: "Профиль" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Отклики и проекты" })).toHaveAttribute("href", "/projects/request");
    await expect(modeSwitch.getByRole("button", { name: "Заказчик" })).toHaveAttribute("aria-pressed", "true");
    await expect(modeSwitch.getByRole("button", { name: "Эксперт" })).toHaveAttribute("aria-pressed", "false");
    // Today there are no requests or responses: nothing is new.
    await expect(nav.getByText("new", { exact: true })).toHaveCount(0);
    await shot(page, testInfo, "header-customer");
    // The narrowest desktop layout (992 px) keeps the whole header on one line.
    await page.setViewportSize({ width: 992, height: 800 });
    await expect(nav).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await page.locator(".header__inner").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, testInfo, "header-customer-992", { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    // On the profile page, expert mode stays on the profile; the menu becomes the expert's.
    await modeSwitch.getByRole("button", { name: "Эксперт" }).click();
    await expect(page).toHaveURL(/\/profile\/information$/);
    await waitForIdle(page);
    await expect(modeSwitch.getByRole("button", { name: "Эксперт" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => linkNames(nav)).toEqual(["Профиль", "Заявки и отклики", "Помощь"]);
    await expect(nav.getByRole("link", { name: "Заявки и отклики" })).toHaveAttribute("href", "/projects/response");
    await shot(page, testInfo, "header-expert");
    // The mode is kept on the device.
    await page.reload();
    await expect.poll(() => linkNames(nav)).toEqual(["Профиль", "Заявки и отклики", "Помощь"]);

    // On the profile page, customer mode goes to the request page; there, expert mode goes back to the profile.
    await modeSwitch.getByRole("button", { name: "Заказчик" }).click();
    await expect(page).toHaveURL(/\/request-add$/);
    await expect(nav.getByRole("link", { name: "Создать заявку" })).toHaveAttribute("aria-current", "page");
    await modeSwitch.getByRole("button", { name: "Эксперт" }).click();
    await expect(page).toHaveURL(/\/profile\/information$/);

    // Elsewhere the page stays; on the my-projects pages each mode has its list.
    await page.goto("/community/alumni");
    await modeSwitch.getByRole("button", { name: "Заказчик" }).click();
    await expect(page).toHaveURL(/\/community\/alumni$/);
    await waitForIdle(page);
    await expect.poll(() => linkNames(nav)).toEqual(["Профиль", "Создать заявку", "Отклики и проекты", "Помощь"]);
    await nav.getByRole("link", { name: "Отклики и проекты" }).click();
    await expect(page).toHaveURL(/\/projects\/request$/);
    await expect(nav.getByRole("link", { name: "Отклики и проекты" })).toHaveAttribute("aria-current", "page");
    await modeSwitch.getByRole("button", { name: "Эксперт" }).click();
    await expect(page).toHaveURL(/\/projects\/response$/);
    await expect(nav.getByRole("link", { name: "Заявки и отклики" })).toHaveAttribute("aria-current", "page");

    // The landing page keeps its marketing links for a signed-in user too.
    await page.goto("/");
    await expect.poll(() => linkNames(nav)).toEqual(["Почему мы", "Индустрии", "Для компаний", "Помощь"]);

    // Signing in again starts in customer mode (the device is in expert mode since the projects step).
    await page.goto("/profile/information");
    await expect(modeSwitch.getByRole("button", { name: "Эксперт" })).toHaveAttribute("aria-pressed", "true");
    await signOut(page);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/profile\/information$/);
    await expect(modeSwitch.getByRole("button", { name: "Заказчик" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => linkNames(nav)).toEqual(["Профиль", "Создать заявку", "Отклики и проекты", "Помощь"]);
  });

  test("the avatar dropdown: initials, profile, settings, sign out; Esc and a click outside close it", async ({ page, api }, testInfo) => {
    await signedInCustomer(page, api, testInfo, "avatar", { name: "Григорий", lastName: "Лебедев" });
    const avatar = page.getByLabel("Меню пользователя", { exact: true });
    await expect(avatar).toHaveText("ГЛ");
    await expect(avatar).toHaveAttribute("aria-expanded", "false");
    await avatar.click();
    await expect(avatar).toHaveAttribute("aria-expanded", "true");
    const list = page.locator("#avatar-menu-list");
    await expect(list.getByRole("link", { name: "Профиль" })).toHaveAttribute("aria-current", "page");
    await expect(list.getByRole("link", { name: "Настройки" })).toBeVisible();
    await expect(list.getByRole("button", { name: "Выйти" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Консоль оператора" })).toHaveCount(0);
    await shot(page, testInfo, "avatar-menu", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(avatar).toHaveAttribute("aria-expanded", "false");
    await expect(avatar).toBeFocused();
    // Keyboard: Enter opens it, Tab walks its links.
    await page.keyboard.press("Enter");
    await expect(list).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(list.getByRole("link", { name: "Профиль" })).toBeFocused();
    await page.mouse.click(10, 400);
    await expect(list).toBeHidden();
    // Settings through the menu, then sign out.
    await avatar.click();
    await list.getByRole("link", { name: "Настройки" }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(list).toBeHidden();
    await expectNoHorizontalScroll(page);
    await signOut(page);
  });
});
