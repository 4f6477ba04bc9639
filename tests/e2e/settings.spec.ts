import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { BASE_URL, createCustomer, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test, waitForMail, PAGE_JS_BUDGET } from "./fixtures";

// Settings (spec 2 §2 'Settings page', §5, §8; spec README: password change; decision 0017).

const NOT_FOUND = "Ничего не найдено. Обратитесь в службу технической поддержки";

async function signedIn(page: Page, api: APIRequestContext, testInfo: TestInfo, tag: string) {
  const person = await createCustomer(api, newPerson(testInfo, tag), { verified: true });
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  return person;
}

test("changing the password signs the other session out and keeps this one", async ({ page, api, browser, clientIp, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422/);
  const person = await signedIn(page, api, testInfo, "settings");
  const newPassword = "Brand_New9";

  // A second device, signed in too.
  const other = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "CF-Connecting-IP": clientIp } });
  const otherPage = await other.newPage();
  await otherPage.goto("/auth");
  await otherPage.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await otherPage.getByLabel("Пароль", { exact: true }).fill(person.password);
  await otherPage.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(otherPage).toHaveURL(/\/profile\/information$/);

  await page.goto("/profile/settings#privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Настройки" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Профиль" });
  await expect(tabs.getByRole("link")).toHaveText(["Информация", "Рекомендации", "Оценить специалистов", "Настройки"]);
  await expect(tabs.getByRole("link", { name: "Настройки" })).toHaveAttribute("aria-current", "page");
  const privacy = page.locator("#privacy");
  await expect(privacy.getByRole("heading", { level: 2, name: "Смена пароля" })).toBeVisible();

  // The registration's rules, checked as one types.
  await privacy.getByLabel("Текущий пароль").fill("Wrong_Pass1");
  await privacy.getByLabel("Новый пароль").fill("brand");
  await expect(privacy.locator(".checklist li[data-ok=true]")).toHaveCount(1);
  await privacy.getByLabel("Новый пароль").fill(newPassword);
  await expect(privacy.locator(".checklist li[data-ok=true]")).toHaveCount(3);
  await privacy.getByLabel("Повторите пароль").fill(newPassword);
  await privacy.getByRole("button", { name: "Сохранить" }).click();
  await expect(privacy.locator(".field", { has: page.locator('input[name="old_password"]') }).locator(".field__error")).toHaveText("Неверный текущий пароль");

  await privacy.getByLabel("Текущий пароль").fill(person.password);
  await privacy.getByLabel("Новый пароль").fill(newPassword);
  await privacy.getByLabel("Повторите пароль").fill(`${newPassword}x`);
  await privacy.getByRole("button", { name: "Сохранить" }).click();
  await expect(privacy.locator(".field", { has: page.locator('input[name="password_confirmation"]') }).locator(".field__error")).toHaveText("Пароли не совпадают");
  await privacy.getByLabel("Повторите пароль").fill(newPassword);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "settings-password");
  await privacy.getByRole("button", { name: "Сохранить" }).click();
  await expect(privacy.getByRole("status")).toHaveText("Пароль успешно изменен!");
  // The form is made anew with the button that sent it: the message holds the focus.
  await expect(privacy.getByRole("status")).toBeFocused();
  await expect(privacy.getByLabel("Новый пароль")).toHaveValue("");
  await shot(page, testInfo, "settings-password-changed");

  // The other device is signed out; this one is not.
  await otherPage.goto("/profile/settings");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fprofile%2Fsettings$/);
  await other.close();
  await page.reload();
  await expect(page).toHaveURL(/\/profile\/settings(#privacy)?$/);
});

test("'Забыли пароль?' mails a code to the user's own address", async ({ page, api }, testInfo) => {
  const person = await signedIn(page, api, testInfo, "settings-forgot");
  await page.goto("/profile/settings");
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  const modal = page.getByRole("dialog", { name: "Восстановление пароля" });
  await expect(modal.getByRole("textbox", { name: "E-mail" })).toHaveValue(person.email);
  await expect(modal.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("readonly", "");
  await shot(page, testInfo, "settings-forgot-modal", { fullPage: false });
  await modal.getByRole("button", { name: "Отправить код" }).click();
  await expect(page).toHaveURL(new RegExp(`/reset-password\\?email=${encodeURIComponent(person.email).replace(/\./g, "\\.")}$`));
  const mail = await waitForMail(api, person.email, /Код доступа/);
  expect(mail.text).toMatch(/^\s*\d{6}\s*$/m);
});

test("the FAQ on the settings page: search with and without results, and the support modal", async ({ page, api }, testInfo) => {
  await signedIn(page, api, testInfo, "settings-faq");
  await page.goto("/profile/settings");
  const faq = page.locator(".settings-faq");
  await expect(faq.getByRole("heading", { level: 2, name: "Вопросы и ответы" })).toBeVisible();
  const search = faq.getByRole("searchbox", { name: "Поиск по вопросам" });
  await search.fill("  КОМИССИЯ ");
  await expect(faq.getByRole("status")).toHaveText("Найден 1 вопрос");
  await expect(faq.locator("summary")).toHaveCount(1);
  await faq.locator("summary", { hasText: "Какая комиссия у сервиса?" }).click();
  await expect(faq.locator(".faq-item__answer").first()).toBeVisible();
  await shot(page, testInfo, "settings-faq-found");

  await search.fill("квантовая телепортация");
  await expect(faq.getByRole("status")).toContainText(NOT_FOUND);
  await expect(faq.locator("summary")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "settings-faq-not-found");
  await faq.getByRole("status").getByRole("link", { name: "Написать в поддержку" }).click();
  const support = page.getByRole("dialog", { name: "Служба поддержки" });
  await expect(support).toBeVisible();
  await shot(page, testInfo, "settings-support", { fullPage: false });
  await support.getByRole("button", { name: "Закрыть" }).click();
  await expect(support).toBeHidden();

  // The support section's own button opens the same modal.
  await page.getByRole("region", { name: "Служба поддержки" }).getByRole("link", { name: "Написать в поддержку" }).click();
  await expect(support).toBeVisible();
  await support.getByRole("button", { name: "Закрыть" }).click();
  await search.fill("");
  // The page's own content (the shell's header is checked by its own tests).
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the settings and invitation pages stay within the client JavaScript budget @desktop", async ({ page, api }, testInfo) => {
  // As tests/e2e/budget.spec.ts counts: gzip level 6 of every script the page loads, nothing from the cache.
  const { gzipSync } = await import("node:zlib");
  await signedIn(page, api, testInfo, "settings-budget");
  const sizes: Record<string, number> = {};
  for (const path of ["/profile/settings", "/invite/expert", "/invite/company"]) {
    // A page of its own per path (same cookies): no response of a previous page is read after it navigated.
    const tab = await page.context().newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const bodies: Promise<Buffer>[] = [];
    const urls: string[] = [];
    tab.on("response", (res) => void (res.url().endsWith(".js") && urls.push(res.url()) && bodies.push(res.body())));
    await tab.goto(path);
    await tab.waitForLoadState("networkidle");
    const all = await Promise.all(bodies);
    if (process.env.BUDGET_DETAIL) console.log(path, urls.map((u, i) => `${u.split("/").pop()}=${gzipSync(all[i]!, { level: 6 }).length}`).join(" "));
    sizes[path] = all.reduce((sum, b) => sum + gzipSync(b, { level: 6 }).length, 0);
    await cdp.detach();
    await tab.close();
  }
  console.log(Object.entries(sizes).map(([p, n]) => `${p}: ${(n / 1024).toFixed(1)} KB`).join(", "));
  for (const [path, bytes] of Object.entries(sizes)) expect(bytes, `${path} client JS (gzip)`).toBeLessThan(PAGE_JS_BUDGET);
});
