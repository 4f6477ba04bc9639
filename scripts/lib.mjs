// Shared by start.mjs, test.mjs, the end-to-end tests and the bench: run commands, start the Worker
// (`wrangler dev`, or the deploy bundle through Miniflare), wait for it, seed it.
import { spawn } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import { createInterface } from "node:readline";

export const ROOT = new URL("..", import.meta.url).pathname;
// Offline: wrangler must not look up Cloudflare hosts or send metrics (ARCHITECTURE.md).
export const OFFLINE_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn", NO_UPDATE_NOTIFIER: "1" };

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit", env: OFFLINE_ENV, ...opts });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
    child.on("error", reject);
  });
}

export function npx(bin, args, opts) {
  return run(process.execPath, [`${ROOT}node_modules/.bin/${bin}`.replace(/\/\//g, "/"), ...args], opts);
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return res;
      last = `status ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`);
}

/**
 * Starts `wrangler dev` on the built Worker; resolves once it answers. `config`: another wrangler
 * config file (the end-to-end tests serve a snapshot of build/ through one).
 * `logLevel`: WRANGLER_LOG for this Worker (default: OFFLINE_ENV's, "warn").
 * @param {{ port?: number; vars?: Record<string, string>; persistTo?: string; config?: string; logLevel?: string }} [options]
 */
export async function startWorker({ port = 8787, vars = {}, persistTo, config, logLevel } = {}) {
  const args = [`${ROOT}node_modules/wrangler/bin/wrangler.js`, "dev", "--port", String(port), "--ip", "127.0.0.1", "--local", "--show-interactive-dev-session=false", "--env", "development"];
  if (config) args.push("--config", config);
  if (persistTo) args.push("--persist-to", persistTo);
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const env = logLevel ? { ...OFFLINE_ENV, WRANGLER_LOG: logLevel } : OFFLINE_ENV;
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env, detached: false });
  const lines = [];
  const keep = (d) => {
    for (const l of d.toString().split("\n")) if (l.trim()) lines.push(l);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/industries`, 90_000);
  } catch (e) {
    child.kill("SIGTERM");
    throw new Error(`${e.message}\n${lines.slice(-40).join("\n")}`);
  }
  return {
    url,
    child,
    logs: lines,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export async function migrateLocal(persistTo) {
  const args = ["d1", "migrations", "apply", "DB", "--local", "--env", "development"];
  if (persistTo) args.push("--persist-to", persistTo);
  await run(process.execPath, [`${ROOT}node_modules/wrangler/bin/wrangler.js`, ...args], { stdio: ["ignore", "inherit", "inherit"] });
}

export async function seed(url) {
  const res = await fetch(`${url}/dev/seed`, { method: "POST" });
  if (!res.ok) throw new Error(`seed failed: ${res.status} ${await res.text()}`);
  return res.json();
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
 * `assetsDirectory`: the static assets served in front of the Worker instead of wrangler.toml's
 * build/client (the end-to-end tests serve a snapshot of it).
 * @param {{ port: number; persistTo: string; vars?: Record<string, string>; bundleDir: string; inspectorPort?: number; assetsDirectory?: string }} options
 * @returns {Promise<import("../bench/lib.mjs").Worker>}
 */
export async function startMiniflare({ port, persistTo, vars = {}, bundleDir, inspectorPort, assetsDirectory }) {
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
    ...(assetsDirectory ? { assets: { ...options.assets, directory: assetsDirectory } } : {}),
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
