/// <reference types="@cloudflare/workers-types" />
// The Remix server bundle (build/server/index.js), aliased in wrangler.toml and the test config.
declare module "remix-server-build";
