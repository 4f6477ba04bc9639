// `npm run bench:profile`: where a request's CPU goes inside the Worker, from a CPU profile taken under load
// (issue 16: "profile, don't guess"). It builds the app with source maps, bundles it as a deploy would
// (`wrangler deploy --dry-run`), serves it in workerd through Miniflare with the DevTools inspector open,
// fills the demo expert's profile, and for each target loads the Worker for PROFILE_SECONDS with
// autocannon while V8's sampling profiler runs inside the Worker's isolate. Each profile is mapped back to
// the original sources through the bundle's source map and summarised: CPU per request, the functions
// with the most self time and the most total (inclusive) time, and self time per package or app folder.
// Full profiles go to bench/results/profile-<target>.cpuprofile (open them in Chrome DevTools, Performance).
// See bench/README.md, "Profile".
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import autocannon from "autocannon";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { ROOT, npx } from "../scripts/lib.mjs";
import { checkSignedIn, credentials, CUSTOMER, fillProfile, insertCustomerRequests, insertExpertProjects, seedCompleteProjects, seedRequestList, signIn } from "./fixtures.mjs";
import { cpuSeconds, fmtInt, freePort, startStack, step, stopAll, table, benchStateDir } from "./lib.mjs";

const STATE_DIR = benchStateDir("state-profile");
const RESULTS_DIR = `${ROOT}bench/results`;
const env = process.env;
const SECONDS = Number(env.PROFILE_SECONDS ?? 8);
const CONNECTIONS = Number(env.PROFILE_CONNECTIONS ?? 10);
const TOP = Number(env.PROFILE_TOP ?? 20);
/** Microseconds between V8's samples (its default is 1000). */
const SAMPLING_US = Number(env.PROFILE_SAMPLING_US ?? 200);
const BYPASS = { "x-page-cache": "bypass" };
/**
 * `PROFILE_CPU_ONLY=1`: no inspector and no sampler, only workerd's CPU time per request (Linux /proc,
 * bench/lib.mjs cpuSeconds) and its ratio to the baseline's: on a machine too busy for throughput
 * figures, the CPU a request costs the Worker's thread is what decides its throughput once that thread
 * is full (bench/README.md, "Why 150 req/s fails here").
 */
const CPU_ONLY = env.PROFILE_CPU_ONLY === "1";

/** The fixed cost of a signed-in page and API read, the full profile afresh, and guest pages without their cache. */
const ALL_TARGETS = [
  { name: "baseline", path: "/bench/baseline" },
  // The floor one D1 round trip sets (decision 0045): the baseline route after one trivial statement.
  { name: "baseline-d1", path: "/bench/baseline?d1=1" },
  { name: "settings", path: "/profile/settings", auth: "cookie" },
  { name: "api-user", path: "/api/user", auth: "bearer" },
  { name: "profile-afresh", path: "/profile/information", auth: "cookie", headers: BYPASS },
  { name: "landing-afresh", path: "/", headers: BYPASS },
  { name: "auth-afresh", path: "/auth", headers: BYPASS },
  // Issues 12–14's pages afresh, on bench/run.mjs's data (bench/fixtures.mjs): `{…}` is filled in by the seeding.
  { name: "services-afresh", path: "/services", auth: "cookie", headers: BYPASS },
  { name: "service-add-afresh", path: "/service-add", auth: "cookie", headers: BYPASS },
  { name: "projects-request-afresh", path: "/projects/request", auth: "cookie", headers: BYPASS, data: "customerRequests" },
  { name: "projects-response-afresh", path: "/projects/response", auth: "cookie", headers: BYPASS, data: "expertProjects" },
  { name: "api-demand", path: "/api/demand", auth: "bearer", data: "customerRequests" },
  { name: "api-demands-services", path: "/api/demands-services", auth: "bearer", data: "expertProjects" },
  { name: "request-list-30", path: "/request-list/{small}", auth: "customer", headers: BYPASS, data: "requestList" },
  { name: "complete-project-30", path: "/complete-project/{many}", auth: "cookie", headers: BYPASS, data: "completeProjects" },
];
const ONLY = env.PROFILE_ONLY?.split(",").map((s) => s.trim()).filter(Boolean);
const TARGETS = ONLY ? ALL_TARGETS.filter((t) => ONLY.includes(t.name) || ONLY.includes(t.path)) : ALL_TARGETS;

try {
  await main();
} catch (e) {
  console.error(`\n✗ Profile crashed: ${e.stack ?? e}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

async function main() {
  if (env.PROFILE_BUILD !== "0") {
    step(`Build${CPU_ONLY ? "" : " with source maps (SOURCEMAP=1 remix vite:build)"}`);
    await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, SOURCEMAP: CPU_ONLY ? "" : "1" } });
  }
  const inspectorPort = CPU_ONLY ? undefined : await freePort(9329);
  const stack = await startStack({ stateDir: STATE_DIR, preferredPort: Number(env.PROFILE_PORT ?? 8796), runtime: "miniflare", inspectorPort });
  const { origin } = stack;
  const map = CPU_ONLY ? null : new TraceMap(await readFile(`${STATE_DIR}/bundle/index.js.map`, "utf8"));

  const token = await signIn(origin);
  const customerToken = TARGETS.some((t) => t.auth === "customer") ? await signIn(origin, CUSTOMER) : undefined;
  const headersFor = credentials({ expert: token, customer: customerToken });
  await checkSignedIn(origin, headersFor);
  const filled = await fillProfile(origin, token);
  step(`Filled the expert's profile: ${filled.works} works, ${filled.competences} competences, ${filled.cases} cases`);
  await seed(TARGETS);

  if (CPU_ONLY) return cpuPerRequest(origin, stack.worker, headersFor);
  const inspector = await connectInspector(inspectorPort);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
  const summaries = [];
  for (const t of TARGETS) {
    const headers = { ...headersFor(t.auth), ...t.headers };
    const first = await fetch(origin + t.path, { headers, redirect: "manual" });
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`GET ${t.path} answered ${first.status}`);
    await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
    await inspector.send("Profiler.start");
    const r = await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: SECONDS });
    const { profile } = await inspector.send("Profiler.stop");
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(`${RESULTS_DIR}/profile-${t.name}.cpuprofile`, JSON.stringify(profile));
    const s = summarise(profile, map, r.requests.total);
    summaries.push({ target: t, rps: r.requests.average, requests: r.requests.total, non2xx: r.non2xx, ...s });
    printSummary(t, r, s);
  }
  inspector.close();
  const file = `${RESULTS_DIR}/profile-latest.json`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, samplingUs: SAMPLING_US, summaries }, null, 2) + "\n");
  console.log(`\nProfiles: bench/results/profile-<target>.cpuprofile; summary: ${file.replace(ROOT, "")}`);
}

/** The data of bench/run.mjs's targets of the same pages, and their ids in the paths. */
async function seed(targets) {
  const needs = new Set(targets.map((t) => t.data).filter(Boolean));
  const ids = {};
  if (needs.has("customerRequests")) await insertCustomerRequests(STATE_DIR, 50, "x1");
  if (needs.has("expertProjects")) await insertExpertProjects(STATE_DIR, 50, "x1");
  if (needs.has("requestList")) Object.assign(ids, await seedRequestList(STATE_DIR));
  if (needs.has("completeProjects")) {
    const p = await seedCompleteProjects(STATE_DIR);
    Object.assign(ids, { few: p.few.id, many: p.many.id });
  }
  for (const t of targets) t.path = t.path.replace(/\{(\w+)\}/g, (_, k) => String(ids[k]));
  if (needs.size) step(`Seeded: ${[...needs].join(", ")}`);
}

/** workerd's CPU per request for each target, over PROFILE_SECONDS of load, and its ratio to the baseline's. */
async function cpuPerRequest(origin, worker, headersFor) {
  const pids = await worker.pids();
  const rows = [];
  for (const t of TARGETS) {
    const headers = { ...headersFor(t.auth), ...t.headers };
    await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
    const before = await cpuSeconds(pids);
    const r = await load({ url: origin + t.path, headers, connections: CONNECTIONS, duration: SECONDS });
    const cpuMs = ((await cpuSeconds(pids)) - before) * 1000 / r.requests.total;
    rows.push({ name: t.name, path: t.path, requests: r.requests.total, rps: r.requests.average, non2xx: r.non2xx, cpuMs });
  }
  const base = rows.find((r) => r.name === "baseline");
  console.log(`\nworkerd CPU per request (${SECONDS} s of load each, ${CONNECTIONS} connections); × base = the baseline's CPU per request over the target's\n`);
  table(["target", "request", "requests", "req/s", "non-2xx", "CPU ms/req", "× base"], rows.map((r) => [r.name, r.path, String(r.requests), fmtInt(r.rps), String(r.non2xx), r.cpuMs.toFixed(2), base ? `${(base.cpuMs / r.cpuMs).toFixed(2)}×` : "—"]), [2, 3, 4, 5, 6]);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(`${RESULTS_DIR}/cpu-latest.json`, JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, rows }, null, 2) + "\n");
}

function load(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

/** The Worker's isolate through workerd's inspector (Miniflare proxies it): a minimal CDP client. */
async function connectInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => /core:user:/.test(t.webSocketDebuggerUrl ?? t.id ?? "")) ?? targets[0];
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const WS = globalThis.WebSocket ?? (await import("ws")).default;
  const ws = new WS(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = (e) => reject(new Error(`inspector: ${e.message ?? e}`));
  });
  let next = 1;
  const pending = new Map();
  ws.onmessage = (m) => {
    const msg = JSON.parse(typeof m.data === "string" ? m.data : m.data.toString());
    const p = msg.id && pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
    else p.resolve(msg.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject, method });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Where a bundle position comes from: function name, source file and line, and its package or app folder. */
function origin(map, frame) {
  const fn = frame.functionName || "(anonymous)";
  if (!/index\.js$/.test(frame.url ?? "") || frame.lineNumber < 0) return { fn, file: frame.url || "(native)", line: frame.lineNumber + 1, area: frame.url ? "(other script)" : fn.startsWith("(") ? fn : "(native)" };
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = (pos.source ?? "(bundle)").replace(/^(\.\.\/)+/, "").replace(/^.*?node_modules\//, "node_modules/");
  return { fn: pos.name && fn.length <= 2 ? pos.name : fn, file, line: pos.line ?? 0, area: areaOf(file) };
}

function areaOf(file) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  const parts = file.split("/");
  if (parts[0] === "app" && (parts[1] === "domain" || parts[1] === "routes")) return parts.slice(0, 3).join("/").replace(/\.[^/]+$/, "");
  return parts.length > 1 ? parts.slice(0, 2).join("/").replace(/\.[^/]+$/, "") : file;
}

/**
 * Self time per sample node (the time until the next sample), then per function (self: its own frames;
 * total: every sample with the function anywhere on the stack, counted once per sample) and per area.
 * `(idle)` is time the isolate waited (for D1, for the next request): left out of the CPU figures.
 */
function summarise(profile, map, requests) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
  }
  const where = new Map();
  const at = (id) => {
    if (!where.has(id)) where.set(id, origin(map, nodes.get(id).callFrame));
    return where.get(id);
  };
  const fnKey = (o) => `${o.fn}\t${o.file}:${o.line}`;
  const self = new Map();
  const total = new Map();
  const areas = new Map();
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const o = at(id);
    if (o.fn === "(idle)") {
      idleUs += us;
      continue;
    }
    busyUs += us;
    self.set(fnKey(o), (self.get(fnKey(o)) ?? 0) + us);
    areas.set(o.area, (areas.get(o.area) ?? 0) + us);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const k = fnKey(at(n));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  }
  const top = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, us]) => {
        const [fn, loc] = k.split("\t");
        return { fn, loc, msPerRequest: us / 1000 / requests, share: us / busyUs };
      });
  return {
    cpuMsPerRequest: busyUs / 1000 / requests,
    idleShare: idleUs / (busyUs + idleUs),
    self: top(self),
    total: top(total).filter((e) => !e.fn.startsWith("(root)")),
    areas: [...areas].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([area, us]) => ({ area, msPerRequest: us / 1000 / requests, share: us / busyUs })),
  };
}

function printSummary(t, r, s) {
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const ms = (x) => x.toFixed(3);
  console.log(`\n=== ${t.name}: GET ${t.path} ${t.auth ?? "guest"}${t.headers ? " " + JSON.stringify(t.headers) : ""}`);
  console.log(`${fmtInt(r.requests.average)} req/s under the profiler, ${r.requests.total} requests, ${r.non2xx} non-2xx; isolate CPU ${ms(s.cpuMsPerRequest)} ms per request (idle ${pct(s.idleShare)} of the sampled time)\n`);
  console.log("Self time by area");
  table(["area", "ms/req", "share"], s.areas.map((a) => [a.area, ms(a.msPerRequest), pct(a.share)]), [1, 2]);
  console.log("\nTop functions by self time");
  table(["function", "where", "ms/req", "share"], s.self.map((e) => [e.fn.slice(0, 40), e.loc.slice(-70), ms(e.msPerRequest), pct(e.share)]), [2, 3]);
  console.log("\nTop functions by total time");
  table(["function", "where", "ms/req", "share"], s.total.map((e) => [e.fn.slice(0, 40), e.loc.slice(-70), ms(e.msPerRequest), pct(e.share)]), [2, 3]);
}
