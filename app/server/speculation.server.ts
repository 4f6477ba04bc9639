/**
 * Decision 0043: a signed-in read whose session this isolate resolved before starts with the actor it
 * resolved then (a guess), and the session's statement rides the request's first D1 round trip instead of
 * making one of its own. Nothing a guess produced leaves the Worker until the session's statement, run in
 * the same batch (one transaction, so the same snapshot as the data), has confirmed the guess:
 *
 * - a read runs at once; the first batch of reads carries the session's statements in front;
 * - a write (any statement that is not a `select`) waits until the guess is confirmed, and is refused with
 *   `SpeculationFailed` when it was not;
 * - at the end the request's response is held until `settle()` confirms the guess (reading the session on
 *   its own when the request made no read); when the guess was wrong the response is thrown away and the
 *   request runs again with the actor the session's statement answered (functions/app.ts).
 */

/** Thrown at a write made on a guess that the session's statement refused: the request runs again. */
export class SpeculationFailed extends Error {
  constructor() {
    super("the guessed session did not hold; the request runs again");
    this.name = "SpeculationFailed";
  }
}

/** What the session's read puts in front of the first batch, and how its rows confirm the guess. */
export type Rider = {
  /** Prepared on the binding under the speculative one (see `inner`). */
  statements: D1PreparedStatement[];
  /** True when the fresh rows confirm the guess (and the guess's actor is then brought up to date). */
  verify: (results: D1Result[]) => boolean;
};

export type Speculation = {
  /** The binding under the speculative one: the rider's statements are prepared on it. */
  readonly inner: D1Database;
  /** Starts speculating: the next read round trip carries `rider`. */
  arm(rider: Rider): void;
  /** Whether this request runs on a guess that is not confirmed yet. */
  readonly armed: boolean;
  /**
   * Confirms the guess: waits for the rider's round trip or makes it alone. True when there was no guess
   * or it held; false when the request must run again. Never rejects.
   */
  settle(): Promise<boolean>;
  /**
   * One batch as the speculative binding's `batch` runs it (the rider in front of the first reads, writes
   * held until the guess holds), for statements prepared on the binding underneath as well as on the
   * speculative one: runBatch prepares on the binding itself, so that no statement of a page's batch is
   * wrapped only to be unwrapped. `reads`: whether the statements prepared underneath only select
   * (`isRead`); a wrapped statement says so itself.
   */
  batch(statements: D1PreparedStatement[], reads: boolean): Promise<D1Result[]>;
};

/** A read is a statement that only selects; anything else (insert … returning included) is a write. */
const READ = /^\s*select\b/i;
export const isRead = (sql: string) => READ.test(sql);
const RUNS = new Set(["all", "first", "raw", "run"]);

/**
 * `d1` with speculation: until `arm` is called, and once the guess is confirmed, it is `d1` itself (a
 * statement is wrapped only while a guess is unconfirmed).
 */
export function speculativeD1(d1: D1Database): { d1: D1Database; speculation: Speculation } {
  let rider: Rider | null = null;
  let verdict: Promise<boolean> | null = null;
  /** Settled with `true`: nothing is held back any more. */
  let confirmed = false;
  const real = new WeakMap<object, { stmt: D1PreparedStatement; read: boolean }>();

  const check = (promise: Promise<boolean>) =>
    (verdict = promise.then(
      (ok) => ((confirmed = ok), ok),
      () => false,
    ));

  /** The verdict, reading the session alone when no batch has carried it yet. */
  const verified = (): Promise<boolean> => {
    if (!rider || confirmed) return Promise.resolve(true);
    if (!verdict) {
      const r = rider;
      check(d1.batch(r.statements).then((results) => r.verify(results)));
    }
    return verdict!;
  };

  /** Runs `stmts` (the binding's own statements): the first read batch carries the rider. */
  async function batch(stmts: D1PreparedStatement[], reads: boolean): Promise<D1Result[]> {
    if (!rider || confirmed) return d1.batch(stmts);
    if (!reads) {
      if (!(await verified())) throw new SpeculationFailed();
      return d1.batch(stmts);
    }
    if (verdict) return d1.batch(stmts);
    const r = rider;
    const k = r.statements.length;
    const combined = d1.batch([...r.statements, ...stmts]);
    // Should the combined batch fail, the session is read alone: the verdict is never lost.
    check(combined.then((results) => r.verify(results.slice(0, k)), () => d1.batch(r.statements).then((results) => r.verify(results))));
    return (await combined).slice(k);
  }

  const wrap = (stmt: D1PreparedStatement, read: boolean): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), read);
        if (!RUNS.has(String(prop))) return value.bind(target);
        return async (...args: unknown[]) => {
          if (rider && !confirmed) {
            if (!read) {
              if (!(await verified())) throw new SpeculationFailed();
            } else if (!verdict && (prop === "all" || prop === "first")) {
              // A single read rides like a batch of one: the same rows `all`/`first` answer.
              const [result] = await batch([target], true);
              if (prop === "all") return result;
              const row = (result!.results[0] as Record<string, unknown> | undefined) ?? null;
              const column = args[0] as string | undefined;
              return column === undefined ? row : row === null ? null : row[column];
            }
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(proxy, { stmt, read });
    return proxy;
  };

  const wrapped = new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare")
        return (query: string) => {
          const stmt = target.prepare(query);
          return rider && !confirmed ? wrap(stmt, READ.test(query)) : stmt;
        };
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) =>
          // A statement prepared before the guess was never wrapped: it counts as a write and waits.
          batch(
            stmts.map((s) => real.get(s)?.stmt ?? s),
            stmts.every((s) => real.get(s)?.read === true),
          );
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  const speculation: Speculation = {
    inner: d1,
    arm(r) {
      rider = r;
      verdict = null;
      confirmed = false;
    },
    get armed() {
      return !!rider && !confirmed;
    },
    settle: () => verified(),
    batch: (stmts, reads) =>
      batch(
        stmts.map((s) => real.get(s)?.stmt ?? s),
        reads && stmts.every((s) => real.get(s)?.read !== false),
      ),
  };
  return { d1: wrapped, speculation };
}
