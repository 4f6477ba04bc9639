import { deflateSync } from "node:zlib";
import type { APIRequestContext, TestInfo } from "@playwright/test";
import { createCustomer, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test, verificationPath, type Person } from "./fixtures";

/** A real PNG (a 240×160 gradient) that the browser can decode and crop. */
function gradientPng(width = 240, height = 160) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 160], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** An expert registered through the API (industry 'Банки и финансы', function 'Стратегия'), e-mail confirmed. */
async function registerExpert(api: APIRequestContext, person: Person) {
  const res = await api.post("/api/register", {
    multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "1", "industry[0]": "1", "option[0]": "1" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: number } };
  const path = await verificationPath(api, person.email);
  const v = await api.post("/api/email/verify", { data: { token: new URL(path, "http://x").searchParams.get("token") } });
  expect(v.ok()).toBeTruthy();
  return body;
}

test.describe("the expert's own profile", () => {
  test("fills contacts, socials and status, crops an avatar, edits industries with a new function, applies to the council and withdraws", async ({ page, api }, testInfo: TestInfo) => {
    const person = newPerson(testInfo, "profile", { name: "Олег", lastName: "Профилев" });
    await registerExpert(api, person);
    await signIn(page, person.email, person.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/profile/information");
    await expect(page.getByRole("heading", { level: 1, name: "Олег Профилев" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Разделы профиля" });
    await expect(tabs.getByRole("link")).toHaveText(["Контактная информация", "Проектная экспертиза", "Кейсы", "Опыт работы", "Компетенции", "Дополнительная информация", "Экспертный совет"]);
    await expect(page.getByRole("link", { name: "Инструкция для эксперта (PDF)" })).toHaveAttribute("href", "/docs/expert-instruction.pdf");
    // Initials until there is a photo.
    await expect(page.locator(".avatar__initials")).toHaveText("ОП");

    // Contacts: the save bar appears only once something differs from what is stored.
    const contacts = page.locator("#contact");
    await expect(contacts.getByRole("region", { name: "Есть несохранённые изменения" })).toHaveCount(0);
    await contacts.getByLabel("Корпоративный e-mail").fill("oleg@corp-example.ru");
    await contacts.getByLabel("ВКонтакте").fill("https://vk.com/oleg.profilev");
    await contacts.getByLabel("LinkedIn").fill("https://www.linkedin.com/in/oleg-profilev");
    const save = contacts.getByRole("button", { name: "Сохранить" });
    await expect(save).toBeVisible();
    await save.click();
    await expect(contacts.getByRole("button", { name: "Сохранено" })).toBeVisible();
    await page.reload();
    await expect(page.locator("#contact").getByLabel("ВКонтакте")).toHaveValue("https://vk.com/oleg.profilev");
    await expect(page.locator("#contact").getByLabel("Корпоративный e-mail")).toHaveValue("oleg@corp-example.ru");

    // Status.
    await page.getByRole("button", { name: "Добавить статус" }).click();
    const statusText = "Финансовый директор: управленческий учёт, M&A, подготовка к сделкам.";
    await page.getByLabel("Статус").fill(statusText);
    await expect(page.getByText(`${statusText.length} из 300`)).toBeVisible();
    await page.locator(".status-form").getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByTestId("status-text")).toHaveText(statusText);

    // Avatar: choose, crop in the round mask, save; the picture is served through a signed URL.
    await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
    const cropper = page.getByRole("dialog", { name: "Фото профиля" });
    await expect(cropper.getByTestId("avatar-cropper")).toBeVisible();
    await expect(cropper.locator(".reactEasyCrop_CropAreaRound")).toBeVisible();
    await cropper.getByLabel("Масштаб").fill("1.5");
    await shot(page, testInfo, "profile-avatar-cropper", { fullPage: false });
    await cropper.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Фото профиля обновлено")).toBeVisible();
    const img = page.getByRole("img", { name: "Фото: Олег Профилев" });
    await expect(img).toBeVisible();
    expect(await img.getAttribute("src")).toMatch(/X-Amz-Signature=/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth === el.naturalHeight && el.naturalWidth > 0)).toBe(true);

    // Industries and functions: add 'Страхование' with a new function that goes to moderation.
    const projects = page.locator("#projects");
    await projects.getByRole("button", { name: "Изменить" }).click();
    const modal = page.getByRole("dialog", { name: "Индустрии и функции" });
    await modal.getByRole("checkbox", { name: "Страхование", exact: true }).check();
    const insurance = modal.getByRole("group", { name: "Функции: Страхование" });
    await expect(insurance).toBeVisible();
    // Saving without a function for the new industry is refused.
    await modal.getByRole("button", { name: "Сохранить" }).click();
    await expect(modal.getByText("Выберите хотя бы одну функцию для каждой индустрии")).toBeVisible();
    const newFunction = `Страховой аудит ${testInfo.project.name}`;
    await insurance.getByRole("textbox", { name: "Своя функция" }).fill(newFunction);
    await insurance.getByRole("textbox", { name: "Своя функция" }).press("Enter");
    await expect(insurance.getByText("Другое (на модерацию)")).toBeVisible();
    await shot(page, testInfo, "profile-industry-modal", { fullPage: false });
    await modal.getByRole("button", { name: "Сохранить" }).click();
    await expect(modal).toBeHidden({ timeout: 10_000 });
    const insuranceItem = projects.locator(".industry-list__item", { hasText: "Страхование" });
    await expect(insuranceItem.locator(".chip", { hasText: newFunction })).toContainText("На модерации");
    await expect(projects.locator(".industry-list__item", { hasText: "Банки и финансы" }).locator(".chip", { hasText: "Стратегия" })).toBeVisible();

    // The expert council: apply, see 'На рассмотрении', withdraw.
    const council = page.locator("#expert");
    await expect(council.getByText(/в течение 2024 года/)).toBeVisible();
    await council.getByLabel("Индустрия").selectOption({ label: "Банки и финансы" });
    await council.getByLabel("Функция").selectOption({ label: "Стратегия" });
    await council.getByRole("button", { name: "Подать заявку" }).click();
    await expect(council.getByRole("status")).toHaveText("Заявка успешно подана");
    const application = council.getByTestId("council-application");
    await expect(application).toContainText("Банки и финансы — Стратегия");
    await expect(application).toContainText("На рассмотрении");
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "profile-own");
    await application.getByRole("button", { name: /Удалить заявку/ }).click();
    await expect(council.getByRole("status")).toHaveText("Заявка успешно удалена");
    await expect(council.getByTestId("council-application")).toHaveCount(0);
    await expect(council.getByText("Вы ещё не подавали заявок")).toBeVisible();
  });

  test("the section tabs follow scrolling", async ({ page, api }, testInfo) => {
    const person = newPerson(testInfo, "tabs");
    await registerExpert(api, person);
    await signIn(page, person.email, person.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto("/profile/information");
    const tabs = page.getByRole("navigation", { name: "Разделы профиля" });
    await page.locator("#expert").scrollIntoViewIfNeeded();
    await expect(tabs.getByRole("link", { name: "Экспертный совет" })).toHaveAttribute("aria-current", "true");
    await tabs.getByRole("link", { name: "Проектная экспертиза" }).click();
    await expect(page).toHaveURL(/#projects$/);
    await expect(tabs.getByRole("link", { name: "Проектная экспертиза" })).toHaveAttribute("aria-current", "true");
    // Sticky: still on screen far down the page.
    await page.locator("#publication").scrollIntoViewIfNeeded();
    await expect(tabs).toBeInViewport();
  });
});

test.describe("someone else's profile", () => {
  test("is read-only, without contacts until a contract, with the back button to the request", async ({ page, api, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/profile\/999999\)/);
    const expert = newPerson(testInfo, "seen", { name: "Ирина", lastName: "Видимова" });
    const { token, user } = await registerExpert(api, expert);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await api.post("/api/user/status", { headers: auth, data: { text: "Эксперт по стратегии в банках" } })).ok()).toBeTruthy();
    expect((await api.post("/api/user/profile", { headers: auth, data: { corp_email: "irina@corp-example.ru", socials: [{ name: "vk", link: "https://vk.com/irina" }] } })).ok()).toBeTruthy();

    const viewer = await createCustomer(api, newPerson(testInfo, "viewer"), { verified: true });
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto(`/profile/${user.id}#512`);
    await expect(page.getByRole("heading", { level: 1, name: "Ирина Видимова" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Назад к заявке/ })).toHaveAttribute("href", "/request-list/512");
    await expect(page.getByTestId("contacts-hidden")).toHaveText("Здесь появятся контакты эксперта после подписания договора");
    await expect(page.getByText("irina@corp-example.ru")).toHaveCount(0);
    await expect(page.getByText(expert.email)).toHaveCount(0);
    await expect(page.getByText("vk.com/irina")).toHaveCount(0);
    await expect(page.getByTestId("status-text")).toHaveText("Эксперт по стратегии в банках");
    const tabs = page.getByRole("navigation", { name: "Разделы профиля" });
    await expect(tabs.getByRole("link")).toHaveText(["Проектная экспертиза", "Опыт работы", "Компетенции"]);
    // Nothing to edit: no buttons of the owner, no form fields, no council, no publications.
    await expect(page.locator("main").getByRole("button", { name: /Изменить|Добавить|Удалить|Сохранить|Подать заявку/ })).toHaveCount(0);
    await expect(page.locator("main").getByRole("textbox")).toHaveCount(0);
    await expect(page.locator("#expert, #publication")).toHaveCount(0);
    await expect(page.locator("#projects .chip", { hasText: "Стратегия" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "profile-public");

    await page.goto(`/profile/${user.id}/expert`);
    await expect(page.getByTestId("contacts-hidden")).toBeVisible();
    const missing = await page.goto("/profile/999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
  });
});
