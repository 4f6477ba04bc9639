import { existsSync } from "node:fs";
// Shared by the benches (run.mjs, load.mjs): a fresh local stack of their own (D1 + s3rver + the Worker),
// its clean stop, and the plain-text output helpers. D1 is migrated and the Worker seeded only through
// scripts/lib.mjs (migrateLocal, seed). The Worker runs in one of two runtimes (startStack's `runtime`):
// "wrangler" (`wrangler dev`, scripts/lib.mjs startWorker) or "miniflare" (the bundle `wrangler deploy`
// would upload, served by workerd through Miniflare without wrangler's dev proxy: see startMiniflare).
import { spawn } from "node:child_process";
import { readFile, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { OFFLINE_ENV, ROOT, migrateLocal, run, seed, startWorker } from "../scripts/lib.mjs";
import { startS3Server } from "../scripts/s3-server-lib.mjs";

// ---------------------------------------------------------------------------------------------------
// Everything started by a bench is stopped by `stopAll`, also on error and on Ctrl+C.
const cleanups = [];
export function onStop(fn) {
  cleanups.push(fn);
}
export async function stopAll() {
  while (cleanups.length) {
    const stop = cleanups.pop();
    try {
      await stop();
    } catch (e) {
      console.error(`  (while stopping: ${e.message})`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void stopAll().then(() => process.exit(130));
  });
}

/**
 * Where a bench keeps its D1 and s3rver files: in memory (/dev/shm) when the machine has it, unless
 * BENCH_STATE_ON_DISK=1. Miniflare's D1 runs every statement, reads included, as a write transaction of a
 * Durable Object and answers after its storage is durable: on disk that is an fsync per round trip, which
 * capped any request that reads D1 at ~0.27× the baseline route on this machine (one trivial statement;
 * 0.23× with two), whatever the Worker did. That wait belongs to the local simulator's disk, not to the
 * Worker or to D1 in production (decision 0042); the bench measures the Worker. BENCH_STATE_ON_DISK=1 shows
 * the old figures.
 */
export function benchStateDir(name) {
  if (process.env.BENCH_STATE_ON_DISK !== "1" && existsSync("/dev/shm")) return `/dev/shm/expert-market-bench/${name}`;
  return `${ROOT}bench/.${name}`;
}

/**
 * Deletes and recreates `stateDir` (D1 as `--persist-to` lays it out, s3rver files), applies the
 * migrations, starts s3rver and the Worker on `preferredPort` (or any free port) and seeds it. Everything
 * is stopped by `stopAll`. `runtime`: "wrangler" (`wrangler dev`) or "miniflare" (see startMiniflare).
 * Resolves with the Worker (see `Worker` below), its origin, port and the seed's answer.
 */
export async function startStack({ stateDir, preferredPort, logLevel, runtime = "wrangler", inspectorPort }) {
  if (runtime !== "wrangler" && runtime !== "miniflare") throw new Error(`runtime must be "wrangler" or "miniflare", got ${runtime}`);
  step(`Fresh state in ${stateDir.replace(ROOT, "")}, D1 migrations`);
  await rm(stateDir, { recursive: true, force: true });
  await migrateLocal(stateDir);

  const s3 = await startS3Server({ port: 0, directory: `${stateDir}/s3` });
  onStop(() => s3.close());
  step(`s3rver: ${s3.url}`);

  const port = await freePort(preferredPort);
  const origin = `http://127.0.0.1:${port}`;
  const vars = { S3_ENDPOINT: s3.url, APP_URL: origin };
  let worker;
  if (runtime === "wrangler") {
    step(`wrangler dev on ${origin}`);
    worker = wranglerWorker(await startWorker({ port, persistTo: stateDir, vars, logLevel }));
  } else {
    step(`Bundle (wrangler deploy --dry-run --env development), then workerd through Miniflare on ${origin}`);
    worker = await startMiniflare({ port, persistTo: stateDir, vars, bundleDir: `${stateDir}/bundle`, inspectorPort });
  }
  onStop(() => worker.stop());

  const seeded = await seed(origin);
  step(`Seeded (reference: ${seeded.reference}, demo: ${seeded.demo})`);
  return { worker, origin, port, seeded };
}

/**
 * @typedef {object} Worker  What the benches see of either runtime.
 * @property {"wrangler" | "miniflare"} runtime
 * @property {string} url
 * @property {string[]} logs  its last output lines (wrangler's, or workerd's stdout/stderr)
 * @property {(fn: (chunk: string) => void) => void} onOutput  every further output, as it comes
 * @property {() => string | null} exited  null while it runs, otherwise how it ended
 * @property {() => Promise<number[]>} pids  the processes that serve the requests (for their CPU time)
 * @property {() => Promise<void>} stop
 */

/** @returns {Worker} scripts/lib.mjs startWorker's `wrangler dev`, seen as a Worker. */
function wranglerWorker(w) {
  let ended = null;
  w.child.on("exit", (code, signal) => (ended = `wrangler exited (code ${code}, signal ${signal})`));
  return {
    runtime: "wrangler",
    url: w.url,
    logs: w.logs,
    onOutput: (fn) => {
      w.child.stdout.on("data", (d) => fn(d.toString()));
      w.child.stderr.on("data", (d) => fn(d.toString()));
    },
    exited: () => ended,
    // wrangler's Node process and everything under it (the Worker's workerd, the dev proxy's, esbuild).
    pids: async () => [w.child.pid, ...(await descendants(w.child.pid))],
    stop: w.stop,
  };
}

/**
 * The Worker as production runs it, without wrangler's dev proxy: `wrangler deploy --dry-run --outdir
 * <bundleDir> --env development` writes the exact bundle a deploy would upload (functions/index.ts with
 * the Remix server build, wrangler.toml's alias and `keep_names`), and Miniflare serves it in workerd with
 * the options wrangler itself derives from wrangler.toml's `[env.development]` (wrangler's
 * unstable_getMiniflareWorkerOptions: compatibility date and flags, vars, the D1 binding, the assets of
 * build/client with the router in front of the Worker), plus `vars`. D1 is opened where
 * `wrangler d1 ... --local --persist-to <persistTo>` keeps it (`<persistTo>/v3/d1`), so migrateLocal's
 * migrations and d1Query read the same file. `CF-Connecting-IP` sent by the client reaches the Worker
 * (Miniflare's entry worker sets it only when absent). `cf: false`: offline. `inspectorPort`: workerd's
 * DevTools inspector listens there (bench/profile.mjs takes CPU profiles through it); the bundle then
 * carries a source map (`--upload-source-maps`) so that the profile names the original functions.
 * @returns {Promise<Worker>}
 */
export async function startMiniflare({ port, persistTo, vars = {}, bundleDir, inspectorPort }) {
  const maps = inspectorPort ? ["--upload-source-maps"] : [];
  await run(process.execPath, [`${ROOT}node_modules/wrangler/bin/wrangler.js`, "deploy", "--dry-run", "--outdir", bundleDir, "--env", "development", ...maps], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Offline in this process too (ARCHITECTURE.md): wrangler is loaded here only to read wrangler.toml.
  for (const k of ["WRANGLER_SEND_METRICS", "CLOUDFLARE_CF_FETCH_ENABLED", "NO_UPDATE_NOTIFIER"]) process.env[k] ??= OFFLINE_ENV[k];
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { Miniflare } = await import("miniflare");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${ROOT}wrangler.toml`, "development");
  const { modulesRules, ...options } = workerOptions; // the bundle is one ES module: no rules to apply
  const lines = [];
  const listeners = [];
  const keep = (line) => {
    lines.push(line);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
    for (const fn of listeners) fn(line + "\n");
  };
  let ended = null;
  let stopping = null;
  const mf = new Miniflare({
    ...options,
    name: "expert-marketplace-dev",
    modules: [{ type: "ESModule", path: `${bundleDir}/index.js` }],
    modulesRoot: bundleDir, // module names are relative to it (workerd refuses a path that leaves it)
    bindings: { ...options.bindings, ...vars },
    d1Persist: `${persistTo}/v3/d1`,
    cf: false,
    host: "127.0.0.1",
    port,
    ...(inspectorPort ? { inspectorPort } : {}),
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr]) createInterface({ input: stream }).on("line", (l) => l.trim() && keep(l));
    },
  });
  let url;
  try {
    url = (await mf.ready).toString().replace(/\/$/, "");
  } catch (e) {
    await mf.dispose().catch(() => {});
    throw new Error(`${e.message}\n--- workerd's output ---\n${lines.slice(-40).join("\n")}`);
  }
  const workerd = (await descendants(process.pid, "workerd"))[0] ?? null;
  return {
    runtime: "miniflare",
    url,
    logs: lines,
    onOutput: (fn) => listeners.push(fn),
    exited: () => ended ?? (workerd && !isRunning(workerd) ? (ended = `workerd (pid ${workerd}) is gone`) : null),
    pids: async () => (workerd ? [workerd] : []),
    stop: () => (stopping ??= ((ended ??= "stopped"), mf.dispose())),
  };
}

/** Whether process `pid` still exists (Linux). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids under `pid` (Linux `/proc`), those whose command is `comm` when given. */
export async function descendants(pid, comm) {
  const parents = new Map();
  const names = new Map();
  for (const entry of await readdir("/proc").catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    const close = stat.lastIndexOf(")");
    names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
    parents.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
  }
  const out = [];
  const walk = (p) => {
    for (const [child, parent] of parents) if (parent === p) (out.push(child), walk(child));
  };
  walk(pid);
  return comm ? out.filter((p) => names.get(p) === comm) : out;
}

/** CPU seconds (user + system) used so far by `pids` (Linux `/proc/<pid>/stat`); gone processes count 0. */
export async function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/**
 * Runs SQL on the local D1 of `persistTo` (`wrangler d1 execute DB --local --json`) and resolves with one
 * array of rows per statement. Like scripts/lib.mjs migrateLocal, it must address the same database
 * file as the Worker: when wrangler.toml has an `[env.development]` (where the dev values live once the
 * top level is production-safe), `--env development` is passed, as the scripts pass it to `wrangler dev`.
 */
export async function d1Query(persistTo, sql) {
  const args = [`${ROOT}node_modules/wrangler/bin/wrangler.js`, "d1", "execute", "DB", "--local", "--json", "--persist-to", persistTo, "--command", sql];
  if (/^\s*\[env\.development\]/m.test(await readFile(`${ROOT}wrangler.toml`, "utf8"))) args.push("--env", "development");
  const chunks = [];
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" } }); // below "log" wrangler drops the JSON too
    child.stdout.on("data", (d) => chunks.push(d));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`wrangler d1 execute exited with ${code}: ${Buffer.concat(chunks).toString().slice(0, 500)}`))));
    child.on("error", reject);
  });
  const out = JSON.parse(Buffer.concat(chunks).toString());
  return out.map((r) => {
    if (!r.success) throw new Error(`D1 query failed: ${JSON.stringify(r).slice(0, 300)}`);
    return r.results;
  });
}

// ---------------------------------------------------------------------------------------------------
export function step(msg) {
  console.log(`› ${msg}`);
}

export function fmtInt(n) {
  return Math.round(n).toLocaleString("en-US");
}

export function fmtMs(n) {
  return n.toFixed(n < 10 ? 1 : 0);
}

/** Prints an aligned plain-text table; `right` lists the columns aligned to the right. */
export function table(head, rows, right = []) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

/** `preferred` when it is free on 127.0.0.1, otherwise any free port. */
export function freePort(preferred) {
  const tryListen = (port) =>
    new Promise((resolve, reject) => {
      const srv = createServer();
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}
