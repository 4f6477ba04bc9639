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
