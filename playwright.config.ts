import { defineConfig } from "@playwright/test";

// End-to-end tests (ARCHITECTURE.md): Debian's Chromium against the built Worker under `wrangler dev`,
// started by the global setup on a fresh local D1. Every journey runs at desktop width and at 375 px.
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/e2e/.artifacts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only, for the one known flake (landing.spec.ts, the executor pre-footer CTA: a page error
  // 'Response' right after its POST is answered with single fetch's redirect, 2 of about 6 clean runs, before
  // and after decision 0043; not explained yet). Playwright still lists a retried test as "flaky".
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8788}`,
    browserName: "chromium",
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    screenshot: "on",
    trace: "retain-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions,
  },
  projects: [
    // Tests tagged @mobile or @desktop belong to one layout only.
    { name: "desktop", grepInvert: /@mobile/, use: { viewport: { width: 1440, height: 900 } } },
    { name: "mobile", grepInvert: /@desktop/, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
});
