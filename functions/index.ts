import type { ServerBuild } from "@remix-run/cloudflare";
import * as remixBuild from "remix-server-build";
import type { createApp as CreateApp } from "./app";

// The Remix server bundle carries the Hono app too (see app/entry.server.tsx): one bundle, one copy
// of every module.
const build = remixBuild as unknown as ServerBuild;
const createApp = (build.entry.module as unknown as { createApp: typeof CreateApp }).createApp;
const app = createApp(build);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Record<string, unknown> & { DB: D1Database }>;
