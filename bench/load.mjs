// `npm run bench:load`: signed-in users mixing reads and writes at a FIXED rate (open loop: requests leave
// on a schedule whatever the answers do), in two phases (50 req/s for 300 s, then 150 req/s for 60 s by
// default), then every write that was answered with a success is looked up in D1. Exits non-zero when a
// request failed or a write is lost. Measured by hand, never timed in CI. See bench/README.md, "Load".
// The Worker runs as production runs it (the deploy bundle in workerd through Miniflare, no dev proxy)
// unless LOAD_RUNTIME=wrangler (`wrangler dev`).
import { Agent, request as httpRequest } from "node:http";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { ROOT, npx } from "../scripts/lib.mjs";
import { cpuSeconds, d1Query, fmtInt, fmtMs, startStack, step, stopAll, table, benchStateDir } from "./lib.mjs";

const STATE_DIR = benchStateDir("state-load"); // D1 + s3rver files of this bench only (gitignored)
const RESULTS_FILE = `${ROOT}bench/results/load-latest.json`;
const WORKER_LOG_FILE = `${ROOT}bench/results/load-worker.log`;
const RECORDS_FILE = `${ROOT}bench/results/load-records.json`; // every request: kind, status or error, times
const env = process.env;
/** "miniflare": the deploy bundle in workerd, no dev proxy (bench/lib.mjs startMiniflare); "wrangler": `wrangler dev`. */
const RUNTIME = env.LOAD_RUNTIME ?? "miniflare";
const num = (name, fallback) => {
  const v = Number(env[name] ?? fallback);
  if (!(v > 0)) throw new Error(`${name} must be a positive number, got ${env[name]}`);
  return v;
};
const PREFERRED_PORT = num("LOAD_PORT", 8792); // 8787: `npm start`, 8790: `npm run bench`
const USERS = num("LOAD_USERS", 50);
const PHASES = [
  { name: "phase 1", rate: num("LOAD_RATE_1", 50), seconds: num("LOAD_SECONDS_1", 300) },
  { name: "phase 2", rate: num("LOAD_RATE_2", 150), seconds: num("LOAD_SECONDS_2", 60) },
];
/** Keep-alive connections to the Worker; more requests than this wait for a free one (and that wait counts). */
const CONNECTIONS = num("LOAD_CONNECTIONS", 64);
/** Requests sent and not yet answered; past this the generator refuses to send and counts an error. */
const MAX_IN_FLIGHT = num("LOAD_MAX_IN_FLIGHT", 1000);
const TIMEOUT_MS = num("LOAD_TIMEOUT_MS", 30_000);
const IDLE_CONNECTION_MS = 4000; // below workerd's 5 s for an idle keep-alive connection (see the Agent)
/** The Worker's CPU is sampled this often during a phase (its growth as the users' lists grow). */
const CPU_WINDOW_MS = 30_000;
const SEED = num("LOAD_SEED", 1);
const PASSWORD = "Load_Pass1";
const RUN_ID = Date.now().toString(36);

/**
 * The mix: each request picks its kind by weight and its user uniformly (a seeded generator, so a run
 * repeats its sequence). Reads are what a signed-in user's screens load; each write leaves exactly one
 * row that is found again afterwards (publications and cases by a unique marker, works counted per user).
 * `ok`: the statuses that count as the expected answer; anything else is an error.
 */
const KINDS = [
  { name: "GET /api/user", weight: 20, method: "GET", path: "/api/user", auth: "bearer", ok: [200] },
  { name: "GET /profile/information", weight: 20, method: "GET", path: "/profile/information", auth: "cookie", ok: [200] },
  { name: "GET /api/user/profile/works", weight: 15, method: "GET", path: "/api/user/profile/works", auth: "bearer", ok: [200] },
  { name: "GET /api/industries", weight: 15, method: "GET", path: "/api/industries", auth: "bearer", ok: [200] },
  { name: "POST /api/user/profile/publications", weight: 12, method: "POST", path: "/api/user/profile/publications", auth: "bearer", write: "publication", ok: [200, 201] },
  { name: "POST /api/user/cases", weight: 10, method: "POST", path: "/api/user/cases", auth: "bearer", write: "case", ok: [200, 201] },
  { name: "POST /api/user/profile/works", weight: 8, method: "POST", path: "/api/user/profile/works", auth: "bearer", write: "work", ok: [200, 201] },
];
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0);
/** Written into the Worker's log file where a phase starts, so that its lines are read by phase. */
const PHASE_MARK = "=== bench:load phase: ";

// ---------------------------------------------------------------------------------------------------
let worker;
let failed = false;
try {
  const results = await main();
  failed = results.verdict.failed;
  await mkdir(dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nResults: ${RESULTS_FILE.replace(ROOT, "")}`);
} catch (e) {
  console.error(`\n✗ Load bench crashed: ${e.stack ?? e}`);
  if (worker) console.error(`--- last output of the Worker (${worker.runtime}) ---\n${worker.logs.slice(-30).join("\n")}`);
  failed = true;
} finally {
  await stopAll();
}
process.exitCode = failed ? 1 : 0;

// ---------------------------------------------------------------------------------------------------
async function main() {
  const started = new Date();
  if (env.LOAD_BUILD !== "0") {
    step("Build (remix vite:build)");
    await npx("remix", ["vite:build", "--config", "bench/vite.config.ts"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const stack = await startStack({ stateDir: STATE_DIR, preferredPort: PREFERRED_PORT, logLevel: env.LOAD_WRANGLER_LOG, runtime: RUNTIME });
  worker = stack.worker;
  const { origin } = stack;
  // All of the Worker's output goes to a file (the Worker keeps only its last lines): a restart, a D1
  // error and the app's own line per request (its `ms` and `d1`) are found there, by phase.
  await mkdir(dirname(WORKER_LOG_FILE), { recursive: true });
  const logFile = createWriteStream(WORKER_LOG_FILE);
  const logLines = (d) => {
    const at = new Date().toISOString().slice(11, 23);
    for (const line of d.toString().split("\n")) if (line.trim() && !logFile.writableEnded) logFile.write(`${at} ${line}\n`);
  };
  worker.onOutput(logLines);
  // workerd closes a keep-alive connection that carried no new request for 5 s (KJ's HttpServer
  // `pipelineTimeout`); a request sent on it just then is reset (ECONNRESET) without reaching the Worker.
  // Browsers retry such a request; this client closes its idle connections first (after 4 s) instead.
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, timeout: IDLE_CONNECTION_MS });
  const client = httpClient(origin, agent);

  step(`Signing up ${USERS} users through the API (register, verify the e-mail from the outbox, sign in)`);
  const users = await createUsers(origin, USERS);
  const refs = await workReferences(origin, users[0].token);
  step(`${users.length} users signed in (ids ${Math.min(...users.map((u) => u.id))}…${Math.max(...users.map((u) => u.id))}); bearer and cookie checked`);

  // A few reads of each kind first, so the figures are not the first compilations of each route.
  for (const k of KINDS.filter((k) => !k.write)) for (const u of users.slice(0, 3)) await client(buildRequest(k, u, refs, "warmup"));

  const rand = mulberry32(SEED);
  const records = [];
  const phases = [];
  for (const phase of PHASES) {
    step(`${phase.name}: ${phase.rate} req/s for ${phase.seconds} s (${fmtInt(phase.rate * phase.seconds)} requests, open loop, ≤ ${CONNECTIONS} connections)`);
    logFile.write(`${PHASE_MARK}${phase.name}\n`);
    const result = await runPhase(phase, { client, users, refs, rand, worker });
    records.push(...result.records);
    phases.push(result.summary);
    printPhase(result.summary);
  }

  logFile.write(`${PHASE_MARK}after\n`);
  await writeFile(RECORDS_FILE, "[\n" + records.map((r) => JSON.stringify(r)).join(",\n") + "\n]\n");
  step("Writes: what answered a success must be in D1");
  await new Promise((r) => setTimeout(r, 1000)); // work the Worker finishes after answering (waitUntil)
  // Does the Worker still answer? If it stopped, the API check is skipped and D1 is read anyway.
  const alive = await fetch(`${origin}/bench/baseline`, { signal: AbortSignal.timeout(10_000) }).then(
    (r) => r.status === 200,
    () => false,
  );
  if (!alive) console.log(`  ✗ the Worker no longer answers GET /bench/baseline within 10 s (${worker.runtime}: ${worker.exited() ?? "still running"})`);
  const api = alive ? await apiCounts(origin, users) : null;
  await worker.stop(); // nothing writes while D1 is read from the outside
  const d1 = await d1Counts(users);
  const writes = checkWrites(records, users, d1, api);
  printWrites(writes);

  const errors = phases.reduce((s, p) => s + p.errors, 0) + (alive ? 0 : 1);
  await new Promise((resolve) => logFile.end(resolve));
  const logScan = { restarts503: records.filter((r) => r.status === 503 && r.body?.includes("restarted mid-request")).length, ...(await scanWorkerLog()) };
  console.log(
    `\nLocal stack (${worker.runtime}): ${logScan.restarts503} × 503 "worker restarted mid-request" (wrangler's dev proxy); in the Worker's output (${WORKER_LOG_FILE.replace(ROOT, "")}): ${logScan.disconnected} × workerd "disconnected" exception, ${logScan.d1Busy} × D1 busy/locked, ${logScan.appLog ? `${logScan.appErrors} × app error log` : "the app's log is not in it below LOAD_WRANGLER_LOG=log"}`,
  );
  for (const [name, rows] of Object.entries(logScan.appTimesByPhase)) {
    console.log(`\nThe Worker's own time per request (its log line: \`ms\` from its start to its answer, awaits included; \`d1\` round trips), ${name}`);
    table(
      ["request", "count", "ms p50", "ms p95", "ms p99", "d1 mean"],
      rows.map((r) => [r.request, String(r.count), fmtMs(r.p50), fmtMs(r.p95), fmtMs(r.p99), r.d1Mean.toFixed(1)]),
      [1, 2, 3, 4, 5],
    );
  }
  // What the Worker said last, when something answered 5xx other than the dev proxy's 503 (counted below).
  const serverErrors = records.filter((r) => r.status >= 500 && !r.body?.includes("restarted mid-request")).length;
  const workerLog = serverErrors ? worker.logs.slice(-60) : [];
  if (serverErrors) console.log(`\n--- last output of the Worker (${serverErrors} answers 5xx from the Worker) ---\n${workerLog.join("\n")}\n---`);
  const verdict = { errors, lostWrites: writes.lost, landedAfterError: writes.landedAfterError, failed: errors > 0 || writes.lost > 0 || writes.apiDisagrees > 0 };
  console.log(
    verdict.failed
      ? `\n✗ ${errors} error(s), ${writes.lost} lost write(s)${writes.apiDisagrees ? `, API and D1 disagree on ${writes.apiDisagrees} user(s)` : ""}`
      : `\n✓ No errors, no lost writes (${fmtInt(writes.ok)} writes answered a success, all found in D1).`,
  );
  return {
    date: started.toISOString(),
    durationSec: Math.round((Date.now() - started.getTime()) / 1000),
    node: process.version,
    runtime: worker.runtime,
    settings: { users: USERS, phases: PHASES, connections: CONNECTIONS, maxInFlight: MAX_IN_FLIGHT, timeoutMs: TIMEOUT_MS, seed: SEED, mix: KINDS.map(({ name, weight }) => ({ name, weight })) },
    phases,
    writes,
    workerAliveAfter: alive,
    workerLogScan: logScan,
    workerLog,
    verdict,
  };
}

// ---------------------------------------------------------------------------------------------------
// Set-up

/**
 * Users made as a person makes them: POST /api/register, the link of the verification mail from the
 * local outbox (GET /dev/mail.json) posted to /api/email/verify with the registration's token, then POST /api/login. Each user comes from
 * an address of its own (`CF-Connecting-IP`, which both runtimes pass through), so the per-IP limits
 * of registration, verification and sign-in (app/server/rate-limit.server.ts) are not what is measured.
 */
async function createUsers(origin, n) {
  const users = [];
  const one = async (i) => {
    const ip = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`; // RFC 2544's benchmarking range
    const email = `load-${RUN_ID}-${i}@example.ru`;
    const call = async (path, init = {}) => {
      const res = await fetch(origin + path, { ...init, headers: { "cf-connecting-ip": ip, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} for user ${i} answered ${res.status}: ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : {};
    };
    const registered = await call("/api/register", { method: "POST", body: JSON.stringify({ name: "Нагрузка", lastName: `Тестова-${letters(i)}`, email, phone: "+7 (916) 123-45-67", password: PASSWORD, is_subscribe: "1" }) });
    let mail;
    for (let attempt = 0; attempt < 100 && !mail; attempt++) {
      mail = (await call("/dev/mail.json")).find((m) => m.to === email);
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    const link = mail && /\/email\/verify\?token=([^\s"&<]+)/.exec(mail.text);
    if (!link) throw new Error(`no verification mail for ${email}`);
    // In the account's own session, as the link confirms only there (decision 0055).
    await call("/api/email/verify", { method: "POST", body: JSON.stringify({ token: decodeURIComponent(link[1]) }), headers: { authorization: `Bearer ${registered.token}` } });
    const { token } = await call("/api/login", { method: "POST", body: JSON.stringify({ email, password: PASSWORD }) });
    // Both credentials must really sign in, or "signed-in" figures would silently be guest figures.
    const me = await call("/api/user", { headers: { authorization: `Bearer ${token}` } });
    const page = await fetch(`${origin}/api/user`, { headers: { cookie: `session=${encodeURIComponent(token)}` } });
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`GET /api/user with the cookie of user ${i} answered ${page.status}`);
    users[i] = { index: i, id: me.id ?? me.user?.id ?? me.data?.id, email, token };
  };
  // A few at a time: registration and sign-in hash the password (PBKDF2), which is slow on purpose.
  for (let i = 0; i < n; i += 5) await Promise.all(Array.from({ length: Math.min(5, n - i) }, (_, k) => one(i + k)));
  return users;
}

/** 0 → "а", 1 → "б", …: names take letters only. */
function letters(i) {
  const abc = "абвгдежзиклмнопрстуфхцчшэюя";
  let s = "";
  do {
    s = abc[i % abc.length] + s;
    i = Math.floor(i / abc.length) - 1;
  } while (i >= 0);
  return s;
}

/** What a work may point to: a company, industries, sub-functions and roles the reference lists offer. */
async function workReferences(origin, token) {
  const get = async (path) => {
    const res = await fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    const body = await res.json();
    return Array.isArray(body) ? body : body.items ?? body.data ?? [];
  };
  const [industries, options, roles, companies] = await Promise.all([get("/api/industries"), get("/api/options"), get("/api/work_roles"), get("/api/companies?name=")]);
  const subs = options.filter((o) => o.parent_id !== null && o.parent_id !== undefined);
  if (!industries.length || !subs.length || !roles.length || !companies.length) throw new Error("the seed has no reference data for works");
  return { industries, subs, roles, companies };
}

// ---------------------------------------------------------------------------------------------------
// Load

/** The request of kind `k` by user `u`; a write carries `marker`, unique in the run. */
function buildRequest(k, u, refs, marker) {
  const headers = k.auth === "cookie" ? { cookie: `session=${encodeURIComponent(u.token)}` } : { authorization: `Bearer ${u.token}` };
  let body;
  if (k.write === "publication") body = { type: "link", link: `https://example.com/load/${marker}`, description: `Нагрузка ${marker}` };
  else if (k.write === "case") body = { name: marker, task: "Свести отчётность в одну модель.", solution: "Единый план счетов и проверки сверок.", results: "Закрытие месяца за 5 дней." };
  else if (k.write === "work") {
    const n = Number.parseInt(marker.split("-").at(-1), 10) || 0;
    const year = 1990 + (n % 30);
    const pick = (list, i) => list[i % list.length];
    body = {
      works: [
        {
          company_id: pick(refs.companies, n).id,
          work_start: `${year}-01-01`,
          work_finish: `${year + 1}-06-01`,
          workareas: [{ industry_id: pick(refs.industries, n).id, option_id: pick(refs.subs, n).id, role_id: pick(refs.roles, n).id, work_years: 1 }],
        },
      ],
    };
  }
  if (body) headers["content-type"] = "application/json";
  return { method: k.method, path: k.path, headers, body: body && JSON.stringify(body) };
}

/**
 * One request over the keep-alive agent. Resolves (never rejects) with the status or the error, the
 * bytes of the answer and when it was sent and answered (performance.now()).
 */
function httpClient(origin, agent) {
  const { hostname, port } = new URL(origin);
  return (req) =>
    new Promise((resolve) => {
      const sentAt = performance.now();
      let settled = false;
      let sock = null; // which connection carried it, and whether it had carried one before
      const done = (r) => {
        if (settled) return;
        settled = true;
        resolve({ sentAt, doneAt: performance.now(), socket: sock, ...r });
      };
      const headers = { ...req.headers };
      if (req.body) headers["content-length"] = Buffer.byteLength(req.body);
      const r = httpRequest({ hostname, port, path: req.path, method: req.method, headers, agent }, (res) => {
        const chunks = [];
        res.on("data", (d) => chunks.push(d));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          done({ status: res.statusCode, bytes: body.length, body: res.statusCode >= 300 ? body.toString().slice(0, 300) : undefined });
        });
        res.on("error", (e) => done({ error: `response: ${e.code ?? e.message}` }));
      });
      r.setTimeout(TIMEOUT_MS, () => {
        done({ error: "timeout", timeout: true });
        r.destroy();
      });
      r.on("socket", (s) => {
        sock = { reused: r.reusedSocket, port: s.localPort };
        if (!sock.port) s.once("connect", () => (sock.port = s.localPort));
      });
      r.on("error", (e) => done({ error: e.code ?? e.message }));
      r.end(req.body);
    });
}

/**
 * Sends `rate × seconds` requests, request i at t0 + i / rate, whatever the earlier ones are doing (open
 * loop). `lag` is how late the generator sent each one; latency is measured from the scheduled time,
 * so a request that waited for a connection counts its wait.
 */
async function runPhase(phase, { client, users, refs, rand, worker }) {
  const total = Math.round(phase.rate * phase.seconds);
  const interval = 1000 / phase.rate;
  const records = [];
  const pending = new Set();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const workerPids = await worker.pids();
  const workerCpu0 = await cpuSeconds(workerPids);
  const machine0 = await machineCpu();
  const load0 = loadavg();
  const t0 = performance.now() + 100;
  const cpuWindows = [];
  let lastWindow = { at: t0, cpuS: workerCpu0, answered: 0 };
  const sampler = setInterval(async () => {
    const at = performance.now();
    const cpuS = await cpuSeconds(workerPids);
    const answered = records.filter((r) => r.status).length;
    const n = answered - lastWindow.answered;
    cpuWindows.push({ fromS: Math.round((lastWindow.at - t0) / 1000), toS: Math.round((at - t0) / 1000), answered: n, cpuMsPerRequest: n ? ((cpuS - lastWindow.cpuS) * 1000) / n : null });
    lastWindow = { at, cpuS, answered };
  }, CPU_WINDOW_MS);
  let i = 0;
  let inFlight = 0;
  let lastSend = t0;
  const dispatch = (scheduled, now) => {
    const k = pickKind(rand());
    const u = users[Math.floor(rand() * users.length)];
    const marker = `load-${RUN_ID}-${phase.name.replace(/\D/g, "")}-${i}`;
    const rec = { phase: phase.name, kind: k.name, write: k.write ?? null, user: u.index, marker: k.write ? marker : null, scheduledMs: scheduled - t0, lagMs: now - scheduled };
    records.push(rec);
    if (inFlight >= MAX_IN_FLIGHT) {
      Object.assign(rec, { error: "not sent: in-flight bound reached", ok: false });
      return;
    }
    inFlight++;
    const p = client(buildRequest(k, u, refs, marker)).then((r) => {
      inFlight--;
      rec.status = r.status ?? null;
      rec.error = r.error ?? null;
      rec.timeout = !!r.timeout;
      rec.latencyMs = r.doneAt - scheduled;
      rec.doneMs = r.doneAt - t0;
      rec.serviceMs = r.doneAt - r.sentAt;
      rec.socket = r.socket;
      rec.ok = !r.error && k.ok.includes(r.status);
      if (!rec.ok && r.body) rec.body = r.body;
      pending.delete(p);
    });
    pending.add(p);
  };
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (i < total && t0 + i * interval <= now) {
        dispatch(t0 + i * interval, now);
        lastSend = now;
        i++;
      }
      if (i < total) setTimeout(tick, Math.max(0, t0 + i * interval - performance.now()));
      else resolve();
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  const scheduleEnd = performance.now();
  await Promise.all(pending);
  const drained = performance.now();
  clearInterval(sampler);
  loop.disable();
  const cpu = process.cpuUsage(cpu0);
  const workerCpuS = (await cpuSeconds(workerPids)) - workerCpu0;
  const machine1 = await machineCpu();
  const wallMs = drained - t0;
  return { records, summary: summarize(phase, records, { t0, lastSend, scheduleEnd, drained, wallMs, cpu, workerCpuS, cpuWindows, loop, load0, load1: loadavg(), machine0, machine1 }) };
}

function pickKind(x) {
  let w = x * TOTAL_WEIGHT;
  for (const k of KINDS) if ((w -= k.weight) < 0) return k;
  return KINDS.at(-1);
}

/** Busy share of all cores since boot, from /proc/stat (Linux); null elsewhere. */
async function machineCpu() {
  try {
    const [cpu] = (await readFile("/proc/stat", "utf8")).split("\n");
    const v = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    return { idle, total: v.reduce((s, x) => s + x, 0) };
  } catch {
    return null;
  }
}

function pct(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function latencyFigures(list) {
  const lat = list.filter((r) => r.latencyMs !== undefined).map((r) => r.latencyMs).sort((a, b) => a - b);
  return { p50Ms: pct(lat, 50), p95Ms: pct(lat, 95), p99Ms: pct(lat, 99), maxMs: lat.at(-1) ?? NaN };
}

function summarize(phase, records, m) {
  const cls = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
  for (const r of records) if (r.status) cls[`${Math.floor(r.status / 100)}xx`]++;
  const lag = records.map((r) => r.lagMs).sort((a, b) => a - b);
  const errors = records.filter((r) => !r.ok);
  const service = records.filter((r) => r.serviceMs !== undefined).map((r) => r.serviceMs).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of errors) {
    const key = r.error ?? `status ${r.status}`;
    byStatus[`${r.kind} → ${key}`] = (byStatus[`${r.kind} → ${key}`] ?? 0) + 1;
  }
  const sendSpanS = (m.lastSend - m.t0) / 1000;
  const windowMs = m.scheduleEnd - m.t0;
  const answeredInWindow = records.filter((r) => r.status && r.doneMs <= windowMs).length;
  const machineBusy = m.machine0 && m.machine1 ? 1 - (m.machine1.idle - m.machine0.idle) / (m.machine1.total - m.machine0.total) : null;
  return {
    name: phase.name,
    targetRate: phase.rate,
    seconds: phase.seconds,
    sent: records.filter((r) => r.error !== "not sent: in-flight bound reached").length,
    scheduled: records.length,
    answered: records.filter((r) => r.status).length,
    statusClasses: cls,
    networkErrors: records.filter((r) => r.error && !r.timeout && !r.error.startsWith("not sent")).length,
    timeouts: records.filter((r) => r.timeout).length,
    notSent: records.filter((r) => r.error?.startsWith("not sent")).length,
    errors: errors.length,
    errorsByKind: byStatus,
    errorSamples: errors.slice(0, 5).map(({ kind, status, error, body, user }) => ({ kind, user, status, error, body })),
    latency: latencyFigures(records),
    serviceMs: { p50: pct(service, 50), p99: pct(service, 99) },
    // Sent per second over the span of the schedule (the last request is due at (n - 1) / rate).
    achievedRate: sendSpanS > 0 ? (records.length - 1) / sendSpanS : NaN,
    // Answers per second while the schedule ran: what the Worker kept up with (below the target rate,
    // the queue grows and so does the latency).
    throughput: answeredInWindow / (windowMs / 1000),
    drainMs: m.drained - m.scheduleEnd,
    scheduleLagMs: { p50: pct(lag, 50), p99: pct(lag, 99), max: lag.at(-1) ?? NaN },
    eventLoopDelayMs: { p99: m.loop.percentile(99) / 1e6, max: m.loop.max / 1e6 },
    generatorCpu: (m.cpu.user + m.cpu.system) / 1000 / m.wallMs, // share of one core
    // CPU time of the processes serving the requests (miniflare: the one workerd process, i.e. the
    // Worker plus Miniflare's entry and the assets router; wrangler: wrangler, both workerd, esbuild)
    // over the phase, as a share of one core and per answered request.
    workerCpu: m.workerCpuS / (m.wallMs / 1000),
    workerCpuMsPerRequest: (m.workerCpuS * 1000) / Math.max(1, records.filter((r) => r.status).length),
    workerCpuByWindow: m.cpuWindows,
    machineCpuBusy: machineBusy, // share of all cores
    loadavgBefore: m.load0.map((x) => Number(x.toFixed(2))),
    loadavgAfter: m.load1.map((x) => Number(x.toFixed(2))),
    byKind: KINDS.map((k) => {
      const list = records.filter((r) => r.kind === k.name);
      return { kind: k.name, requests: list.length, errors: list.filter((r) => !r.ok).length, ...latencyFigures(list) };
    }),
  };
}

function printPhase(s) {
  const c = s.statusClasses;
  console.log(`\n${s.name} — target ${s.targetRate} req/s for ${s.seconds} s`);
  console.log(`  sent ${fmtInt(s.sent)} of ${fmtInt(s.scheduled)} scheduled; answered ${fmtInt(s.answered)}: 2xx ${c["2xx"]}, 3xx ${c["3xx"]}, 4xx ${c["4xx"]}, 5xx ${c["5xx"]}`);
  console.log(`  errors ${s.errors} (unexpected status ${s.errors - s.networkErrors - s.timeouts - s.notSent}, network ${s.networkErrors}, timeouts ${s.timeouts}, not sent ${s.notSent})`);
  for (const [what, n] of Object.entries(s.errorsByKind)) console.log(`    ${n} × ${what}`);
  for (const e of s.errorSamples) console.log(`    sample: ${e.kind} user ${e.user}: ${e.error ?? e.status} ${e.body ?? ""}`);
  console.log(`  latency from the scheduled time: p50 ${fmtMs(s.latency.p50Ms)} ms, p95 ${fmtMs(s.latency.p95Ms)} ms, p99 ${fmtMs(s.latency.p99Ms)} ms, max ${fmtMs(s.latency.maxMs)} ms`);
  console.log(`  the Worker's processes: ${(s.workerCpu * 100).toFixed(0)} % of a core, ${s.workerCpuMsPerRequest.toFixed(1)} ms of CPU per answered request`);
  if (s.workerCpuByWindow.length > 1) console.log(`    per ${CPU_WINDOW_MS / 1000} s: ${s.workerCpuByWindow.map((w) => (w.cpuMsPerRequest === null ? "–" : w.cpuMsPerRequest.toFixed(1))).join(", ")} ms per request`);
  console.log(`  achieved rate ${s.achievedRate.toFixed(2)} req/s sent, ${s.throughput.toFixed(1)} answers/s while sending; schedule lag p50 ${fmtMs(s.scheduleLagMs.p50)} ms, p99 ${fmtMs(s.scheduleLagMs.p99)} ms, max ${fmtMs(s.scheduleLagMs.max)} ms; drain ${fmtMs(s.drainMs)} ms`);
  console.log(
    `  generator: ${(s.generatorCpu * 100).toFixed(0)} % of a core, event-loop delay p99 ${fmtMs(s.eventLoopDelayMs.p99)} ms; machine: ${s.machineCpuBusy === null ? "?" : (s.machineCpuBusy * 100).toFixed(0) + " %"} busy, load average ${s.loadavgBefore.join(" ")} → ${s.loadavgAfter.join(" ")}`,
  );
  table(
    ["request", "count", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    s.byKind.map((k) => [k.kind, String(k.requests), String(k.errors), fmtMs(k.p50Ms), fmtMs(k.p95Ms), fmtMs(k.p99Ms), fmtMs(k.maxMs)]),
    [1, 2, 3, 4, 5, 6],
  );
}

// ---------------------------------------------------------------------------------------------------
// Lost writes

/**
 * What went wrong inside the local stack, from the Worker's output (wrangler's, or workerd's through
 * Miniflare): workerd logs a broken connection (e.g. between wrangler's dev proxy and the Worker, after
 * which the proxy answers a non-GET request 503 "Your worker restarted mid-request" and retries a GET by
 * itself) as a "disconnected" exception, and a D1 write that found the database locked would say
 * SQLITE_BUSY or "database is locked". The app's JSON line per request gives, per phase and request,
 * its own time (`ms`) and D1 round trips (`d1`).
 */
async function scanWorkerLog() {
  const text = await readFile(WORKER_LOG_FILE, "utf8").catch(() => "");
  const count = (re) => (text.match(re) ?? []).length;
  const appTimesByPhase = {};
  for (const section of text.split(PHASE_MARK).slice(1)) {
    const name = section.slice(0, section.indexOf("\n"));
    if (name === "after") continue;
    const byRequest = new Map();
    for (const m of section.matchAll(/\{"level":"info".*\}/g)) {
      let line;
      try {
        line = JSON.parse(m[0]);
      } catch {
        continue;
      }
      if (typeof line.ms !== "number") continue;
      const key = `${line.method} ${line.path}`;
      if (!byRequest.has(key)) byRequest.set(key, []);
      byRequest.get(key).push(line);
    }
    appTimesByPhase[name] = [...byRequest].map(([request, lines]) => {
      const ms = lines.map((l) => l.ms).sort((a, b) => a - b);
      return { request, count: lines.length, p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), d1Mean: lines.reduce((s, l) => s + (l.d1 ?? 0), 0) / lines.length };
    });
  }
  return {
    disconnected: count(/exception = kj\/[^\n]*disconnected/g),
    d1Busy: count(/SQLITE_BUSY|database is locked/gi),
    appErrors: count(/"level":"error"/g),
    appLog: /"level":"info"/.test(text), // under wrangler, the Worker's console.log reaches its output from level "log" on
    appTimesByPhase,
  };
}

/** The load's rows as D1 holds them, read with `wrangler d1 execute` from the Worker's own state. */
async function d1Counts(users) {
  const ids = users.map((u) => u.id).join(",");
  const [pubs, cases, works] = await d1Query(
    STATE_DIR,
    `select link as marker, user_id from publications where link like 'https://example.com/load/load-${RUN_ID}-%';` +
      `select name as marker, user_id from cases where name like 'load-${RUN_ID}-%';` +
      `select user_id, count(*) as n from works where user_id in (${ids}) group by user_id;`,
  );
  return {
    publication: pubs.map((r) => ({ marker: r.marker.replace("https://example.com/load/", ""), user: r.user_id })),
    case: cases.map((r) => ({ marker: r.marker, user: r.user_id })),
    worksByUser: Object.fromEntries(works.map((r) => [r.user_id, r.n])),
  };
}

/** The same rows read back through the API by each user (a second opinion on the SQL above). */
async function apiCounts(origin, users) {
  const out = {};
  for (const u of users) {
    const get = async (path) => {
      const res = await fetch(origin + path, { headers: { authorization: `Bearer ${u.token}` } });
      if (!res.ok) throw new Error(`GET ${path} as user ${u.index} answered ${res.status}`);
      const body = await res.json();
      return Array.isArray(body) ? body : body.items ?? body.data ?? [];
    };
    const [pubs, cases, works] = await Promise.all([get("/api/user/profile/publications"), get("/api/user/cases"), get("/api/user/profile/works")]);
    out[u.id] = { publication: pubs.filter((p) => p.link?.startsWith("https://example.com/load/")).length, case: cases.filter((c) => c.name?.startsWith(`load-${RUN_ID}-`)).length, work: works.length };
  }
  return out;
}

function checkWrites(records, users, d1, api) {
  const writes = records.filter((r) => r.write);
  const result = { ok: 0, failed: 0, lost: 0, landedAfterError: 0, duplicated: 0, unknownRows: 0, apiChecked: !!api, apiDisagrees: 0, byKind: {}, lostSamples: [] };
  for (const kind of ["publication", "case"]) {
    const found = new Map();
    for (const row of d1[kind]) found.set(row.marker, (found.get(row.marker) ?? 0) + 1);
    const mine = writes.filter((r) => r.write === kind);
    const ok = mine.filter((r) => r.ok);
    const bad = mine.filter((r) => !r.ok);
    const lost = ok.filter((r) => !found.has(r.marker));
    const landed = bad.filter((r) => found.has(r.marker));
    const known = new Set(mine.map((r) => r.marker));
    result.byKind[kind] = {
      sent: mine.length,
      answeredSuccess: ok.length,
      answeredError: bad.length,
      rowsInD1: d1[kind].length,
      lost: lost.length,
      landedAfterError: landed.length,
      duplicated: [...found.values()].filter((n) => n > 1).length,
      unknownRows: [...found.keys()].filter((m) => !known.has(m)).length,
    };
    result.lostSamples.push(...lost.slice(0, 5).map((r) => r.marker));
  }
  // Works carry no marker of their own: counted per user (each user had none before the load).
  const mine = writes.filter((r) => r.write === "work");
  let lost = 0;
  let landed = 0;
  let extra = 0;
  for (const u of users) {
    const okN = mine.filter((r) => r.user === u.index && r.ok).length;
    const badN = mine.filter((r) => r.user === u.index && !r.ok).length;
    const rows = d1.worksByUser[u.id] ?? 0;
    if (rows < okN) lost += okN - rows;
    else if (rows > okN) {
      landed += Math.min(rows - okN, badN);
      extra += Math.max(0, rows - okN - badN);
    }
  }
  result.byKind.work = {
    sent: mine.length,
    answeredSuccess: mine.filter((r) => r.ok).length,
    answeredError: mine.filter((r) => !r.ok).length,
    rowsInD1: Object.values(d1.worksByUser).reduce((s, n) => s + n, 0),
    lost,
    landedAfterError: landed,
    duplicated: extra, // more rows than requests sent for that user
    unknownRows: 0,
  };
  for (const k of Object.values(result.byKind)) {
    result.ok += k.answeredSuccess;
    result.failed += k.answeredError;
    result.lost += k.lost;
    result.landedAfterError += k.landedAfterError;
    result.duplicated += k.duplicated;
    result.unknownRows += k.unknownRows;
  }
  // The API must show each user exactly what D1 holds for them.
  const d1By = (kind, id) => d1[kind].filter((r) => r.user === id).length;
  for (const u of users) {
    if (!api) break;
    const a = api[u.id];
    if (a.publication !== d1By("publication", u.id) || a.case !== d1By("case", u.id) || a.work !== (d1.worksByUser[u.id] ?? 0)) result.apiDisagrees++;
  }
  return result;
}

function printWrites(w) {
  table(
    ["write", "sent", "success", "error", "rows in D1", "lost", "landed after error", "duplicated", "unknown rows"],
    Object.entries(w.byKind).map(([kind, k]) => [kind, String(k.sent), String(k.answeredSuccess), String(k.answeredError), String(k.rowsInD1), String(k.lost), String(k.landedAfterError), String(k.duplicated), String(k.unknownRows)]),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  console.log(`  LOST WRITES (answered a success, not in D1): ${w.lost}${w.lostSamples.length ? ` e.g. ${w.lostSamples.join(", ")}` : ""}`);
  console.log(`  answered an error but landed: ${w.landedAfterError}; the API shows each user what D1 holds: ${w.apiChecked === false ? "not checked (the Worker stopped answering)" : w.apiDisagrees ? `NO for ${w.apiDisagrees} user(s)` : "yes"}`);
}

/** A small seeded generator, so that a run's sequence of kinds and users repeats. */
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
