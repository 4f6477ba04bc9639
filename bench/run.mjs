// `npm run bench`: builds the app, starts it locally (wrangler dev + s3rver) on a state of its own, and
// measures throughput, latency and client JavaScript against a baseline route of the same Worker.
// See bench/README.md for what each figure means and for the budgets. A budget miss is reported, not
// fatal: the script exits non-zero only when something crashes.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { ROOT, npx } from "../scripts/lib.mjs";
import { d1Query, fmtInt, fmtMs, startStack, step, stopAll, table, benchStateDir } from "./lib.mjs";
import { checkSignedIn, credentials, CUSTOMER, fillProfile, insertCustomerRequests, insertExpertProjects, OPERATOR, seedCompleteProjects, seedRequestList, signIn } from "./fixtures.mjs";
import { lighthouseScores } from "./lighthouse.mjs";

const STATE_DIR = benchStateDir("state"); // D1 + s3rver files of the bench only (gitignored)
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
  // The floor D1 sets: the baseline route after one and two round trips of a trivial statement (no budget;
  // a signed-in call makes at least the session's and usually one batch more).
  { name: "baseline + 1 D1 round trip", path: "/bench/baseline?d1=1", kind: "api" },
  { name: "baseline + 2 D1 round trips", path: "/bench/baseline?d1=2", kind: "api" },
  { name: "sign-in page (guest)", path: "/auth", kind: "page", minRatio: 0.5 },
  { name: "landing (guest)", path: "/", kind: "page", minRatio: 0.5 },
  { name: "API industries", path: "/api/industries", kind: "api" },
  { name: "API user (Bearer)", path: "/api/user", kind: "api", auth: "bearer" },
  // A small signed-in page (the session and the shell): what every signed-in page costs before its own work.
  { name: "small signed-in page", path: "/profile/settings", kind: "api", auth: "cookie" },
  // Issue 4: the own profile of an expert with a full profile, at least a quarter of the baseline.
  // Served from the signed-in page cache while nothing it shows changes (decision 0021), as under load.
  { name: "signed-in page (cookie)", path: "/profile/information", kind: "page", auth: "cookie", minRatio: 0.25 },
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
  // Issue 14: a project's completion page rendered afresh, at least 0.25 × the baseline, with 3 and with 30
  // chosen respondents (each with 2 services, a team member, competences and specializations): the same
  // number of D1 round trips. `prepareCompleteProjects` writes the projects and puts their ids in the paths.
  { name: "complete project, 3 resp.", path: "/complete-project/{few}", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" }, projects: "few" },
  { name: "complete project, 30 resp.", path: "/complete-project/{many}", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" }, projects: "many" },
  // Issue 13 (matching and the expert's side): the demo expert with 50 invitations and responses
  // (prepareExpertProjects), his list page rendered afresh at least 0.25 × the baseline and his API list at
  // least 0.5 ×, with a constant number of D1 queries (measured again at ×10 data: see the step's output).
  { name: "expert's projects, afresh", path: "/projects/response", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" }, data: "expertProjects" },
  { name: "API demands-services", path: "/api/demands-services", kind: "api", auth: "bearer", minRatio: 0.5, data: "expertProjects" },
  // Issue 14: the demo customer's request management with 30 responses, rendered afresh, at least 0.25 × the
  // baseline. The path and the customer's cookie are filled in by prepareRequestList (BENCH_ONLY=/request-list),
  // which also checks that the page's D1 round trips stay the same with 300 responses.
  { name: "request management, 30 responses", path: "/request-list", kind: "page", minRatio: 0.25, headers: { "x-page-cache": "bypass" } },
  // Issue 13 (the customer's side): the signed-in user (the demo expert, a customer too) with 50 requests
  // of his own in every group (prepareCustomerRequests), the list page rendered afresh at least 0.25 × the
  // baseline and GET /api/demand at least 0.5 ×; its D1 queries are checked again at ×10.
  { name: "customer's requests, afresh", path: "/projects/request", kind: "page", auth: "cookie", minRatio: 0.25, headers: { "x-page-cache": "bypass" }, data: "customerRequests" },
  { name: "API demand list", path: "/api/demand", kind: "api", auth: "bearer", minRatio: 0.5, data: "customerRequests" },
  // Issue 16: the guest pages without their page cache, at least 0.5 × the baseline (`kind: "api"`: their
  // JavaScript is weighed in the cached rows above). Select them with BENCH_ONLY=/,/auth as well.
  { name: "landing, afresh", path: "/", kind: "api", minRatio: 0.5, headers: { "x-page-cache": "bypass" } },
  { name: "sign-in page, afresh", path: "/auth", kind: "api", minRatio: 0.5, headers: { "x-page-cache": "bypass" } },
  // The baseline again, last: if it serves much less than at the start, the machine (a shared host) or the
  // Worker slowed as the run went on, and the later rows' ratios understate their pages: run it again.
  { name: "baseline, at the end", path: "/bench/baseline", kind: "api", end: true },
];
// `BENCH_ONLY=/profile/information,/auth`: only these paths (and always the baseline), for a quick look.
const ONLY = process.env.BENCH_ONLY?.split(",").map((p) => p.trim()).filter(Boolean);
const TARGETS = ONLY ? ALL_TARGETS.filter((t) => t.kind === "baseline" || t.end || ONLY.includes(t.path)) : ALL_TARGETS;

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
  const headersFor = credentials({ expert: token, operator: operatorToken });
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
  if (TARGETS.some((t) => t.path === "/request-list")) await prepareRequestList(origin);

  if (TARGETS.some((t) => t.projects)) await prepareCompleteProjects(TARGETS.filter((t) => t.projects));
  if (TARGETS.some((t) => t.data === "expertProjects")) await prepareExpertProjects(origin, headersFor);
  if (TARGETS.some((t) => t.data === "customerRequests")) await prepareCustomerRequests(origin, headersFor);
  if (process.env.BENCH_MATCHING !== "0" && (!ONLY || ONLY.includes("/projects/response"))) await measureMatching(origin, operatorToken, token);

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
    t.d1Statements = Number(again.headers.get("x-d1-statements") ?? NaN);
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
      // Which statuses the non-2xx answers were (autocannon counts 3xx, 4xx and 5xx alike there).
      statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
      errors: r.errors,
      timeouts: r.timeouts,
    };
    const odd = Object.entries(t.load.statuses).filter(([code]) => !code.startsWith("2"));
    console.log(`  ${t.name.padEnd(26)} ${fmtInt(t.load.rps).padStart(7)} req/s${odd.length ? `  (${odd.map(([c, n]) => `${n} × ${c}`).join(", ")})` : ""}`);
    // A 5xx under load is a defect, not noise: show what the Worker (or wrangler) said about it.
    if (odd.some(([code]) => code.startsWith("5"))) {
      const said = worker.logs.filter((l) => /error|exception|uncaught|5\d\d/i.test(l)).slice(-12);
      console.log(said.length ? said.map((l) => `    | ${l.slice(0, 400)}`).join("\n") : "    | (nothing in wrangler's output)");
    }
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
    d1StatementsPerRequest: Object.fromEntries(TARGETS.map((t) => [t.name, t.d1Statements])),
    dataGrowth: { measured: false, note: "latency at ×10 / ×100 data is not measured by this script" },
    misses,
  };
}

/** Issue 14's two completion projects (bench/fixtures.mjs seedCompleteProjects); the targets' `{few}` / `{many}` become their ids. */
async function prepareCompleteProjects(targets) {
  const ids = await seedCompleteProjects(STATE_DIR);
  for (const t of targets) t.path = `/complete-project/${ids[t.projects].id}`;
  step(`Seeded two active projects with ${ids.few.n} and ${ids.many.n} chosen respondents`);
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
    return [t.name, `GET ${t.path}`, String(t.status), fmtInt(l.rps), `${l.ratio.toFixed(2)}×`, fmtMs(l.p50Ms), fmtMs(l.p99Ms), String(l.non2xx), String(t.d1Queries), String(t.d1Statements), t.pageCache ?? "—", problems ? `${verdict} (${problems} errors)` : verdict];
  });
  table(["target", "request", "status", "req/s", "× base", "p50 ms", "p99 ms", "non-2xx", "D1", "stmts", "cache", "budget"], rows, [3, 4, 5, 6, 7, 8, 9]);

  const odd = TARGETS.filter((t) => t.status < 200 || t.status >= 300);
  for (const t of odd) console.log(`  note: ${t.path} answers ${t.status}, so its figures are for that response (see the non-2xx column)`);

  console.log(`\nClient JavaScript per page — gzip level ${GZIP_LEVEL}, each file gzipped separately and summed`);
  console.log(`Budget: < ${BUDGET.clientJsGzipBytes} gzip bytes (100 KB) per page, the signed-in profile included (decision 0040)\n`);
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

// ---------------------------------------------------------------------------------------------------
// Issue 13, matching and the expert's side (docs/decisions/0035-matching.md).

// (The sizes are declared in the functions: `main()` runs before a module-level const below it is initialised.)

async function prepareExpertProjects(origin, headersFor) {
  /** How many invitations and responses the demo expert has while his lists are measured. */
  const EXPERT_PROJECTS = 50;
  await insertExpertProjects(STATE_DIR, EXPERT_PROJECTS, "x1");
  // Counted on a second request, when the per-isolate caches (reference data, settings) are warm, as under load.
  const counted = async (path, headers) => {
    let n = NaN;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(origin + path, { headers });
      await res.arrayBuffer();
      n = Number(res.headers.get("x-d1-queries"));
    }
    return n;
  };
  const queries = async () => ({
    api: await counted("/api/demands-services", headersFor("bearer")),
    page: await counted("/projects/response", { ...headersFor("cookie"), "x-page-cache": "bypass" }),
  });
  const at50 = await queries();
  step(`Gave the demo expert ${EXPERT_PROJECTS} invitations and responses: D1 queries per request, API ${at50.api}, page ${at50.page}`);
  // ×10 data for a moment: the same number of D1 queries, then back to 50 for the load.
  await insertExpertProjects(STATE_DIR, EXPERT_PROJECTS * 9, "x10");
  const at500 = await queries();
  step(`At ${EXPERT_PROJECTS * 10} (×10): D1 queries per request, API ${at500.api}, page ${at500.page}${at500.api === at50.api && at500.page === at50.page ? " (constant)" : " (GROWS: check the reads)"}`);
  await d1Query(STATE_DIR, `delete from responds where demand_id in (select id from demands where name like 'Бенч x10 %'); delete from demands where name like 'Бенч x10 %';`);
}

/**
 * Approving a request that fits 1,000 experts: the time to answer (the invitations are written
 * before it answers, their e-mails follow in the background) and whether all were invited and mailed.
 */
async function measureMatching(origin, operatorToken, token) {
  /** How many experts fit the request whose approval is measured. */
  const MATCHING_EXPERTS = 1_000;
  const tag = `m${Date.now().toString(36)}`;
  const [[industry]] = await d1Query(STATE_DIR, `insert into industries (name, name_en, sort) values ('Бенч ${tag}', 'Bench ${tag}', 999) returning id;`);
  const [[option]] = await d1Query(STATE_DIR, `insert into options (name, name_en, status) values ('Бенч ${tag}', 'Bench ${tag}', 'active') returning id;`);
  await d1Query(
    STATE_DIR,
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MATCHING_EXPERTS}) ` +
      `insert into users (email, name, last_name, email_verified_at) select 'bench-${tag}-' || i || '@example.ru', 'Эксперт', 'Бенч', strftime('%Y-%m-%dT%H:%M:%fZ','now') from n; ` +
      `insert into user_industries (user_id, industry_id) select id, ${industry.id} from users where email like 'bench-${tag}-%'; ` +
      `insert into user_options (user_id, option_id) select id, ${option.id} from users where email like 'bench-${tag}-%';`,
  );
  // The request through the API (the demo expert is a verified customer too), waiting in moderation.
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: `Бенч подбора ${tag}`, service_type_id: "1", duration_id: "3", expert_type: "ordinary", description: "Замер подбора экспертов", "industries[0]": String(industry.id), "options[0]": String(option.id), budget: "30000", execution_period: "01.06.2029", need_team: "0" })) form.append(k, v);
  const created = await fetch(origin + "/api/demand", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const { id } = await created.json();
  if (created.status !== 201) throw new Error(`POST /api/demand answered ${created.status}`);
  const t0 = performance.now();
  const approved = await fetch(origin + "/api/admin/moderation", { method: "POST", headers: { authorization: `Bearer ${operatorToken}`, "content-type": "application/json" }, body: JSON.stringify({ kind: "demands", id, decision: "approve" }) });
  await approved.arrayBuffer();
  const answerMs = performance.now() - t0;
  const [[invited]] = await d1Query(STATE_DIR, `select count(*) as n from responds where demand_id = ${id} and status = 'invite';`);
  let mailed = 0;
  const waitStarted = performance.now();
  while (performance.now() - waitStarted < 30_000) {
    [[{ n: mailed }]] = await d1Query(STATE_DIR, `select count(*) as n from mail_outbox where "to" like 'bench-${tag}-%';`);
    if (mailed >= MATCHING_EXPERTS) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  step(
    `Approving a request that fits ${MATCHING_EXPERTS} experts: answered ${approved.status} in ${fmtMs(answerMs)} ms, ${approved.headers.get("x-d1-queries")} D1 queries; invited ${invited.n}/${MATCHING_EXPERTS}, mailed ${mailed}/${MATCHING_EXPERTS} (in the background)`,
  );
  await d1Query(STATE_DIR, `delete from mail_outbox where "to" like 'bench-${tag}-%';`);
}

// Issue 14: request management at size.

/**
 * Two paid requests of the demo customer, one with 30 responses and one with 300 (each with a function,
 * two companies, a competence and a team member), written straight into the Worker's D1 in one command;
 * the `/request-list` target then reads the 30-response one as the customer. The 300-response one is
 * fetched once to check that the page's D1 round trips do not grow with the responses (×10).
 */
async function prepareRequestList(origin) {
  const { small, large } = await seedRequestList(STATE_DIR);
  const token = await signIn(origin, CUSTOMER);
  const headers = { cookie: `session=${encodeURIComponent(token)}`, "x-page-cache": "bypass" };
  const target = TARGETS.find((t) => t.path === "/request-list");
  target.path = `/request-list/${small}`;
  target.headers = headers;
  const measure = async (id) => {
    await (await fetch(`${origin}/request-list/${id}`, { headers })).arrayBuffer(); // warm
    const t0 = performance.now();
    const res = await fetch(`${origin}/request-list/${id}`, { headers });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`GET /request-list/${id} answered ${res.status}`);
    return { status: res.status, d1Queries: Number(res.headers.get("x-d1-queries")), ms: Math.round(performance.now() - t0), responses: (html.match(/class="rm__item/g) ?? []).length };
  };
  const at30 = await measure(small);
  const at300 = await measure(large);
  target.growth = { at30, at300, constant: at30.d1Queries === at300.d1Queries };
  step(
    `Request management: ${at30.responses} responses → ${at30.d1Queries} D1 round trips, ${at30.ms} ms; ${at300.responses} responses → ${at300.d1Queries} D1 round trips, ${at300.ms} ms (${target.growth.constant ? "constant" : "NOT constant"})`,
  );
}

// Issue 13, the customer's list at size.

async function prepareCustomerRequests(origin, headersFor) {
  /** How many requests the signed-in customer has while his list is measured. */
  const CUSTOMER_REQUESTS = 50;
  await insertCustomerRequests(STATE_DIR, CUSTOMER_REQUESTS, "x1");
  const counted = async (path, headers) => {
    let n = NaN;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(origin + path, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      n = Number(res.headers.get("x-d1-queries"));
    }
    return n;
  };
  const queries = async () => ({
    api: await counted("/api/demand", headersFor("bearer")),
    page: await counted("/projects/request", { ...headersFor("cookie"), "x-page-cache": "bypass" }),
  });
  const at50 = await queries();
  step(`Gave the signed-in customer ${CUSTOMER_REQUESTS} requests: D1 queries per request, API ${at50.api}, page ${at50.page}`);
  await insertCustomerRequests(STATE_DIR, CUSTOMER_REQUESTS * 9, "x10");
  const at500 = await queries();
  step(`At ${CUSTOMER_REQUESTS * 10} (×10): D1 queries per request, API ${at500.api}, page ${at500.page}${at500.api === at50.api && at500.page === at50.page ? " (constant)" : " (GROWS: check the reads)"}`);
  await d1Query(STATE_DIR, `delete from demands where name like 'Бенч-заказчик x10 %';`);
}
