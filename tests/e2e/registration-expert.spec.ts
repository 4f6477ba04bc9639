import { expect, expectNoHorizontalScroll, isMobile, minimalPdf, newPerson, type Person, shot, test } from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";

async function fillContacts(page: Page, person: Person) {
  await page.getByLabel("Имя", { exact: true }).fill(person.name);
  await page.getByLabel("Фамилия").fill(person.lastName);
  await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await page.getByLabel("Телефон").fill(person.phone);
}

/** Industries (2), one function from an opened group, one new function, a PDF resume. */
async function fillExpertise(page: Page, newFunction: string) {
  const industries = page.getByRole("group", { name: "Индустрии" });
  await industries.getByRole("checkbox", { name: "Финтех", exact: true }).check();
  await industries.getByRole("checkbox", { name: "Ритейл", exact: true }).check();
  await expect(industries.getByText("Выбрано: 2")).toBeVisible();

  const functions = page.getByRole("group", { name: "Функции" });
  await expect(functions.getByRole("checkbox", { name: "Стратегия роста" })).toBeHidden();
  await functions.locator("summary", { hasText: /^Стратегия$/ }).click();
  await functions.getByRole("checkbox", { name: "Стратегия роста" }).check();

  // A new function can be taken back before sending.
  await page.getByRole("textbox", { name: "Своя функция" }).fill("Лишняя функция");
  await page.getByRole("button", { name: "Добавить" }).click();
  await functions.getByRole("button", { name: "Удалить: Лишняя функция" }).click();
  await expect(functions.getByText("Лишняя функция")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Своя функция" }).fill(newFunction);
  await page.getByRole("textbox", { name: "Своя функция" }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Своя функция" })).toHaveValue("");
  await expect(functions.getByText(`${newFunction} · На модерации`)).toBeVisible();
  await expect(functions.getByText("Выбрано: 2")).toBeVisible();

  await page.getByLabel("Резюме").setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: minimalPdf("Expert resume") });
  // A guest's resume goes straight to storage (decision 0058), with its progress, before the form is sent.
  const chosen = page.getByRole("list", { name: "Новые файлы" }).getByRole("listitem").filter({ hasText: "resume.pdf" });
  await expect(chosen).toHaveAttribute("data-upload-status", "done");
  await expect(chosen.getByText("Загружен")).toBeVisible();
}

/** Types the password key by key and watches the checklist tick. */
async function typePassword(page: Page, password: string) {
  const field = page.getByLabel("Пароль", { exact: true });
  const item = (text: string) => page.locator(".checklist li", { hasText: text });
  await expect(item("Не менее 8 символов")).toHaveAttribute("data-ok", "false");
  // The person's password starts with a capital letter ("Se…").
  await field.pressSequentially(password.slice(0, 2));
  await expect(item("Хотя бы одна заглавная буква")).toHaveAttribute("data-ok", "true");
  await expect(item("Только латинские буквы")).toHaveAttribute("data-ok", "true");
  await expect(item("Не менее 8 символов")).toHaveAttribute("data-ok", "false");
  await field.pressSequentially("ц");
  await expect(item("Только латинские буквы")).toHaveAttribute("data-ok", "false");
  await field.press("Backspace");
  await field.pressSequentially(password.slice(2));
  for (const text of ["Не менее 8 символов", "Хотя бы одна заглавная буква", "Только латинские буквы"]) await expect(item(text)).toHaveAttribute("data-ok", "true");
  await expect(field).toHaveValue(password);
}

async function expectExpertProfile(page: Page, person: Person, newFunction: string) {
  await expect(page).toHaveURL(/\/profile\/information$/);
  await expect(page.getByRole("heading", { level: 1, name: `${person.name} ${person.lastName}` })).toBeVisible();
  // The profile's project expertise (spec 2): the industries, and the functions given at registration.
  const projects = page.locator("#projects");
  await expect(projects.getByRole("heading", { name: "Финтех" })).toBeVisible();
  await expect(projects.getByRole("heading", { name: "Ритейл" })).toBeVisible();
  const chips = projects.locator(".chip");
  await expect(chips.filter({ hasText: "Стратегия роста" })).toBeVisible();
  await expect(chips.filter({ hasText: newFunction })).toContainText("На модерации");
}

test.describe("registration as an expert", () => {
  test("registers with industries, functions, a new function and a PDF resume", async ({ page }, testInfo: TestInfo) => {
    const person = newPerson(testInfo, "expert", { name: "Олег", lastName: "Петров-Водкин" });
    const newFunction = `Аудит ИТ ${testInfo.project.name}`;
    await page.goto("/sign-up");
    await page.getByRole("radio", { name: "Стать экспертом" }).check();

    if (isMobile(testInfo)) {
      await expect(page.getByText("Шаг 1 из 3")).toBeVisible();
      await expect(page.getByText("Заполнено 0 из 7")).toBeVisible();
      await fillContacts(page, person);
      await expect(page.getByText("Заполнено 4 из 7")).toBeVisible();
      await page.getByRole("button", { name: "Далее" }).click();
      // An expert is not asked whether to become an expert.
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(page.getByText("Шаг 2 из 3")).toBeVisible();
      await expect(page.getByLabel("Имя", { exact: true })).toBeHidden();
      // The step's first field takes the focus: the 'Далее' pressed has gone with step 1.
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest<HTMLElement>("[data-step]")?.dataset.step)).toBe("2");
      await fillExpertise(page, newFunction);
      await expect(page.getByText("Заполнено 6 из 7")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shot(page, testInfo, "sign-up-expert-step2");
      await page.getByRole("button", { name: "Далее" }).click();
      await expect(page.getByText("Шаг 3 из 3")).toBeVisible();
      await expect(page.getByLabel("Пароль", { exact: true })).toBeFocused();
      await typePassword(page, person.password);
      await expect(page.getByText("Заполнено 7 из 7")).toBeVisible();
      await shot(page, testInfo, "sign-up-expert-step3");
    } else {
      await fillContacts(page, person);
      await fillExpertise(page, newFunction);
      await typePassword(page, person.password);
      await expect(page.getByText("Заполнено 7 из 7")).toBeVisible();
      await shot(page, testInfo, "sign-up-expert-form");
    }
    const sent = page.waitForRequest((r) => r.method() === "POST" && /^\/sign-up(\.data)?$/.test(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    // The form carries the upload's id, not the file.
    const body = (await sent).postData() ?? "";
    expect(body).toContain('name="uploads[]"');
    expect(body).not.toContain("%PDF");
    await expectExpertProfile(page, person, newFunction);
    await shot(page, testInfo, "profile-expert");
  });

  // The wizard is the mobile layout: this test runs in the mobile project only (@mobile).
  test("a customer who chooses 'Заполнить' in the wizard continues with the expertise step @mobile", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "fill");
    await page.goto("/sign-up");
    await fillContacts(page, person);
    await page.getByRole("button", { name: "Далее" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Заполнить" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("radio", { name: "Стать экспертом" })).toBeChecked();
    await expect(page.getByText("Шаг 2 из 3")).toBeVisible();
    await expect(page.getByRole("group", { name: "Индустрии" })).toBeVisible();
  });
});
