// Dev S3 server: `node scripts/s3-server.mjs` (env: S3_PORT, S3_DIR, S3_BUCKET).
import { DEFAULT_S3_DIR, DEFAULT_S3_PORT, DEFAULT_S3_BUCKET, startS3Server } from "./s3-server-lib.mjs";

const port = process.env.S3_PORT ? Number(process.env.S3_PORT) : DEFAULT_S3_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid S3_PORT: ${process.env.S3_PORT}`);
  process.exit(1);
}

const server = await startS3Server({
  port,
  directory: process.env.S3_DIR || DEFAULT_S3_DIR,
  bucket: process.env.S3_BUCKET || DEFAULT_S3_BUCKET,
});
console.log(`s3rver listening on ${server.url}`);

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  try {
    await server.close();
    process.exit(0);
  } catch (err) {
    console.error(`s3rver: failed to stop on ${signal}:`, err);
    process.exit(1);
  }
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
