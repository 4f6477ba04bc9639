// `npm run bench`: builds the app, starts it locally (wrangler dev + s3rver) on a state of its own, and
// measures throughput, latency and client JavaScript against a baseline route of the same Worker.
// See bench/README.md for what each figure means and for the budgets. A budget miss is reported, not
// fatal: the script exits non-zero only when something crashes.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { ROOT, npx } from "../scripts/lib.mjs";
import { d1Query, fmtInt, fmtMs, startStack, step, stopAll, table } from "./lib.mjs";
import { checkSignedIn, fillProfile, OPERATOR, signIn } from "./fixtures.mjs";
import { lighthouseScores } from "./lighthouse.mjs";

const STATE_DIR = `${ROOT}bench/.state`; // D1 + s3rver files of the bench only (gitignored)
const RESULTS_FILE = `${ROOT}bench/results/latest.json`;
const VITE_MANIFEST = `${ROOT}build/.vite/client-manifest.json`; // kept by bench/vite.config.ts
const PREFERRED_PORT = 8790; // 8787 is left to `npm start`
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const GZIP_LEVEL = 6; // zlib's default, what nginx/CDNs typically use on the fly
/** Issue 15: the companies queue holds this many proposals while the operator's calls are measured. */
const QUEUE_ITEMS = 10_000;
const BUDGET = { clientJsGzipBytes: 102_400 };

if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got ${process.env.BENCH_SECONDS}`);

/**
 * What is loaded. `auth` picks the credentials: "bearer" (API token) or "cookie" (the page cookie);
 * `headers` adds request headers.
 * `page` targets are held to the throughput budget and weighed for client JavaScript.
 */
const ALL_TARGETS = [
  { name: "baseline", path: "/bench/baseline", kind: "baseline" },
  { name: "sign-in page (guest)", path: "/auth", kind: "page", minRatio: 0.5 },
  { name: "landing (guest)", path: "/", kind: "page", minRatio: 0.5 },
  { name: "API industries", path: "/api/industries", kind: "api" },
  { name: "API user (Bearer)", path: "/api/user", kind: "api", auth: "bearer" },
  // A small signed-in page (the session and the shell): what every signed-in page costs before its own work.
  { name: "small signed-in page", path: "/profile/settings", kind: "api", auth: "cookie" },
  // Issue 4: the own profile of an expert with a full profile, at least a quarter of the baseline.
  // Served from the signed-in page cache while nothing it shows changes (decision 0021), as under load.
  { name: "signed-in page (cookie)", path: "/profile/information", kind: "page", auth: "cookie", minRatio: 0.25, jsBudget: 114_688 },
  // The same page rendered afresh on every request (`X-Page-Cache: bypass`, outside production only): what
  // its first view after any write costs. No budget: shown so that the cache does not hide it.
  { name: "same, rendered afresh", path: "/profile/information", kind: "api", auth: "cookie", headers: { "x-page-cache": "bypass" } },
  // Issue 15: a queue of 10,000 items pages in SQL with a constant number of D1 queries, at least 0.25 × the
  // baseline: a page deep in the queue, and the dashboard's one summary query over every queue.
  { name: "operator queue, page 200", path: "/api/admin/queues/companies?page=200&sort=title&dir=desc", kind: "api", auth: "operator", minRatio: 0.25 },
  { name: "operator dashboard", path: "/api/admin/queues", kind: "api", auth: "operator", minRatio: 0.25 },
  // Issue 12: the demo expert's services and the service wizard, rendered afresh, at least 0.25 × the baseline.
  { name: "my services, afresh", path: "/services", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" } },
  { name: "service wizard, afresh", path: "/service-add", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" } },
  // Issue 16: the guest pages without their page cache, at least 0.5 × the baseline (`kind: "api"`: their
  // JavaScript is weighed in the cached rows above). Select them with BENCH_ONLY=/,/auth as well.
  { name: "landing, afresh", path: "/", kind: "api", minRatio: 0.5, headers: { "x-page-cache": "bypass" } },
  { name: "sign-in page, afresh", path: "/auth", kind: "api", minRatio: 0.5, headers: { "x-page-cache": "bypass" } },
];
// `BENCH_ONLY=/profile/information,/auth`: only these paths (and always the baseline), for a quick look.
const ONLY = process.env.BENCH_ONLY?.split(",").map((p) => p.trim()).filter(Boolean);
const TARGETS = ONLY ? ALL_TARGETS.filter((t) => t.kind === "baseline" || ONLY.includes(t.path)) : ALL_TARGETS;

// ---------------------------------------------------------------------------------------------------
// Everything started here is stopped in `finally` (bench/lib.mjs stopAll), also on error and on Ctrl+C.
let worker;
try {
  const results = await main();
  await mkdir(dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nResults: ${RESULTS_FILE.replace(ROOT, "")}`);
} catch (e) {
  console.error(`\n✗ Bench crashed: ${e.stack ?? e}`);
  if (worker) console.error(`--- last wrangler output ---\n${worker.logs.slice(-30).join("\n")}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

// ---------------------------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  step("Build (remix vite:build, with the Vite client manifest kept)");
  await npx("remix", ["vite:build", "--config", "bench/vite.config.ts"], { stdio: ["ignore", "ignore", "inherit"] });

  // A fresh state every run, so that runs see the same data and are comparable.
  const stack = await startStack({ stateDir: STATE_DIR, preferredPort: PREFERRED_PORT });
  worker = stack.worker;
  const { origin, port } = stack;

  const token = await signIn(origin);
  const operatorToken = await signIn(origin, OPERATOR);
  const headersFor = (auth) =>
    auth === "bearer"
      ? { authorization: `Bearer ${token}` }
      : auth === "cookie"
        ? { cookie: `session=${encodeURIComponent(token)}` }
        : auth === "operator"
          ? { authorization: `Bearer ${operatorToken}` }
          : {};
  const targetHeaders = (t) => ({ ...headersFor(t.auth), ...t.headers });
  await checkSignedIn(origin, headersFor);
  const filled = await fillProfile(origin, token);
  step(`Filled the expert's profile through the API: ${filled.works} works, ${filled.competences} competences, ${filled.cases} cases`);
  if (TARGETS.some((t) => t.auth === "operator")) {
    // Straight into the Worker's D1 (one statement): the API's proposal calls are rate-limited per user.
    await d1Query(
      STATE_DIR,
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${QUEUE_ITEMS}) ` +
        `insert into companies (name, status, created_by, created_at) select 'Очередь ' || printf('%05d', i), 'moderation', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' minutes') from n;`,
    );
    step(`Seeded ${QUEUE_ITEMS} companies waiting in the operator's queue`);
  }

  // One request per target first: a target that fails outright is a crash, not a measurement.
  for (const t of TARGETS) {
    const res = await fetch(origin + t.path, { headers: targetHeaders(t), redirect: "manual" });
    await res.arrayBuffer();
    t.status = res.status;
    // Outside production the Worker reports its D1 round trips for the request (app/server/d1-counter.server.ts).
    // Measured on a second request, when per-isolate caches are warm, as under load.
    const again = await fetch(origin + t.path, { headers: targetHeaders(t), redirect: "manual" });
    await again.arrayBuffer();
    t.d1Queries = Number(again.headers.get("x-d1-queries") ?? NaN);
    t.pageCache = again.headers.get("x-page-cache"); // "hit" when a page cache answered (decisions 0018, 0021)
    if (res.status >= 500) throw new Error(`GET ${t.path} answered ${res.status}`);
  }

  step(`Load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per target`);
  for (const t of TARGETS) {
    const opts = { url: origin + t.path, connections: CONNECTIONS, headers: targetHeaders(t) };
    await load({ ...opts, duration: WARMUP_SECONDS }); // warm-up, discarded
    const r = await load({ ...opts, duration: SECONDS });
    t.load = {
      rps: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
    console.log(`  ${t.name.padEnd(26)} ${fmtInt(t.load.rps).padStart(7)} req/s`);
  }
  const baseline = TARGETS.find((t) => t.kind === "baseline").load;
  for (const t of TARGETS) {
    t.load.ratio = t.load.rps / baseline.rps;
    if (t.minRatio) t.load.budgetOk = t.load.ratio >= t.minRatio;
  }

  step(`Client JavaScript per page (gzip level ${GZIP_LEVEL})`);
  const manifest = JSON.parse(await readFile(VITE_MANIFEST, "utf8"));
  for (const t of TARGETS.filter((t) => t.kind === "page")) {
    t.clientJs = await clientJs(origin, t.path, targetHeaders(t), manifest);
    t.clientJs.budget = t.jsBudget ?? BUDGET.clientJsGzipBytes;
    t.clientJs.budgetOk = t.clientJs.gzipBytes < t.clientJs.budget;
  }

  // Lighthouse's mobile preset on the landing page, both modes (issue budget: performance ≥ 95).
  const lighthouse = [];
  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    step("Lighthouse (mobile, simulated throttling) on the landing page");
    for (const path of ["/", "/?mode=executor"]) {
      const r = await lighthouseScores(origin + path);
      lighthouse.push({ path, ...r, budgetOk: r.performance >= 95 });
      console.log(`  ${path.padEnd(18)} performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.metrics.lcpMs} ms, TBT ${r.metrics.tbtMs} ms, CLS ${r.metrics.cls}`);
    }
  }

  const misses = report(lighthouse.filter((l) => !l.budgetOk).map((l) => `Lighthouse performance of ${l.path}: ${l.performance} (< 95)`));
  return {
    date: new Date().toISOString(),
    durationSec: Math.round((Date.now() - started) / 1000),
    node: process.version,
    settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, gzipLevel: GZIP_LEVEL, port },
    budgets: BUDGET,
    targets: TARGETS,
    lighthouse,
    d1QueriesPerRequest: Object.fromEntries(TARGETS.map((t) => [t.name, t.d1Queries])),
    dataGrowth: { measured: false, note: "latency at ×10 / ×100 data is not measured by this script" },
    misses,
  };
}

/** Runs autocannon and resolves with its result (no progress bar, no table of its own). */
function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * The JavaScript a browser downloads for a page: every `<script src>`, every `<link rel="modulepreload">`,
 * the modules imported by inline `<script type="module">` (Remix lists them as modulepreload too; this
 * is a safety net), and the locale chunk entry.client imports dynamically for the page's `<html lang>`.
 * Each file is gzipped on its own and the sizes are summed. The HTML itself is not counted.
 */
async function clientJs(origin, path, headers, manifest) {
  const res = await fetch(origin + path, { headers });
  const html = await res.text();
  const urls = new Set();
  const add = (ref) => {
    const u = new URL(ref, origin + path);
    if (u.origin === origin) urls.add(u.pathname);
  };
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const a = attrs(tag);
    if (tag.toLowerCase().startsWith("<script") && a.src) add(a.src);
    else if (a.rel?.toLowerCase() === "modulepreload" && a.href) add(a.href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, ref] of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+\.js)["']/g)) add(ref);
  }

  // The locale chunk: a dynamic import of the entry.client chunk, plus whatever it imports statically.
  const lang = /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1] ?? "ru";
  const entry = Object.entries(manifest).find(([key]) => /(^|\/)entry\.client\.[jt]sx?$/.test(key))?.[1];
  if (!entry) throw new Error(`no entry.client chunk in ${VITE_MANIFEST}`);
  const localeKey = (entry.dynamicImports ?? []).find((key) => new RegExp(`locales/${lang}(\\.|/index\\.)[jt]sx?$`).test(key));
  if (!localeKey) throw new Error(`entry.client has no dynamic import for the "${lang}" locale`);
  const walk = (key) => {
    add(`/${manifest[key].file}`);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  walk(localeKey);

  const files = [];
  for (const url of [...urls].sort()) {
    const r = await fetch(origin + url);
    if (!r.ok) throw new Error(`GET ${url} (from ${path}) answered ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    files.push({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length });
  }
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  return { status: res.status, lang, files, bytes: sum("bytes"), gzipBytes: sum("gzipBytes") };
}

function attrs(tag) {
  const out = {};
  for (const [, name, , v1, v2] of tag.matchAll(/([\w:-]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)) out[name.toLowerCase()] = v1 ?? v2 ?? "";
  return out;
}

/** Prints the tables and returns the budget misses as sentences. */
function report(extraMisses = []) {
  const misses = [...extraMisses];
  console.log(`\nThroughput and latency — ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARMUP_SECONDS} s warm-up`);
  console.log(`Budget: guest pages ≥ 0.5 × baseline req/s, the signed-in profile ≥ 0.25 × (API reads: no budget here, ratio shown)\n`);
  const rows = TARGETS.map((t) => {
    const l = t.load;
    let verdict = "—";
    if (t.minRatio) {
      verdict = l.budgetOk ? "ok" : "MISS";
      if (!l.budgetOk) misses.push(`${t.name} ${t.path}: ${l.ratio.toFixed(2)} × baseline req/s (< ${t.minRatio})`);
    }
    const problems = l.errors + l.timeouts;
    return [t.name, `GET ${t.path}`, String(t.status), fmtInt(l.rps), `${l.ratio.toFixed(2)}×`, fmtMs(l.p50Ms), fmtMs(l.p99Ms), String(l.non2xx), String(t.d1Queries), t.pageCache ?? "—", problems ? `${verdict} (${problems} errors)` : verdict];
  });
  table(["target", "request", "status", "req/s", "× base", "p50 ms", "p99 ms", "non-2xx", "D1", "cache", "budget"], rows, [3, 4, 5, 6, 7, 8]);

  const odd = TARGETS.filter((t) => t.status < 200 || t.status >= 300);
  for (const t of odd) console.log(`  note: ${t.path} answers ${t.status}, so its figures are for that response (see the non-2xx column)`);

  console.log(`\nClient JavaScript per page — gzip level ${GZIP_LEVEL}, each file gzipped separately and summed`);
  console.log(`Budget: < ${BUDGET.clientJsGzipBytes} gzip bytes (100 KB) per page; the signed-in profile < 114688 (112 KB, decision 0019)\n`);
  const pages = TARGETS.filter((t) => t.clientJs);
  table(
    ["page", "files", "raw bytes", "gzip bytes", "budget"],
    pages.map((t) => {
      const js = t.clientJs;
      if (!js.budgetOk) misses.push(`${t.name} ${t.path}: ${js.gzipBytes} gzip bytes of JavaScript (≥ ${js.budget})`);
      return [`GET ${t.path}`, String(js.files.length), String(js.bytes), String(js.gzipBytes), js.budgetOk ? "ok" : "MISS"];
    }),
    [1, 2, 3],
  );

  console.log("\nD1: round trips per request (a statement or a batch each), from the X-D1-Queries header of a warm request.");
  console.log("cache: X-Page-Cache of that request (hit: a page cache answered, decisions 0018 and 0021).");
  console.log("Latency as data grows ×10 / ×100: not measured by this script.");
  if (misses.length) {
    console.log(`\n✗ ${misses.length} budget miss(es):`);
    for (const m of misses) console.log(`  - ${m}`);
  } else {
    console.log("\n✓ All budgets met.");
  }
  return misses;
}
