/// <reference types="node" />
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { ACCOUNT_PAGE_JS_BUDGET, expect, PUBLIC_PAGE_JS_BUDGET, test } from "./fixtures";
import { signedInCustomer } from "./shell-helpers";

// The client JavaScript budgets (docs/decisions/0004, 0005, 0019; constants in fixtures.ts), counted as the bench
// does (gzip level 6 of every script the page loads, the language file included).

async function scriptBytes(page: Page, path: string) {
  const bodies: Promise<Buffer>[] = [];
  const urls: string[] = [];
  const onResponse = (res: import("@playwright/test").Response) => {
    if (!res.url().endsWith(".js")) return;
    urls.push(res.url());
    bodies.push(res.body());
  };
  page.on("response", onResponse);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  const all = await Promise.all(bodies);
  if (process.env.BUDGET_DETAIL) console.log(path, urls.map((u, i) => `${u.split("/").pop()}=${gzipSync(all[i]!, { level: 6 }).length}`).join(" "));
  return all.reduce((sum, b) => sum + gzipSync(b, { level: 6 }).length, 0);
}

test("every shell page stays within the client JavaScript budget @desktop", async ({ page, api, browser }, testInfo) => {
  const sizes: Record<string, number> = {};
  // A fresh context per page: nothing comes from the cache.
  for (const path of ["/", "/mock", "/auth", "/sign-up", "/reset-password?email=a%40b.ru"]) {
    const guest = await browser.newPage();
    sizes[path] = await scriptBytes(guest, path);
    await guest.close();
  }
  await signedInCustomer(page, api, testInfo, "budget");
  // A page of its own (same cookies): nothing of the sign-in's pages is read after they navigated.
  const tab = await page.context().newPage();
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  for (const path of ["/profile/information", "/projects/request", "/community/alumni", "/community/industry-functions", "/request-add", "/services", "/service-add"]) sizes[path] = await scriptBytes(tab, path);
  await cdp.detach();
  console.log(Object.entries(sizes).map(([p, n]) => `${p}: ${(n / 1024).toFixed(1)} KB`).join(", "));
  // The request list is held to the account pages' ceiling (decision 0019) for now: 100.6 KB on 2026-11-23.
  // The service wizard is held to the 100 KB issue 12 asks (its later steps load when first opened).
  const accountCeiling = (path: string) => path.startsWith("/profile/") || path === "/projects/request";
  for (const [path, bytes] of Object.entries(sizes))
    expect(bytes, `${path} client JS (gzip)`).toBeLessThan(accountCeiling(path) ? ACCOUNT_PAGE_JS_BUDGET : PUBLIC_PAGE_JS_BUDGET);
});
