// Helpers of the shell's end-to-end tests (header, menus, help, promo, placeholder routes).
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { createCustomer, expect, newPerson, setupPost, signIn, type Person } from "./fixtures";

/** A fresh customer account, signed in through the page (verified: lands on the profile; not: on /verify). */
export async function signedInCustomer(page: Page, api: APIRequestContext, testInfo: TestInfo, tag: string, { verified = true, ...over }: Partial<Person> & { verified?: boolean } = {}) {
  const person = await createCustomer(api, newPerson(testInfo, tag, over), { verified });
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(verified ? /\/profile\/information$/ : /\/verify$/);
  return person;
}

/** A bearer token for the API calls a test makes on the user's behalf. */
export async function apiToken(api: APIRequestContext, person: Person) {
  const res = await setupPost(api, "/api/login", { data: { email: person.email, password: person.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** The header's main navigation (desktop). */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Основная навигация" });

/** Names of the links of a navigation, in order. */
export async function linkNames(nav: ReturnType<Page["locator"]>) {
  return (await nav.getByRole("link").allInnerTexts()).map((s) => s.replace(/\s+/g, " ").trim());
}

/**
 * A real touch gesture through the DevTools protocol (the mobile project has touch enabled):
 * press at (x, y), move down by `dy` in steps, release.
 */
export async function swipeDown(page: Page, x: number, y: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  const steps = 6;
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + (dy * i) / steps }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** A name of letters only (the callback form's rule), unique per test run. */
export function lettersName(prefix = "Тест") {
  const abc = "абвгдежзиклмнопрстуфхцчшщэюя";
  let out = "";
  for (let i = 0; i < 8; i++) out += abc[Math.floor(Math.random() * abc.length)];
  return `${prefix}${out}`;
}
