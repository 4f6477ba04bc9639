import { expect, expectNoHorizontalScroll, shot, test } from "./fixtures";
import { signedInCustomer } from "./shell-helpers";

// The placeholder sections of the menus and their access rule (spec 1 §2): guests go to sign-in with
// the way back, unverified users to /verify, verified users see the page.
const ROUTES = [
  { path: "/projects/response", lands: "/projects/response", heading: "Мои проекты", built: true },
  // Built sections (no longer placeholders) keep the same access rule.
  { path: "/projects", lands: "/projects/request", heading: "Мои проекты", built: true },
  { path: "/projects/request", lands: "/projects/request", heading: "Мои проекты", built: true },
  { path: "/services", lands: "/services", heading: "Мои услуги", built: true },
  { path: "/community", lands: "/community/industry-functions", heading: "Сообщества", built: true },
  { path: "/community/industry-functions", lands: "/community/industry-functions", heading: "Сообщества", built: true },
  { path: "/community/functions", lands: "/community/functions", heading: "Сообщества", built: true },
  { path: "/community/alumni", lands: "/community/alumni", heading: "Сообщества", built: true },
] as const;

const url = (path: string) => new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`);

test.describe("placeholder sections: who may open them", () => {
  test("a guest is sent to sign in, and comes back after it", async ({ page }) => {
    for (const r of ROUTES) {
      await page.goto(r.path);
      await expect(page, r.path).toHaveURL(url(`/auth?redirectTo=${encodeURIComponent(r.path)}`));
    }
  });

  test("an unverified user is sent to /verify", async ({ page, api }, testInfo) => {
    await signedInCustomer(page, api, testInfo, "unverified", { verified: false });
    for (const r of ROUTES) {
      await page.goto(r.path);
      await expect(page, r.path).toHaveURL(url("/verify"));
    }
  });

  test("a verified user sees each section, marked as in development, without sideways scrolling", async ({ page, api }, testInfo) => {
    await signedInCustomer(page, api, testInfo, "verified");
    for (const r of ROUTES) {
      await page.goto(r.path);
      await expect(page, r.path).toHaveURL(url(r.lands));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: r.heading, exact: true })).toBeVisible();
      if (!("built" in r)) {
        await expect(main.getByText("В разработке", { exact: true })).toBeVisible();
        await expect(main.getByText(/^Раздел в разработке/)).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
      if (r.path === r.lands) await shot(page, testInfo, `section${r.path.replace(/\//g, "-")}`);
    }
    // The other signed-in pages the menus lead to fit the width too.
    for (const path of ["/profile/information", "/profile/settings", "/request-add"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    // The section tabs mark the current page.
    await page.goto("/community/functions");
    const tabs = page.getByRole("main").getByRole("navigation", { name: "Сообщества" });
    await expect(tabs.getByRole("link", { name: "Функции", exact: true })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Выпускники" }).click();
    await expect(page).toHaveURL(/\/community\/alumni$/);
    await expect(tabs.getByRole("link", { name: "Выпускники" })).toHaveAttribute("aria-current", "page");
  });

  test("after signing in, a guest lands on the section asked for", async ({ page, api }, testInfo) => {
    const person = await signedInCustomer(page, api, testInfo, "comeback");
    await page.getByLabel("Меню пользователя").click();
    await page.getByRole("button", { name: "Выйти", exact: true }).first().click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    await page.goto("/community/functions");
    await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
    await page.getByLabel("Пароль", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(page).toHaveURL(/\/community\/functions$/);
  });
});
