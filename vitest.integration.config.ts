import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { awsXmlParserForWorkerd } from "./vite.config";

// Offline (ARCHITECTURE.md): Miniflare must not fetch the `Request.cf` object, wrangler must not send metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Integration tests run inside workerd (@cloudflare/vitest-pool-workers) against the built Worker
 * (functions/index.ts + build/server/index.js: run `npx remix vite:build` first) with a real local D1.
 * Storage is isolated per test file; the migrations are applied by tests/helpers/setup.ts.
 * The local S3 server and the OAuth and Resend stand-ins are started in Node by the global setup;
 * their URLs reach the Worker as bindings, which override wrangler.toml's [vars].
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": here("./app"),
      "remix-server-build": here("./build/server/index.js"),
    },
  },
  plugins: [
    awsXmlParserForWorkerd,
    cloudflareTest(async ({ inject }) => {
      for (const built of ["./build/server/index.js", "./build/client"]) {
        if (!existsSync(here(built))) throw new Error(`${built} is missing: run \`npx remix vite:build\` before the integration tests`);
      }
      const oauth = inject("oauthUrl");
      return {
        main: "./functions/index.ts",
        remoteBindings: false,
        // The development environment of wrangler.toml (the top level is production and has no secrets).
        wrangler: { configPath: "./wrangler.toml", environment: "development" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            APP_URL: "http://localhost",
            MAIL_DRIVER: "outbox",
            S3_ENDPOINT: inject("s3Url"),
            RESEND_BASE_URL: inject("resendUrl"),
            RESEND_API_KEY: "re_test_local_key",
            OAUTH_YANDEX_AUTH_URL: `${oauth}/yandex/authorize`,
            OAUTH_YANDEX_TOKEN_URL: `${oauth}/yandex/token`,
            OAUTH_YANDEX_USERINFO_URL: `${oauth}/yandex/userinfo`,
            OAUTH_VK_AUTH_URL: `${oauth}/vk/authorize`,
            OAUTH_VK_TOKEN_URL: `${oauth}/vk/token`,
            OAUTH_VK_USERINFO_URL: `${oauth}/vk/userinfo`,
            // Not read by the Worker: lets the social tests find the stand-in.
            OAUTH_URL: oauth,
            TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
          },
        },
      };
    }),
  ],
  test: {
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: ["./tests/helpers/global-setup.ts"],
    setupFiles: ["./tests/helpers/setup.ts"],
    // Tests import server modules one by one (the Worker itself runs the built bundle). A test that reached
    // @remix-run/cloudflare (e.g. through app/server/i18n.server.ts) would need it pre-bundled with
    // `deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } }`; none does today.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The Worker logs one JSON line per request at level "info": keep the output readable.
    onConsoleLog(log) {
      if (log.includes('"level":"info"')) return false;
    },
  },
});
