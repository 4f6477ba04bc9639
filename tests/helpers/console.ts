/**
 * Declares, for the running test only, an error log line that the test provokes on purpose (a Worker that
 * refuses its configuration logs at level "error"). Any other error line still fails the test
 * (tests/helpers/setup.ts).
 */
export function expectErrorLog(pattern: RegExp) {
  const g = globalThis as { __expectedErrorLogs?: RegExp[] };
  (g.__expectedErrorLogs ??= []).push(pattern);
}
