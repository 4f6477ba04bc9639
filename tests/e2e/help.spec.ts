import { expect, shot, test, type Mail } from "./fixtures";
import { lettersName } from "./shell-helpers";

test.describe("help and support", () => {
  test("the footer opens the support modal with e-mail, phone and messaging links", async ({ page }, testInfo) => {
    await page.goto("/mock");
    await page.getByRole("contentinfo").getByRole("button", { name: "Служба поддержки" }).click();
    const modal = page.getByRole("dialog", { name: "Служба поддержки" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("link", { name: "support@expert-market.ru" })).toHaveAttribute("href", "mailto:support@expert-market.ru");
    await expect(modal.getByRole("link", { name: "+7 (495) 123-45-67" })).toHaveAttribute("href", "tel:+74951234567");
    const telegram = modal.getByRole("link", { name: /^Telegram/ });
    await expect(telegram).toHaveAttribute("href", "https://t.me/expert_market_support");
    await expect(telegram).toHaveAttribute("target", "_blank");
    await expect(modal.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", "https://wa.me/74951234567");
    // The native modal dialog keeps the focus off the page behind it: Tab walks its own controls
    // (and the browser's own UI), never the page.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await modal.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await shot(page, testInfo, "support-modal", { fullPage: false });
    // From here, a callback request.
    await modal.getByRole("button", { name: "Заказать обратный звонок" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Обратный звонок" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Обратный звонок" })).toBeHidden();
  });

  test("the floating help button offers a callback and two chats", async ({ page }, testInfo) => {
    await page.goto("/mock");
    const button = page.getByLabel("Нужна помощь?");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#help-fab-menu");
    await expect(menu.getByRole("button", { name: "Заказать обратный звонок" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /^Чат в Telegram/ })).toHaveAttribute("href", "https://t.me/expert_market_support");
    await expect(menu.getByRole("link", { name: /^Чат в WhatsApp/ })).toHaveAttribute("href", "https://wa.me/74951234567");
    await shot(page, testInfo, "help-button", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await menu.getByRole("button", { name: "Заказать обратный звонок" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Обратный звонок" })).toBeVisible();
  });

  test("the callback form: the spec's messages for bad input, then the request reaches the operators", async ({ page, api, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 422/);
    await page.goto("/mock");
    await page.getByLabel("Нужна помощь?").click();
    await page.locator("#help-fab-menu").getByRole("button", { name: "Заказать обратный звонок" }).click();
    const modal = page.getByRole("dialog", { name: "Обратный звонок" });
    const error = (name: string) => modal.locator(".field", { has: page.locator(`input[name="${name}"]`) }).locator(".field__error");
    const send = modal.getByRole("button", { name: "Отправить" });

    await send.click();
    await expect(error("name")).toHaveText("Имя обязательно для заполнения");
    await expect(error("phone")).toHaveText("Телефон обязателен для заполнения");
    await expect(modal.getByLabel("Имя")).toBeFocused();
    await modal.getByLabel("Имя").fill("Иван2");
    await modal.getByLabel("Телефон").fill("+7 916 555-12-34");
    await send.click();
    await expect(error("name")).toHaveText("Допустимы только буквы (кириллица или латиница) и дефис");

    // A number the browser lets through is refused by the server, in the spec's words.
    const name = lettersName("Звонок");
    await modal.getByLabel("Имя").fill(name);
    await modal.getByLabel("Телефон").fill("123");
    await send.click();
    await expect(error("phone")).toHaveText("Некорректный номер телефона");
    await expect(modal.getByLabel("Телефон")).toHaveAttribute("aria-invalid", "true");
    await shot(page, testInfo, "callback-errors", { fullPage: false });

    await modal.getByLabel("Телефон").fill("+7 916 555-12-34");
    await send.click();
    await expect(modal.getByRole("status")).toHaveText("Заявка на обратный звонок принята. Мы перезвоним вам в ближайшее время");
    // The form is gone with the answer: the focus is on the news that replaced it.
    await expect(modal.getByRole("status")).toBeFocused();
    await shot(page, testInfo, "callback-sent", { fullPage: false });
    await modal.getByRole("button", { name: "Ок" }).click();
    await expect(modal).toBeHidden();

    // The request is stored: the operators are told by e-mail (the local outbox).
    await expect
      .poll(async () => ((await (await api.get("/dev/mail.json")).json()) as Mail[]).some((m) => m.subject === "Заявка на обратный звонок" && m.text.includes(name) && m.text.includes("+7 916 555-12-34")))
      .toBe(true);

    // Opened again, the form is fresh.
    await page.getByLabel("Нужна помощь?").click();
    await page.locator("#help-fab-menu").getByRole("button", { name: "Заказать обратный звонок" }).click();
    await expect(modal.getByLabel("Имя")).toHaveValue("");
  });

  test("a failed callback request shows the server's message in an alert", async ({ page, api, consoleErrors }) => {
    consoleErrors.allow(/status of 429/);
    // Callback requests are limited per address: use them up from this client's address.
    for (let i = 0; i < 5; i++) {
      const res = await api.post("/api/contact", { data: { name: "Пётр", phone: "+7 916 555-12-34" } });
      expect(res.status()).toBe(201);
    }
    await page.goto("/mock");
    await page.getByLabel("Нужна помощь?").click();
    await page.locator("#help-fab-menu").getByRole("button", { name: "Заказать обратный звонок" }).click();
    const modal = page.getByRole("dialog", { name: "Обратный звонок" });
    await modal.getByLabel("Имя").fill("Пётр");
    await modal.getByLabel("Телефон").fill("+7 916 555-12-34");
    await modal.getByRole("button", { name: "Отправить" }).click();
    const alert = page.getByRole("dialog", { name: "Произошла ошибка" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/Слишком много попыток. Повторите через \d+ минут/);
    await alert.getByRole("button", { name: "Ок" }).click();
    await expect(alert).toBeHidden();
    await expect(modal).toBeVisible();
  });
});
