import { createCustomer, expect, expectNoHorizontalScroll, newPerson, shot, signIn, signOut, test, verificationPath } from "./fixtures";

test.describe("sign-in and sign-out", () => {
  test("an unverified user goes to /verify, a verified one to the profile; sign-out goes home", async ({ page, api }, testInfo) => {
    const person = await createCustomer(api, newPerson(testInfo, "signin", { name: "Анна", lastName: "Белова" }));

    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { level: 1, name: "Подтвердите e-mail" })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByLabel("Меню пользователя")).toHaveText("АБ");
    // A long address wraps inside the card.
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "verify-mock");
    // /profile/information is open to unverified users (spec 1 §2).
    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { level: 1, name: "Анна Белова" })).toBeVisible();
    // The request page sends him on to the verification placeholder (spec 3 §2).
    await page.goto("/request-add");
    await expect(page).toHaveURL(/\/verify$/);
    await signOut(page);
    await page.goto("/profile/information");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%2Finformation$/);

    // The mailed link confirms only in the account's own session (decision 0055): signed out, it asks to
    // sign in, then comes back and confirms.
    const link = await verificationPath(api, person.email);
    await page.goto(link);
    await expect(page.getByText("Войдите в аккаунт, который подтверждаете")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Войти" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Femail%2Fverify/);
    await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
    await page.getByLabel("Пароль", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(page.getByText("E-mail подтверждён. Спасибо!")).toBeVisible();

    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { level: 1, name: "Анна Белова" })).toBeVisible();
    // A signed-in user opening /auth goes to the profile; a customer opening /sign-up to a new request.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/profile\/information$/);
    await page.goto("/sign-up");
    await expect(page).toHaveURL(/\/request-add$/);
    await signOut(page);
  });

  test("a wrong password shows 'Неверный e-mail или пароль' under the password field", async ({ page, api, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 422/);
    const person = await createCustomer(api, newPerson(testInfo, "wrongpass"));
    await signIn(page, person.email, "Wrong_Pass9");
    const password = page.getByLabel("Пароль", { exact: true });
    const field = page.locator(".field", { has: page.locator('input[name="password"]') });
    await expect(field.locator(".field__error")).toHaveText("Неверный e-mail или пароль");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth$/);
    await shot(page, testInfo, "auth-wrong-password");
    // An unknown address gets the same answer (no account enumeration).
    await signIn(page, `nobody.${person.email}`, "Wrong_Pass9");
    await expect(field.locator(".field__error")).toHaveText("Неверный e-mail или пароль");
  });

  test("an empty or malformed form names its fields in the spec's words", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    const fieldError = (name: string) => page.locator(".field", { has: page.locator(`input[name="${name}"]`) }).locator(".field__error");
    await expect(fieldError("email")).toHaveText("E-mail обязателен");
    await expect(fieldError("password")).toHaveText("пароль обязателен");
    await expect(page.getByRole("textbox", { name: "E-mail" })).toBeFocused();
    await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-address");
    await expect(fieldError("email")).toHaveText("некорректный E-mail");
    await page.getByRole("textbox", { name: "E-mail" }).fill("someone@example.ru");
    await expect(fieldError("email")).toBeHidden();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a redirectTo is honoured after sign-in", async ({ page, api }, testInfo) => {
    const person = await createCustomer(api, newPerson(testInfo, "redirect"), { verified: true });
    await page.goto("/profile/settings");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
    await page.getByLabel("Пароль", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
  });
});
