import { createCustomer, expect, expectNoHorizontalScroll, minimalPdf, newPerson, shot, test, uniqueEmail, waitForMail, newOperator } from "./fixtures";
import {
  addIndustryWithNewFunction,
  addLinkPublication,
  addNewRater,
  chooseRater,
  confirmByInstitution,
  cropAvatar,
  dialog,
  expectContacts,
  expectInvitationLinked,
  expectReadOnlyProfile,
  fillCase,
  fillWork,
  invitationPath,
  inviteExpert,
  linkPath,
  multiRate,
  open,
  pickCompetence,
  processResume,
  rateByLink,
  registerByInvitation,
  saveContacts,
  setStatus,
  signedInExpert,
  signInAs,
  surname,
  visitor,
} from "./profile-steps";

// Issue 4's "Done means" as one journey (spec 2): a new expert fills every section of the profile from
// empty, asks a registered colleague and a person without an account for recommendations; both rate
// through the mailed links, the ratings show on the profile (the specializations re-ordered by their
// Wilson score), the colleague sees the profile read-only, without contacts; the expert invites another
// expert, who registers through the mailed link, and the operator sees the invitation linked.

const BUDGET = "Банки и финансы - Бюджетирование";
const MANAGEMENT = "Банки и финансы - Управленческий учёт";

test("an expert fills the profile from empty, is rated through mailed links, is seen read-only by another user, and invites an expert", async ({ page, api, browser, clientIp }, testInfo) => {
  test.setTimeout(180_000);
  const expert = newPerson(testInfo, "journey", { name: "Анна", lastName: "Путникова" });
  const colleague = await createCustomer(api, newPerson(testInfo, "journey-colleague", { name: "Ольга", lastName: surname("Коллега") }), { verified: true });
  const outsider = uniqueEmail(testInfo, "journey-outsider");
  const contacts = { corpEmail: "anna@corp-example.ru", vk: "https://vk.com/anna.putnikova", linkedin: "https://www.linkedin.com/in/anna-putnikova" };
  const status = "Финансовый директор: бюджетирование и управленческий учёт в банках.";
  const company = `ООО «Путь ${testInfo.project.name} ${Date.now().toString(36)}»`;
  const caseName = "Бюджетный процесс для банка";
  const specs = page.locator("#projects #specializations");
  const specCard = (name: string) => specs.locator(".xp-card").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

  // ---------------------------------------------------------------------------------------------------
  const { user } = await test.step("an empty profile, signed in through the page", async () => {
    const created = await signedInExpert(page, api, expert);
    await expect(page.getByRole("heading", { level: 1, name: "Анна Путникова" })).toBeVisible();
    await expect(page.locator(".avatar__initials")).toHaveText("АП");
    // The profile's 96 px photo style stays in the profile's head: the header's avatar keeps its 40 px.
    expect((await page.getByLabel("Меню пользователя").boundingBox())?.width).toBe(40);
    await expect(specs.getByText("Специализации появятся, когда вы добавите место работы и укажете, чем занимались.")).toBeVisible();
    await expect(page.getByTestId("cases-section").getByText("Расскажите о проектах")).toBeVisible();
    await shot(page, testInfo, "journey-01-empty");
    return created;
  });

  await test.step("contacts, status, a cropped photo, industries and functions", async () => {
    await saveContacts(page, contacts);
    await setStatus(page, status);
    await cropAvatar(page, testInfo, "Анна Путникова", "journey-02-avatar-cropper");
    await addIndustryWithNewFunction(page, testInfo, "Страхование", `Андеррайтинг ${testInfo.project.name}`, "journey-03-industries");
    // The section's button (under its heading on a phone) keeps its distance from the first industry.
    const projects = page.locator("#projects");
    const [button, first] = await Promise.all([projects.getByRole("button", { name: "Изменить" }).boundingBox(), projects.locator(".industry-list__name").first().boundingBox()]);
    expect(first!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(8);
  });

  await test.step("a work with two specializations", async () => {
    await page.locator("#experience").getByRole("button", { name: "Добавить место работы" }).click();
    const work = dialog(page, "Добавить место работы");
    await fillWork(page, work, {
      company: { new: company },
      role: "Финансовый директор",
      start: "2015.03.01",
      end: "2020.03.01",
      areas: [
        ["Банки и финансы", "Бюджетирование"],
        ["Банки и финансы", "Управленческий учёт"],
      ],
    });
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect(work).toBeHidden();
    await expect(page.locator("#experience").getByRole("listitem").filter({ hasText: company }).getByText("Март 2015 — Март 2020 · 5 лет")).toBeVisible();
    // Nothing rated yet: the same years, so by name.
    await expect(specs.getByRole("heading", { level: 3 })).toHaveText(["Бюджетирование", "Управленческий учёт"]);
    for (const name of ["Бюджетирование", "Управленческий учёт"]) {
      await expect(specCard(name).getByText("нет оценок")).toBeVisible();
      await expect(specCard(name).getByLabel("Рейтинг 0")).toHaveClass(/xp-rating__value--grey/);
    }
  });

  await test.step("a competence confirmed by a place of study", async () => {
    const section = page.locator("#expertise");
    await section.getByRole("button", { name: "Добавить компетенцию" }).click();
    const tree = dialog(page, "Компетенции");
    await pickCompetence(tree, "модел", "Финансовое моделирование");
    await tree.getByRole("button", { name: "Сохранить" }).click();
    await expect(tree).toBeHidden();
    await section.getByLabel("Подтвердить компетенцию Финансовое моделирование").click();
    await section.getByRole("button", { name: "Подтвердить учебным заведением" }).click();
    await confirmByInstitution(dialog(page, "Подтверждение учебным заведением"), "вшэ", "НИУ ВШЭ", "2012");
    await expect(section.getByText("НИУ ВШЭ, 2012")).toBeVisible();
    await expect(section.getByText("1 подтверждение")).toBeVisible();
  });

  await test.step("a case with an attachment and a publication", async () => {
    const cases = page.getByTestId("cases-section");
    await cases.getByRole("button", { name: "Добавить кейс" }).click();
    const modal = page.getByRole("dialog", { name: "Новый кейс" });
    await fillCase(modal, { name: caseName, task: "Сократить цикл бюджетирования", solution: "Перевёл планирование на скользящий прогноз", results: "Бюджет принимается за три недели вместо двух месяцев", links: "https://example.ru/budget-case" });
    await modal.locator('input[type="file"]').setInputFiles({ name: "Отчёт.pdf", mimeType: "application/pdf", buffer: minimalPdf("Case report") });
    await modal.getByRole("button", { name: "Сохранить" }).click();
    await expect(modal).toBeHidden();
    await expect(cases.getByRole("listitem").filter({ has: page.getByRole("heading", { name: caseName }) }).getByRole("link", { name: "Скачать Отчёт.pdf" })).toBeVisible();
    await addLinkPublication(page, "https://habr.com/ru/articles/budget", "Скользящий бюджет в банке");
  });

  await test.step("a resume uploaded, processed and its proposal confirmed", async () => {
    await processResume(page, api, testInfo, expert, "Путникова.pdf", null);
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "journey-04-filled");
  });

  // ---------------------------------------------------------------------------------------------------
  await test.step("recommendations requested for both specializations from a colleague and an outsider", async () => {
    await page.goto("/profile/recommendation-request");
    await page.getByRole("main").getByRole("button", { name: "Запросить рекомендации" }).click();
    const box = page.getByRole("dialog", { name: "Запросить рекомендации" });
    await box.getByRole("checkbox", { name: BUDGET }).check();
    await box.getByRole("checkbox", { name: MANAGEMENT }).check();
    await expect(box.getByText("Выбрано 2 из 5")).toBeVisible();
    await box.getByRole("button", { name: "Продолжить" }).click();
    await addNewRater(box, outsider, "Сторонний", "Пётр");
    await chooseRater(box, "Ольга", colleague.lastName);
    await shot(page, testInfo, "journey-05-request", { fullPage: false });
    await box.getByRole("button", { name: "Отправить" }).click();
    const done = page.getByRole("dialog", { name: "Рекомендации запрошены" });
    await done.getByRole("button", { name: "Ок" }).click();
    await expect(page).toHaveURL(/\/profile\/information$/);
  });

  // The outsider rates one specialization through its own link; the colleague both, signed in.
  await test.step("the outsider rates 'Управленческий учёт' 4 through the mailed link, without an account", async () => {
    const mail = await waitForMail(api, outsider, /просит вас дать рекомендацию/);
    expect(mail.text).toContain(`— ${BUDGET}\n`);
    const guest = await visitor(browser, testInfo, clientIp);
    await open(guest.page, linkPath(mail.text, "rate-user", MANAGEMENT));
    await expect(guest.page.getByText("Анна Путникова")).toBeVisible();
    await expect(guest.page.getByText(MANAGEMENT)).toBeVisible();
    await rateByLink(guest.page, "4 балла", "Вместе ставили управленческий учёт", () => shot(guest.page, testInfo, "journey-06-rate-user"));
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });

  const rater = await visitor(browser, testInfo, clientIp);
  await test.step("the colleague signs in and rates both 5 through the mailed multi-rate link", async () => {
    const mail = await waitForMail(api, colleague.email, /просит вас дать рекомендацию/);
    await signInAs(rater.page, colleague);
    await open(rater.page, linkPath(mail.text, "multi-rate-user"));
    await expect(rater.page.getByRole("heading", { level: 1, name: "Оценка компетенций" })).toBeVisible();
    await shot(rater.page, testInfo, "journey-07-multi-rate");
    await multiRate(
      rater.page,
      [
        [BUDGET, "5 баллов"],
        [MANAGEMENT, "5 баллов"],
      ],
      "Сильный финансист",
    );
  });

  // ---------------------------------------------------------------------------------------------------
  await test.step("the expert reloads the profile: the ratings are shown, the specializations ordered by their Wilson score", async () => {
    await page.reload();
    // 'Управленческий учёт': 4 and 5 (4.5 over 2 ratings) ranks above 'Бюджетирование': one 5 (5.0 over 1).
    await expect(specs.getByRole("heading", { level: 3 })).toHaveText(["Управленческий учёт", "Бюджетирование"]);
    await expect(specCard("Управленческий учёт").getByLabel("Рейтинг 4,5")).toHaveClass(/xp-rating__value--green/);
    await expect(specCard("Управленческий учёт").getByText("2 оценки")).toBeVisible();
    await expect(specCard("Бюджетирование").getByLabel("Рейтинг 5,0")).toHaveClass(/xp-rating__value--green/);
    await expect(specCard("Бюджетирование").getByText("1 оценка")).toBeVisible();
    // What was filled is all still there.
    await expectContacts(page, contacts);
    await expect(page.getByTestId("status-text")).toHaveText(status);
    await expect(page.getByRole("img", { name: "Фото: Анна Путникова" })).toBeVisible();
    await expect(page.getByTestId("cases-section").getByRole("heading", { name: caseName })).toBeVisible();
    await expect(page.getByTestId("publications-section").getByRole("link", { name: "Открыть Скользящий бюджет в банке" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "journey-08-rated");
    // Centred: the sticky header and section tabs would cover what is scrolled to the top.
    await specCard("Управленческий учёт").evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    await shot(page, testInfo, "journey-09-rated-specializations", { fullPage: false });
    await page.goto("/profile/recommendation-request#tribe");
    await expect(page.locator("#tribe").getByText("оставлена")).toHaveCount(3);
  });

  await test.step("the colleague opens the profile: read-only, without contacts, with the ratings", async () => {
    await open(rater.page, `/profile/${user.id}`);
    await expect(rater.page.getByRole("heading", { level: 1, name: "Анна Путникова" })).toBeVisible();
    await expectReadOnlyProfile(rater.page, [contacts.corpEmail, expert.email, "vk.com/anna.putnikova"]);
    await expect(rater.page.getByTestId("status-text")).toHaveText(status);
    const seen = rater.page.locator("#projects #specializations");
    await expect(seen.getByRole("heading", { level: 3 })).toHaveText(["Управленческий учёт", "Бюджетирование"]);
    await expect(seen.getByLabel("Рейтинг 4,5")).toBeVisible();
    await expect(rater.page.getByRole("heading", { name: caseName })).toBeVisible();
    await expectNoHorizontalScroll(rater.page);
    await shot(rater.page, testInfo, "journey-10-public");
    expect(rater.errors).toEqual([]);
    await rater.context.close();
  });

  // ---------------------------------------------------------------------------------------------------
  await test.step("the expert invites an expert, who registers through the mailed link; the operator sees it linked", async () => {
    const invitee = { email: uniqueEmail(testInfo, "journey-invitee"), phone: "+7 916 555-44-33", lastName: "Морозов", name: "Олег", patronymic: "Петрович" };
    await page.goto("/invite/expert");
    await inviteExpert(page, invitee);
    const { path, mail } = await invitationPath(api, invitee.email);
    expect(mail.text).toContain("Анна Путникова приглашает вас присоединиться к Экспертной бирже в качестве эксперта.");
    const other = await visitor(browser, testInfo, clientIp);
    await registerByInvitation(other.page, api, testInfo, path, invitee, "Invited_Pass1", "journey-11-invited-sign-up");
    await other.context.clearCookies();
    await signInAs(other.page, await newOperator(api));
    await expectInvitationLinked(other.page, testInfo, invitee, "journey-12-invitation-linked");
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
