import { describe, expect, it } from "vitest";
import { forget, memo } from "~/server/memo.server";

/** A load that settles when the test says so, counting its runs. */
function gate<T>(value: T) {
  let runs = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { load: async () => (runs++, await opened, value), open: () => open(), runs: () => runs };
}

describe("memo: the per-isolate reference cache", () => {
  it("keeps a loaded value for its lifetime", async () => {
    const key = `t:${crypto.randomUUID()}`;
    let runs = 0;
    const load = async () => ++runs;
    expect(await memo(key, 60_000, load)).toBe(1);
    expect(await memo(key, 60_000, load)).toBe(1);
    forget(key);
    expect(await memo(key, 60_000, load)).toBe(2);
  });

  // Decision 0045: in workerd a request left waiting on another request's read is cancelled as hung.
  it("never hands a caller another caller's load in flight: each runs its own", async () => {
    const key = `t:${crypto.randomUUID()}`;
    const first = gate("первый");
    const second = gate("второй");
    const a = memo(key, 60_000, first.load);
    const b = memo(key, 60_000, second.load);
    await Promise.resolve();
    expect([first.runs(), second.runs()]).toEqual([1, 1]);
    second.open();
    expect(await b).toBe("второй");
    first.open();
    expect(await a).toBe("первый");
    // Loaded now: the next caller runs nothing.
    const third = gate("третий");
    expect(await memo(key, 60_000, third.load)).toBe("первый");
    expect(third.runs()).toBe(0);
  });

  it("does not keep a failed load", async () => {
    const key = `t:${crypto.randomUUID()}`;
    await expect(memo(key, 60_000, async () => Promise.reject(new Error("D1 недоступна")))).rejects.toThrow("D1 недоступна");
    expect(await memo(key, 60_000, async () => "снова")).toBe("снова");
  });
});
