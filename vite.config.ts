import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * workerd has no DOMParser: keep @aws-sdk/xml-builder's plain-JS parser instead of the "browser"
 * one the resolve settings would pick (aws/aws-sdk-js-v3#7375).
 */
export const awsXmlParserForWorkerd: Plugin = {
  name: "aws-sdk-xml-parser-for-workerd",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "./xml-parser" && importer && /[\\/]@aws-sdk[\\/]xml-builder[\\/]dist-es[\\/]index\.js$/.test(importer))
      return path.join(path.dirname(importer), "xml-parser.js");
  },
};

/**
 * The server's route matching, once per route table instead of on every call (decision 0034). Remix's
 * router flattens and ranks every route and compiles each candidate path to a RegExp on each
 * `matchRoutes` call, and a page request makes several (the request handler, the data handler, the
 * render): about a tenth of a guest page's CPU in a profile. Both results depend only on the route
 * table and the path pattern, so the server build keeps them: the ranked branches per routes array
 * (the server's tables never change), the compiled pattern per path. The browser build is untouched.
 * A router upgrade that changes these lines fails the build instead of silently losing the cache.
 */
export const routerMatchCache: Plugin = {
  name: "router-match-cache",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.js$/.test(id)) return;
    const flatten = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
    const compile = "function compilePath(path, caseSensitive, end) {\n";
    if (!code.includes(flatten) || !code.includes(compile)) throw new Error("router-match-cache: @remix-run/router changed; update the plugin in vite.config.ts");
    return code
      .replace(flatten, "  let branches = rankedBranchesOf(routes);\n")
      .replace(
        compile,
        `const rankedBranches = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\0" + caseSensitive + "\\0" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size > 2000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`,
      );
  },
};

/**
 * Drizzle's `is(value, type)` answers from a cache per (prototype, class) in the server build (decision
 * 0034). Drizzle asks it for every chunk of every statement it builds and every column it maps, and it
 * walks the constructor chain each time: 15 % of `GET /api/user`'s CPU in a profile. Its answer depends
 * only on the value's prototype chain and the class (neither changes after load), so it is kept; a value
 * without a prototype and a class that is not a Drizzle entity (which throws) are not cached.
 */
export const drizzleIsCache: Plugin = {
  name: "drizzle-is-cache",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]drizzle-orm[\\/]entity\.js$/.test(id)) return;
    const head = "function is(value, type) {\n";
    if (!code.includes(head)) throw new Error("drizzle-is-cache: drizzle-orm changed; update the plugin in vite.config.ts");
    return code.replace(
      head,
      `const isAnswers = new WeakMap();
function is(value, type) {
  if (!value || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return isUncached(value, type);
  let byType = isAnswers.get(proto);
  if (!byType) isAnswers.set(proto, (byType = new Map()));
  let answer = byType.get(type);
  if (answer === undefined) byType.set(type, (answer = isUncached(value, type)));
  return answer;
}
function isUncached(value, type) {
`,
    );
  },
};

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    mainFields: ["browser", "module", "main"],
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { minify: true, sourcemap: process.env.SOURCEMAP === "1" },
  plugins: [
    awsXmlParserForWorkerd,
    routerMatchCache,
    drizzleIsCache,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: false,
      },
    }),
  ],
});
