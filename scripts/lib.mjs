// Shared by start.mjs, test.mjs and the bench: run commands, wait for the Worker, seed it.
import { spawn } from "node:child_process";

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
