import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, expectNoHorizontalScroll, isMobile, shot, test, uniqueEmail, waitForHydration } from "./fixtures";

// The start page (spec 1 §2) in both modes, at 1440 px (desktop project) and 375 px (mobile project).

const CUSTOMER_TITLE = "Эксперты для бизнеса — под задачу и без лишних затрат";
const EXPERT_TITLE = "Проекты для экспертов — в вашей отрасли и в удобном ритме";

const modeToggle = (page: Page) => page.getByRole("group", { name: "Для кого эта страница" });
const section = (page: Page, id: string) => page.locator(`section#${id}`);
const modeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "mode")?.value;

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    "accessibility violations"
  ).toEqual([]);
}

test("customer mode by default: every block with the marketing figures", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CUSTOMER_TITLE);
  await expect(modeToggle(page).getByRole("link", { name: "Заказчик" })).toHaveAttribute("aria-current", "true");
  await expect(modeToggle(page).getByRole("link", { name: "Эксперт" })).not.toHaveAttribute("aria-current", /.*/);

  // Hero figures and the claims of spec 1 §1.
  const stats = page.locator(".lp-stats");
  await expect(stats).toContainText("1000+ экспертов");
  await expect(stats).toContainText("70 направлений бизнеса");
  await expect(stats).toContainText("800 областей компетенций");
  const points = section(page, "whoweare");
  await expect(points.getByRole("heading", { level: 2 })).toHaveText("Почему компании выбирают нас");
  await expect(points.getByRole("heading", { name: "Более 1000 экспертов" })).toBeVisible();
  await expect(points.getByRole("heading", { name: "От 1 до 40 часов в неделю" })).toBeVisible();
  await expect(points.getByText("98% заявок с внутренним поиском закрываются в течение недели.")).toBeVisible();
  await expect(points.getByRole("heading", { name: "Один договор на всю компанию" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "300+ услуг и 2000+ задач" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "100+ индустрий" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "800 областей компетенций" })).toBeVisible();

  // The three steps, the tags, the cards.
  await expect(section(page, "how").getByRole("listitem")).toHaveCount(3);
  await expect(page.locator(".lp-tag")).toHaveCount(16);
  await expect(section(page, "tasks").getByRole("heading", { level: 2 })).toHaveText("Задачи, которые уже решили наши эксперты");
  await expect(section(page, "experts").getByRole("tab")).toHaveCount(6);
  await expect(section(page, "competences").locator(".lp-competence")).toHaveCount(12);
  await expect(page.getByRole("heading", { level: 2, name: "Найдём эксперта под вашу задачу" })).toBeVisible();

  // Industries: the orbit on desktop, chips on mobile (one of them only, by width).
  const industries = section(page, "industries");
  if (isMobile(testInfo)) {
    await expect(industries.locator(".lp-orbit")).toBeHidden();
    await expect(industries.locator(".lp-industry-chips .lp-chip").first()).toBeVisible();
    await expect(industries.locator(".lp-industry-chips .lp-chip:visible")).toHaveCount(12);
    await industries.getByRole("button", { name: "Показать еще" }).click();
    expect(await industries.locator(".lp-industry-chips .lp-chip:visible").count()).toBeGreaterThan(12);
  } else {
    await expect(industries.locator(".lp-industry-chips")).toBeHidden();
    await expect(industries.getByRole("list", { name: "Индустрии, в которых работают наши эксперты" })).toBeVisible();
    await expect(industries.locator(".lp-orbit__chip")).toHaveCount(12);
    // The chips float with delays of 1 to 8 s.
    const delays = await industries.locator(".lp-orbit__chip").evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).animationDelay)));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8);
  }

  // Images: sizes reserved (no layout shift), lazy below the fold.
  const images = await page
    .locator("main img")
    .evaluateAll((els) =>
      els.map((el) => ({ w: el.getAttribute("width"), h: el.getAttribute("height"), alt: el.getAttribute("alt"), loading: el.getAttribute("loading"), src: el.getAttribute("src") }))
    );
  for (const img of images) {
    expect(img.w && img.h, `${img.src} has width and height`).toBeTruthy();
    expect(img.alt, `${img.src} has an alt attribute`).not.toBeNull();
  }
  expect(images.filter((i) => i.src?.startsWith("/landing/tasks/")).every((i) => i.loading === "lazy")).toBe(true);
  // Every picture of the page exists.
  for (const src of new Set(images.map((i) => i.src!))) expect((await page.request.get(src)).status(), src).toBe(200);

  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "landing-customer");
});

test("the toggle switches to the expert mode in place and the device keeps it", async ({ page }, testInfo) => {
  await page.goto("/");
  await modeToggle(page).getByRole("link", { name: "Эксперт" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(EXPERT_TITLE);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(modeToggle(page).getByRole("link", { name: "Эксперт" })).toHaveAttribute("aria-current", "true");
  expect(await modeCookie(page)).toBe("executor");
  // A guest's tab bar (a phone's) follows the mode at once: the expert's tabs.
  if (testInfo.project.name === "mobile") await expect(page.getByRole("navigation", { name: "Разделы" }).getByRole("link").first()).toHaveText("Заявки");

  await expect(section(page, "whoweare").getByRole("heading", { name: "Гарантированная оплата" })).toBeVisible();
  await expect(section(page, "whoweare").getByRole("heading", { name: "Проекты из 100+ индустрий" })).toBeVisible();
  await expect(section(page, "tasks").getByRole("heading", { level: 2 })).toHaveText("Задачи, которые ждут экспертов");
  await expect(section(page, "tasks").locator(".lp-task")).toHaveCount(3);
  await expect(section(page, "experts").getByRole("tab")).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 2, name: "Станьте экспертом платформы" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "300+ услуг и 2000+ задач" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "100+ индустрий" })).toBeVisible();

  // The server renders the stored mode on the next visit.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(EXPERT_TITLE);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "landing-executor");

  await modeToggle(page).getByRole("link", { name: "Заказчик" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CUSTOMER_TITLE);
  expect(await modeCookie(page)).toBe("customer");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle is a link: ?mode=executor renders the expert mode and keeps it", async ({ page }) => {
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CUSTOMER_TITLE);
    await modeToggle(page).getByRole("link", { name: "Эксперт" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/?mode=executor`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EXPERT_TITLE);
    expect(await modeCookie(page)).toBe("executor");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EXPERT_TITLE);
    await page.locator(".lp-hero").getByRole("link", { name: "Как это работает" }).click();
    await expect(page).toHaveURL(/\/#how$/);
  });

  test("the expert pre-footer still sets the mode and opens registration", async ({ page }) => {
    await page.goto("/?mode=executor", { waitUntil: "domcontentloaded" });
    await page.context().clearCookies();
    await page.locator(".lp-prefooter").getByRole("button", { name: "Стать экспертом" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/sign-up?role=expert`);
    await expect(page.getByRole("radio", { name: "Стать экспертом" })).toBeChecked();
    expect(await modeCookie(page)).toBe("executor");
  });
});

for (const cta of [
  { mode: "customer", where: "hero", name: "Подобрать эксперта", role: "customer", radio: "Ищу эксперта" },
  { mode: "customer", where: "how", name: "Оставить заявку", role: "customer", radio: "Ищу эксперта" },
  { mode: "customer", where: "prefooter", name: "Начать работу", role: "customer", radio: "Ищу эксперта" },
  { mode: "executor", where: "hero", name: "Стать экспертом", role: "expert", radio: "Стать экспертом" },
  { mode: "executor", where: "how", name: "Начать работу", role: "expert", radio: "Стать экспертом" },
  { mode: "executor", where: "prefooter", name: "Стать экспертом", role: "expert", radio: "Стать экспертом" },
] as const) {
  test(`${cta.mode} mode: '${cta.name}' in the ${cta.where} opens registration as ${cta.role}`, async ({ page }) => {
    // Start from the other mode's cookie, so that the pre-footer visibly sets its own.
    await page.context().addCookies([{ name: "mode", value: cta.mode === "customer" ? "executor" : "customer", url: BASE_URL }]);
    await page.goto("/");
    await modeToggle(page)
      .getByRole("link", { name: cta.mode === "customer" ? "Заказчик" : "Эксперт" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(cta.mode === "customer" ? CUSTOMER_TITLE : EXPERT_TITLE);

    const scope = cta.where === "hero" ? page.locator(".lp-hero") : cta.where === "how" ? section(page, "how") : page.locator(".lp-prefooter");
    const target = cta.where === "prefooter" ? scope.getByRole("button", { name: cta.name }) : scope.getByRole("link", { name: cta.name });
    if (cta.where === "prefooter") {
      // The pre-footer posts to the page's action, which sets the mode before registration.
      await page.context().addCookies([{ name: "mode", value: cta.mode === "customer" ? "executor" : "customer", url: BASE_URL }]);
      const posted = page.waitForResponse((r) => r.request().method() === "POST");
      await target.click();
      const setCookie = (await (await posted).allHeaders())["set-cookie"] ?? "";
      expect(setCookie).toContain(`mode=${cta.mode}`);
    } else {
      await target.click();
    }
    await expect(page).toHaveURL(`${BASE_URL}/sign-up?role=${cta.role}`);
    await expect(page.getByRole("radio", { name: cta.radio })).toBeChecked();
    if (cta.where === "prefooter") expect(await modeCookie(page)).toBe(cta.mode);
  });
}

test("task cards: 'Показать еще' shows them all, 'Скрыть' goes back to three", async ({ page }) => {
  await page.goto("/");
  const tasks = section(page, "tasks");
  const visible = tasks.locator(".lp-task:visible");
  await expect(visible).toHaveCount(3);
  const toggle = tasks.getByRole("button", { name: "Показать еще" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(visible).toHaveCount(5);
  await expect(tasks.getByRole("heading", { level: 3, name: "Агрохолдинг, 6 предприятий" })).toBeVisible();
  const hide = tasks.getByRole("button", { name: "Скрыть" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  await hide.click();
  await expect(visible).toHaveCount(3);
  await expect(tasks.getByRole("button", { name: "Показать еще" })).toBeVisible();
});

test("competence cards show 4 chips, then all after 'Показать еще'", async ({ page }) => {
  await page.goto("/");
  const finance = section(page, "competences").locator(".lp-competence", { has: page.getByRole("heading", { name: "Финансы" }) });
  await expect(finance.locator(".lp-chip:visible")).toHaveCount(4);
  await expect(finance.getByText("МСФО")).toBeHidden();
  await finance.getByRole("button", { name: "Показать еще" }).click();
  await expect(finance.locator(".lp-chip:visible")).toHaveCount(8);
  await expect(finance.getByText("МСФО")).toBeVisible();
  await finance.getByRole("button", { name: "Скрыть" }).click();
  await expect(finance.locator(".lp-chip:visible")).toHaveCount(4);
  // Every card starts at four.
  for (const card of await section(page, "competences").locator(".lp-competence").all()) expect(await card.locator(".lp-chip:visible").count()).toBeLessThanOrEqual(4);
});

test("the expert carousel advances by itself every 3.5 s and by its buttons", async ({ page }) => {
  await page.goto("/");
  const experts = section(page, "experts");
  const tabs = experts.getByRole("tab");
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(experts.getByRole("tabpanel")).toHaveCount(1);
  await expect(experts.getByRole("tabpanel")).toContainText("Марина Орлова");

  // No pointer or focus on it: it turns by itself, one expert every 3.5 s (timed in the page).
  const turns = await page.evaluate(
    () =>
      new Promise<{ index: number; at: number }[]>((resolve) => {
        const tabs = [...document.querySelectorAll("#experts [role=tab]")];
        const seen: { index: number; at: number }[] = [];
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            if ((r.target as Element).getAttribute("aria-selected") !== "true") continue;
            seen.push({ index: tabs.indexOf(r.target as Element), at: performance.now() });
            if (seen.length === 2) {
              observer.disconnect();
              resolve(seen);
            }
          }
        });
        for (const tab of tabs) observer.observe(tab, { attributes: true, attributeFilter: ["aria-selected"] });
      })
  );
  expect(turns.map((t) => t.index)).toEqual([1, 2]);
  const interval = turns[1]!.at - turns[0]!.at;
  expect(interval).toBeGreaterThan(3_000);
  expect(interval).toBeLessThan(6_000);
  await expect(experts.getByRole("tabpanel")).toContainText("Ирина Ковалёва");
  // Loading, hydrating and two turns of the carousel moved nothing on the page.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(sum), 100);
      })
  );
  expect(shift, "cumulative layout shift").toBeLessThan(0.01);

  await experts.getByRole("button", { name: "Следующий эксперт" }).click();
  await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
  await experts.getByRole("button", { name: "Предыдущий эксперт" }).click();
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  for (let i = 0; i < 3; i++) await experts.getByRole("button", { name: "Предыдущий эксперт" }).click();
  await expect(tabs.nth(5)).toHaveAttribute("aria-selected", "true");

  // Tabs: a click picks one, arrow keys move between them.
  await tabs.nth(3).click();
  await expect(experts.getByRole("tabpanel")).toContainText("Дмитрий Соколов");
  await page.keyboard.press("ArrowRight");
  await expect(experts.getByRole("tabpanel")).toContainText("Елена Гришина");
  await expect(tabs.nth(4)).toBeFocused();
  await expect(tabs.nth(4)).toHaveAttribute("aria-selected", "true");

  // The rotation can be stopped for good.
  await experts.getByRole("button", { name: "Остановить автопрокрутку" }).click();
  await expect(experts.getByRole("button", { name: "Включить автопрокрутку" })).toBeVisible();
});

test("the carousel does not rotate under prefers-reduced-motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const experts = section(page, "experts");
  await expect(experts.getByRole("button", { name: /автопрокрутку/ })).toBeHidden();
  await page.waitForTimeout(4_500);
  await expect(experts.getByRole("tab").nth(0)).toHaveAttribute("aria-selected", "true");
  // Nor does the orbit move.
  const names = await page.locator(".lp-orbit__ring, .lp-orbit__chip").evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
  expect(names.every((n) => n === "none")).toBe(true);
});

test("anchors #whoweare, #industries and #how scroll to their blocks", async ({ page }, testInfo) => {
  await page.goto("/#industries");
  await expect(page.getByRole("heading", { level: 2, name: "100+ индустрий" })).toBeInViewport();
  await page.goto("/#whoweare");
  await expect(section(page, "whoweare").getByRole("heading", { level: 2 })).toBeInViewport();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.locator(".lp-hero").getByRole("link", { name: "Как это работает" }).click();
  await expect(page).toHaveURL(/#how$/);
  await expect(section(page, "how").getByRole("heading", { level: 2 })).toBeInViewport();
  if (!isMobile(testInfo)) {
    // The header's marketing links, on the page itself and from another page.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link", { name: "Почему мы" }).click();
    await expect(section(page, "whoweare").getByRole("heading", { level: 2 })).toBeInViewport();
    await page.goto("/faq");
    await page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link", { name: "Индустрии" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/#industries`);
    await expect(page.getByRole("heading", { level: 2, name: "100+ индустрий" })).toBeInViewport();
  }
});

test("a social sign-in that returns to the start page with a bad code shows the error, not a crash", async ({ page }) => {
  const res = await page.goto("/?code=not-a-real-code&state=not-a-real-state-123");
  expect(res?.status()).toBe(200);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Вход через социальную сеть не завершён");
  await expect(alert).toContainText("Не удалось войти через социальную сеть");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await alert.getByRole("link", { name: "Войти" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/auth`);

  // A code without its state is refused the same way.
  await page.goto("/?code=only-a-code");
  await expect(page.getByRole("alert")).toContainText("Вход через социальную сеть не завершён");
});

test("a social sign-in that returns to the start page goes on to registration", async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(new RegExp(`127\\.0\\.0\\.1:(?!${new URL(BASE_URL).port}\\b)\\d+/favicon\\.ico`));
  // Asked through the page's own request context: its cookie binds the state to this browser (decision 0022).
  const providers = (await (await page.request.get(`/api/auth/social?redirect_url=${encodeURIComponent(`${BASE_URL}/`)}`)).json()) as { code: string; url: string }[];
  const yandex = providers.find((p) => p.code === "yandex");
  expect(yandex?.url).toContain(encodeURIComponent(`${BASE_URL}/`));
  await page.goto(yandex!.url, { waitUntil: "domcontentloaded" });
  await page.getByLabel("E-mail").fill(uniqueEmail(testInfo, "landing-social"));
  await page.getByLabel("ID").fill(`${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  await page.getByRole("button", { name: "Разрешить" }).click();
  await expect(page).toHaveURL(/\/sign-up\?social=/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Завершение регистрации" })).toBeVisible();
});

for (const mode of ["customer", "executor"] as const) {
  test(`no accessibility violations on / in the ${mode} mode`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`/?mode=${mode}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mode === "customer" ? CUSTOMER_TITLE : EXPERT_TITLE);
    await expectAxeClean(page);
    // Opened parts too.
    const moreTasks = section(page, "tasks").getByRole("button", { name: "Показать еще" });
    if (mode === "customer") await moreTasks.click();
    else await expect(moreTasks).toHaveCount(0);
    await section(page, "competences").getByRole("button", { name: "Показать еще" }).first().click();
    await expectAxeClean(page);
  });
}
