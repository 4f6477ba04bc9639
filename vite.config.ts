import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { HANDOFF_TEXTS_KEY } from "./app/server/handoff-text.server";

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
 * The route manifest a page inlines for lazy route discovery (`window.__remixManifest`), once per path
 * instead of on every render: Remix matches the route table against every ancestor of the path and
 * pretty-prints the result as JSON in each page's scripts (decision 0042: the matching alone was ~5 % of
 * a small signed-in page in a profile). The JSON depends only on the build's manifest, the path and the
 * matched routes, so the server build keeps it per manifest (bounded; paths with ids are many). The
 * browser build is untouched, and a Remix upgrade that changes the line fails the build.
 */
export const remixManifestCache: Plugin = {
  name: "remix-manifest-cache",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]components\.js$/.test(id)) return;
    const call = "JSON.stringify(getPartialManifest(manifest, router), null, 2)";
    if (code.split(call).length !== 2) throw new Error("remix-manifest-cache: @remix-run/react changed; update the plugin in vite.config.ts");
    return (
      code.replace(call, "partialManifestJson(manifest, router)") +
      `
const partialManifests = new WeakMap();
function partialManifestJson(manifest, router) {
  let byPath = partialManifests.get(manifest);
  if (!byPath) partialManifests.set(manifest, (byPath = new Map()));
  const key = (router.basename || "") + "\\0" + router.state.location.pathname + "\\0" + router.state.matches.map((m) => m.route.id).join("\\0");
  let json = byPath.get(key);
  if (json === undefined) {
    if (byPath.size >= 1000) byPath.clear();
    json = JSON.stringify(getPartialManifest(manifest, router), null, 2);
    byPath.set(key, json);
  }
  return json;
}
`
    );
  },
};

/**
 * React's server renderer (the browser build, which workerd runs) turns every string of a page into bytes
 * as it goes: a `TextEncoder.encode` call per text, attribute and class name (~2.5 µs each in workerd), then
 * a copy into a 512-byte buffer and a `ReadableStream` enqueue per 512 bytes (~200 calls into the runtime
 * for a 100 KB page). Together they were the largest self time of a rendered page (decision 0034: 15 % for
 * the encoding alone; decision 0042 for the rest). In the server build the renderer writes strings: a chunk
 * is the string itself, a flush appends to one string, and completing a flush encodes that string once and
 * enqueues it once. The bytes are the same (TextEncoder's UTF-8 of the same text, lone surrogates included);
 * the flushes happen where they did. The buffer is module state exactly as React's own view buffer is: a
 * flush writes synchronously from its begin to its completion, so concurrent renders never interleave in it.
 */
export const reactServerStrings: Plugin = {
  name: "react-server-strings",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.browser\.production\.min\.js$/.test(id)) return;
    const writer =
      "var l=null,n=0;\nfunction p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}function t(a,b){p(a,b);return!0}function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}var ca=new TextEncoder;function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}";
    const begin = "l=new Uint8Array(512);n=0;";
    // The writer once, and the two places a flush begins writing (inlined `beginWriting`), and nothing else
    // that treats a chunk as bytes: an upgrade that changes any of it fails the build here.
    if (!code.includes(writer) || code.split(begin).length !== 3 || code.split("Uint8Array").length !== 7 || code.split("subarray").length !== 3) {
      throw new Error("react-server-strings: react-dom changed; update the plugin in vite.config.ts");
    }
    return code
      .replace(writer, 'var l="",n=0;\nfunction p(a,b){l+=b}function t(a,b){l+=b;return!0}function ba(a){0<l.length&&a.enqueue(ca.encode(l));l=""}var ca=new TextEncoder;function u(a){return a}function w(a){return a}')
      .split(begin)
      .join('l="";n=0;');
  },
};

/**
 * React's string renderer reports what it leaves to the browser (decision 0059). A page is rendered to one
 * string (decision 0047) unless a Suspense boundary came out client-rendered (`<!--$!`): a part that
 * suspended or failed. React's legacy `renderToString` tells no one: it passes a no-op as the request's
 * `onError`, which the renderer calls for exactly those boundaries (an error inside one, or the abort of
 * one still suspended). In the server build it calls the `onError` of its options when one is given, so
 * the page knows without searching its whole markup for the marker (a tenth of a millisecond on the
 * landing). The development build is left as it is: there the page still searches. A server build that
 * never met the file (an upgrade that renamed it) fails too: its pages would otherwise answer a boundary
 * left to the browser as a whole page.
 */
let renderErrorsBuild = { server: false, patched: false };
export const reactStringRenderErrors: Plugin = {
  name: "react-string-render-errors",
  config(_config, env) {
    renderErrorsBuild = { server: env.command === "build" && !!env.isSsrBuild, patched: false };
  },
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]react-dom[\\/]cjs[\\/]react-dom-server-legacy\.browser\.production\.min\.js$/.test(id)) return;
    const request = "Infinity,Sb,void 0,function(){k=!0},void 0,void 0)";
    if (code.split(request).length !== 2 || !code.includes("function Sb(){}") || code.split(".onError(").length !== 3) {
      throw new Error("react-string-render-errors: react-dom changed; update the plugin in vite.config.ts");
    }
    renderErrorsBuild.patched = true;
    return code.replace(request, "Infinity,b&&b.onError||Sb,void 0,function(){k=!0},void 0,void 0)");
  },
  buildEnd(error) {
    if (!error && renderErrorsBuild.server && !renderErrorsBuild.patched) {
      this.error("react-string-render-errors: the server build has no react-dom-server-legacy.browser.production.min.js; update the plugin in vite.config.ts");
    }
  },
};

/**
 * The loader data a page inlines, without a round trip through a stream when nothing in it is deferred
 * (decision 0045). Single fetch encodes a document's loader data with turbo-stream into a byte stream, and
 * `StreamTransfer` (the `<Scripts>` part that writes it into the page) reads it back chunk by chunk:
 * `reader.read()`, a `TextDecoder`, and a Suspense suspension and re-render per chunk. When the data holds
 * no promise (no page here defers), turbo-stream's whole output is its first line, made synchronously
 * while the stream is built. In the server build, `encode` keeps that line beside the stream (a WeakMap
 * under a global symbol, so that both packages' copies see it) and `StreamTransfer` takes it from there:
 * the same line, the same `enqueue` and `close` scripts in the same Suspense boundaries, so the page is
 * byte for byte what it was. A stream with deferred data is read as before. Upgrades that change the
 * patched lines fail the build.
 */
const SYNC_TEXTS = `globalThis[Symbol.for(${JSON.stringify(HANDOFF_TEXTS_KEY)})] ??= new WeakMap()`;
export const turboStreamSyncText: Plugin = {
  name: "turbo-stream-sync-text",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]turbo-stream[\\/]dist[\\/]turbo-stream\.mjs$/.test(id)) return;
    const first = "controller.enqueue(\n          textEncoder.encode(`[${encoder.stringified.join(\",\")}]\n`)\n        );";
    const negative = "controller.enqueue(textEncoder.encode(`${id}\n`));";
    const end = "  });\n  return readable;\n}";
    if (code.split(first).length !== 2 || code.split(negative).length !== 2 || code.split(end).length !== 2) {
      throw new Error("turbo-stream-sync-text: turbo-stream changed; update the plugin in vite.config.ts");
    }
    return code
      .replace(first, "encoder.text = `[${encoder.stringified.join(\",\")}]\n`;\n        controller.enqueue(textEncoder.encode(encoder.text));")
      .replace(negative, "encoder.text = `${id}\n`;\n        controller.enqueue(textEncoder.encode(encoder.text));")
      .replace(end, `  });\n  if (encoder.text !== undefined && Object.keys(encoder.deferred).length === 0) (${SYNC_TEXTS}).set(readable, encoder.text);\n  return readable;\n}`);
  },
};
export const streamTransferSync: Plugin = {
  name: "stream-transfer-sync",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]single-fetch\.js$/.test(id)) return;
    const head = "  let {\n    streamCache\n  } = context.renderMeta;\n  let promise = streamCache[identifier];\n";
    if (code.split(head).length !== 2) throw new Error("stream-transfer-sync: @remix-run/react changed; update the plugin in vite.config.ts");
    return code.replace(
      head,
      `  let {
    streamCache
  } = context.renderMeta;
  if (!streamCache[identifier] && context.serverHandoffStream) {
    const text = (${SYNC_TEXTS}).get(context.serverHandoffStream);
    // What reading the stream answers: its one line, then the end.
    if (text !== undefined) streamCache[identifier] = { result: identifier === 0 ? { done: false, value: text } : { done: true, value: "" } };
  }
  let promise = streamCache[identifier];
`,
    );
  },
};

/**
 * A loader gets the page's own request when there is nothing to strip from it (decision 0046). Before each
 * loader and action, Remix removes its internal search parameters (`index`, `_routes`, `_data`) by parsing
 * the URL and constructing a new `Request` with the same method, headers and signal, twice per call: four
 * `Request`s, their headers copied, and four URL parses for a page with two loaders (~4 % of a rendered
 * page's CPU in a profile). When the request has no body and its query is plain `name=value` pairs of
 * letters, digits and `_*.-` that name none of those parameters, Remix's new request would carry the same
 * URL to the letter (re-serialising such a query changes nothing), method, headers and signal, so the
 * server build hands over the request itself. Anything else (a body, an empty pair, an encoded or other
 * character) takes Remix's own path. An upgrade that changes these functions fails the build.
 */
export const loaderRequestAsIs: Plugin = {
  name: "loader-request-as-is",
  transform(code, id, options) {
    if (!options?.ssr || !/[\\/]@remix-run[\\/]server-runtime[\\/]dist[\\/]esm[\\/]data\.js$/.test(id)) return;
    const heads = ["function stripIndexParam(request) {\n", "function stripDataParam(request) {\n", "function stripRoutesParam(request) {\n"];
    if (heads.some((h) => code.split(h).length !== 2) || code.split("new Request(").length !== 4) {
      throw new Error("loader-request-as-is: @remix-run/server-runtime changed; update the plugin in vite.config.ts");
    }
    let out = code;
    for (const h of heads) out = out.replace(h, `${h}  if (nothingToStrip(request)) return request;\n`);
    return `${out}\n${nothingToStrip}\n`;
  },
};
/** In the server build (see loaderRequestAsIs); exported for its unit test. */
export function nothingToStrip(request: Request): boolean {
  if (request.body !== null) return false;
  const url = request.url;
  const at = url.indexOf("?");
  if (at === -1) return !url.includes("#");
  const query = url.slice(at + 1);
  return /^[\w*.-]+=[\w*.-]*(?:&[\w*.-]+=[\w*.-]*)*$/.test(query) && !/(?:^|&)(?:index|_routes|_data)=/.test(query);
}

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
        // pure_getters: reading a property has no side effects (no getter is read for its effect: the app forces
        // no reflow by reading a size), so unused reads go; ~0.5 KB gzip off the profile's first download.
        terserOptions: { ecma: 2020, module: true, compress: { passes: 2, pure_getters: true }, format: { comments: false } },
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
    reactServerStrings,
    reactStringRenderErrors,
    remixManifestCache,
    turboStreamSyncText,
    streamTransferSync,
    loaderRequestAsIs,
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
