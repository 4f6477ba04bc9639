import { existsSync } from "node:fs";
// Shared by the benches (run.mjs, load.mjs): a fresh local stack of their own (D1 + s3rver + the Worker),
// its clean stop, and the plain-text output helpers. D1 is migrated and the Worker seeded only through
// scripts/lib.mjs (migrateLocal, seed). The Worker runs in one of two runtimes (startStack's `runtime`):
// "wrangler" (`wrangler dev`, scripts/lib.mjs startWorker) or "miniflare" (the bundle `wrangler deploy`
// would upload, served by workerd through Miniflare without wrangler's dev proxy: see startMiniflare).
import { spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { OFFLINE_ENV, ROOT, descendants, migrateLocal, seed, startMiniflare, startWorker } from "../scripts/lib.mjs";

export { descendants };
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
