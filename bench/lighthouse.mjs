// Lighthouse (mobile preset, simulated throttling) against a page of the locally running Worker, in
// Debian's Chromium. Used by bench/run.mjs for the landing page's performance score (budget ≥ 95).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** @returns {Promise<{ url: string; performance: number; accessibility: number; metrics: Record<string, number> }>} */
export async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
    const lhr = result.lhr;
    const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      url,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      metrics: {
        fcpMs: metric("first-contentful-paint"),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        speedIndexMs: metric("speed-index"),
      },
    };
  } finally {
    await chrome.kill();
  }
}
