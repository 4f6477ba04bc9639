import { readFileSync } from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { BASE_URL, expect, expectNoHorizontalScroll, minimalPdf, newPerson, shot, signIn, test, verificationPath, waitForMail, type Person, ACCOUNT_PAGE_JS_BUDGET } from "./fixtures";

// Cases, publications and the resume of the expert's profile (spec 2 §2–§5, docs/decisions/0015-cases.md).

/** A verified expert (industry 'Страхование', function 'Корпоративная стратегия'), signed in through the page. */
async function signedInExpert(page: Page, api: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Person> {
  const person = newPerson(testInfo, tag, { name: "Игорь", lastName: "Волков" });
  const res = await api.post("/api/register", {
    multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "1", "industry[0]": "2", "option[0]": "100" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(await verificationPath(api, person.email), BASE_URL).searchParams.get("token");
  expect((await api.post("/api/email/verify", { data: { token } })).ok()).toBeTruthy();
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  return person;
}

const png = () => Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6300010000050001" + "0d0a2db40000000049454e44ae426082", "hex");

test("an expert adds a case with two attachments, edits it removing one, and deletes it", async ({ page, api, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422/); // the empty form, refused by the server on purpose
  await signedInExpert(page, api, testInfo, "cases");
  const section = page.getByTestId("cases-section");
  await section.getByRole("button", { name: "Добавить кейс" }).click();
  const modal = page.getByRole("dialog", { name: "Новый кейс" });
  await expect(modal).toBeVisible();

  // The server's messages, in the spec's words; the modal scrolls back to its top.
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal.getByText("Название проекта обязательно для заполнения")).toBeVisible();
  await expect(modal.getByText("Задача обязательна для заполнения")).toBeVisible();
  await expect(modal.getByText("Результаты обязательны для заполнения")).toBeVisible();
  expect(await modal.evaluate((d) => d.scrollTop)).toBe(0);

  await modal.getByLabel("Название проекта").fill("Финансовая модель для ритейлера");
  await modal.getByLabel("Задача").fill("Построить модель денежных потоков на пять лет");
  await modal.getByLabel("Решение").fill("Собрал данные, построил три сценария");
  await modal.getByLabel("Результаты").fill("Инвестор вошёл в капитал");
  await modal.getByLabel("Ссылки").fill("https://example.ru/case");
  const longName = "Очень подробный отчёт по проекту для инвестора.pdf";
  await modal.locator('input[type="file"]').setInputFiles([
    { name: longName, mimeType: "application/pdf", buffer: minimalPdf("Case report") },
    { name: "схема.png", mimeType: "image/png", buffer: png() },
  ]);
  // A file name beyond 35 characters is shown cut, whole in its tooltip.
  await expect(modal.getByText(`${longName.slice(0, 35)}….pdf`)).toBeVisible();
  await expect(modal.getByText("2 / 5")).toBeVisible();
  await shot(page, testInfo, "cases-modal", { fullPage: false });
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal).toBeHidden();

  const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Финансовая модель для ритейлера" }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: `Скачать ${longName}` })).toBeVisible();
  await expect(card.getByRole("link", { name: "Скачать схема.png" })).toBeVisible();
  // The attachment is served through a signed URL.
  const href = await card.getByRole("link", { name: "Скачать схема.png" }).getAttribute("href");
  const download = await page.request.get(href!, { maxRedirects: 0 });
  expect(download.status()).toBe(302);
  expect(download.headers()["location"]).toContain("X-Amz-Signature");
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "cases-list");

  // Edit: remove the PNG, rename.
  await card.getByRole("button", { name: "Редактировать кейс Финансовая модель для ритейлера" }).click();
  const edit = page.getByRole("dialog", { name: "Редактирование кейса" });
  await expect(edit.getByLabel("Название проекта")).toHaveValue("Финансовая модель для ритейлера");
  await edit.getByRole("button", { name: "Убрать файл схема.png" }).click();
  await edit.getByLabel("Название проекта").fill("Модель для ритейлера");
  await edit.getByRole("button", { name: "Сохранить" }).click();
  await expect(edit).toBeHidden();
  const edited = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Модель для ритейлера" }) });
  await expect(edited.getByRole("link", { name: `Скачать ${longName}` })).toBeVisible();
  await expect(edited.getByRole("link", { name: "Скачать схема.png" })).toHaveCount(0);
  expect((await page.request.get(href!, { maxRedirects: 0 })).status()).toBe(404);

  // Delete after the spec's question.
  await edited.getByRole("button", { name: "Удалить кейс Модель для ритейлера" }).click();
  const confirm = page.getByRole("dialog", { name: "Удаление кейса" });
  await expect(confirm.getByText("Вы уверены, что хотите удалить кейс (Модель для ритейлера)?")).toBeVisible();
  await shot(page, testInfo, "cases-delete", { fullPage: false });
  await confirm.getByRole("button", { name: "Удалить" }).click();
  await expect(section.getByRole("heading", { name: "Модель для ритейлера" })).toHaveCount(0);
  await expect(section.getByText("Расскажите о проектах")).toBeVisible();
});

test("an expert adds a link and a file publication and deletes one", async ({ page, api, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 422/); // the file publication without a file, refused on purpose
  await signedInExpert(page, api, testInfo, "pubs");
  const section = page.getByTestId("publications-section");
  await section.getByRole("button", { name: "Добавить публикацию" }).click();
  let modal = page.getByRole("dialog", { name: "Новая публикация" });
  const link = modal.getByLabel("Ссылка на публикацию");
  const add = modal.getByRole("button", { name: "Добавить", exact: true });
  // spec 2 §5: the button waits for 10 characters.
  await link.fill("http://a");
  await expect(add).toBeDisabled();
  await link.fill("https://habr.com/ru/articles/1");
  await modal.getByLabel("Описание").fill("Статья о бюджетировании");
  await shot(page, testInfo, "publications-modal", { fullPage: false });
  await add.click();
  await expect(modal).toBeHidden();
  await expect(section.getByRole("link", { name: "Открыть Статья о бюджетировании" })).toBeVisible();

  await section.getByRole("button", { name: "Добавить публикацию" }).click();
  modal = page.getByRole("dialog", { name: "Новая публикация" });
  await modal.getByRole("radio", { name: "Файл" }).check();
  await modal.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(modal.getByText("Загрузите вложение")).toBeVisible();
  await modal.getByLabel("Файл публикации").setInputFiles({ name: "Доклад.pdf", mimeType: "application/pdf", buffer: minimalPdf("Talk") });
  await modal.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(section.getByRole("link", { name: "Открыть Доклад.pdf" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "publications");

  await section.getByRole("button", { name: "Удалить публикацию Статья о бюджетировании" }).click();
  await expect(section.getByRole("link", { name: "Открыть Статья о бюджетировании" })).toHaveCount(0);
  await page.reload();
  await expect(section.getByRole("link", { name: "Открыть Статья о бюджетировании" })).toHaveCount(0);
  await expect(section.getByRole("link", { name: "Открыть Доклад.pdf" })).toBeVisible();
});

test("an expert uploads a resume, has it processed, confirms the proposal and sees the industries appear", async ({ page, api }, testInfo) => {
  const person = await signedInExpert(page, api, testInfo, "resume");
  const banner = page.getByTestId("resume-banner");
  await expect(banner.getByRole("heading", { name: "Загрузите резюме" })).toBeVisible();
  await shot(page, testInfo, "resume-step1");
  await banner.getByLabel("Файл резюме").setInputFiles({ name: "Волков.pdf", mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/resume-ru.pdf") });
  await banner.getByRole("button", { name: "Загрузить резюме" }).click();

  await expect(banner.getByRole("heading", { name: "Заполнить профиль по резюме?" })).toBeVisible();
  await expect(page.getByTestId("resume-section").getByRole("link", { name: "Скачать резюме Волков.pdf" })).toBeVisible();
  await shot(page, testInfo, "resume-step2");
  await banner.getByRole("button", { name: "Заполнить профиль за меня" }).click();

  await expect(banner.getByRole("heading", { name: "Резюме обработано" })).toBeVisible();
  await expect(banner.getByText("Подтверждение отправлено на вашу почту")).toBeVisible();
  const mail = await waitForMail(api, person.email, /резюме/);
  expect(mail.text).toContain("/profile/information");
  const industries = banner.getByRole("group", { name: "Индустрии" });
  await expect(industries.getByRole("checkbox", { name: "Ритейл" })).toBeChecked();
  await industries.getByRole("checkbox", { name: "FMCG" }).uncheck();
  await expect(banner.getByRole("group", { name: "Компетенции" }).getByRole("checkbox", { name: "DCF-анализ" })).toBeChecked();
  await expect(banner.getByText("ООО «Северсталь Консалтинг»: 01.2018 – по настоящее время")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "resume-step3");
  await banner.getByRole("button", { name: "Добавить в профиль" }).click();

  await expect(banner.getByRole("heading", { name: "Профиль заполнен по резюме" })).toBeVisible();
  await expect(banner.getByText(/DCF-анализ/)).toBeVisible();
  // The chosen industries are now the profile's; the unticked one is not.
  const profileIndustries = page.locator("#projects .industry-list__name");
  await expect(profileIndustries.filter({ hasText: "Ритейл" })).toBeVisible();
  await expect(profileIndustries.filter({ hasText: /^FMCG$/ })).toHaveCount(0);
  await shot(page, testInfo, "resume-step4");
  await banner.getByRole("button", { name: "Понятно" }).click();
  await expect(banner).toBeHidden();

  // Replacing the resume says so; deleting asks first.
  const resume = page.getByTestId("resume-section");
  await resume.getByLabel("Файл резюме").setInputFiles({ name: "Новое резюме.pdf", mimeType: "application/pdf", buffer: minimalPdf("CV") });
  await resume.getByRole("button", { name: "Заменить резюме" }).click();
  const done = page.getByRole("dialog", { name: "Готово" });
  await expect(done.getByText("Резюме успешно обновлено")).toBeVisible();
  await done.getByRole("button", { name: "Ок" }).click();
  await resume.getByRole("button", { name: "Удалить резюме" }).click();
  const ask = page.getByRole("dialog", { name: "Удаление резюме" });
  await expect(ask.getByText("Вы точно хотите удалить текущее резюме?")).toBeVisible();
  await ask.getByRole("button", { name: "Удалить" }).click();
  await expect(resume.getByText("Резюме не загружено")).toBeVisible();
});

test("closing the resume banner records parse_close and hides it", async ({ page, api }, testInfo) => {
  await signedInExpert(page, api, testInfo, "close");
  const banner = page.getByTestId("resume-banner");
  await banner.getByRole("button", { name: "Закрыть" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("resume-banner")).toHaveCount(0);
});

test("the expert's profile page with cases stays within the client JavaScript budget @desktop", async ({ page, api }, testInfo) => {
  const { gzipSync } = await import("node:zlib");
  await signedInExpert(page, api, testInfo, "budget");
  // A page of its own (same cookies): no response of the sign-in's pages is read after they navigated.
  const tab = await page.context().newPage();
  const bodies: Promise<Buffer>[] = [];
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  tab.on("response", (res) => {
    if (res.url().endsWith(".js")) bodies.push(res.body());
  });
  await tab.goto("/profile/information");
  await tab.waitForLoadState("networkidle");
  const bytes = (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b, { level: 6 }).length, 0);
  console.log(`/profile/information (expert): ${(bytes / 1024).toFixed(1)} KB`);
  expect(bytes).toBeLessThan(ACCOUNT_PAGE_JS_BUDGET);
  // The case form is not part of it: it loads when the button is pressed.
  const modalChunk = tab.waitForResponse((res) => /case-modal/.test(res.url()));
  await tab.getByTestId("cases-section").getByRole("button", { name: "Добавить кейс" }).click();
  await modalChunk;
  await expect(tab.getByRole("dialog", { name: "Новый кейс" })).toBeVisible();
  await cdp.detach();
});
