/// <reference types="node" />
// Shared fixtures and helpers of the end-to-end tests.
// - Every test is its own client: a distinct CF-Connecting-IP (Miniflare passes it through), so the
//   per-IP rate limits of sign-in and registration count each test separately, as for real visitors.
// - Any console error or uncaught page error fails the test (CONVENTIONS: tests), unless the test
//   declares it expects that exact message with `consoleErrors.allow(/…/)`.
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

export { expect };

// The port of the run (playwright.config.ts and global-setup read the same variable).
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 8788}`;
export const DEMO_PASSWORD = "Demo_Pass1";

/**
 * The client JavaScript budget of every page, gzip level 6 of every script it loads: 100 KB, counted as
 * 102 400 bytes (decisions 0004, 0040). The signed-in account pages' 112 KB exception (decision 0019) ended
 * with decision 0040: the profile with all its sections loads about 101.5 KB.
 */
export const PAGE_JS_BUDGET = 102_400;
export const SCREENS_DIR = join(process.cwd(), "tests/e2e/.artifacts/screens");

type ConsoleGuard = { allow(pattern: RegExp): void; messages: string[] };
export type Mail = { id: number; to: string; subject: string; html: string; text: string; created_at: string };

export const test = base.extend<{ consoleErrors: ConsoleGuard; api: APIRequestContext; clientIp: string }>({
  clientIp: async ({}, use, testInfo) => {
    const h = createHash("sha256").update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
    await use(`10.${h[0]}.${h[1]}.${h[2]! % 250 + 1}`);
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "CF-Connecting-IP": clientIp });
  },
  /**
   * An API client of its own (no browser cookies): factories create accounts through the public API. One
   * connection per request (`Connection: close`), and a request reset before any answer is sent again
   * (decision 0067): now and then workerd under Miniflare resets a connection before the Worker sees its
   * request, and Node's client, unlike a browser, does not send it again by itself.
   */
  api: async ({ playwright, clientIp }, use) => {
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "CF-Connecting-IP": clientIp, Connection: "close" } });
    await use(resentOnReset(ctx));
    await ctx.dispose();
  },
  /** `page.goto` returns once the page is hydrated (see waitForHydration). */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if ((options?.waitUntil ?? "load") === "load") await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const messages: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") messages.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (err) => messages.push(`pageerror: ${err.message}`));
      await use({ allow: (p) => void allowed.push(p), messages });
      const unexpected = messages.filter((m) => !allowed.some((p) => p.test(m)));
      expect(unexpected, "console errors or page errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * How many times a request of the tests' own API clients is sent again after a reset that came before any
 * answer (Playwright's `maxRetries`: only ECONNRESET, never an HTTP status; decision 0067).
 */
export const RESENDS = 2;

/** `ctx` with every call sending a request again after such a reset, unless the call says otherwise. */
function resentOnReset(ctx: APIRequestContext): APIRequestContext {
  for (const method of ["get", "head", "post", "put", "patch", "delete", "fetch"] as const) {
    const call = ctx[method].bind(ctx) as (url: unknown, options?: object) => ReturnType<APIRequestContext["get"]>;
    (ctx as unknown as Record<string, unknown>)[method] = (url: unknown, options?: object) => call(url, { maxRetries: RESENDS, ...options });
  }
  return ctx;
}

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";
export { isMobile };

/** A unique address per test, project and run. */
export function uniqueEmail(testInfo: TestInfo, tag: string) {
  const rnd = Math.random().toString(36).slice(2, 8);
  return `e2e.${tag}.${testInfo.project.name}.${Date.now().toString(36)}${rnd}@example.ru`;
}

/**
 * tests/e2e/.artifacts/screens/<project>-<name>.png. `fullPage: false` for what is drawn over the
 * viewport (a modal, a menu): a full-page shot would draw it, and the fixed bars, mid-page.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: join(SCREENS_DIR, `${testInfo.project.name}-${name}.png`), fullPage });
}

/** The newest mail to `to` (optionally matching the subject), polling the local outbox. */
export async function waitForMail(api: APIRequestContext, to: string, subject?: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get("/dev/mail.json", { maxRetries: RESENDS });
    expect(res.ok()).toBeTruthy();
    const mails = (await res.json()) as Mail[];
    const found = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function mailsTo(api: APIRequestContext, to: string) {
  const mails = (await (await api.get("/dev/mail.json", { maxRetries: RESENDS })).json()) as Mail[];
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The verification link of the newest verification mail, as a path on our origin. */
export async function verificationPath(api: APIRequestContext, email: string) {
  const mail = await waitForMail(api, email, /Подтвердите e-mail|Confirm/i);
  const m = /https?:\/\/[^\s"'<>]+\/email\/verify\?token=[^\s"'<>&]+/.exec(mail.text);
  expect(m, `verification link in: ${mail.text}`).toBeTruthy();
  const url = new URL(m![0]);
  return url.pathname + url.search;
}

export type Person = { name: string; lastName: string; email: string; phone: string; password: string };

export function newPerson(testInfo: TestInfo, tag: string, over: Partial<Person> = {}): Person {
  return { name: "Мария", lastName: "Иванова", email: uniqueEmail(testInfo, tag), phone: "+7 916 555-12-34", password: "Secret_Pass1", ...over };
}

/** A POST of a test's set-up (accounts, tokens, seed-like data), its answer as it is. */
export function setupPost(api: APIRequestContext, url: string, options: Parameters<APIRequestContext["post"]>[1]) {
  return api.post(url, options);
}

/**
 * Confirms the e-mail of a freshly registered account through the token of its mailed link, in that
 * account's session (`session`: its token; decision 0055: the link confirms only there).
 */
export async function verifyEmail(api: APIRequestContext, email: string, session: string) {
  const token = new URL(await verificationPath(api, email), BASE_URL).searchParams.get("token");
  const v = await setupPost(api, "/api/email/verify", { data: { token }, headers: { Authorization: `Bearer ${session}` } });
  expect(v.ok(), await v.text()).toBeTruthy();
}

/** Factory: a customer account through the public API (POST /api/register), optionally verified by its mail link. */
export async function createCustomer(api: APIRequestContext, person: Person, { verified = false } = {}) {
  const res = await setupPost(api, "/api/register", {
    multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "0" },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (verified) await verifyEmail(api, person.email, ((await res.json()) as { token: string }).token);
  return person;
}

/** Factory: a fresh verified operator (dev route), so that the journeys do not all sign in as the demo one. */
export async function newOperator(api: APIRequestContext): Promise<{ email: string; password: string }> {
  const res = await setupPost(api, "/dev/operator", {});
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * Factory: an expert through the public API with one industry and one function (ids of the seeded
 * reference data; by default 'Банки и финансы' and 'Стратегия'), e-mail confirmed unless `verified: false`.
 */
export async function createExpert(api: APIRequestContext, person: Person, { industry = 1, option = 1, verified = true } = {}) {
  const res = await setupPost(api, "/api/register", {
    multipart: { name: person.name, lastName: person.lastName, email: person.email, phone: person.phone, password: person.password, is_expert: "1", "industry[0]": String(industry), "option[0]": String(option) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: number } };
  if (verified) await verifyEmail(api, person.email, body.token);
  return { ...body, person };
}

/** A minimal, valid one-page PDF (what a resume upload has to look like by its bytes). */
export function minimalPdf(text = "Resume") {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/**
 * Waits until React has hydrated the page. A press or keystroke while hydration is under way makes
 * React 18.3 hydrate synchronously, and now and then that fails with "Root did not complete"
 * (minified error #345), leaving the page inert; a person would have to be very quick, a test is not.
 * Reads React's root fiber: `isDehydrated` turns false when the hydration commits.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
    const fiber = key ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/**
 * Waits until the page's navigation and revalidation are over. The header shows a new mode as soon as the
 * switch's answer sets its cookie, while the page's data are still loading; a click on a link then would
 * interrupt that load: Remix logs the AbortError of the dropped response as a console error.
 */
export async function waitForIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return router?.state.navigation.state === "idle" && router.state.revalidation === "idle";
  });
}

/** Signs in through the page; `expectPath` is where the app should land. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
}

/** Signs out through the avatar menu. */
export async function signOut(page: Page) {
  await page.getByLabel("Меню пользователя").click();
  await page.getByRole("button", { name: "Выйти", exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("link", { name: "Войти", exact: true })).toBeVisible();
}

/** document.scrollingElement.scrollWidth <= clientWidth */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect(scrollWidth, `page ${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Factory: what an expert needs to respond through POST /api/respond, made through the API: a competence,
 * a case and active services (created, then approved by the operator). Answers their ids.
 */
export async function prepareToRespond(api: APIRequestContext, token: string, operatorToken: string, { services = ["Финансовая модель компании"], expertise = 3 } = {}) {
  const e = await setupPost(api, "/api/user/profile/expertises", { headers: bearer(token), data: { expertises: { items: [{ expertise_id: expertise }], new_items: [] } } });
  expect(e.ok(), await e.text()).toBeTruthy();
  const c = await setupPost(api, "/api/user/cases", { headers: bearer(token), multipart: { name: "Модель для сети пекарен", task: "Модель на 5 лет", solution: "Сценарии и чувствительность", results: "Привлекли кредит" } });
  expect(c.ok(), await c.text()).toBeTruthy();
  const caseId = ((await c.json()) as { id: number }).id;
  const serviceIds: number[] = [];
  for (const name of services) {
    const s = await setupPost(api, "/api/service", {
      headers: bearer(token),
      data: { name, format: "individual", description: "Строю финансовые модели.", type: 1, industries: [1], options: [100], specializations: [{ industry_id: 1, option_id: 100 }], companies: [1], income: 200000, pay_format: "per_month", hours: 20, workload_format: "per_week" },
    });
    expect(s.status(), await s.text()).toBe(201);
    const id = ((await s.json()) as { id: number }).id;
    const approved = await setupPost(api, "/api/admin/moderation", { headers: bearer(operatorToken), data: { kind: "services", id, decision: "approve" } });
    expect(approved.status(), await approved.text()).toBe(200);
    serviceIds.push(id);
  }
  return { expertise, caseId, serviceIds };
}
