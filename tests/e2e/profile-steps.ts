/// <reference types="node" />
// Steps of the expert's profile, shared by the section specs (profile, experience, cases,
// recommendations, invite) and the whole journey of tests/e2e/profile-journey.spec.ts.
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from "@playwright/test";
import { BASE_URL, createExpert, expect, expectNoHorizontalScroll, shot, signIn, verificationPath, waitForHydration, waitForMail, type Person } from "./fixtures";

/** A real PNG (a 240×160 gradient) that the browser can decode and crop. */
export function gradientPng(width = 240, height = 160) {
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

export const dialog = (page: Page, name: string) => page.getByRole("dialog", { name, exact: true });

/** An expert created through the API (see createExpert), signed in through the page: on /profile/information. */
export async function signedInExpert(page: Page, api: APIRequestContext, person: Person, options: Parameters<typeof createExpert>[2] = {}) {
  const created = await createExpert(api, person, options);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  return created;
}

// ---------------------------------------------------------------------------------------------------
// Contacts, status, photo, industries and functions (#contact, the head, #projects)

export type Contacts = { corpEmail: string; vk: string; linkedin: string };

/** Fills the contacts and saves them with the save bar, which appears once something differs. */
export async function saveContacts(page: Page, c: Contacts) {
  const contacts = page.locator("#contact");
  // The networks' group title lines up with its fields' labels and stands apart above them.
  const group = contacts.getByRole("group", { name: "Социальные сети" });
  const [legend, label] = await Promise.all([group.locator("legend").boundingBox(), group.locator("label", { hasText: "ВКонтакте" }).boundingBox()]);
  expect(Math.abs(legend!.x - label!.x)).toBeLessThan(1);
  expect(label!.y - (legend!.y + legend!.height)).toBeGreaterThanOrEqual(8);
  await contacts.getByLabel("Корпоративный e-mail").fill(c.corpEmail);
  await contacts.getByLabel("ВКонтакте").fill(c.vk);
  await contacts.getByLabel("LinkedIn").fill(c.linkedin);
  const save = contacts.getByRole("button", { name: "Сохранить" });
  await expect(save).toBeVisible();
  await save.click();
  await expect(contacts.getByRole("button", { name: "Сохранено" })).toBeVisible();
}

export async function expectContacts(page: Page, c: Contacts) {
  const contacts = page.locator("#contact");
  await expect(contacts.getByLabel("ВКонтакте")).toHaveValue(c.vk);
  await expect(contacts.getByLabel("Корпоративный e-mail")).toHaveValue(c.corpEmail);
  await expect(contacts.getByLabel("LinkedIn")).toHaveValue(c.linkedin);
}

/** 'Добавить статус' → the text with its counter → saved under the name. */
export async function setStatus(page: Page, text: string) {
  await page.getByRole("button", { name: "Добавить статус" }).click();
  await page.getByLabel("Статус").fill(text);
  await expect(page.getByText(`${text.length} из 300`)).toBeVisible();
  await page.locator(".status-form").getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByTestId("status-text")).toHaveText(text);
  // The editor is gone with its buttons: focus is back on the button that opened it.
  await expect(page.getByRole("button", { name: "Изменить статус" })).toBeFocused();
}

/** Choose a photo, crop it in the round mask, save: the picture is square and served through a signed URL. */
export async function cropAvatar(page: Page, testInfo: TestInfo, fullName: string, shotName: string) {
  await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
  const cropper = page.getByRole("dialog", { name: "Фото профиля" });
  await expect(cropper.getByTestId("avatar-cropper")).toBeVisible();
  await expect(cropper.locator(".reactEasyCrop_CropAreaRound")).toBeVisible();
  await cropper.getByLabel("Масштаб").fill("1.5");
  await shot(page, testInfo, shotName, { fullPage: false });
  await cropper.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Фото профиля обновлено")).toBeVisible();
  const img = page.getByRole("img", { name: `Фото: ${fullName}` });
  await expect(img).toBeVisible();
  expect(await img.getAttribute("src")).toMatch(/X-Amz-Signature=/);
  // Square once it has loaded (the signed URL is fetched after the page's data arrive).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.naturalWidth === el.naturalHeight)).toBe(true);
}

/**
 * 'Индустрии и функции': adds `industry` with a function of the expert's own, which goes to moderation
 * (saving before a function is chosen is refused first).
 */
export async function addIndustryWithNewFunction(page: Page, testInfo: TestInfo, industry: string, newFunction: string, shotName: string) {
  const projects = page.locator("#projects");
  await projects.getByRole("button", { name: "Изменить" }).click();
  const modal = page.getByRole("dialog", { name: "Индустрии и функции" });
  // The industries' filter says when it matches none (spec 2 §8).
  const filter = modal.getByRole("searchbox", { name: "Индустрии" });
  await filter.fill("Ъъъ");
  await expect(modal.getByText("Ничего не найдено. Измените условия поиска")).toBeVisible();
  await filter.fill("");
  await modal.getByRole("checkbox", { name: industry, exact: true }).check();
  const group = modal.getByRole("group", { name: `Функции: ${industry}` });
  await expect(group).toBeVisible();
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal.getByText("Выберите хотя бы одну функцию для каждой индустрии")).toBeVisible();
  await group.getByRole("textbox", { name: "Своя функция" }).fill(newFunction);
  await group.getByRole("textbox", { name: "Своя функция" }).press("Enter");
  await expect(group.getByText("Другое (на модерацию)")).toBeVisible();
  await shot(page, testInfo, shotName, { fullPage: false });
  await modal.getByRole("button", { name: "Сохранить" }).click();
  await expect(modal).toBeHidden({ timeout: 10_000 });
  const item = projects.locator(".industry-list__item", { hasText: industry });
  await expect(item.locator(".chip", { hasText: newFunction })).toContainText("На модерации");
}

// ---------------------------------------------------------------------------------------------------
// Work experience and competences (#experience, #expertise)

/** A specialization of the work modal: industry, the function 'Финансы' and one of its sub-functions. */
export async function addWorkarea(page: Page, work: Locator, industry: string, sub: string) {
  await work.getByRole("button", { name: "Добавить специализацию" }).click();
  const spec = dialog(page, "Специализация");
  await spec.getByLabel("Индустрия").selectOption({ label: industry });
  await spec.getByLabel("Функция", { exact: true }).selectOption({ label: "Финансы" });
  await spec.getByLabel("Подфункция").selectOption({ label: sub });
  await spec.getByRole("button", { name: "Сохранить" }).click();
  await expect(spec).toBeHidden();
}

export type WorkInput = {
  /** A company the catalogue does not know (added for moderation), or one found by a search. */
  company: { new: string } | { search: string; pick: string };
  role: string;
  /** Values of the month pickers, 'YYYY.MM.01'. */
  start: string;
  end?: string;
  /** [industry, sub-function of 'Финансы'] */
  areas: [string, string][];
};

/** Fills the open work modal (not saved). */
export async function fillWork(page: Page, work: Locator, w: WorkInput) {
  const company = work.getByRole("combobox", { name: "Компания" });
  if ("new" in w.company) {
    await company.fill(w.company.new);
    await expect(work.getByText("Таких компаний не найдено. Добавить новую?")).toBeVisible();
    await work.getByRole("button", { name: `Добавить «${w.company.new}»` }).click();
  } else {
    await company.fill(w.company.search);
    // The search reads out what it found; the choice hands the focus to the button that changes it.
    await expect(work.getByRole("status").filter({ hasText: /^Найден(о)? \d+ вариант(а|ов)?$/ })).toBeAttached();
    await work.getByRole("option", { name: w.company.pick, exact: true }).click();
    await expect(work.getByRole("button", { name: "Выбрать другую компанию" })).toBeFocused();
  }
  await work.getByLabel("Роль").selectOption({ label: w.role });
  await work.getByLabel("Начало работы").selectOption(w.start);
  if (w.end) await work.getByLabel("Окончание работы").selectOption(w.end);
  for (const [industry, sub] of w.areas) await addWorkarea(page, work, industry, sub);
}

/** Ticks a leaf of the competence tree found by a search. */
export async function pickCompetence(tree: Locator, search: string, name: string) {
  await tree.getByRole("searchbox", { name: "Поиск компетенции" }).fill(search);
  await tree.getByRole("checkbox", { name }).check();
}

/** Fills the open 'Подтверждение учебным заведением' modal and saves it. */
export async function confirmByInstitution(inst: Locator, search: string, institution: string, year: string) {
  await inst.getByRole("combobox", { name: "Место обучения" }).fill(search);
  await inst.getByRole("option", { name: institution, exact: true }).click();
  await inst.getByLabel("Год окончания").fill(year);
  await inst.getByRole("button", { name: "Сохранить" }).click();
  await expect(inst).toBeHidden();
}

// ---------------------------------------------------------------------------------------------------
// Cases, publications, resume

export type CaseInput = { name: string; task: string; solution: string; results: string; links: string };

export async function fillCase(modal: Locator, c: CaseInput) {
  await modal.getByLabel("Название проекта").fill(c.name);
  await modal.getByLabel("Задача").fill(c.task);
  await modal.getByLabel("Решение").fill(c.solution);
  await modal.getByLabel("Результаты").fill(c.results);
  await modal.getByLabel("Ссылки").fill(c.links);
}

/** Adds a link publication; `check` looks at the open modal before it is filled. */
export async function addLinkPublication(page: Page, url: string, description: string, check?: (modal: Locator) => Promise<void>) {
  const section = page.getByTestId("publications-section");
  await section.getByRole("button", { name: "Добавить публикацию" }).click();
  const modal = page.getByRole("dialog", { name: "Новая публикация" });
  await check?.(modal);
  await modal.getByLabel("Ссылка на публикацию").fill(url);
  await modal.getByLabel("Описание").fill(description);
  await modal.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(section.getByRole("link", { name: `Открыть ${description}` })).toBeVisible();
}

/**
 * The resume banner's four steps with tests/fixtures/resume-ru.pdf: upload, 'Заполнить профиль за меня'
 * (a mail confirms it), the proposal (FMCG unticked), 'Добавить в профиль', 'Понятно'. The industries
 * chosen are the profile's afterwards. A full-page shot of each step unless `shotPrefix` is null.
 */
export async function processResume(page: Page, api: APIRequestContext, testInfo: TestInfo, person: Person, fileName: string, shotPrefix: string | null = "resume") {
  const shotStep = (n: number) => (shotPrefix ? shot(page, testInfo, `${shotPrefix}-step${n}`) : undefined);
  const banner = page.getByTestId("resume-banner");
  await expect(banner.getByRole("heading", { name: "Загрузите резюме" })).toBeVisible();
  await shotStep(1);
  await banner.getByLabel("Файл резюме").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/resume-ru.pdf") });
  await banner.getByRole("button", { name: "Загрузить резюме" }).click();

  await expect(banner.getByRole("heading", { name: "Заполнить профиль по резюме?" })).toBeVisible();
  await expect(page.getByTestId("resume-section").getByRole("link", { name: `Скачать резюме ${fileName}` })).toBeVisible();
  await shotStep(2);
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
  await shotStep(3);
  await banner.getByRole("button", { name: "Добавить в профиль" }).click();

  await expect(banner.getByRole("heading", { name: "Профиль заполнен по резюме" })).toBeVisible();
  await expect(banner.getByText(/DCF-анализ/)).toBeVisible();
  const profileIndustries = page.locator("#projects .industry-list__name");
  await expect(profileIndustries.filter({ hasText: "Ритейл" })).toBeVisible();
  await expect(profileIndustries.filter({ hasText: /^FMCG$/ })).toHaveCount(0);
  await shotStep(4);
  await banner.getByRole("button", { name: "Понятно" }).click();
  await expect(banner).toBeHidden();
}

// ---------------------------------------------------------------------------------------------------
// Recommendations and ratings by link

/** A unique Cyrillic surname (letters only, spec 2 §5), so that the person search finds exactly this person. */
export function surname(base: string) {
  const letters = "абвгдежзиклмнопрстуфхцчшэюя";
  let s = "";
  for (let i = 0; i < 6; i++) s += letters[Math.floor(Math.random() * letters.length)];
  return `${base}${s}`;
}

/** A second visitor with the same screen as the test's project (own cookies). */
export async function visitor(browser: Browser, testInfo: TestInfo, clientIp: string) {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: BASE_URL, extraHTTPHeaders: { "CF-Connecting-IP": clientIp } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  return { page, context, errors };
}

/** Opens a path in a page without the `page` fixture's hydrated goto. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The first rating link of a mail's text (optionally the one under the item titled `item`), as a path. */
export function linkPath(text: string, page: "rate-user" | "multi-rate-user", item?: string) {
  const from = item ? text.indexOf(`— ${item}\n`) : 0;
  expect(from, `item ${item} in: ${text}`).toBeGreaterThanOrEqual(0);
  const m = new RegExp(`https?://[^\\s]+/${page}\\?hash=[^\\s]+`).exec(text.slice(from));
  expect(m, text).toBeTruthy();
  const url = new URL(m![0]);
  return url.pathname + url.search;
}

/** In the request dialog: a person without an account, by e-mail (not found) and name. */
export async function addNewRater(dialogBox: Locator, email: string, lastName: string, name: string) {
  const search = dialogBox.getByRole("searchbox", { name: "Имя, фамилия или e-mail" });
  await search.fill(email);
  await expect(dialogBox.getByText("Добавьте рекомендодателя введя его e-mail")).toBeVisible();
  await dialogBox.getByRole("textbox", { name: "Фамилия" }).fill(lastName);
  await dialogBox.getByRole("textbox", { name: "Имя", exact: true }).fill(name);
  await dialogBox.getByRole("button", { name: "Добавить рекомендателя" }).click();
  await expect(dialogBox.getByText(`${name} ${lastName}, ${email}`)).toBeVisible();
}

/** In the request dialog: a registered person found by the search. */
export async function chooseRater(dialogBox: Locator, name: string, lastName: string) {
  await dialogBox.getByRole("searchbox", { name: "Имя, фамилия или e-mail" }).fill(lastName);
  await dialogBox.getByRole("button", { name: `Выбрать: ${name} ${lastName}` }).click();
}

/** /rate-user: a score (1–5) and a comment, sent; `check` looks at the filled page before it is sent. */
export async function rateByLink(page: Page, score: string, comment: string, check?: () => Promise<void>) {
  const send = page.getByRole("button", { name: "Отправить" });
  await expect(send).toBeDisabled();
  await page.getByRole("radio", { name: score }).check({ force: true });
  await page.getByLabel("Комментарий (необязательно)").fill(comment);
  await check?.();
  await send.click();
  await expect(page.getByRole("heading", { name: "Спасибо за вашу оценку!" })).toBeVisible();
}

/** /multi-rate-user: a score for each item (by its title) and the comment, sent. */
export async function multiRate(page: Page, scores: [item: string | null, score: string][], comment: string) {
  for (const [item, score] of scores) {
    const scope = item ? page.getByRole("group", { name: item }) : page;
    await scope.getByRole("radio", { name: score }).check({ force: true });
  }
  await page.getByLabel("Комментарий", { exact: true }).fill(comment);
  await page.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByRole("heading", { name: "Спасибо за вашу оценку!" })).toBeVisible();
}

/** Signs in through /auth in a page without the `page` fixture (a second visitor). */
export async function signInAs(page: Page, person: Pick<Person, "email" | "password">) {
  await open(page, "/auth");
  await page.getByRole("textbox", { name: "E-mail" }).fill(person.email);
  await page.getByLabel("Пароль", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/information$/);
}

// ---------------------------------------------------------------------------------------------------
// Someone else's profile

/** /profile/{id} seen by another user: contacts hidden until a contract, nothing to edit. */
export async function expectReadOnlyProfile(page: Page, hidden: string[]) {
  await expect(page.getByTestId("contacts-hidden")).toHaveText("Здесь появятся контакты эксперта после подписания договора");
  for (const text of hidden) await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.locator("main").getByRole("button", { name: /Изменить|Добавить|Удалить|Сохранить|Подать заявку/ })).toHaveCount(0);
  await expect(page.locator("main").getByRole("textbox")).toHaveCount(0);
  await expect(page.locator("#expert, #publication")).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------------
// Invitations

export type Invitee = { email: string; phone: string; lastName: string; name: string; patronymic: string };

/** The registration link of the newest invitation mailed to `email`, as a path on our origin. */
export async function invitationPath(api: APIRequestContext, email: string) {
  const mail = await waitForMail(api, email, /Приглашение на Экспертную биржу/);
  const m = /https?:\/\/[^\s"'<>]+\/sign-up\?hash=[^\s"'<>]+/.exec(mail.text);
  expect(m, mail.text).toBeTruthy();
  const url = new URL(m![0]);
  return { path: url.pathname + url.search, mail };
}

/**
 * /invite/expert from its step 1: the e-mail, 'Далее', the phone and names, 'Отправить приглашение', the
 * confirmation closed. `checks.step1` runs on step 1 with the e-mail typed, `checks.step2` with every
 * field filled, `checks.sent` with the confirmation open.
 */
export async function inviteExpert(page: Page, invitee: Invitee, checks: { step1?: () => Promise<void>; step2?: () => Promise<void>; sent?: () => Promise<void> } = {}) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(invitee.email);
  await checks.step1?.();
  await page.getByRole("button", { name: "Далее" }).click();
  await expect(page.getByText("Шаг 2 из 2")).toBeVisible();
  await expect(page.getByLabel("Телефон")).toBeFocused();
  await page.getByLabel("Телефон").fill(invitee.phone);
  await page.getByLabel("Фамилия").fill(invitee.lastName);
  await page.getByLabel("Имя", { exact: true }).fill(invitee.name);
  await page.getByLabel("Отчество").fill(invitee.patronymic);
  await checks.step2?.();
  await page.getByRole("button", { name: "Отправить приглашение" }).click();
  const done = page.getByRole("dialog", { name: "Приглашение отправлено" });
  await expect(done).toContainText(`Ссылка для регистрации отправлена на почту ${invitee.email}`);
  await checks.sent?.();
  await done.getByRole("button", { name: "Хорошо" }).click();
  await expect(done).toBeHidden();
}

/** The invitee (no session) registers through the mailed link: the form comes prefilled, only the password is his. */
/**
 * The invitee registers through the mailed link with the form prefilled, then confirms the address through
 * the verification mail: the invitation is his from then on (decision 0055).
 */
export async function registerByInvitation(page: Page, api: APIRequestContext, testInfo: TestInfo, path: string, invitee: Invitee, password: string, shotName: string) {
  await open(page, path);
  await expect(page.getByText("Вы регистрируетесь по приглашению")).toBeVisible();
  await expect(page.getByLabel("Имя", { exact: true })).toHaveValue(invitee.name);
  await expect(page.getByLabel("Фамилия")).toHaveValue(invitee.lastName);
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(invitee.email);
  await expect(page.getByLabel("Телефон")).toHaveValue(invitee.phone);
  // He was invited as an expert: the form asks for an expert's industries and functions.
  await expect(page.getByRole("radio", { name: "Стать экспертом" })).toBeChecked();
  await shot(page, testInfo, shotName);
  if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Далее" }).click();
  await page.getByRole("group", { name: "Индустрии" }).getByRole("checkbox", { name: "Финтех", exact: true }).check();
  const functions = page.getByRole("group", { name: "Функции" });
  await functions.locator("summary", { hasText: /^Стратегия$/ }).click();
  await functions.getByRole("checkbox", { name: "Стратегия роста" }).check();
  if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Далее" }).click();
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page).toHaveURL(/\/profile\/information$/);
  await expect(page.locator("#projects").getByRole("heading", { name: "Финтех" })).toBeVisible();
  await page.goto(await verificationPath(api, invitee.email));
  await expect(page.getByText("E-mail подтверждён. Спасибо!")).toBeVisible();
}

/** The operator (signed in) sees the invitation linked to the account registered through it. */
export async function expectInvitationLinked(page: Page, testInfo: TestInfo, invitee: Invitee, shotName: string) {
  await open(page, "/admin");
  await page.getByRole("link", { name: "Приглашения" }).click();
  await expect(page).toHaveURL(/\/admin\/invites$/);
  const row = page.getByTestId(`invite-${invitee.email}`);
  await expect(row).toContainText(`${invitee.name} ${invitee.lastName}`);
  await expect(row).toContainText(/Зарегистрирован \(ID \d+\)/);
  // Confirmed where he was signed in (decision 0055), so not "e-mail не подтверждён".
  await expect(row).not.toContainText("не подтверждён");
  await shot(page, testInfo, shotName);
}
