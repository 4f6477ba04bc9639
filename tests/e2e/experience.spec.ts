import AxeBuilder from "@axe-core/playwright";
import { createExpert, DEMO_PASSWORD, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test } from "./fixtures";
import { confirmByInstitution, dialog, fillWork, pickCompetence } from "./profile-steps";

test.describe("work experience, specializations and competences", () => {
  test("an expert adds a work with a new company and two workareas, edits it, sees the specializations and deletes a work", async ({ page, api, consoleErrors }, testInfo) => {
    test.setTimeout(180_000);
    // The modals check their input with the server: the browser logs each refused save (422) itself.
    consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/api\/user\/profile\//);
    const person = newPerson(testInfo, "exp");
    await createExpert(api, person, { option: 100, verified: false });
    await signIn(page, person.email, person.password);
    await page.waitForURL(/\/(verify|profile\/information)/);
    await page.goto("/profile/information");

    // No work yet: adding a specialization goes to #experience and opens the add-work modal.
    const specs = page.locator("#projects #specializations");
    await expect(specs.getByText("Специализации появятся, когда вы добавите место работы и укажете, чем занимались.")).toBeVisible();
    await specs.getByRole("button", { name: "Добавить специализацию" }).click();
    await expect(page).toHaveURL(/#experience$/);
    const work = dialog(page, "Добавить место работы");
    await expect(work).toBeVisible();

    // Every rule of spec 2 §5 answers next to its field; the modal is back at its top.
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect(work.getByText("Выберите компанию")).toBeVisible();
    await expect(work.getByText("Роль обязателена для заполнения")).toBeVisible();
    // The start and the end (not currently working) are both required.
    await expect(work.getByText("Поле обязательно для заполнения")).toHaveCount(2);
    await expect(work.getByText("Выберите, чем вы занимались")).toBeVisible();
    // In a window lower than the form, a refused save from its bottom shows the messages from the top.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 480 });
    const body = work.locator(":scope > .modal__body");
    await body.evaluate((b) => (b.scrollTop = b.scrollHeight));
    expect(await body.evaluate((b) => b.scrollTop)).toBeGreaterThan(0);
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect.poll(() => body.evaluate((b) => b.scrollTop)).toBe(0);
    await page.setViewportSize(size);
    // A refused select is edged in red like a refused text field.
    const danger = await work.evaluate((d) => getComputedStyle(d.querySelector(".field--invalid .field__input")!).borderTopColor);
    await expect(work.getByLabel("Роль")).toHaveCSS("border-top-color", danger);
    await shot(page, testInfo, "experience-work-errors", { fullPage: false });

    // The specialization sub-modal requires all three choices.
    await work.getByRole("button", { name: "Добавить специализацию" }).click();
    const spec = dialog(page, "Специализация");
    await spec.getByRole("button", { name: "Сохранить" }).click();
    await expect(spec.getByText("Выбор индустрии обязателен")).toBeVisible();
    await expect(spec.getByText("Выбор функции обязателен")).toBeVisible();
    await expect(spec.getByText("Выбор подфункции обязателен")).toBeVisible();
    await spec.getByRole("button", { name: "Отмена" }).click();

    const company = `ООО «Тест ${testInfo.project.name} ${Date.now().toString(36)}»`;
    // The same pair twice: the second is dropped.
    await fillWork(page, work, {
      company: { new: company },
      role: "Финансовый директор",
      start: "2015.03.01",
      end: "2014.03.01",
      areas: [
        ["Банки и финансы", "Бюджетирование"],
        ["Ритейл", "Управленческий учёт"],
        ["Ритейл", "Управленческий учёт"],
      ],
    });
    await expect(work.getByText("Ритейл - Управленческий учёт")).toHaveCount(1);
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect(work.getByText("Окончание работы должно быть позже даты начала работы")).toBeVisible();
    await expect(work.getByLabel("Окончание работы")).toHaveAttribute("aria-invalid", "true");
    await work.getByLabel("Окончание работы").selectOption("2020.03.01");
    // The corrected date drops its message at once.
    await expect(work.getByText("Окончание работы должно быть позже даты начала работы")).toHaveCount(0);
    await expect(work.getByLabel("Окончание работы")).not.toHaveAttribute("aria-invalid", "true");
    await shot(page, testInfo, "experience-work-modal", { fullPage: false });
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect(work).toBeHidden();

    const experience = page.locator("#experience");
    const card = experience.getByRole("listitem").filter({ hasText: company });
    await expect(card.getByText("Компания на модерации")).toBeVisible();
    await expect(card.getByText("Март 2015 — Март 2020 · 5 лет")).toBeVisible();
    await expect(specs.getByRole("heading", { name: "Бюджетирование" })).toBeVisible();
    await expect(specs.getByRole("heading", { name: "Управленческий учёт" })).toBeVisible();
    await expect(specs.getByText("нет оценок").first()).toBeVisible();

    // Edit: currently working hides the end date.
    await card.getByRole("button", { name: `Редактировать: ${company}` }).click();
    const edit = dialog(page, "Редактировать место работы");
    await expect(edit.getByText("Выберите компанию")).toHaveCount(0);
    await edit.getByRole("switch", { name: "Работаю сейчас" }).check();
    await expect(edit.getByLabel("Окончание работы")).toHaveCount(0);
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await expect(edit).toBeHidden();
    await expect(card.getByText(/Март 2015 — по настоящее время/)).toBeVisible();

    // A second work at an existing company, then deleted after the confirmation.
    await experience.getByRole("button", { name: "Добавить место работы" }).click();
    await expect(work.getByText("Выберите компанию")).toHaveCount(0);
    await fillWork(page, work, { company: { search: "сбер", pick: "Сбер" }, role: "Консультант", start: "2010.01.01", end: "2014.12.01", areas: [["Банки и финансы", "МСФО"]] });
    await work.getByRole("button", { name: "Сохранить" }).click();
    await expect(work).toBeHidden();
    await expect(specs.getByRole("heading", { name: "МСФО" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "experience-list");

    await experience.getByRole("button", { name: "Удалить: Сбер" }).click();
    const confirm = dialog(page, "Удалить место работы");
    await expect(confirm.getByText("Вы уверены, что хотите удалить  место работы (Сбер)?")).toBeVisible();
    // Nothing of it was rated: the question says nothing of ratings (decision 0060).
    await expect(confirm.getByText("не удалятся")).toHaveCount(0);
    await shot(page, testInfo, "experience-delete-confirm", { fullPage: false });
    await confirm.getByRole("button", { name: "Удалить" }).click();
    await expect(experience.getByRole("heading", { name: "Сбер" })).toHaveCount(0);
    await expect(specs.getByRole("heading", { name: "МСФО" })).toHaveCount(0);
  });

  test("an expert adds competences from the tree and a new one, confirms them by a place of study and by a link, and deletes one", async ({ page, api, consoleErrors }, testInfo) => {
    test.setTimeout(180_000);
    // The modals check their input with the server: the browser logs each refused save (422) itself.
    consoleErrors.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/127\.0\.0\.1:\d+\/api\/user\/profile\//);
    const person = newPerson(testInfo, "comp");
    await createExpert(api, person, { option: 100, verified: false });
    await signIn(page, person.email, person.password);
    await page.waitForURL(/\/(verify|profile\/information)/);
    await page.goto("/profile/information#expertise");
    const section = page.locator("#expertise");
    await section.getByRole("button", { name: "Добавить компетенцию" }).click();
    const tree = dialog(page, "Компетенции");
    // Groups are not selectable: only leaves carry a checkbox.
    await expect(tree.getByRole("checkbox", { name: "Финансы" })).toHaveCount(0);
    await pickCompetence(tree, "модел", "Финансовое моделирование");
    await pickCompetence(tree, "оценка бизнеса", "Оценка бизнеса");
    const mine = `Ценообразование ${testInfo.project.name} ${Date.now().toString(36)}`;
    await tree.getByRole("searchbox", { name: "Поиск компетенции" }).fill(mine);
    await expect(tree.getByText("Таких компетенций не найдено. Добавить новую?")).toBeVisible();
    await tree.getByRole("button", { name: `Добавить «${mine}»` }).click();
    await expect(tree.getByText("Выбрано 3 компетенции")).toBeVisible();
    await shot(page, testInfo, "competences-tree", { fullPage: false });
    await tree.getByRole("button", { name: "Сохранить" }).click();
    await expect(tree).toBeHidden();

    // Two per page.
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Финансовое моделирование", "Оценка бизнеса"]);
    await section.getByRole("button", { name: "Страница 2" }).click();
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([mine]);
    await expect(section.locator(".xp-card").getByText("На модерации", { exact: true })).toBeVisible();
    await section.getByRole("button", { name: "Страница 1" }).click();

    // (2) By a place of study.
    await section.getByLabel("Подтвердить компетенцию Финансовое моделирование").click();
    await expect(section.getByRole("link", { name: "Запросить рекомендацию" })).toHaveAttribute("href", "/profile/recommendation-request?expertise=3");
    await section.getByRole("button", { name: "Подтвердить учебным заведением" }).click();
    const inst = dialog(page, "Подтверждение учебным заведением");
    await inst.getByRole("button", { name: "Сохранить" }).click();
    await expect(inst.getByText("Место обучения обязателено для заполнения")).toBeVisible();
    const year = new Date().getFullYear();
    await expect(inst.getByText(`Ведите год в диапазоне он ${year - 50} до ${year + 5}`)).toBeVisible();
    await confirmByInstitution(inst, "вшэ", "НИУ ВШЭ", "2012");
    const modelling = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Финансовое моделирование" }) });
    await expect(modelling.getByText("НИУ ВШЭ, 2012")).toBeVisible();
    await expect(modelling.getByText("1 подтверждение")).toBeVisible();

    // (3) By a link.
    await section.getByLabel("Подтвердить компетенцию Оценка бизнеса").click();
    await section.getByRole("button", { name: "Подтвердить документом или ссылкой" }).click();
    const doc = dialog(page, "Подтверждение документом или ссылкой");
    await doc.getByLabel("Ссылка").fill("не ссылка");
    await doc.getByLabel("Название").fill("Статья об оценке");
    await doc.getByRole("button", { name: "Сохранить" }).click();
    await expect(doc.getByText("Введите корректную ссылку")).toBeVisible();
    await doc.getByLabel("Ссылка").fill("https://example.ru/valuation");
    // The corrected link drops its message at once.
    await expect(doc.getByText("Введите корректную ссылку")).toHaveCount(0);
    await doc.getByRole("button", { name: "Сохранить" }).click();
    await expect(doc).toBeHidden();
    await expect(section.getByRole("link", { name: "Статья об оценке" })).toHaveAttribute("href", "https://example.ru/valuation");
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "competences-list");

    // Delete the new one after the confirmation.
    await section.getByRole("button", { name: "Страница 2" }).click();
    await section.getByRole("button", { name: `Удалить компетенцию ${mine}` }).click();
    const del = dialog(page, "Удаление компетенции");
    await expect(del.getByText(`Вы уверены, что хотите удалить компетенцию (${mine})?`)).toBeVisible();
    await del.getByRole("button", { name: "Удалить" }).click();
    await expect(section.getByRole("heading", { name: mine })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Страница 2" })).toHaveCount(0);
  });

  test("the demo expert's specializations are rated and ordered best first", async ({ page }, testInfo) => {
    await signIn(page, "expert@demo.ru", DEMO_PASSWORD);
    await page.waitForURL(/\/profile\/information/);
    const specs = page.locator("#projects #specializations");
    // Управленческий учёт: 4 recommendation ratings and the two demo projects' 5s (db/seed/projects-demo.ts),
    // averaging 4.8 (Wilson first); M&A: 2 ratings of 4.5; Бюджетирование: one 3.
    await expect(specs.getByRole("heading", { level: 3 })).toHaveText(["Управленческий учёт", "M&A", "Бюджетирование", "МСФО"]);
    await expect(specs.getByText("6 оценок")).toBeVisible();
    await expect(specs.getByLabel("Рейтинг 4,8")).toHaveClass(/xp-rating__value--green/);
    await expect(specs.getByLabel("Рейтинг 3,0")).toHaveClass(/xp-rating__value--yellow/);
    await expect(page.locator("#experience").getByRole("heading", { name: "X5 Group" })).toBeVisible();

    // Decision 0060: deleting what was rated says where its ratings stay, and only then. X5 Group alone gives
    // the rated 'Ритейл - Управленческий учёт' and 'Ритейл - M&A'; Сбер only the unrated МСФО.
    const stay = "не удалятся: они по-прежнему учитываются в вашем рейтинге";
    const experience = page.locator("#experience");
    await experience.getByRole("button", { name: "Удалить: X5 Group" }).click();
    const workDelete = dialog(page, "Удалить место работы");
    await expect(workDelete.getByText("Вы уверены, что хотите удалить  место работы (X5 Group)?")).toBeVisible();
    await expect(workDelete.getByText(stay)).toBeVisible();
    await shot(page, testInfo, "experience-delete-rated-work", { fullPage: false });
    await workDelete.getByRole("button", { name: "Отмена" }).click();
    await expect(workDelete).toBeHidden();
    await experience.getByRole("button", { name: "Удалить: Сбер" }).click();
    await expect(workDelete.getByText("Вы уверены, что хотите удалить  место работы (Сбер)?")).toBeVisible();
    await expect(workDelete.getByText(stay)).toHaveCount(0);
    await workDelete.getByRole("button", { name: "Отмена" }).click();
    // Editing: taking a rated specialization out of the only work that gives it says the same, in the modal.
    await experience.getByRole("button", { name: "Редактировать: X5 Group" }).click();
    const edit = dialog(page, "Редактировать место работы");
    const editNote = "Оценки убранных специализаций не удалятся";
    await expect(edit.getByText("Ритейл - M&A")).toBeVisible();
    await expect(edit.getByText(editNote)).toHaveCount(0);
    await edit.getByRole("button", { name: "Удалить специализацию Ритейл - M&A" }).click();
    await expect(edit.getByRole("status").filter({ hasText: editNote })).toBeVisible();
    await shot(page, testInfo, "experience-edit-rated-work", { fullPage: false });
    await edit.getByRole("button", { name: "Отмена" }).click();
    await expect(edit).toBeHidden();
    // Финансовое моделирование has three ratings.
    await page.locator("#expertise").getByRole("button", { name: "Удалить компетенцию Финансовое моделирование" }).click();
    const competenceDelete = dialog(page, "Удаление компетенции");
    await expect(competenceDelete.getByText(stay)).toBeVisible();
    await competenceDelete.getByRole("button", { name: "Отмена" }).click();
    await expect(competenceDelete).toBeHidden();
    await expect(experience.getByRole("heading", { name: "X5 Group" })).toBeVisible();

    await page.locator("#expertise").getByRole("button", { name: "Страница 2" }).click();
    await expect(page.locator("#expertise").getByText("Финансовый университет при Правительстве РФ, 2009")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, testInfo, "experience-demo-expert");
  });

  test("the sections and their modals have no WCAG A/AA violations", async ({ page }) => {
    test.setTimeout(120_000);
    const audit = async (what: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${what}: accessibility violations`).toEqual([]);
    };
    await signIn(page, "expert@demo.ru", DEMO_PASSWORD);
    await page.waitForURL(/\/profile\/information/);
    await audit("the profile's sections");
    await page.locator("#experience").getByRole("button", { name: "Редактировать: X5 Group" }).click();
    const work = dialog(page, "Редактировать место работы");
    await expect(work.getByText("Ритейл - M&A")).toBeVisible();
    await work.getByRole("button", { name: "Сохранить" }).focus();
    await audit("the work modal");
    await work.getByRole("button", { name: "Добавить специализацию" }).click();
    await expect(dialog(page, "Специализация").getByLabel("Индустрия")).toBeVisible();
    await audit("the specialization sub-modal");
    await dialog(page, "Специализация").getByRole("button", { name: "Отмена" }).click();
    await work.getByRole("button", { name: "Отмена" }).click();
    await page.locator("#expertise").getByRole("button", { name: "Добавить компетенцию" }).click();
    const tree = dialog(page, "Компетенции");
    await tree.locator("summary", { hasText: /^Финансы$/ }).click();
    await tree.locator("summary", { hasText: /^Корпоративные финансы$/ }).click();
    // The demo expert's own competence is checked and cannot be taken again.
    await expect(tree.getByRole("checkbox", { name: "Финансовое моделирование" })).toBeChecked();
    await expect(tree.getByRole("checkbox", { name: "Финансовое моделирование" })).toBeDisabled();
    await audit("the competence tree");
  });
});
