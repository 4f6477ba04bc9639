// `AB_BASE=<rev> npm run bench:ab`: is this tree faster than <rev>? The same targets on both builds, served side by
// side (the deploy bundle in workerd through Miniflare, each with its own state) and loaded in short slices
// that alternate between the two, so that the machine's drift (the shared host's load moves the baseline by
// a quarter within one `npm run bench`) falls on both alike. It answers each target's req/s after over
// before, the measure of a change; `npm run bench` stays the measure of a budget. See bench/README.md, "A/B".
import { existsSync } from "node:fs";
import { rm, symlink } from "node:fs/promises";
import autocannon from "autocannon";
import { ROOT, npx, run } from "../scripts/lib.mjs";
import { cpuSeconds, descendants } from "./lib.mjs";

const env = process.env;
const BASE = env.AB_BASE;
const SLICE = Number(env.AB_SLICE ?? 3);
const ROUNDS = Number(env.AB_ROUNDS ?? 4);
const ONLY = env.AB_ONLY?.split(",").map((s) => s.trim()).filter(Boolean);
const BYPASS = { "x-page-cache": "bypass" };

/** name, path on a side, headers on a side: the fixed cost (baseline, settings, API user) and the heavy pages afresh. */
const TARGETS = [
  ["baseline", () => "/bench/baseline", () => ({})],
  ["settings", () => "/profile/settings", (s) => ({ cookie: `session=${s.expert}` })],
  ["api-user", () => "/api/user", (s) => ({ authorization: `Bearer ${s.expert}` })],
  ["profile-afresh", () => "/profile/information", (s) => ({ cookie: `session=${s.expert}`, ...BYPASS })],
  ["request-list-30", (s) => `/request-list/${s.requestList.small}`, (s) => ({ cookie: `session=${s.customer}`, ...BYPASS })],
  ["projects-request", () => "/projects/request", (s) => ({ cookie: `session=${s.expert}`, ...BYPASS })],
  ["complete-project-30", (s) => `/complete-project/${s.complete.many.id}`, (s) => ({ cookie: `session=${s.expert}`, ...BYPASS })],
  ["landing-afresh", () => "/", () => BYPASS],
  ["projects-response", () => "/projects/response", (s) => ({ cookie: `session=${s.expert}`, ...BYPASS })],
  ["api-demand", () => "/api/demand", (s) => ({ authorization: `Bearer ${s.expert}` })],
  ["api-demands-services", () => "/api/demands-services", (s) => ({ authorization: `Bearer ${s.expert}` })],
].filter(([name]) => name === "baseline" || !ONLY || ONLY.includes(name));

const sides = {};
let baseTree;
try {
  if (!BASE) throw new Error("AB_BASE=<commit> is required: the code to compare this tree with");
  baseTree = `/tmp/expert-market-ab-${BASE.replace(/[^\w.-]/g, "_")}`;
  await prepareBase(baseTree);
  await run(process.execPath, [`${ROOT}node_modules/.bin/remix`, "vite:build"], { cwd: baseTree, stdio: ["ignore", "ignore", "inherit"] });
  await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  sides.A = await startSide("A", baseTree);
  sides.B = await startSide("B", ROOT.replace(/\/$/, ""));
  await main();
} catch (e) {
  console.error(`\n✗ A/B crashed: ${e.stack ?? e}`);
  process.exitCode = 1;
} finally {
  for (const s of Object.values(sides)) await s.lib.stopAll();
  if (baseTree) await run("git", ["worktree", "remove", "--force", baseTree], { cwd: ROOT }).catch(() => {});
}

/** A work tree of the base commit, sharing this tree's node_modules (the same packages: compare code, not installs). */
async function prepareBase(dir) {
  if (existsSync(dir)) await run("git", ["worktree", "remove", "--force", dir], { cwd: ROOT }).catch(() => rm(dir, { recursive: true, force: true }));
  await run("git", ["worktree", "prune"], { cwd: ROOT });
  await run("git", ["worktree", "add", "--detach", dir, BASE], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  await symlink(`${ROOT}node_modules`, `${dir}/node_modules`);
}

/** One side: its own bench library (its stack, its fixtures), state and port, with the data the targets need. */
async function startSide(name, root) {
  const lib = await import(`${root}/bench/lib.mjs`);
  const fx = await import(`${root}/bench/fixtures.mjs`);
  lib.step(`Side ${name}: ${root}`);
  const stateDir = lib.benchStateDir(`state-ab-${name}`);
  // Both sides' workerd run under this process: each side's is the one that its start added.
  const before = new Set(await descendants(process.pid, "workerd"));
  const stack = await lib.startStack({ stateDir, preferredPort: name === "A" ? 8781 : 8782, runtime: "miniflare" });
  const pids = (await descendants(process.pid, "workerd")).filter((p) => !before.has(p));
  const expert = await fx.signIn(stack.origin);
  const customer = await fx.signIn(stack.origin, fx.CUSTOMER);
  await fx.fillProfile(stack.origin, expert);
  await fx.insertCustomerRequests(stateDir, 50, "x1");
  await fx.insertExpertProjects(stateDir, 50, "x1");
  return { lib, pids, origin: stack.origin, expert, customer, requestList: await fx.seedRequestList(stateDir), complete: await fx.seedCompleteProjects(stateDir) };
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => autocannon({ url, headers, connections: 10, duration }, (e, r) => (e ? reject(e) : resolve(r))));
}

async function main() {
  const samples = {};
  const cpuSamples = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, path, headers] of TARGETS) {
      // Each round swaps which side goes first.
      for (const side of round % 2 ? ["B", "A"] : ["A", "B"]) {
        const s = sides[side];
        await load(s.origin + path(s), headers(s), 1);
        const cpu0 = await cpuSeconds(s.pids);
        const r = await load(s.origin + path(s), headers(s), SLICE);
        const cpu = (await cpuSeconds(s.pids)) - cpu0;
        if (r.non2xx || r.errors) throw new Error(`${side} ${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        (samples[`${name} ${side}`] ??= []).push(r.requests.average);
        // workerd's CPU time per request over the slice (its D1 simulator included), in ms.
        (cpuSamples[`${name} ${side}`] ??= []).push((cpu * 1000) / Math.max(1, r.requests.total));
      }
    }
    console.log(`› round ${round + 1}/${ROUNDS}`);
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base = { A: mean(samples["baseline A"]), B: mean(samples["baseline B"]) };
  console.log(`\nA = ${BASE}, B = this tree; ${ROUNDS} rounds of ${SLICE} s per side and target, 10 connections\n`);
  console.log("CPU: workerd's CPU time per request (its D1 simulator included); B / A under 1 means B costs less\n");
  console.log("target               A req/s  B req/s  B / A  A × base  B × base  A CPU ms  B CPU ms  B / A");
  console.log("-------------------  -------  -------  -----  --------  --------  --------  --------  -----");
  for (const [name] of TARGETS) {
    const a = mean(samples[`${name} A`]);
    const b = mean(samples[`${name} B`]);
    const ca = mean(cpuSamples[`${name} A`]);
    const cb = mean(cpuSamples[`${name} B`]);
    console.log(
      `${name.padEnd(19)}  ${a.toFixed(0).padStart(7)}  ${b.toFixed(0).padStart(7)}  ${(b / a).toFixed(2).padStart(5)}  ${(a / base.A).toFixed(2).padStart(8)}  ${(b / base.B).toFixed(2).padStart(8)}  ${ca.toFixed(2).padStart(8)}  ${cb.toFixed(2).padStart(8)}  ${(cb / ca).toFixed(2).padStart(5)}`,
    );
  }
}
