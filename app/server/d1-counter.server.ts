/**
 * Outside production, counts the D1 round trips a request makes (each statement run and each batch is
 * one), so that the bench and the tests can state a page's query count. Sent as `X-D1-Queries`, with the
 * statements they carried (`X-D1-Statements`: a batch of five is one round trip of five statements).
 */
export type QueryCounter = { n: number; statements: number };

const RUNS = new Set(["all", "raw", "run", "first"]);

export function countingD1(d1: D1Database, counter: QueryCounter): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        if (RUNS.has(String(prop)))
          return (...args: unknown[]) => {
            counter.n++;
            counter.statements++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return value.bind(target);
      },
    });
    real.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) => {
          counter.n++;
          counter.statements += stmts.length;
          return target.batch(stmts.map((s) => real.get(s) ?? s));
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
