import { readFileSync } from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, newPerson, shot, signIn, test, verifyEmail, type Person } from "./fixtures";

// The resume's proposed work periods open the works modal prefilled (docs/decisions/0015-cases.md).

/** A verified expert (industry 'Страхование', function 'Корпоративная стратегия'), signed in through the page. */
async function signedInExpert(page: Page, api: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Person> {
  const person = newPerson(testInfo, tag, { name: "Игорь", lastName: "Волков" });
  const res = await api.post("/api/register", {
    multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "1", "industry[0]": "2", "option[0]": "100" },
  });
  expect(res.status(), await res.text()).toBe(201);
  await verifyEmail(api, person.email, ((await res.json()) as { token: string }).token);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  return person;
}

test("a work period found in the resume opens the works modal with its company and dates, and is marked once added", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  await signedInExpert(page, api, testInfo, "resume-works");
  const banner = page.getByTestId("resume-banner");
  await banner.getByLabel("Файл резюме").setInputFiles({ name: "Волков.pdf", mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/resume-ru.pdf") });
  await banner.getByRole("button", { name: "Загрузить резюме" }).click();
  await banner.getByRole("button", { name: "Заполнить профиль за меня" }).click();
  await expect(banner.getByRole("heading", { name: "Резюме обработано" })).toBeVisible();

  const company = "ООО «Северсталь Консалтинг»";
  await expect(banner.getByText(`${company}: 01.2018 – по настоящее время`)).toBeVisible();
  await banner.getByRole("button", { name: `Добавить в опыт работы: ${company}` }).click();

  const work = page.getByRole("dialog", { name: "Добавить место работы", exact: true });
  await expect(work).toBeVisible();
  await expect(work.getByText(company, { exact: true })).toBeVisible();
  await expect(work.getByLabel("Начало работы")).toHaveValue("2018.01.01");
  await expect(work.getByRole("switch", { name: "Работаю сейчас" })).toBeChecked();
  await expect(work.getByLabel("Окончание работы")).toHaveCount(0);
  await shot(page, testInfo, "resume-work-prefilled", { fullPage: false });

  // The resume names no role and no specialization: the expert adds them.
  await work.getByLabel("Роль").selectOption({ label: "Консультант" });
  await work.getByRole("button", { name: "Добавить специализацию" }).click();
  const spec = page.getByRole("dialog", { name: "Специализация", exact: true });
  await spec.getByLabel("Индустрия").selectOption({ label: "Ритейл" });
  await spec.getByLabel("Функция", { exact: true }).selectOption({ label: "Финансы" });
  await spec.getByLabel("Подфункция").selectOption({ label: "Бюджетирование" });
  await spec.getByRole("button", { name: "Сохранить" }).click();
  await expect(spec).toBeHidden();
  await work.getByRole("button", { name: "Сохранить" }).click();
  await expect(work).toBeHidden();

  const card = page.locator("#experience").getByRole("listitem").filter({ hasText: company });
  await expect(card.getByText(/Январь 2018 — по настоящее время/)).toBeVisible();
  await expect(banner.getByText("Добавлено в опыт работы")).toBeVisible();
  await expect(banner.getByRole("button", { name: `Добавить в опыт работы: ${company}` })).toHaveCount(0);
});
