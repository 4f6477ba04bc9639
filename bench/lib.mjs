// Shared by the benches (run.mjs, load.mjs): a fresh local stack of their own (D1 + s3rver + wrangler dev),
// its clean stop, and the plain-text output helpers. The Worker is started and migrated only through
// scripts/lib.mjs (startWorker, migrateLocal, seed), so the benches follow whatever those pass to wrangler.
import { spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { OFFLINE_ENV, ROOT, migrateLocal, seed, startWorker } from "../scripts/lib.mjs";
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
 * Deletes and recreates `stateDir` (D1 via `--persist-to`, s3rver files), applies the migrations, starts
 * s3rver and `wrangler dev` on `preferredPort` (or any free port) and seeds it. Everything is stopped by
 * `stopAll`. Resolves with the Worker (see scripts/lib.mjs startWorker), its origin, port and the seed's answer.
 */
export async function startStack({ stateDir, preferredPort, logLevel }) {
  step(`Fresh state in ${stateDir.replace(ROOT, "")}, D1 migrations`);
  await rm(stateDir, { recursive: true, force: true });
  await migrateLocal(stateDir);

  const s3 = await startS3Server({ port: 0, directory: `${stateDir}/s3` });
  onStop(() => s3.close());
  step(`s3rver: ${s3.url}`);

  const port = await freePort(preferredPort);
  const origin = `http://127.0.0.1:${port}`;
  step(`wrangler dev on ${origin}`);
  const worker = await startWorker({ port, persistTo: stateDir, vars: { S3_ENDPOINT: s3.url, APP_URL: origin }, logLevel });
  onStop(() => worker.stop());

  const seeded = await seed(origin);
  step(`Seeded (reference: ${seeded.reference}, demo: ${seeded.demo})`);
  return { worker, origin, port, seeded };
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
