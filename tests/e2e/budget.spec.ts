/// <reference types="node" />
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, PAGE_JS_BUDGET, test } from "./fixtures";
import { signedInCustomer } from "./shell-helpers";

// The client JavaScript budget (docs/decisions/0004, 0005, 0040; the constant in fixtures.ts), counted as the bench
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
  // One budget for every page, the profile with all its sections included (decision 0040 ended 0019's exception).
  for (const [path, bytes] of Object.entries(sizes)) expect(bytes, `${path} client JS (gzip)`).toBeLessThan(PAGE_JS_BUDGET);
});
