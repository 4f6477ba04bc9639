import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { expect, expectNoHorizontalScroll, minimalPdf, newPerson, setupPost, shot, test } from "./fixtures";
import { fillCase, signedInExpert } from "./profile-steps";

// The profile's five-file forms send their files straight to storage, as the request and the response do
// (docs/decisions/0058-every-five-file-form-uploads-directly.md): a case's attachments (kind 'case') and a
// competence's documents (kind 'confirmation'). The form then carries only the uploads' ids.

/** Every PUT the page sends to storage, and every POST it sends to the site (with its body). */
function watch(page: Page) {
  const puts: string[] = [];
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT") puts.push(new URL(r.url()).pathname);
    if (r.method() === "POST") posts.push(r);
  });
  return { puts, posts };
}

test("an expert's case attachments and a competence's documents go straight to storage, each with its progress", async ({ page, api, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  // The document the server refuses by its bytes: the browser logs the 422 itself.
  consoleErrors.allow(/status of 422/);
  const person = newPerson(testInfo, "profile-uploads", { name: "Инна", lastName: "Файлова" });
  const { token, user } = await signedInExpert(page, api, person, { industry: 2, option: 100 });
  // A competence to confirm (the tree's own flow is experience.spec's).
  const saved = await setupPost(api, "/api/user/profile/expertises", { data: { expertises: { items: [{ expertise_id: 3 }], new_items: [] } }, headers: { Authorization: `Bearer ${token}` } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const seen = watch(page);

  // A case with one attachment: sent to storage as soon as it is chosen.
  await page.goto("/profile/information#cases");
  const cases = page.getByTestId("cases-section");
  await cases.getByRole("button", { name: "Добавить кейс" }).click();
  const modal = page.getByRole("dialog", { name: "Новый кейс" });
  await fillCase(modal, { name: "Модель для сети аптек", task: "Модель денежных потоков на пять лет", solution: "Три сценария и анализ чувствительности", results: "Сеть получила кредит", links: "" });
  await modal.getByLabel(/^Вложения/).setInputFiles({ name: "Отчёт для инвестора.pdf", mimeType: "application/pdf", buffer: minimalPdf("Case report") });
  const chosen = modal.getByRole("list", { name: "Новые файлы" }).getByRole("listitem").filter({ hasText: "Отчёт для инвестора.pdf" });
  await expect(chosen).toHaveAttribute("data-upload-status", "done");
  await expect(chosen.getByText("Загружен")).toBeVisible();
  await expect(modal.getByText("1 / 5")).toBeVisible();
  expect(seen.puts.filter((p) => p.includes(`/users/${user.id}/case/`))).toHaveLength(1);
  const a11y = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await chosen.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "case-modal-uploaded", { fullPage: false });
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal).toBeHidden();
  const card = cases.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Модель для сети аптек" }) });
  await expect(card.getByRole("link", { name: "Скачать Отчёт для инвестора.pdf" })).toBeVisible();
  // The save carried the upload's id, not the file's bytes.
  const caseSave = seen.posts.find((r) => /^\/profile\/cases(\.data)?$/.test(new URL(r.url()).pathname))!;
  expect(caseSave.postData()).toContain('name="uploads[]"');
  expect(caseSave.postData()).not.toContain("%PDF");

  // A competence confirmed by a document alone: no link or title needed once a file is attached.
  const section = page.locator("#expertise");
  await section.getByLabel("Подтвердить компетенцию Финансовое моделирование").click();
  await section.getByRole("button", { name: "Подтвердить документом или ссылкой" }).click();
  const doc = page.getByRole("dialog", { name: "Подтверждение документом или ссылкой" });
  await doc.getByLabel("Файлы", { exact: true }).setInputFiles([
    { name: "Диплом CFA.pdf", mimeType: "application/pdf", buffer: minimalPdf("CFA") },
    { name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
  ]);
  const docs = doc.getByRole("list", { name: "Новые файлы" });
  await expect(docs.getByRole("listitem").filter({ hasText: "Диплом CFA.pdf" })).toHaveAttribute("data-upload-status", "done");
  // A type the confirmation does not take is refused before it is sent; removing it keeps the focus in the field.
  const refused = docs.getByRole("listitem").filter({ hasText: "setup.exe" });
  await expect(refused.getByText("Неверный тип файла")).toBeVisible();
  await refused.getByRole("button", { name: "Убрать файл setup.exe" }).click();
  await expect(doc.getByLabel("Файлы", { exact: true })).toBeFocused();
  expect(seen.puts.filter((p) => p.includes(`/users/${user.id}/confirmation/`))).toHaveLength(1);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "confirm-modal-uploaded", { fullPage: false });

  // Text named .pdf passes the page's check and is stored; the server, reading its bytes, refuses it: the
  // field says why, the file itself is marked refused, and its id is no longer sent.
  await doc.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "скан.pdf", mimeType: "application/pdf", buffer: Buffer.from("Это не PDF, а текст\n") });
  const scan = docs.getByRole("listitem").filter({ hasText: "скан.pdf" });
  await expect(scan).toHaveAttribute("data-upload-status", "done");
  await doc.getByRole("button", { name: "Сохранить" }).click();
  await expect(doc.getByRole("alert").filter({ hasText: "Неверный тип файла" })).toBeVisible();
  await expect(scan).toHaveAttribute("data-upload-status", "error");
  await expect(scan).toContainText("Неверный тип файла");
  await shot(page, testInfo, "confirm-modal-refused", { fullPage: false });
  await scan.getByRole("button", { name: "Убрать файл скан.pdf" }).click();
  // Removing the file drops the field's message.
  await expect(doc.getByRole("alert").filter({ hasText: "Неверный тип файла" })).toHaveCount(0);
  await doc.getByRole("button", { name: "Сохранить" }).click();
  await expect(doc).toBeHidden();
  const modelling = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Финансовое моделирование" }) });
  await expect(modelling.getByText("1 подтверждение")).toBeVisible();
  await expect(modelling.getByRole("link", { name: "Скачать Диплом CFA.pdf" })).toBeVisible();
});

test("a case saved while its file is on its way waits for it; cancelled meanwhile, it is not saved", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  const person = newPerson(testInfo, "case-gate", { name: "Глеб", lastName: "Ожидающий" });
  const { user } = await signedInExpert(page, api, person, { industry: 2, option: 100 });
  // The PUTs to storage are held until the test lets each one go (locally they take no time).
  const held: (() => void)[] = [];
  await page.route(new RegExp(`/users/${user.id}/case/[0-9a-f-]+\\.pdf`), async (route) => {
    if (route.request().method() === "PUT") await new Promise<void>((go) => held.push(go));
    await route.continue();
  });
  const cases = page.getByTestId("cases-section");
  const open = async () => {
    await cases.getByRole("button", { name: "Добавить кейс" }).click();
    const modal = page.getByRole("dialog", { name: "Новый кейс" });
    await fillCase(modal, { name: "Кейс с ожиданием", task: "Задача проекта", solution: "Решение проекта", results: "Результат проекта", links: "" });
    await modal.getByLabel(/^Вложения/).setInputFiles({ name: "Отчёт.pdf", mimeType: "application/pdf", buffer: minimalPdf("Held") });
    await expect.poll(() => held.length).toBe(1);
    // The file on its way counts already.
    await expect(modal.getByText("1 / 5")).toBeVisible();
    await modal.getByRole("button", { name: "Сохранить" }).click();
    await expect(modal.getByText("Кейс сохранится, как только загрузятся файлы")).toBeVisible();
    return modal;
  };

  // Cancelled while held: the file arrives after, and nothing is saved.
  const first = await open();
  await first.getByRole("button", { name: "Отмена" }).click();
  await expect(first).toBeHidden();
  const stored = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/users/${user.id}/case/`));
  held.shift()!();
  await stored;

  // Saved while held: the case goes once the file is stored.
  const second = await open();
  held.shift()!();
  await expect(second).toBeHidden();
  await expect(cases.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Кейс с ожиданием" }) }).getByRole("link", { name: "Скачать Отчёт.pdf" })).toBeVisible();
  // One case: the cancelled one was never sent (its file arrived long before this one's).
  const listed = (await (await page.request.get("/api/user/cases")).json()) as { name: string }[];
  expect(listed.map((c) => c.name)).toEqual(["Кейс с ожиданием"]);
});
