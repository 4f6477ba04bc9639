import { join } from "node:path";
import { expect, expectNoHorizontalScroll, SCREENS_DIR, shot, test } from "./fixtures";
import { linkNames, signedInCustomer, swipeDown } from "./shell-helpers";

// The mobile layout (< 992 px): bottom tab bar, slide menu, the guests' sign-in prompt.
test.describe("mobile navigation @mobile", () => {
  test("a guest's tab bar prompts to sign in or register for projects and communities", async ({ page }, testInfo) => {
    await page.goto("/mock");
    const tabs = page.getByRole("navigation", { name: "Разделы", exact: true });
    await expect(tabs).toBeVisible();
    await expect.poll(() => linkNames(tabs)).toEqual(["Новая заявка", "Мои проекты", "Сообщества", "Профиль"]);
    // The desktop links are hidden; the header keeps the logo, the language, sign-in and the menu button.
    await expect(page.getByRole("navigation", { name: "Основная навигация" })).toBeHidden();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "tabbar-guest");

    await tabs.getByRole("link", { name: "Мои проекты" }).click();
    const prompt = page.getByRole("dialog", { name: "Войдите или зарегистрируйтесь" });
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL(/\/mock$/);
    await shot(page, testInfo, "guest-prompt", { fullPage: false });
    await prompt.getByRole("link", { name: "Войти" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprojects%2Frequest$/);
    await expect(prompt).toBeHidden();

    await tabs.getByRole("link", { name: "Сообщества" }).click();
    await expect(prompt).toBeVisible();
    // A screen reader hears its text with its title; focus starts on its first action, not on the cross.
    await expect(prompt).toHaveAccessibleDescription("Раздел доступен после входа в аккаунт.");
    await expect(prompt.getByRole("link", { name: "Зарегистрироваться" })).toBeFocused();
    // Esc closes it and gives focus back to the tab that opened it; the register action starts registration.
    await page.keyboard.press("Escape");
    await expect(prompt).toBeHidden();
    await expect(tabs.getByRole("link", { name: "Сообщества" })).toBeFocused();
    await tabs.getByRole("link", { name: "Сообщества" }).click();
    await prompt.getByRole("link", { name: "Зарегистрироваться" }).click();
    await expect(page).toHaveURL(/\/sign-up\?role=customer$/);

    // A new request and the profile lead to their pages, whose guard sends a guest to sign in.
    await tabs.getByRole("link", { name: "Профиль" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%2Finformation$/);
  });

  test("a guest's slide menu: marketing links, a start button for the mode; Esc and a swipe down close it", async ({ page }, testInfo) => {
    await page.goto("/mock");
    const burger = page.getByRole("button", { name: "Меню", exact: true });
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    await expect(menu).toBeVisible();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect.poll(() => linkNames(menu.getByRole("navigation"))).toEqual(["Почему мы", "Индустрии", "Для компаний", "Помощь"]);
    await expect(menu.getByRole("link", { name: "Начать работу" })).toHaveAttribute("href", "/sign-up?role=customer");
    await expect(menu.getByRole("link", { name: "Войти" })).toBeVisible();
    await shot(page, testInfo, "slide-menu-guest", { fullPage: false });

    // Esc closes it and gives the focus back to the menu button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(burger).toBeFocused();

    // A short swipe does not close it; one of more than 50 px does.
    await burger.click();
    await expect(menu).toBeVisible();
    // Measured once the sheet has slid in: a box taken mid-animation puts the touch below its top edge.
    await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await menu.boundingBox())!;
    await swipeDown(page, box.x + box.width / 2, box.y + 12, 30);
    await expect(menu).toBeVisible();
    await swipeDown(page, box.x + box.width / 2, box.y + 12, 120);
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");

    // Expert mode: the start button offers expertise, the tab bar is the expert's.
    await burger.click();
    await menu.getByRole("button", { name: "Эксперт" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/mock$/);
    const tabs = page.getByRole("navigation", { name: "Разделы", exact: true });
    await expect.poll(() => linkNames(tabs)).toEqual(["Заявки", "Сообщества", "Профиль"]);
    await burger.click();
    await expect(menu.getByRole("button", { name: "Эксперт" })).toHaveAttribute("aria-pressed", "true");
    await expect(menu.getByRole("link", { name: "Предложить экспертизу" })).toHaveAttribute("href", "/sign-up?role=expert");
    await shot(page, testInfo, "slide-menu-guest-expert", { fullPage: false });
    await menu.getByRole("link", { name: "Предложить экспертизу" }).click();
    await expect(page).toHaveURL(/\/sign-up\?role=expert$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("radio", { name: "Стать экспертом" })).toBeChecked();

    // A guest tapping requests gets the prompt too.
    await tabs.getByRole("link", { name: "Заявки" }).click();
    await expect(page.getByRole("dialog", { name: "Войдите или зарегистрируйтесь" })).toBeVisible();
  });

  test("a signed-in user's tab bar and slide menu follow the mode", async ({ page, api }, testInfo) => {
    await signedInCustomer(page, api, testInfo, "mobilemenu");
    const tabs = page.getByRole("navigation", { name: "Разделы", exact: true });
    await expect.poll(() => linkNames(tabs)).toEqual(["Новая заявка", "Мои проекты", "Сообщества", "Профиль"]);
    // Every label is whole at 375 px (on two lines where one does not fit), none cut short.
    const cut = await tabs.locator(".tabbar__label").evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut).toEqual([]);
    await tabs.screenshot({ path: join(SCREENS_DIR, `${testInfo.project.name}-tabbar-customer-labels.png`) });
    await expect(tabs.getByRole("link", { name: "Профиль" })).toHaveAttribute("aria-current", "page");
    // The profile page has its own switch on a phone, under the header.
    const pageSwitch = page.getByRole("banner").getByRole("group", { name: "Режим" });
    await expect(pageSwitch.getByRole("button", { name: "Заказчик" })).toHaveAttribute("aria-pressed", "true");
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "tabbar-customer");

    await tabs.getByRole("link", { name: "Мои проекты" }).click();
    await expect(page).toHaveURL(/\/projects\/request$/);
    await expect(tabs.getByRole("link", { name: "Мои проекты" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Сообщества" }).click();
    await expect(page).toHaveURL(/\/community\/industry-functions$/);
    await expect(tabs.getByRole("link", { name: "Сообщества" })).toHaveAttribute("aria-current", "page");

    const burger = page.getByRole("button", { name: "Меню", exact: true });
    await burger.click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    await expect.poll(() => linkNames(menu.getByRole("navigation"))).toEqual(["Профиль", "Создать заявку", "Отклики и проекты", "Сообщества", "Настройки", "Помощь"]);
    await expect(menu.getByRole("link", { name: "Сообщества" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("button", { name: "Выйти" })).toBeVisible();
    await shot(page, testInfo, "slide-menu-customer", { fullPage: false });
    await menu.getByRole("link", { name: "Настройки" }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(menu).toBeHidden();

    // Switching on the request page: expert mode goes to the profile, and the menus are the expert's.
    await tabs.getByRole("link", { name: "Новая заявка" }).click();
    await expect(page).toHaveURL(/\/request-add$/);
    await page.getByRole("banner").getByRole("group", { name: "Режим" }).getByRole("button", { name: "Эксперт" }).click();
    await expect(page).toHaveURL(/\/profile\/information$/);
    await expect.poll(() => linkNames(tabs)).toEqual(["Заявки", "Сообщества", "Профиль"]);
    await burger.click();
    await expect.poll(() => linkNames(menu.getByRole("navigation"))).toEqual(["Профиль", "Заявки и отклики", "Мои услуги", "Сообщества", "Настройки", "Помощь"]);
    await shot(page, testInfo, "slide-menu-expert", { fullPage: false });
    await menu.getByRole("link", { name: "Мои услуги" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await tabs.getByRole("link", { name: "Заявки" }).click();
    await expect(page).toHaveURL(/\/projects\/response$/);

    // Sign out from the slide menu goes home.
    await burger.click();
    await menu.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
  });
});
