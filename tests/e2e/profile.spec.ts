import type { TestInfo } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test } from "./fixtures";
import { addIndustryWithNewFunction, cropAvatar, expectContacts, expectReadOnlyProfile, saveContacts, setStatus } from "./profile-steps";

test.describe("the expert's own profile", () => {
  test("fills contacts, socials and status, crops an avatar, edits industries with a new function, applies to the council and withdraws", async ({ page, api }, testInfo: TestInfo) => {
    const person = newPerson(testInfo, "profile", { name: "Олег", lastName: "Профилев" });
    await createExpert(api, person);
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
    const saved = { corpEmail: "oleg@corp-example.ru", vk: "https://vk.com/oleg.profilev", linkedin: "https://www.linkedin.com/in/oleg-profilev" };
    await saveContacts(page, saved);
    await page.reload();
    await expectContacts(page, saved);

    // Status. A contact edited and not yet saved survives a save elsewhere on the page (the page's data reloads).
    const unsavedVk = "https://vk.com/oleg.unsaved";
    await contacts.getByLabel("ВКонтакте").fill(unsavedVk);
    await setStatus(page, "Финансовый директор: управленческий учёт, M&A, подготовка к сделкам.");
    await page.waitForLoadState("networkidle");
    await expect(contacts.getByLabel("ВКонтакте")).toHaveValue(unsavedVk);
    await expect(contacts.getByRole("region", { name: "Есть несохранённые изменения" })).toBeVisible();
    // Put back, the bar goes.
    await contacts.getByLabel("ВКонтакте").fill(saved.vk);
    await expect(contacts.getByRole("region", { name: "Есть несохранённые изменения" })).toHaveCount(0);

    // Avatar: choose, crop in the round mask, save; the picture is served through a signed URL.
    await cropAvatar(page, testInfo, "Олег Профилев", "profile-avatar-cropper");

    // Industries and functions: add 'Страхование' with a new function that goes to moderation.
    await addIndustryWithNewFunction(page, testInfo, "Страхование", `Страховой аудит ${testInfo.project.name}`, "profile-industry-modal");
    const projects = page.locator("#projects");
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

    // The photo can be removed: the initials come back.
    await page.getByRole("button", { name: "Удалить фото" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Фото удалено" })).toBeVisible();
    await expect(page.locator(".avatar__initials")).toHaveText("ОП");
    await expect(page.getByRole("img", { name: "Фото: Олег Профилев" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Удалить фото" })).toHaveCount(0);
  });

  test("the section tabs follow scrolling", async ({ page, api }, testInfo) => {
    const person = newPerson(testInfo, "tabs");
    await createExpert(api, person);
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
    const { token, user } = await createExpert(api, expert);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await api.post("/api/user/status", { headers: auth, data: { text: "Эксперт по стратегии в банках" } })).ok()).toBeTruthy();
    expect((await api.post("/api/user/profile", { headers: auth, data: { corp_email: "irina@corp-example.ru", socials: [{ name: "vk", link: "https://vk.com/irina" }] } })).ok()).toBeTruthy();

    const viewer = await createCustomer(api, newPerson(testInfo, "viewer"), { verified: true });
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.goto(`/profile/${user.id}#512`);
    await expect(page.getByRole("heading", { level: 1, name: "Ирина Видимова" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Назад к заявке/ })).toHaveAttribute("href", "/request-list/512");
    await expectReadOnlyProfile(page, ["irina@corp-example.ru", expert.email, "vk.com/irina"]);
    await expect(page.getByTestId("status-text")).toHaveText("Эксперт по стратегии в банках");
    const tabs = page.getByRole("navigation", { name: "Разделы профиля" });
    await expect(tabs.getByRole("link")).toHaveText(["Проектная экспертиза", "Опыт работы", "Компетенции"]);
    await expect(page.locator("#projects .chip", { hasText: "Стратегия" })).toBeVisible();
    // The tabs lead to a card that says what is missing, not to an empty frame.
    await expect(page.locator("#experience")).toContainText("Эксперт пока не указал опыт работы");
    await expect(page.locator("#expertise")).toContainText("Эксперт пока не указал компетенции");
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "profile-public");

    await page.goto(`/profile/${user.id}/expert`);
    await expect(page.getByTestId("contacts-hidden")).toBeVisible();
    const missing = await page.goto("/profile/999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
  });
});
