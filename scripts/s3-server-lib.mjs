// Local S3-compatible server for development and tests (stands in for R2).
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import S3rver from "s3rver";

export const DEFAULT_S3_PORT = 4569;
export const DEFAULT_S3_BUCKET = "expert-files";
export const DEFAULT_S3_DIR = fileURLToPath(new URL("../.data/s3", import.meta.url));

/**
 * The pages PUT files straight to storage from their own origin (docs/decisions/0032-direct-uploads.md), a
 * cross-origin request: the bucket must answer its preflight. Any origin here, as s3rver serves development
 * and tests only (it checks no signatures either); production's R2 rule names the site's origin (README).
 */
export const DEV_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Starts s3rver on 127.0.0.1. Pass `port: 0` for a free port (see the returned `port`).
 * @param {{ port?: number; directory?: string; bucket?: string }} [options]
 * @returns {Promise<{ port: number; url: string; close(): Promise<void> }>}
 */
export async function startS3Server({
  port = DEFAULT_S3_PORT,
  directory = DEFAULT_S3_DIR,
  bucket = DEFAULT_S3_BUCKET,
} = {}) {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [DEV_CORS] }],
  });
  /** @type {import("node:net").AddressInfo} */
  const address = await server.run();
  const url = `http://127.0.0.1:${address.port}`;

  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    port: address.port,
    url,
    close() {
      closing ??= (async () => {
        const done = server.close();
        // Keep-alive sockets (e.g. from fetch) would otherwise hold close() open.
        server.httpServer?.closeIdleConnections?.();
        await done;
      })();
      return closing;
    },
  };
}
