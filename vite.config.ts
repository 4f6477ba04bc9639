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

/**
 * React's server renderer (the browser build, which workerd runs) turns every dynamic string of a page
 * into bytes with its own `TextEncoder.encode` call: a call into the runtime per text, attribute and class
 * name, ~2.5 µs each in workerd against ~0.2 µs for the same UTF-8 encoding in JavaScript, and 15 % of a
 * rendered page's CPU in a profile (decision 0034). In the server build, short strings are encoded in
 * JavaScript (the same bytes: lone surrogates become U+FFFD as TextEncoder makes them); long ones still
 * go to TextEncoder, which is faster for them.
 */
export const reactServerUtf8: Plugin = {
  name: "react-server-utf8",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.browser\.production\.min\.js$/.test(id)) return;
    const encode = "function u(a){return ca.encode(a)}";
    if (!code.includes(encode)) throw new Error("react-server-utf8: react-dom changed; update the plugin in vite.config.ts");
    return code.replace(encode, `function u(a){return a.length<=256?utf8Short(a):ca.encode(a)}${UTF8_SHORT}`);
  },
};

/** UTF-8 of a string, as TextEncoder encodes it, in plain JavaScript (for react-server-utf8). */
const UTF8_SHORT = `function utf8Short(s){var n=s.length,size=0,i,c,d,o=0;
for(i=0;i<n;i++){c=s.charCodeAt(i);if(c<128)size+=1;else if(c<2048)size+=2;else if(c>=55296&&c<=56319&&i+1<n&&(s.charCodeAt(i+1)&64512)===56320){size+=4;i++}else size+=3}
var out=new Uint8Array(size);
for(i=0;i<n;i++){c=s.charCodeAt(i);
if(c<128)out[o++]=c;
else if(c<2048){out[o++]=192|(c>>6);out[o++]=128|(c&63)}
else if(c>=55296&&c<=57343){d=i+1<n?s.charCodeAt(i+1):0;
if(c<=56319&&(d&64512)===56320){c=65536+((c-55296)<<10)+(d-56320);i++;out[o++]=240|(c>>18);out[o++]=128|((c>>12)&63);out[o++]=128|((c>>6)&63);out[o++]=128|(c&63)}
else{out[o++]=239;out[o++]=191;out[o++]=189}}
else{out[o++]=224|(c>>12);out[o++]=128|((c>>6)&63);out[o++]=128|(c&63)}}
return out}`;

/**
 * The browser build (decision 0040): every page's client JavaScript has a 100 KB gzip budget and React,
 * Remix and the router alone take about 80 KB of it.
 * - terser, two compress passes: about 4.5 KB gzip smaller than esbuild's minification (React's own
 *   build is re-compressed too).
 * - The browsers of 2021 on (Chrome and Edge 91, Firefox 90, Safari 15): optional chaining and class
 *   fields stay as written (for Chrome below 91 esbuild rewrites every `?.`), about 0.3 KB.
 * - A lazily loaded part (a dialog, a form) preloads the stylesheets it needs, not its scripts: the list of
 *   every lazy part's scripts sat in each page's first download (0.2–0.7 KB); a dialog's own imports are
 *   fetched when it loads, one round trip later.
 * Only the client build: the server build keeps esbuild (fast; its size is not what a visitor downloads).
 */
export const clientBuild: Plugin = {
  name: "client-build",
  config(_config, env) {
    if (env.command !== "build" || env.isSsrBuild) return;
    return {
      build: {
        target: ["chrome91", "edge91", "firefox90", "safari15"],
        minify: "terser",
        terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith(".css")) },
      },
    };
  },
};

/**
 * What every page loads, in one file (decision 0040): the modules that the client entry and the root
 * route import statically (React, Remix, the router, the translation hook, the header and footer). Every
 * page downloads all of them anyway; as one file instead of seven, they gzip about 1 KB smaller (each
 * file restarts the compressor's dictionary and pays its own header). The entry and root modules
 * themselves stay where Remix expects them, as do dynamic imports (the locales, lazy dialogs).
 */
export const clientShellChunk: Plugin = {
  name: "client-shell-chunk",
  config(_config, env) {
    if (env.command !== "build" || env.isSsrBuild) return;
    let shell: Set<string> | undefined;
    const isEntry = (id: string) => /[\\/]app[\\/]entry\.client\.tsx$/.test(id) || /[\\/]app[\\/]root\.tsx\?__remix-build-client-route$/.test(id);
    return {
      build: {
        rollupOptions: {
          output: {
            manualChunks(id, { getModuleIds, getModuleInfo }) {
              if (!shell) {
                shell = new Set();
                const visit = (m: string) => {
                  if (shell!.has(m)) return;
                  shell!.add(m);
                  for (const dep of getModuleInfo(m)?.importedIds ?? []) visit(dep);
                };
                for (const m of getModuleIds()) if (isEntry(m)) for (const dep of getModuleInfo(m)?.importedIds ?? []) visit(dep);
              }
              // The lengths of names, phones and e-mails (a few bytes): in the shell, so that a page needing
              // only them (the profile's contacts form) does not load the chunk of every other limit.
              if (/[\\/]app[\\/]domain[\\/]field-limits\.ts$/.test(id)) return "shell";
              return shell.has(id) && !isEntry(id) ? "shell" : undefined;
            },
          },
        },
      },
    };
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
    reactServerUtf8,
    clientBuild,
    clientShellChunk,
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
