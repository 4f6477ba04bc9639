import { expect, expectNoHorizontalScroll, isMobile, newPerson, shot, signIn, test, verificationPath } from "./fixtures";

test.describe("registration as a customer", () => {
  test("registers, lands on the unverified profile, confirms the e-mail and reaches guarded pages", async ({ page, api }, testInfo) => {
    const person = newPerson(testInfo, "customer");
    await page.goto("/sign-up");
    await expect(page.getByRole("heading", { level: 1, name: "Регистрация" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Ищу эксперта" })).toBeChecked();

    if (isMobile(testInfo)) {
      // spec 1 §2: the mobile wizard; a customer has two steps (contacts, password) and 5 fields to fill.
      await expect(page.getByText("Шаг 1 из 2")).toBeVisible();
      await expect(page.getByText("Заполнено 0 из 5")).toBeVisible();
      await expect(page.getByLabel("Пароль", { exact: true })).toBeHidden();
      await page.getByLabel("Имя", { exact: true }).fill(person.name);
      await page.getByLabel("Фамилия").fill(person.lastName);
      await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
      await page.getByLabel("Телефон").fill(person.phone);
      await expect(page.getByText("Заполнено 4 из 5")).toBeVisible();
      await expect(page.getByRole("button", { name: "Зарегистрироваться" })).toBeHidden();
      await shot(page, testInfo, "sign-up-customer-step1");
      await page.getByRole("button", { name: "Далее" }).click();

      const modal = page.getByRole("dialog", { name: "Хотите получать проекты в роли эксперта?" });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole("button", { name: "Заполнить" })).toBeVisible();
      await shot(page, testInfo, "sign-up-customer-expert-modal");
      await modal.getByRole("button", { name: "Пропустить" }).click();
      await expect(modal).toBeHidden();

      await expect(page.getByText("Шаг 2 из 2")).toBeVisible();
      await expect(page.getByLabel("Имя", { exact: true })).toBeHidden();
      await page.getByLabel("Пароль", { exact: true }).fill(person.password);
      await expect(page.getByText("Заполнено 5 из 5")).toBeVisible();
      await expect(page.getByRole("button", { name: "Далее" })).toBeHidden();
      await page.getByRole("button", { name: "Назад" }).click();
      await expect(page.getByText("Шаг 1 из 2")).toBeVisible();
      await expect(page.getByLabel("Имя", { exact: true })).toHaveValue(person.name);
      await page.getByRole("button", { name: "Далее" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Пропустить" }).click();
      await expect(page.getByText("Шаг 2 из 2")).toBeVisible();
      await shot(page, testInfo, "sign-up-customer-step2");
    } else {
      // Desktop: one form, no step counter.
      await expect(page.getByText(/Шаг \d из \d/)).toBeHidden();
      await expect(page.getByRole("button", { name: "Далее" })).toBeHidden();
      await page.getByLabel("Имя", { exact: true }).fill(person.name);
      await page.getByLabel("Фамилия").fill(person.lastName);
      await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
      await page.getByLabel("Телефон").fill(person.phone);
      await page.getByLabel("Пароль", { exact: true }).fill(person.password);
      await expect(page.getByText("Заполнено 5 из 5")).toBeVisible();
      await shot(page, testInfo, "sign-up-customer-form");
    }
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();

    await expect(page).toHaveURL(/\/profile\/information$/);
    await expect(page.getByRole("heading", { level: 1, name: `${person.name} ${person.lastName}` })).toBeVisible();
    await expect(page.getByText("E-mail не подтверждён. Проверьте почту или отправьте письмо ещё раз.")).toBeVisible();
    // The profile's contacts (spec 2) hold the address in its field.
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(person.email);
    await shot(page, testInfo, "profile-unverified");

    // Unverified: the guarded pages send to VerifyMock.
    await page.goto("/profile/settings");
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { name: "Подтвердите e-mail" })).toBeVisible();

    await page.goto(await verificationPath(api, person.email));
    await expect(page.getByText("E-mail подтверждён. Спасибо!")).toBeVisible();
    await shot(page, testInfo, "email-verified");

    await page.goto("/profile/settings");
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Настройки" })).toBeVisible();
    await page.goto("/profile/information");
    await expect(page.getByText("E-mail не подтверждён", { exact: false })).toBeHidden();
  });

  test("what is typed before the scripts load is kept", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "early");
    // Hold the page's scripts back until the contact fields are filled (a slow connection).
    let release!: () => void;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto("/sign-up", { waitUntil: "commit" });
    await page.getByLabel("Имя", { exact: true }).fill(person.name);
    await page.getByLabel("Фамилия").fill(person.lastName);
    await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
    await page.getByLabel("Телефон").fill(person.phone);
    await expect(page.locator("form.wizard")).not.toHaveClass(/\bjs\b/);
    release();
    await expect(page.locator("form.wizard")).toHaveClass(/\bjs\b/);
    await expect(page.getByText("Заполнено 4 из 5")).toBeVisible();
    await expect(page.getByLabel("Имя", { exact: true })).toHaveValue(person.name);
    await expect(page.getByLabel("Телефон")).toHaveValue(person.phone);
  });

  test("a verification link works only once: opened again it says the address is confirmed, and a dead one leads to a new link", async ({ page, api, consoleErrors }, testInfo) => {
    const person = newPerson(testInfo, "once");
    const res = await api.post("/api/register", {
      multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "0" },
    });
    expect(res.status()).toBe(201);
    const path = await verificationPath(api, person.email);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/verify$/);
    await page.goto(path);
    await expect(page.getByText("E-mail подтверждён. Спасибо!")).toBeVisible();
    consoleErrors.allow(/status of 4\d\d/);
    await page.goto(path);
    await expect(page.getByText("E-mail уже подтверждён.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Перейти в профиль" })).toHaveAttribute("href", "/profile/information");
    // An unconfirmed account's own dead link: the way on is /verify, which mails a new one.
    const other = newPerson(testInfo, "dead");
    const reg = await api.post("/api/register", {
      multipart: { name: other.name, lastName: other.lastName, email: other.email, phone: other.phone, password: other.password, is_expert: "0" },
    });
    expect(reg.status()).toBe(201);
    await page.context().clearCookies();
    await signIn(page, other.email, other.password);
    await expect(page).toHaveURL(/\/verify$/);
    await page.goto(path);
    await expect(page.getByText("Ссылка недействительна или устарела")).toBeVisible();
    await page.getByRole("link", { name: "Получить новую ссылку" }).click();
    await expect(page).toHaveURL(/\/verify$/);
  });
});
