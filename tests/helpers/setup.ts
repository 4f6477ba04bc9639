// Runs in workerd before each test file: a fresh D1 per file gets the migrations, and any
// console.error (or a log line at level "error", which is how the Worker reports a 500) fails the test.
import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

const reported: string[] = [];
const show = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.stack ?? a.message : typeof a === "string" ? a : JSON.stringify(a))).join(" ");

const originalError = console.error.bind(console);
const originalLog = console.log.bind(console);
console.error = (...args: unknown[]) => {
  reported.push(`console.error: ${show(args)}`);
  originalError(...args);
};
console.log = (...args: unknown[]) => {
  const line = show(args);
  if (line.includes('"level":"error"') && !expectedErrorLogs().some((re) => re.test(line))) reported.push(`error log: ${line}`);
  originalLog(...args);
};

/** The error lines a test declared it expects (tests/helpers/console.ts); any other still fails it. */
const expectedErrorLogs = (): RegExp[] => (globalThis as { __expectedErrorLogs?: RegExp[] }).__expectedErrorLogs ?? [];

beforeEach(() => {
  reported.length = 0;
  (globalThis as { __expectedErrorLogs?: RegExp[] }).__expectedErrorLogs = [];
});

afterEach(() => {
  if (reported.length) {
    const list = reported.splice(0).join("\n");
    throw new Error(`The test wrote errors to the console:\n${list}`);
  }
});
