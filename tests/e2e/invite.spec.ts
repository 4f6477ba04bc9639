import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { BASE_URL, createCustomer, expect, expectNoHorizontalScroll, newPerson, shot, signIn, test, uniqueEmail, newOperator } from "./fixtures";
import { expectInvitationLinked, invitationPath, inviteExpert, registerByInvitation } from "./profile-steps";

// Invitations (spec 2 §2 'Invitation pages', §4, §5, §8; spec README "Document 2 details"; decision 0017).

const EXISTS = (name: string) => `Почта привязана к существующему аккаунту — ${name}`;

async function signedInInviter(page: Page, api: APIRequestContext, testInfo: TestInfo) {
  const inviter = await createCustomer(api, newPerson(testInfo, "inviter", { name: "Ирина", lastName: "Белова" }), { verified: true });
  await signIn(page, inviter.email, inviter.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  return inviter;
}

/** The page's own content (the shell's header is checked by its own tests). */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), "accessibility violations").toEqual([]);
}

test("an expert is invited in two steps, registers through the mailed link with the form prefilled, and the invitation is linked", async ({ page, api }, testInfo) => {
  await signedInInviter(page, api, testInfo);
  const invitee = { email: uniqueEmail(testInfo, "invitee"), phone: "+7 916 555-44-33", lastName: "Морозов", name: "Олег", patronymic: "Петрович" };

  await page.goto("/invite");
  await expect(page).toHaveURL(/\/invite\/expert$/);
  await expect(page).toHaveTitle("Пригласить эксперта — Экспертная биржа");
  await expect(page.getByRole("heading", { level: 1, name: "Пригласить эксперта" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Кого пригласить" }).getByRole("link", { name: "Пригласить эксперта" })).toHaveAttribute("aria-current", "page");

  // Step 1: the e-mail alone.
  await expect(page.getByText("Шаг 1 из 2")).toBeVisible();
  await expect(page.getByLabel("Фамилия")).toHaveCount(0);
  await page.getByRole("button", { name: "Далее" }).click();
  await expect(page.locator(".field__error")).toHaveText("E-mail обязателен");
  await inviteExpert(page, invitee, {
    step1: async () => {
      await expectNoHorizontalScroll(page);
      await shot(page, testInfo, "invite-expert-step1");
    },
    // Step 2: phone, last name, first name, patronymic.
    step2: async () => {
      await expect(page.getByText(invitee.email)).toBeVisible();
      await page.getByLabel("Имя", { exact: true }).fill("Олег1");
      await page.getByRole("button", { name: "Отправить приглашение" }).click();
      await expect(page.locator(".field", { has: page.locator('input[name="name"]') }).locator(".field__error")).toHaveText("Допустимы только буквы (кириллица или латиница) и дефис");
      await page.getByLabel("Имя", { exact: true }).fill(invitee.name);
      await expectNoHorizontalScroll(page);
      await shot(page, testInfo, "invite-expert-step2");
      await expectAxeClean(page);
    },
    sent: () => shot(page, testInfo, "invite-sent", { fullPage: false }),
  });
  // spec 2 §4: submit resets the form.
  await expect(page.getByText("Шаг 1 из 2")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("");

  // The mail, read from the outbox, carries the registration link.
  const { path, mail } = await invitationPath(api, invitee.email);
  expect(mail.text).toContain("Ирина Белова приглашает вас присоединиться к Экспертной бирже в качестве эксперта.");

  // The invitee (another person: no session) opens it: the form is prefilled.
  await page.context().clearCookies();
  await registerByInvitation(page, api, testInfo, path, invitee, "Invited_Pass1", "invite-sign-up-prefilled");

  // The operator sees the invitation linked to the new account.
  await page.context().clearCookies();
  const operator = await newOperator(api);
  await signIn(page, operator.email, operator.password);
  await expect(page).toHaveURL(/\/profile\/information$/);
  await expectInvitationLinked(page, testInfo, invitee, "invite-admin-list");
});

test("a company is invited with a new company, which goes to moderation", async ({ page, api }, testInfo) => {
  await signedInInviter(page, api, testInfo);
  const email = uniqueEmail(testInfo, "company");
  const companyName = `Ромашка ${Math.random().toString(36).slice(2, 7)}`;

  await page.goto("/invite/company");
  await expect(page).toHaveTitle("Пригласить компанию — Экспертная биржа");
  await expect(page.getByRole("heading", { level: 1, name: "Пригласить компанию" })).toBeVisible();
  // Every field at once.
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Фамилия").fill("Кузнецова");
  await page.getByLabel("Имя", { exact: true }).fill("Анна");
  await page.getByRole("button", { name: "Отправить приглашение" }).click();
  await expect(page.locator(".company-picker .field__error")).toHaveText("Выберите компанию");

  // The search finds existing companies (debounced)...
  const company = page.getByRole("searchbox", { name: "Компания" });
  await company.fill("север");
  await expect(page.getByRole("list", { name: "Найденные компании" }).getByRole("button", { name: "Северсталь" })).toBeVisible();
  // ...and offers to add a name it does not know.
  await company.fill(companyName);
  await expect(page.getByText("Таких компаний не найдено. Добавить новую?")).toBeVisible();
  await shot(page, testInfo, "invite-company-not-found");
  await page.getByRole("button", { name: `Добавить «${companyName}»` }).click();
  await expect(page.getByText(`${companyName} · На модерации`)).toBeVisible();
  await expect(page.locator(".company-picker .field__error")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "invite-company-form");
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Отправить приглашение" }).click();

  const done = page.getByRole("dialog", { name: "Приглашение отправлено" });
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: "Хорошо" }).click();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("");
  await expect(company).toHaveValue("");
  const { mail } = await invitationPath(api, email);
  // A company still in moderation is not named to a third party: the plain invitation goes.
  expect(mail.text).toContain("приглашает вас присоединиться к Экспертной бирже в качестве эксперта.");
  expect(mail.text).not.toContain(companyName);
});

test("an address that already has an account is named and blocks sending", async ({ page, api }, testInfo) => {
  await signedInInviter(page, api, testInfo);
  const taken = await createCustomer(api, newPerson(testInfo, "taken", { name: "Пётр", lastName: "Сидоров" }));

  await page.goto("/invite/expert");
  await page.getByRole("textbox", { name: "E-mail" }).fill(taken.email);
  await page.getByRole("button", { name: "Далее" }).click();
  await expect(page.locator(".field__error")).toHaveText(EXISTS("Пётр Сидоров"));
  await expect(page.getByRole("button", { name: "Далее" })).toBeDisabled();
  await expect(page.getByText("Шаг 1 из 2")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "invite-account-exists");
  await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail(testInfo, "free"));
  await expect(page.getByRole("button", { name: "Далее" })).toBeEnabled();

  // The company flow checks as soon as the address is typed.
  await page.goto("/invite/company");
  await page.getByRole("textbox", { name: "E-mail" }).fill(taken.email);
  await page.getByLabel("Фамилия").focus();
  await expect(page.locator(".field", { has: page.locator('input[name="email"]') }).locator(".field__error")).toHaveText(EXISTS("Пётр Сидоров"));
  await expect(page.getByRole("button", { name: "Отправить приглашение" })).toBeDisabled();
});

test("guests are sent to sign in", async ({ page }) => {
  await page.goto("/invite/company");
  await expect(page).toHaveURL(`${BASE_URL}/auth?redirectTo=${encodeURIComponent("/invite/company")}`);
});
