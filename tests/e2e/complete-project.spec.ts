/// <reference types="node" />
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { createCustomer, createExpert, expect, expectNoHorizontalScroll, isMobile, newPerson, setupPost, shot, signIn, test } from "./fixtures";

/**
 * Completing a project and rating it (spec 3 §2 'Complete project page', 'Rate service page', §4, §8):
 * the customer of an active project rates a service and the people of the team, completes the project
 * after the warning about the unrated service, and the expert's profile shows the new ratings with their
 * source and the specializations in their new order.
 *
 * The responses and the shortlist are built on other branches: the active project is made through the API
 * (accounts, request, services) and the rows the shortlist leaves, written into the local D1 with wrangler.
 */

const ROOT = process.cwd();

/**
 * SQL into the Worker's local D1 (the same database file `wrangler dev` serves). The running Worker may hold
 * the file's write lock at that moment (SQLITE_BUSY): the command is one transaction, so it is tried again.
 */
function d1(statements: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), "d1", "execute", "DB", "--local", "--env", "development", "--persist-to", join(ROOT, ".wrangler-e2e"), "--command", statements], {
        stdio: ["ignore", "pipe", "pipe"],
        cwd: ROOT,
      });
      return;
    } catch (e) {
      const out = `${(e as { stdout?: Buffer }).stdout ?? ""}${(e as { stderr?: Buffer }).stderr ?? ""}`;
      if (attempt >= 6 || !/SQLITE_BUSY|database is locked/.test(out)) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300 * attempt);
    }
  }
}

async function service(api: APIRequestContext, bearer: string, name: string) {
  const res = await setupPost(api, "/api/service", {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      name,
      format: "individual",
      description: "Строим финансовую модель и готовим компанию к сделке.",
      type: 1,
      industries: [1],
      options: [100],
      specializations: [{ industry_id: 1, option_id: 100 }],
      companies: [1],
      income: 200000,
      pay_format: "per_month",
      hours: 20,
      workload_format: "per_week",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test("the customer rates the service and the team, completes the project, and the expert's profile shows the ratings", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(api, newPerson(testInfo, "cp-customer", { name: "Мария", lastName: "Заказчикова" }), { verified: true });
  const expert = await createExpert(api, newPerson(testInfo, "cp-expert", { name: "Игорь", lastName: "Волков" }));
  const member = await createExpert(api, newPerson(testInfo, "cp-member", { name: "Нина", lastName: "Котова" }));
  const projectName = `Финансовая модель ${testInfo.project.name} ${Date.now().toString(36)}`;
  const s1 = await service(api, expert.token, "Финансовая модель компании");
  const s2 = await service(api, expert.token, "Бюджетирование");
  const e = expert.user.id;
  const m = member.user.id;
  // Two specializations of the expert (the first with more years, so it leads before any rating), and
  // two competences of the team member; then what the shortlist leaves: a paid active request, the
  // chosen response with both services and the member in its team.
  const sub = (n: number) => `(select id from options where parent_id is not null and status = 'active' order by id limit 1 offset ${n})`;
  const leaf = (n: number) => `(select id from expertises x where status = 'active' and not exists (select 1 from expertises c where c.parent_id = x.id) order by id limit 1 offset ${n})`;
  const demandId = `(select id from demands where name = '${projectName}')`;
  d1(
    [
      `update services set status = 'active' where id in (${s1}, ${s2})`,
      `insert into demands (user_id, name, description, service_type_id, duration_id, budget, expert_type, execution_period, status, is_paid, paid_at, started_at) values ((select id from users where email = '${customer.email}'), '${projectName}', 'Нужна модель денежных потоков на пять лет', 1, 3, 300000, 'ordinary', '2028-06-01', 'active', 1, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')`,
      `insert into works (user_id, company_id, work_start) values (${e}, 1, '2015-01-01'), (${m}, 1, '2018-01-01')`,
      `insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values ((select max(id) from works where user_id = ${e}), ${e}, 1, ${sub(0)}, 1, 8), ((select max(id) from works where user_id = ${e}), ${e}, 2, ${sub(5)}, 1, 2)`,
      `insert into user_expertises (user_id, expertise_id) values (${m}, ${leaf(0)}), (${m}, ${leaf(1)})`,
      `insert into responds (demand_id, user_id, status, responded_at, salary, tax_id, description) values (${demandId}, ${e}, 'active', '2026-10-20T00:00:00Z', 100000, 1, 'Сделаю')`,
      `insert into respond_services (respond_id, service_id) values ((select id from responds where demand_id = ${demandId}), ${s1}), ((select id from responds where demand_id = ${demandId}), ${s2})`,
      `insert into respond_members (respond_id, type, user_id) values ((select id from responds where demand_id = ${demandId}), 'user', ${m})`,
    ].join("; "),
  );

  // Before: the specialization with more years leads the expert's profile.
  await signIn(page, customer.email, customer.password);
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
  await page.goto(`/profile/${e}`);
  const specTitles = page.locator("#specializations .xp-card__title");
  await expect(specTitles).toHaveCount(2);
  const [firstBefore, secondBefore] = await specTitles.allTextContents();

  // The active request's 'Завершить' asks first, then opens the completion flow.
  await page.goto("/projects/request#active");
  await page.getByRole("link", { name: new RegExp(`^Завершить: ${projectName}`) }).click();
  const confirm = page.getByRole("dialog", { name: "Завершить проект" });
  await expect(confirm.getByText("Уверены, что хотите завершить проект?")).toBeVisible();
  await confirm.getByRole("button", { name: "Завершить", exact: true }).click();
  await expect(page).toHaveURL(/\/complete-project\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
  if (isMobile(testInfo)) {
    // A phone shows the respondents first, each with 'Оценить'.
    await page.getByRole("link", { name: "Оценить: Игорь Волков" }).click();
  }
  await expect(page.getByRole("heading", { name: "Услуги", exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "complete-project");

  // The rating page of the first service: the team's title, the service dialog.
  await page.getByRole("link", { name: "Оценка: Финансовая модель компании" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Оценка услуги и команды" })).toBeVisible();
  await page.getByRole("link", { name: "Оценить услугу" }).click();
  const serviceDialog = page.getByRole("dialog", { name: "Оценка услуги" });
  await expect(serviceDialog).toBeVisible();
  await serviceDialog.getByRole("radio", { name: "5 — лучшие практики" }).check();
  await serviceDialog.getByLabel("Комментарий").fill("Модель защитили перед банком");
  await shot(page, testInfo, "rate-service-dialog", { fullPage: false });
  await serviceDialog.getByRole("button", { name: "Сохранить оценку" }).click();
  await expect(serviceDialog).toBeHidden();
  await expect(page.getByText("Ваша оценка: 5")).toBeVisible();

  // The expert himself: his second specialization gets the top score, so it leads afterwards.
  await page.getByRole("link", { name: "Оценить: Игорь Волков" }).click();
  const expertDialog = page.getByRole("dialog", { name: /Оценка исполнителя: Игорь Волков/ });
  await expect(expertDialog).toBeVisible();
  const save = expertDialog.getByRole("button", { name: "Сохранить оценку" });
  await expect(save).toBeDisabled();
  await expertDialog.getByRole("group", { name: new RegExp(` - ${secondBefore!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).getByRole("radio", { name: "5 — лучшие практики" }).check();
  await expertDialog.getByLabel("Комментарий").fill("Сильный финансовый директор");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(expertDialog).toBeHidden();

  // The team member: a competence.
  await page.getByRole("link", { name: "Оценить: Нина Котова" }).click();
  const memberDialog = page.getByRole("dialog", { name: /Оценка исполнителя: Нина Котова/ });
  await memberDialog.getByRole("group").first().getByRole("radio", { name: "4 — продвинутый уровень" }).check();
  await memberDialog.getByLabel("Комментарий").fill("Аккуратная работа с данными");
  await memberDialog.getByRole("button", { name: "Сохранить оценку" }).click();
  await expect(memberDialog).toBeHidden();
  await expect(page.getByRole("img", { name: "Нина Котова: Оценено" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "rate-service-page");

  // 'Завершить оценку' returns to the respondent; one service is left unrated: the warning, then success.
  await page.getByRole("link", { name: "Завершить оценку" }).click();
  await expect(page.getByRole("heading", { name: "Услуги без оценки" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Услуги с оценкой" })).toBeVisible();
  await page.getByRole("button", { name: "Завершить проект" }).click();
  const warning = page.getByRole("dialog", { name: "Завершить проект" });
  await expect(warning.getByText("Вы оценили не все услуги. Уверены, что хотите завершить проект?")).toBeVisible();
  await shot(page, testInfo, "complete-warning", { fullPage: false });
  await warning.getByRole("button", { name: "Завершить", exact: true }).click();
  const success = page.getByRole("dialog", { name: "Проект успешно завершен" });
  await expect(success).toBeVisible();
  await shot(page, testInfo, "complete-success", { fullPage: false });
  await success.getByRole("link", { name: "К проектам" }).click();
  await expect(page).toHaveURL(/\/projects/);

  // The expert's profile: the rated specialization now leads; the ratings name the project.
  await page.goto(`/profile/${e}`);
  await expect(specTitles).toHaveText([secondBefore!, firstBefore!]);
  const received = page.getByTestId("received-ratings");
  await expect(received.getByText(`Проект «${projectName}»`).first()).toBeVisible();
  await expect(received.getByText("Модель защитили перед банком")).toBeVisible();
  await received.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "profile-ratings");
});
