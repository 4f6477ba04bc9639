/// <reference types="node" />
// End-to-end setup: the Worker on http://127.0.0.1:8788 with a fresh local D1 (.wrangler-e2e/), the local
// S3 server and the OAuth stand-in on free ports, reference and demo data seeded.
// Playwright runs the returned function as the teardown.
//
// The Worker runs as production runs it: the bundle `wrangler deploy` would upload, in workerd through
// Miniflare (scripts/lib.mjs startMiniflare), not under `wrangler dev`, whose dev proxy exits, taking every
// later test with it, when one proxied connection is lost (decision 0067). The bundle is built once at the
// start and the static assets are a snapshot of build/client, so a `remix vite:build` run elsewhere in the
// checkout (integration tests, a developer) cannot swap or empty what the run serves.
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uploadPublicDocs } from "../../scripts/docs-lib.mjs";
import { ROOT, migrateLocal, npx, seed, startMiniflare } from "../../scripts/lib.mjs";
import { startOAuthProvider } from "../../scripts/oauth-provider-lib.mjs";
import { startS3Server } from "../../scripts/s3-server-lib.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
const PERSIST = join(ROOT, ".wrangler-e2e");

export default async function globalSetup() {
  const started = Date.now();
  if (!existsSync(join(ROOT, "build/server/index.js"))) await npx("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });

  await rm(PERSIST, { recursive: true, force: true });
  await mkdir(PERSIST, { recursive: true });
  const assets = join(PERSIST, "client");
  await cp(join(ROOT, "build/client"), assets, { recursive: true });
  await migrateLocal(PERSIST);

  const s3Dir = await mkdtemp(join(tmpdir(), "s3rver-e2e-"));
  const s3 = await startS3Server({ port: 0, directory: s3Dir });
  // The footer's legal PDFs and the /mock presentation, as `npm start` puts them.
  await uploadPublicDocs({ endpoint: s3.url });
  const oauth = await startOAuthProvider({ port: 0 });
  let worker: Awaited<ReturnType<typeof startMiniflare>> | undefined;
  const stopAll = async () => {
    await worker?.stop();
    await Promise.all([s3.close(), oauth.close()]);
    await rm(s3Dir, { recursive: true, force: true });
  };
  try {
    worker = await startMiniflare({
      port: E2E_PORT,
      persistTo: PERSIST,
      bundleDir: join(PERSIST, "bundle"),
      assetsDirectory: assets,
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
  // Worker errors (uncaught exceptions, 500s) and workerd's own complaints (a dropped connection, an
  // internal error: "workerd/… error: …") are worth seeing when a test fails.
  worker.onOutput((chunk: string) => {
    for (const line of chunk.split("\n")) {
      const worth = line.startsWith("{") ? line.includes('"level":"error"') : /error|uncaught|exception|disconnect|reset/i.test(line);
      if (worth) process.stderr.write(`[workerd] ${line}\n`);
    }
  });
  console.log(`› e2e: Worker ${worker.url} (the deploy bundle through Miniflare), S3 ${s3.url}, OAuth ${oauth.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return stopAll;
}
