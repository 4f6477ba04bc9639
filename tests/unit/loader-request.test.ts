import { describe, expect, it } from "vitest";
import { nothingToStrip } from "../../vite.config";

/** What Remix does to a loader's URL (@remix-run/server-runtime data.js: stripIndexParam, then stripRoutesParam or stripDataParam). */
function remixStripped(href: string): string {
  const url = new URL(href);
  const keep = url.searchParams.getAll("index").filter(Boolean);
  url.searchParams.delete("index");
  for (const v of keep) url.searchParams.append("index", v);
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  return url.href;
}

const get = (url: string) => new Request(url);

describe("a loader's request handed over as is (decision 0046)", () => {
  it("hands over a GET whose URL Remix would leave exactly as it is", () => {
    for (const url of ["https://x.ru/request-list/11", "https://x.ru/request-list/11?userId=5", "https://x.ru/p?tab=about&page=2", "https://x.ru/s?a_b.c-d*=e-f.g_h*"]) {
      expect(nothingToStrip(get(url)), url).toBe(true);
      expect(remixStripped(url)).toBe(get(url).url);
    }
  });

  it("leaves to Remix a request with its parameters, an encoded or unusual query, or a body", () => {
    const remixOwn = [
      "https://x.ru/p?index",
      "https://x.ru/p?index=",
      "https://x.ru/p?a=1&index=2",
      "https://x.ru/p?_routes=root",
      "https://x.ru/p?_data=routes%2Fp",
      "https://x.ru/p?%69ndex=",
      "https://x.ru/p?q=%D0%B0",
      "https://x.ru/p?q=a+b",
      "https://x.ru/p?redirectTo=/profile",
      "https://x.ru/p?a",
      "https://x.ru/p?a=1&&b=2",
      "https://x.ru/p?",
    ];
    for (const url of remixOwn) expect(nothingToStrip(get(url)), url).toBe(false);
    expect(nothingToStrip(new Request("https://x.ru/p", { method: "POST", body: "a=1" }))).toBe(false);
  });

  it("never hands over a request whose URL Remix would change (random queries)", () => {
    const chars = ["a", "Z", "0", "_", "-", ".", "*", "%", "2", "F", "+", "/", "~", "й", " ", "#", "?", "="];
    const names = ["a", "tab", "index", "_routes", "_data", "user_id", "x-y", "", "%69ndex", "q.b*"];
    let seed = 42;
    const next = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * n);
    const value = () => Array.from({ length: next(4) }, () => chars[next(chars.length)]).join("");
    let handed = 0;
    for (let i = 0; i < 5000; i++) {
      // Mostly well-formed pairs, with names and values drawn to hit every rule now and then.
      const pairs = Array.from({ length: 1 + next(3) }, () => (next(6) === 0 ? value() : `${names[next(names.length)]}=${next(3) ? value().replace(/[^\w*.-]/g, "") : value()}`));
      const request = get(`https://x.ru/page?${pairs.join(next(8) === 0 ? "&&" : "&")}`);
      if (!nothingToStrip(request)) continue;
      handed++;
      expect(remixStripped(request.url), request.url).toBe(request.url);
    }
    // The property is checked on a real share of the samples, not vacuously.
    expect(handed).toBeGreaterThan(500);
  });
});
