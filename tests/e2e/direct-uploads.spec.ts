import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { createCustomer, expect, expectNoHorizontalScroll, minimalPdf, newPerson, signIn, test } from "./fixtures";

// Files go straight to storage (docs/decisions/0032-direct-uploads.md): /request-add asks POST /api/uploads for
// a presigned PUT per chosen file, PUTs it to s3rver with a progress bar per file, and the form sends the ids.

async function screen(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const dir = join(process.cwd(), "test-results");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `direct-uploads-${testInfo.project.name}-${name}.png`), fullPage });
  // The files' block alone, at its real size: the full page is too tall to read it.
  const block = page.locator('[data-field="files"]');
  if (await block.count()) await block.screenshot({ path: join(dir, `direct-uploads-${testInfo.project.name}-${name}-files.png`) });
}

const nextYear = `15.06.${new Date().getFullYear() + 1}`;
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000, 7)]);

test("a customer creates a request with two files uploaded straight to storage, each with its progress", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(api, newPerson(testInfo, "direct"), { verified: true });
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile\/information$/);

  // The PUTs to storage are held back, so the progress can be seen (locally they take no time).
  const gate = () => {
    let open!: () => void;
    const closed = new Promise<void>((r) => (open = r));
    return { open, closed };
  };
  const pdfGate = gate();
  const pngGate = gate();
  const puts: string[] = [];
  await page.route(/\/users\/\d+\/demand\/[0-9a-f-]+\.(pdf|png)/, async (route) => {
    if (route.request().method() === "PUT") {
      puts.push(route.request().url());
      await (route.request().url().includes(".pdf") ? pdfGate : pngGate).closed;
    }
    await route.continue();
  });

  await page.goto("/request-add");
  await page.getByLabel("Название заявки").fill("Аудит логистики склада");
  await page.getByRole("radio", { name: "ТОП-менеджмент или владельцы бизнеса" }).check();
  await page.getByLabel("Описание задачи").fill("Нужен аудит процессов склада и план на полгода.");
  await page.getByRole("group", { name: "Индустрии" }).getByRole("checkbox").first().check();
  const functions = page.getByRole("group", { name: "Функции" });
  await functions.getByRole("checkbox").first().check();
  await page.getByLabel("Срок решения задачи").fill(nextYear);

  await page.getByLabel("Файлы", { exact: true }).setInputFiles([
    { name: "ТЗ.pdf", mimeType: "application/pdf", buffer: minimalPdf("TZ") },
    { name: "Схема склада.png", mimeType: "image/png", buffer: png() },
  ]);
  const list = page.getByRole("list", { name: "Новые файлы" });
  const item = (name: string) => list.getByRole("listitem").filter({ hasText: name });
  // Each file has its own labelled progress bar while it travels.
  await expect(list.getByRole("progressbar", { name: "ТЗ.pdf" })).toBeVisible();
  await expect(list.getByRole("progressbar", { name: "Схема склада.png" })).toBeVisible();
  await expect.poll(() => puts.length).toBe(2);
  await expect(item("Схема склада.png").getByText(/^Загружено \d+ %$/)).toBeVisible();

  // One file arrives, the other is still on its way.
  pdfGate.open();
  await expect(item("ТЗ.pdf").getByText("Загружен", { exact: true })).toBeVisible();
  await expect(list.getByRole("progressbar", { name: "ТЗ.pdf" })).toHaveAttribute("value", "100");
  await expect(page.getByRole("status").filter({ hasText: "ТЗ.pdf: Загружен" })).toHaveCount(1);
  await expect(item("Схема склада.png").getByText(/^Загружено \d+ %$/)).toBeVisible();

  // A file of a wrong type is refused before it is sent, with its own message, and removed with the keyboard.
  await page.getByLabel("Файлы", { exact: true }).setInputFiles([{ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") }]);
  const bad = item("setup.exe");
  await expect(bad.getByText("Неверный тип файла")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screen(page, testInfo, "uploading");
  const { violations } = await new AxeBuilder({ page }).include(".demand-form").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.getByRole("button", { name: "Удалить файл setup.exe" }).focus();
  await page.keyboard.press("Enter");
  await expect(bad).toHaveCount(0);
  await expect(page.getByLabel("Файлы", { exact: true })).toBeFocused();

  // Sent while a file is on its way: the form says it waits, and goes by itself once the file is stored.
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page.getByText("Заявка отправится, как только загрузятся файлы")).toBeVisible();
  await expect(page).toHaveURL(/\/request-add$/);
  await screen(page, testInfo, "waiting");
  const posted = page.waitForRequest((r) => r.method() === "POST" && /\/request-add/.test(r.url()));
  pngGate.open();
  // The form carries only the uploads' ids, never the bytes.
  const body = (await posted).postDataBuffer()?.toString("latin1") ?? "";
  expect(body.match(/name="uploads\[\]"/g)).toHaveLength(2);
  expect(body).not.toContain("%PDF");
  await expect(page).toHaveURL(/\/projects\/request#search$/);
  const card = page.getByRole("article", { name: "Аудит логистики склада" });
  await expect(card).toBeVisible();
  const href = (await card.getByRole("link").first().getAttribute("href")) ?? "";
  const id = Number(/\/(\d+)/.exec(href)?.[1]);
  expect(id).toBeGreaterThan(0);

  // The request shows its files: its edit form lists them.
  await page.goto(`/request-add?id=${id}`);
  await expect(page.getByRole("checkbox", { name: "Оставить файл ТЗ.pdf" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Оставить файл Схема склада.png" })).toBeChecked();
  await screen(page, testInfo, "request-files");
});
