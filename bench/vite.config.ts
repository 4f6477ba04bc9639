// The app's own Vite config (../vite.config.ts) plus `build.manifest`, used only by `npm run bench`.
// With it Remix keeps Vite's client manifest as build/.vite/client-manifest.json (outside build/client,
// so it is never served); the bench reads it to find the locale chunk that entry.client imports lazily.
// The bundles themselves are the same as those of `npm run build`.
import { mergeConfig } from "vite";
import appConfig from "../vite.config";

export default mergeConfig(appConfig, { build: { manifest: true } });
