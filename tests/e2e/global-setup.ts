/// <reference types="node" />
// End-to-end setup: the built Worker on http://127.0.0.1:8788 with a fresh local D1 (.wrangler-e2e/),
// the local S3 server and the OAuth stand-in on free ports, reference and demo data seeded.
// Playwright runs the returned function as the teardown.
//
// The Worker serves a snapshot of build/ (copied into .wrangler-e2e/ with a wrangler config beside it):
// `wrangler dev` reloads when its files change, and a `remix vite:build` run elsewhere in the checkout
// (integration tests, a developer) must not swap or empty the bundle in the middle of a run.
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uploadPublicDocs } from "../../scripts/docs-lib.mjs";
import { ROOT, migrateLocal, npx, seed, startWorker } from "../../scripts/lib.mjs";
import { startOAuthProvider } from "../../scripts/oauth-provider-lib.mjs";
import { startS3Server } from "../../scripts/s3-server-lib.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
const PERSIST = join(ROOT, ".wrangler-e2e");

export default async function globalSetup() {
  const started = Date.now();
  if (!existsSync(join(ROOT, "build/server/index.js"))) await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });

  await rm(PERSIST, { recursive: true, force: true });
  await mkdir(PERSIST, { recursive: true });
  await cp(join(ROOT, "build"), join(PERSIST, "build"), { recursive: true });
  const config = join(PERSIST, "wrangler.toml");
  await writeFile(config, await snapshotConfig());
  await migrateLocal(PERSIST);

  const s3Dir = await mkdtemp(join(tmpdir(), "s3rver-e2e-"));
  const s3 = await startS3Server({ port: 0, directory: s3Dir });
  // The footer's legal PDFs and the /mock presentation, as `npm start` puts them.
  await uploadPublicDocs({ endpoint: s3.url });
  const oauth = await startOAuthProvider({ port: 0 });
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const stopAll = async () => {
    await worker?.stop();
    await Promise.all([s3.close(), oauth.close()]);
    await rm(s3Dir, { recursive: true, force: true });
  };
  try {
    worker = await startWorker({
      port: E2E_PORT,
      persistTo: PERSIST,
      config,
      // "log" shows wrangler's "⎔ Reloading local server..." (see `report` below).
      logLevel: "log",
      vars: {
        APP_URL: `http://127.0.0.1:${E2E_PORT}`,
        S3_ENDPOINT: s3.url,
        OAUTH_YANDEX_AUTH_URL: `${oauth.url}/yandex/authorize`,
        OAUTH_YANDEX_TOKEN_URL: `${oauth.url}/yandex/token`,
        OAUTH_YANDEX_USERINFO_URL: `${oauth.url}/yandex/userinfo`,
        OAUTH_VK_AUTH_URL: `${oauth.url}/vk/authorize`,
        OAUTH_VK_TOKEN_URL: `${oauth.url}/vk/token`,
        OAUTH_VK_USERINFO_URL: `${oauth.url}/vk/userinfo`,
      },
    });
    await seed(worker.url);
  } catch (e) {
    await stopAll();
    throw e;
  }
  // Worker errors (uncaught exceptions, 500s) are worth seeing when a test fails. So is a reload: wrangler
  // restarts the Worker when a file of its bundle (functions/, app/, db/, node_modules/) or of the assets
  // snapshot changes, and answers the POSTs then in flight with 503 "Your worker restarted mid-request".
  const report = (d: Buffer) => {
    for (const line of d.toString().split("\n")) {
      if (/"level":"error"|\bERROR\b|Uncaught/.test(line)) process.stderr.write(`[wrangler] ${line}\n`);
      else if (/Reloading local server/.test(line)) process.stderr.write(`[wrangler] ${new Date().toISOString()} the Worker reloads: a file of its bundle or of ${PERSIST}/build/client changed\n`);
    }
  };
  worker.child.stdout?.on("data", report);
  worker.child.stderr?.on("data", report);
  console.log(`› e2e: Worker ${worker.url}, S3 ${s3.url}, OAuth ${oauth.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return stopAll;
}

/** wrangler.toml as seen from .wrangler-e2e/: the Worker's sources stay in place, build/ is the copy. */
async function snapshotConfig() {
  const toml = await readFile(join(ROOT, "wrangler.toml"), "utf8");
  const out = toml.replace(/^main = "(.+)"$/m, 'main = "../$1"').replace(/^migrations_dir = "(.+)"$/gm, 'migrations_dir = "../$1"');
  for (const line of ['main = "../', 'migrations_dir = "../', 'directory = "./build/client"', '"remix-server-build" = "./build/server/index.js"']) {
    if (!out.includes(line)) throw new Error(`wrangler.toml changed shape (${line}): update tests/e2e/global-setup.ts`);
  }
  return out;
}
