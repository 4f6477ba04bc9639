/**
 * A per-isolate cache for reference data that changes rarely (industries, FAQ, footer content): a page
 * or API read then costs no D1 round trip. Entries live `ttlMs`; an operator's change shows within it
 * (docs/decisions/0007-reference-cache.md).
 *
 * Only loaded values are kept, never a load in flight: a request must not wait on another request's I/O.
 * In workerd a promise that another request's D1 read settles is not this request's pending work, and
 * the runtime cancels a request left waiting on it ("your Worker's code had hung", a 500: seen under
 * load when an entry expired while ten requests asked for it). Requests that miss at the same moment
 * each load; the last one's value stays (decision 0045).
 */
const entries = new Map<string, { until: number; value: unknown }>();

export async function memo<T>(key: string, ttlMs: number, load: () => PromiseLike<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  // Awaited here: a Drizzle query is a lazy thenable, which this runs. A failed load is not kept.
  const value = await load();
  entries.set(key, { until: Date.now() + ttlMs, value });
  return value;
}

export function forget(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
