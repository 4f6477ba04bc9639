// `npm run bench:mixed`: what signed-in users meet while others write, and how it holds as the data grows
// (issue 16). The Worker runs as production runs it (the deploy bundle in workerd through Miniflare, with
// every cache on). For each data scale (×1, ×10, ×100 of users, requests, responses and ratings, inserted
// straight into the bench's D1), each read target is loaded by autocannon (10 connections) while a writer
// stream changes the database at a fixed rate: profile edits, publications and new requests by other
// users, each one moving data_version and so invalidating every cached signed-in page. The baseline route
// is measured at each scale under the same writes. See bench/README.md, "Mixed".
import { mkdir, writeFile } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import autocannon from "autocannon";
import { ROOT, npx } from "../scripts/lib.mjs";
import { checkSignedIn, fillProfile, OPERATOR, signIn } from "./fixtures.mjs";
import { d1Query, fmtInt, fmtMs, startStack, step, stopAll, table, benchStateDir } from "./lib.mjs";

const STATE_DIR = benchStateDir("state-mixed");
const RESULTS_FILE = `${ROOT}bench/results/mixed-latest.json`;
const env = process.env;
const SECONDS = Number(env.MIXED_SECONDS ?? 5);
const CONNECTIONS = 10;
/** Writes per second during every measurement: a few per cent of the traffic (the reads run at 100–600/s here). */
const WRITE_RATE = Number(env.MIXED_WRITE_RATE ?? 4);
const SCALES = (env.MIXED_SCALES ?? "1,10,100").split(",").map(Number);
/** Rows added per ×1 of data: a small marketplace. ×10 and ×100 multiply them. */
const UNIT = { users: 1_000, demands: 500, responds: 2_000, ratings: 5_000 };
const CUSTOMER = { email: "customer@demo.ru", password: "Demo_Pass1" };
const BYPASS = { "x-page-cache": "bypass" };
/**
 * `MIXED_RUNTIME=wrangler`: under `wrangler dev`, as `npm run bench` measures (its baseline pays wrangler's
 * dev proxy too, so every ratio reads higher than under Miniflare alone). The default is the deploy bundle in
 * workerd through Miniflare.
 */
const RUNTIME = env.MIXED_RUNTIME ?? "miniflare";
/** Requests filed by the writer so far in this run (the per-user limit is 30 an hour). */
let demandsFiled = 0;

/** The reads, with the caches as in production, plus the signed-in pages rendered afresh (first view after a write). */
const READS = [
  { name: "baseline", path: "/bench/baseline", auth: null },
  { name: "landing (guest)", path: "/", auth: null },
  { name: "sign-in page (guest)", path: "/auth", auth: null },
  { name: "API industries", path: "/api/industries", auth: null },
  { name: "API user (expert)", path: "/api/user", auth: "bearer" },
  { name: "settings (expert)", path: "/profile/settings", auth: "cookie" },
  { name: "profile (expert)", path: "/profile/information", auth: "cookie" },
  { name: "profile, afresh", path: "/profile/information", auth: "cookie", headers: BYPASS },
  { name: "customer's requests", path: "/projects/request", auth: "customer" },
];
const ONLY = env.MIXED_ONLY?.split(",").map((s) => s.trim());
const TARGETS = ONLY ? READS.filter((t) => t.name === "baseline" || ONLY.includes(t.path)) : READS;

try {
  await main();
} catch (e) {
  console.error(`\n✗ Mixed bench crashed: ${e.stack ?? e}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

async function main() {
  if (env.MIXED_BUILD !== "0") {
    step("Build (remix vite:build)");
    await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const stack = await startStack({ stateDir: STATE_DIR, preferredPort: Number(env.MIXED_PORT ?? 8797), runtime: RUNTIME });
  const { origin } = stack;
  const expert = await signIn(origin);
  const customer = await signIn(origin, CUSTOMER);
  const operator = await signIn(origin, OPERATOR);
  const cred = { bearer: { authorization: `Bearer ${expert}` }, cookie: { cookie: `session=${encodeURIComponent(expert)}` }, customer: { cookie: `session=${encodeURIComponent(customer)}` } };
  await checkSignedIn(origin, (a) => cred[a] ?? {});
  const filled = await fillProfile(origin, expert);
  step(`Filled the expert's profile: ${filled.works} works, ${filled.competences} competences, ${filled.cases} cases`);
  const ref = (await d1Query(STATE_DIR, "select (select id from industries order by id limit 1) as industry, (select parent_id from options where parent_id is not null and status = 'active' order by id limit 1) as option, (select id from options where parent_id is not null and status = 'active' order by id limit 1) as sub"))[0][0];

  const results = [];
  let grown = 0;
  for (const scale of SCALES) {
    await grow(scale - grown);
    grown = scale;
    const counts = (await d1Query(STATE_DIR, "select (select count(*) from users) users, (select count(*) from demands) demands, (select count(*) from responds) responds, (select count(*) from ratings) ratings"))[0][0];
    step(`Data ×${scale}: ${JSON.stringify(counts)}`);
    for (const t of TARGETS) {
      const headers = { ...(t.auth ? cred[t.auth] : {}), ...t.headers };
      const first = await fetch(origin + t.path, { headers, redirect: "manual" });
      await first.arrayBuffer();
      if (first.status >= 300) throw new Error(`GET ${t.path} answered ${first.status}`);
      await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: 1 });
      const writer = startWriter(origin, { customer, operator, ref });
      const r = await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: SECONDS });
      const w = await writer.stop();
      results.push({ scale, counts, name: t.name, path: t.path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, writes: w });
      console.log(`  ×${scale} ${t.name.padEnd(22)} ${fmtInt(r.requests.average).padStart(5)} req/s  p50 ${fmtMs(r.latency.p50)} ms  writes ${w.ok}/${w.sent} ok`);
    }
  }
  report(results);
  await mkdir(`${ROOT}bench/results`, { recursive: true });
  await writeFile(RESULTS_FILE, JSON.stringify({ date: new Date().toISOString(), runtime: RUNTIME, seconds: SECONDS, connections: CONNECTIONS, writeRate: WRITE_RATE, unit: UNIT, results }, null, 2) + "\n");
  console.log(`\nResults: ${RESULTS_FILE.replace(ROOT, "")}`);
}

function load(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

/**
 * Adds `times` × UNIT rows straight into D1 (one statement per table, like the operator queue's
 * companies): users, requests in search, responses of random users to random requests, ratings of random
 * users. Spread over every user, so a page of one user grows only through a query that scans.
 */
async function grow(times) {
  if (times <= 0) return;
  const n = (k) => UNIT[k] * times;
  const seq = (count) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
  const tag = Date.now().toString(36);
  const started = Date.now();
  await d1Query(STATE_DIR, `${seq(n("users"))} insert into users (email, name, last_name, email_verified_at) select 'grow-${tag}-' || i || '@bench.local', 'Пользователь', 'Рост' || i, strftime('%Y-%m-%dT%H:%M:%fZ','now') from n;`);
  await d1Query(
    STATE_DIR,
    `${seq(n("demands"))} insert into demands (user_id, name, description, service_type_id, budget, expert_type, execution_period, status, search_started_at, search_finish) select (select max(id) from users) - (abs(random()) % ${n("users")}), 'Запрос ' || i, 'Описание запроса для роста данных', 1, 30000, 'ordinary', '2028-06-01', 'searching', strftime('%Y-%m-%dT%H:%M:%fZ','now'), date('now', '+10 days') from n;`,
  );
  await d1Query(
    STATE_DIR,
    `${seq(n("responds"))} insert or ignore into responds (demand_id, user_id, status, responded_at, salary, description) select (select max(id) from demands) - (abs(random()) % ${n("demands")}), (select max(id) from users) - (abs(random()) % ${n("users")}), 'sent', strftime('%Y-%m-%dT%H:%M:%fZ','now'), 50000, 'Отклик' from n;`,
  );
  await d1Query(
    STATE_DIR,
    `${seq(n("ratings"))} insert or ignore into ratings (rated_user_id, type, subject_key, rater_key, rating) select (select max(id) from users) - (abs(random()) % ${n("users")}), 'tribe', 'grow', 'g:${tag}:' || i, 1 + abs(random()) % 5 from n;`,
  );
  step(`Grew the data by ${times} × ${JSON.stringify(UNIT)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Writes at WRITE_RATE per second while a target is loaded, by users other than the reader: the customer
 * edits his profile status (60 %), the operator adds a publication (30 %), the customer files a request
 * (10 %, at most 25 per run: the per-user limit is 30 an hour). Open loop: a write leaves on schedule.
 */
function startWriter(origin, { customer, operator, ref }) {
  // workerd closes a keep-alive connection idle for 5 s and resets a request sent on it just then (bench
  // load's client, bench/load.mjs): fetch's pool kept connections longer and lost a write now and then
  // ("UND_ERR_SOCKET"), which a browser would have retried. The writer closes its idle ones after 4 s.
  const agent = new Agent({ keepAlive: true, timeout: 4000 });
  const fetch = async (url, { method, headers, body }) => {
    let type = headers["content-type"];
    if (body instanceof FormData) {
      const encoded = new Response(body);
      type = encoded.headers.get("content-type");
      body = Buffer.from(await encoded.arrayBuffer());
    }
    return new Promise((resolve, reject) => {
      const r = httpRequest(url, { method, agent, headers: { ...headers, "content-type": type, "content-length": Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, arrayBuffer: async () => undefined }));
        res.on("error", reject);
      });
      r.on("error", reject);
      r.end(body);
    });
  };
  let sent = 0;
  let ok = 0;
  const failures = {};
  const pending = new Set();
  let i = 0;
  const timer = setInterval(() => {
    i++;
    const pick = i % 10;
    let req;
    if (pick === 0 && demandsFiled < 25) {
      demandsFiled++;
      const form = new FormData();
      const fields = { name: `Запрос под нагрузкой ${i}`, service_type_id: "1", duration_id: "3", expert_type: "ordinary", description: "Нужна модель денежных потоков на пять лет", budget: "30000", execution_period: "01.06.2028", need_team: "0" };
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("industries[0]", String(ref.industry));
      form.set("options[0]", String(ref.option));
      form.set("sub_options[0]", String(ref.sub));
      req = fetch(`${origin}/api/demand`, { method: "POST", headers: { authorization: `Bearer ${customer}` }, body: form });
    } else if (pick % 3 === 1) {
      req = fetch(`${origin}/api/user/profile/publications`, { method: "POST", headers: { authorization: `Bearer ${operator}`, "content-type": "application/json" }, body: JSON.stringify({ type: "link", link: `https://example.com/mixed/${Date.now()}-${i}`, description: `Запись ${i}` }) });
    } else {
      req = fetch(`${origin}/api/user/status`, { method: "POST", headers: { authorization: `Bearer ${customer}`, "content-type": "application/json" }, body: JSON.stringify({ text: `Статус ${i}` }) });
    }
    sent++;
    const p = req
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) ok++;
        else failures[res.status] = (failures[res.status] ?? 0) + 1;
      })
      .catch((e) => {
        const why = e.code ?? e.message ?? "error";
        failures[why] = (failures[why] ?? 0) + 1;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / WRITE_RATE);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return { sent, ok, failures };
    },
  };
}

function report(results) {
  const base = (scale) => results.find((r) => r.scale === scale && r.name === "baseline");
  const at1 = (name) => results.find((r) => r.scale === SCALES[0] && r.name === name);
  console.log(`\nMixed (${RUNTIME}): ${CONNECTIONS} connections per read target, ${SECONDS} s each, while ${WRITE_RATE} writes/s change the database`);
  console.log("× base: req/s over the baseline's at the same scale; p50 ×1: the median latency over its own at the first scale\n");
  table(
    ["scale", "target", "req/s", "× base", "p50 ms", "p99 ms", "p50 / ×1", "non-2xx", "errors", "writes ok/sent"],
    results.map((r) => [
      `×${r.scale}`,
      r.name,
      fmtInt(r.rps),
      `${(r.rps / base(r.scale).rps).toFixed(2)}×`,
      fmtMs(r.p50),
      fmtMs(r.p99),
      `${(r.p50 / at1(r.name).p50).toFixed(2)}`,
      String(r.non2xx),
      String(r.errors),
      `${r.writes.ok}/${r.writes.sent}${Object.keys(r.writes.failures).length ? " " + JSON.stringify(r.writes.failures) : ""}`,
    ]),
    [2, 3, 4, 5, 6, 7, 8],
  );
}
