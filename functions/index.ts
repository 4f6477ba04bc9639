import type { ServerBuild } from "@remix-run/cloudflare";
import * as remixBuild from "remix-server-build";
import type { createApp as CreateApp } from "./app";
import type { runScheduled as RunScheduled } from "./scheduled";

// The Remix server bundle carries the Hono app too (see app/entry.server.tsx): one bundle, one copy
// of every module.
const build = remixBuild as unknown as ServerBuild;
const entry = build.entry.module as unknown as { createApp: typeof CreateApp; runScheduled: typeof RunScheduled };
const app = entry.createApp(build);

export default {
  fetch: app.fetch,
  // The Cron Trigger of wrangler.toml: timed work such as expiring requests (functions/scheduled.ts).
  scheduled: (controller, env, ctx) => entry.runScheduled(controller, env, ctx),
} satisfies ExportedHandler<Record<string, unknown> & { DB: D1Database }>;
