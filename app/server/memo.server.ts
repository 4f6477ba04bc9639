/**
 * A per-isolate cache for reference data that changes rarely (industries, FAQ, footer content): a page
 * or API read then costs no D1 round trip. Entries live `ttlMs`; an operator's change shows within it
 * (docs/decisions/0007-reference-cache.md).
 */
const entries = new Map<string, { until: number; value: Promise<unknown> }>();

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  // Promise.resolve().then: a Drizzle query is a lazy thenable; this runs it once and keeps the result.
  const value = Promise.resolve().then(load);
  entries.set(key, { until: now + ttlMs, value });
  // A failed load must not be remembered.
  value.catch(() => entries.delete(key));
  return value;
}

export function forget(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
