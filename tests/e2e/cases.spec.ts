import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoHorizontalScroll, minimalPdf, newPerson, shot, test, type Person, PAGE_JS_BUDGET } from "./fixtures";
import { addLinkPublication, fillCase, processResume, signedInExpert as signedInExpertAs } from "./profile-steps";

// Cases, publications and the resume of the expert's profile (spec 2 §2–§5, docs/decisions/0015-cases.md).

/** A verified expert (industry 'Страхование', function 'Корпоративная стратегия'), signed in through the page. */
async function signedInExpert(page: Page, api: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Person> {
  const person = newPerson(testInfo, tag, { name: "Игорь", lastName: "Волков" });
  await signedInExpertAs(page, api, person, { industry: 2, option: 100 });
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

  // The server's messages, in the spec's words; the modal's body (what scrolls) goes back to its top.
  const body = modal.locator(":scope > .modal__body");
  await modal.getByRole("button", { name: "Сохранить" }).scrollIntoViewIfNeeded();
  expect(await body.evaluate((b) => b.scrollTop)).toBeGreaterThan(0);
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal.getByText("Название проекта обязательно для заполнения")).toBeVisible();
  await expect(modal.getByText("Задача обязательна для заполнения")).toBeVisible();
  await expect(modal.getByText("Результаты обязательны для заполнения")).toBeVisible();
  await expect.poll(() => body.evaluate((b) => b.scrollTop)).toBe(0);

  await fillCase(modal, { name: "Финансовая модель для ритейлера", task: "Построить модель денежных потоков на пять лет", solution: "Собрал данные, построил три сценария", results: "Инвестор вошёл в капитал", links: "https://example.ru/case" });
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
  // spec 2 §5: the button waits for 10 characters.
  await addLinkPublication(page, "https://habr.com/ru/articles/1", "Статья о бюджетировании", async (modal) => {
    await modal.getByLabel("Ссылка на публикацию").fill("http://a");
    await expect(modal.getByRole("button", { name: "Добавить", exact: true })).toBeDisabled();
    await shot(page, testInfo, "publications-modal", { fullPage: false });
  });

  await section.getByRole("button", { name: "Добавить публикацию" }).click();
  const modal = page.getByRole("dialog", { name: "Новая публикация" });
  await modal.getByRole("radio", { name: "Файл" }).check();
  await modal.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(modal.getByText("Загрузите вложение")).toBeVisible();
  // The file goes straight to storage as it is chosen, its progress shown (held here until looked at); a click
  // on 'Добавить' meanwhile waits for it, and the form then sends the upload's id, never the bytes (decision 0063).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.includes("/publication/"),
    async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    },
  );
  await modal.getByLabel("Файл публикации").setInputFiles({ name: "Доклад.pdf", mimeType: "application/pdf", buffer: minimalPdf("Talk") });
  await expect(modal.getByText("Загрузите вложение")).toHaveCount(0);
  await expect(modal.getByRole("progressbar", { name: "Доклад.pdf" })).toBeVisible();
  await expect(modal.getByText(/^Загружено \d+ %$/)).toBeVisible();
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/publications"));
  await modal.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(modal.getByText("Публикация добавится, как только загрузится файл")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "publication-progress", { fullPage: false });
  release();
  const body = (await posted).postDataBuffer()?.toString("latin1") ?? "";
  expect(body.match(/name="uploads\[\]"/g)).toHaveLength(1);
  expect(body).not.toContain("%PDF");
  await expect(modal).toBeHidden();
  await expect(section.getByRole("link", { name: "Открыть Доклад.pdf" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "publications");

  // Each item goes once its 400 ms (spec 2 §9) are over, and its call follows: one per publication, so the
  // second's delete pressed within the first's wait cancels nothing. The reload waits for both answers.
  const answers: number[] = [];
  const bothDeleted = new Promise<void>((resolve) =>
    page.on("response", (r) => {
      if (r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/publications") && answers.push(r.status()) === 2) resolve();
    }),
  );
  await section.getByRole("button", { name: "Удалить публикацию Статья о бюджетировании" }).click();
  await section.getByRole("button", { name: "Удалить публикацию Доклад.pdf" }).click();
  await expect(section.getByRole("link", { name: "Открыть Статья о бюджетировании" })).toHaveCount(0);
  await expect(section.getByRole("link", { name: "Открыть Доклад.pdf" })).toHaveCount(0);
  await bothDeleted;
  expect(answers.every((s) => s < 400)).toBe(true);
  await page.reload();
  await expect(section.getByRole("link", { name: /^Открыть / })).toHaveCount(0);
});

test("an expert uploads a resume, has it processed, confirms the proposal and sees the industries appear", async ({ page, api }, testInfo) => {
  const person = await signedInExpert(page, api, testInfo, "resume");
  await processResume(page, api, testInfo, person, "Волков.pdf");

  // Replacing the resume says so; deleting asks first.
  // With script the file goes straight to storage first, its progress shown (held here until looked at); the
  // form then sends the upload's id, never the bytes (decision 0062).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.includes("/resume/"),
    async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    },
  );
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/resume"));
  const resume = page.getByTestId("resume-section");
  await resume.getByLabel("Файл резюме").setInputFiles({ name: "Новое резюме.pdf", mimeType: "application/pdf", buffer: minimalPdf("CV") });
  await resume.getByRole("button", { name: "Заменить резюме" }).click();
  await expect(resume.getByRole("progressbar", { name: "Файл резюме" })).toBeVisible();
  await expect(resume.getByText(/Загружено \d+\s%/)).toBeVisible();
  await expect(resume.getByRole("button", { name: "Заменить резюме" })).toBeDisabled();
  await resume.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "resume-progress", { fullPage: false });
  release();
  const form = (await posted).postData() ?? "";
  expect(form).toMatch(/(^|&)uploads=[A-Za-z0-9_-]{16,64}(&|$)/);
  expect(form).not.toContain("%PDF");
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
  // The banner goes at once; the reload waits for the call that records it.
  const recorded = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/profile/resume"));
  await banner.getByRole("button", { name: "Закрыть" }).click();
  await expect(banner).toBeHidden();
  expect((await recorded).ok()).toBe(true);
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
  console.log(`/profile/information (expert): ${(bytes / 1024).toFixed(1)} KB (${bytes} B)`);
  expect(bytes).toBeLessThan(PAGE_JS_BUDGET);
  // The case form is not part of it: it loads when the button is pressed.
  const modalChunk = tab.waitForResponse((res) => /case-modal/.test(res.url()));
  await tab.getByTestId("cases-section").getByRole("button", { name: "Добавить кейс" }).click();
  await modalChunk;
  await expect(tab.getByRole("dialog", { name: "Новый кейс" })).toBeVisible();
  await cdp.detach();
});
