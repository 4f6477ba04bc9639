import { expect, shot, test } from "./fixtures";
import { apiToken, signedInCustomer } from "./shell-helpers";

type Storage = { tgpopup: { close: string | null; action: string | null }; promo: { show: boolean; interval_minutes: number } };

test.describe("the promo block", () => {
  test("shows on the profile and the projects pages, hides when closed, comes back after the interval", async ({ page, api }, testInfo) => {
    const person = await signedInCustomer(page, api, testInfo, "promo");
    const token = await apiToken(api, person);
    const auth = { Authorization: `Bearer ${token}` };
    const storage = async () => (await (await api.get("/api/client/storage", { headers: auth })).json()) as Storage;
    const promo = page.getByRole("complementary", { name: "Новости сервиса в Telegram" });

    await expect(promo).toBeVisible();
    await expect(promo.getByRole("link", { name: /^Подписаться/ })).toHaveAttribute("href", "/api/redirect/tg");
    await expect(promo.getByRole("link", { name: /^Подписаться/ })).toHaveAttribute("target", "_blank");
    await shot(page, testInfo, "promo-profile");
    await page.goto("/projects/request");
    await expect(promo).toBeVisible();
    // Only there: not on the other pages.
    await page.goto("/profile/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Настройки" })).toBeVisible();
    await expect(promo).toHaveCount(0);

    await page.goto("/profile/information");
    await promo.getByRole("button", { name: "Скрыть предложение" }).click();
    await expect(promo).toHaveCount(0);
    await expect.poll(async () => (await storage()).tgpopup.close).not.toBeNull();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(promo).toHaveCount(0);
    await page.goto("/projects/response");
    await expect(promo).toHaveCount(0);

    // The interval (an operator setting, a day by default) passes: the close moves into the past.
    const { promo: settings } = await storage();
    const past = new Date(Date.now() - (settings.interval_minutes + 1) * 60_000).toISOString();
    const res = await api.post("/api/client/storage", { headers: auth, data: { tgpopup: { close: past } } });
    expect(res.ok(), await res.text()).toBeTruthy();
    await page.goto("/profile/information");
    await expect(promo).toBeVisible();
  });

  test("acting on it opens the channel in a new tab and hides it for good", async ({ page, api, context }, testInfo) => {
    // The channel is outside: answer for it here.
    await context.route(/^https:\/\/t\.me\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Канал</title><link rel=icon href=data:,>" }));
    const person = await signedInCustomer(page, api, testInfo, "promoact");
    const token = await apiToken(api, person);
    const auth = { Authorization: `Bearer ${token}` };
    const promo = page.getByRole("complementary", { name: "Новости сервиса в Telegram" });
    const [popup] = await Promise.all([page.waitForEvent("popup"), promo.getByRole("link", { name: /^Подписаться/ }).click()]);
    await popup.waitForURL(/^https:\/\/t\.me\/expert_market_bot/);
    await popup.close();
    await expect(promo).toHaveCount(0);
    await expect.poll(async () => ((await (await api.get("/api/client/storage", { headers: auth })).json()) as Storage).tgpopup.action).not.toBeNull();
    // Even with the close far in the past, an acted-on block stays hidden.
    await api.post("/api/client/storage", { headers: auth, data: { tgpopup: { close: "2020-01-01T00:00:00.000Z" } } });
    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(promo).toHaveCount(0);
  });
});
