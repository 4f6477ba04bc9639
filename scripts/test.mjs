// `npm test`: everything a change must pass — type-check, unit, integration (inside workerd with a real
// D1 and a local S3), and the browser tests in Debian's Chromium (installed here when missing).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { npx, ROOT } from "./lib.mjs";

const results = [];
const started = Date.now();

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  if (process.getuid?.() !== 0) throw new Error("Chromium is missing: run `sudo apt-get install -y chromium` once.");
  console.log("› Устанавливаю Chromium (apt-get)…");
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

function countVitest(file) {
  try {
    const r = JSON.parse(readFileSync(`${ROOT}${file}`, "utf8"));
    return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? 1 : 0), skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

function countPlaywright(file) {
  try {
    const r = JSON.parse(readFileSync(`${ROOT}${file}`, "utf8"));
    const s = r.stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
  } catch {
    return null;
  }
}

async function stage(name, fn, count) {
  const t0 = Date.now();
  console.log(`\n━━ ${name}`);
  let ok = true;
  try {
    await fn();
  } catch (e) {
    ok = false;
    console.error(`✘ ${name}: ${e.message}`);
  }
  const counts = count?.() ?? null;
  results.push({ name, ok, counts, seconds: (Date.now() - t0) / 1000 });
}

mkdirSync(`${ROOT}test-results`, { recursive: true });
ensureChromium();
await stage("build", () => npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] }));
await stage("typecheck", () => npx("tsc", ["--noEmit"]));
await stage(
  "unit",
  () => npx("vitest", ["run", "--config", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"]),
  () => countVitest("test-results/unit.json"),
);
await stage(
  "integration",
  () => npx("vitest", ["run", "--config", "vitest.integration.config.ts", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/integration.json"]),
  () => countVitest("test-results/integration.json"),
);
await stage("e2e", () => npx("playwright", ["test"]), () => countPlaywright("test-results/e2e.json"));

console.log("\n━━ Итог");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  if (!r.ok && (!c || c.failed === 0)) failed += 1; // a stage that broke without counting still fails
  console.log(`${r.ok ? "✓" : "✘"} ${r.name.padEnd(12)} ${c ? `${c.passed} passed, ${c.failed} failed` : ""} (${r.seconds.toFixed(1)} s)`);
}
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
