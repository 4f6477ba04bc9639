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
  // No retries: a test that fails once is a defect to fix (the landing pre-footer's flake was one: see
  // app/routes/_index.tsx, its Form).
  retries: 0,
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
