import { createCustomer, expect, isMobile, mailsTo, newPerson, type Person, shot, test } from "./fixtures";
import type { Page } from "@playwright/test";

async function fillContacts(page: Page, person: Person) {
  await page.getByLabel("Имя", { exact: true }).fill(person.name);
  await page.getByLabel("Фамилия").fill(person.lastName);
  await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await page.getByLabel("Телефон").fill(person.phone);
}

/** Mobile: from step 1 to the password step as a customer (skipping the expert offer). */
async function toPasswordStep(page: Page, mobile: boolean) {
  if (!mobile) return;
  await page.getByRole("button", { name: "Далее" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Пропустить" }).click();
  await expect(page.getByText("Шаг 2 из 2")).toBeVisible();
}

const fieldOf = (page: Page, name: string) => page.locator(".field", { has: page.locator(`input[name="${name}"]`) });

test.describe("registration errors", () => {
  test("a wrong password shows its message next to the field", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "badpass");
    await page.goto("/sign-up");
    await fillContacts(page, person);
    await toPasswordStep(page, isMobile(testInfo));
    const password = page.getByLabel("Пароль", { exact: true });
    await password.fill("password1");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(fieldOf(page, "password").locator(".field__error")).toHaveText("Пароль должен содержать хотя бы одну заглавную букву");
    await expect(password).toBeFocused();
    await shot(page, testInfo, "sign-up-bad-password");
    await password.fill("Pass1");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(fieldOf(page, "password").locator(".field__error")).toHaveText("Пароль должен содержать не менее 8 символов");
    await expect(page).toHaveURL(/\/sign-up$/);
    expect(await mailsTo(page.request, person.email)).toHaveLength(0);
    // Corrected at once, the form goes through (a refused press does not lock the button).
    await password.fill(person.password);
    await expect(fieldOf(page, "password").locator(".field__error")).toBeHidden();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page).toHaveURL(/\/profile\/information$/);
  });

  test("an empty contact field is named next to it", async ({ page }, testInfo) => {
    await page.goto("/sign-up");
    await page.getByLabel("Фамилия").fill("Иванова");
    if (isMobile(testInfo)) await page.getByRole("button", { name: "Далее" }).click();
    else await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(fieldOf(page, "name").locator(".field__error")).toHaveText("Имя обязательно для заполнения");
    await expect(page.getByLabel("Имя", { exact: true })).toBeFocused();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByLabel("Имя", { exact: true }).fill("Мария");
    await expect(fieldOf(page, "name").locator(".field__error")).toBeHidden();
  });

  test("an e-mail that already has an account offers to sign in", async ({ page, api, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 422/);
    const existing = await createCustomer(api, newPerson(testInfo, "taken"));
    await page.goto("/sign-up");
    await fillContacts(page, { ...newPerson(testInfo, "taken2"), email: existing.email });
    await toPasswordStep(page, isMobile(testInfo));
    await page.getByLabel("Пароль", { exact: true }).fill("Other_Pass2");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    const alert = page.getByRole("dialog", { name: "Произошла ошибка" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Пользователь с таким e-mail уже зарегистрирован");
    await shot(page, testInfo, "sign-up-user-exists");
    await alert.getByRole("link", { name: "Авторизоваться" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
  });

  test("a text file named .pdf is refused by the server and no account is created", async ({ page, api, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 422/);
    const person = newPerson(testInfo, "badfile");
    await page.goto("/sign-up");
    await page.getByRole("radio", { name: "Стать экспертом" }).check();
    await fillContacts(page, person);
    if (isMobile(testInfo)) await page.getByRole("button", { name: "Далее" }).click();
    await page.getByRole("group", { name: "Индустрии" }).getByRole("checkbox", { name: "Финтех", exact: true }).check();
    await page.getByRole("textbox", { name: "Своя функция" }).fill("Проверка файлов");
    await page.getByRole("button", { name: "Добавить" }).click();
    // The name passes the browser's check; only the server, reading the bytes, can tell.
    await page.getByLabel("Резюме").setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.from("Это не PDF, а обычный текст.\n") });
    // It goes straight to storage (its name passes the page's check too) and waits there for the form.
    const resumeField = page.locator(".field", { has: page.locator("#resume") });
    await expect(resumeField.locator('[data-upload-status="done"]')).toBeVisible();
    await expect(resumeField.locator(".field__error")).toBeHidden();
    if (isMobile(testInfo)) await page.getByRole("button", { name: "Далее" }).click();
    await page.getByLabel("Пароль", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();

    const error = resumeField.locator(":scope > .field__error");
    await expect(error).toHaveText("Неверный тип файла");
    await expect(error).toBeVisible();
    // The refused file is marked so, and its id is no longer sent with the form.
    const refused = resumeField.locator('[data-upload-status="error"]');
    await expect(refused).toContainText("resume.pdf");
    await expect(refused).toContainText("Неверный тип файла");
    await expect(resumeField.locator('input[name="uploads[]"]')).toHaveCount(0);
    if (isMobile(testInfo)) await expect(page.getByText("Шаг 2 из 3")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);
    await shot(page, testInfo, "sign-up-bad-file");

    // No account: signing in fails and no mail went out.
    const login = await api.post("/api/login", { data: { email: person.email, password: person.password } });
    expect(login.status()).toBe(422);
    expect(await mailsTo(api, person.email)).toHaveLength(0);
  });
});
