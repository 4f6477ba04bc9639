import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { env } from "cloudflare:test";
import { createStorage } from "../../storage/s3.server";

/** The same bucket the Worker writes to: the s3rver started by the global setup. */
export const storage = () =>
  createStorage({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, bucket: env.S3_BUCKET, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });

let client: S3Client | undefined;
/** Every key in the bucket (the bucket is shared by all test files running in parallel). */
export async function bucketKeys(): Promise<string[]> {
  client ??= new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Keys added to the bucket since `before` whose content carries `marker`. Files built by
 * tests/helpers/files.ts embed a per-test marker, so objects written by other test files do not count.
 */
export async function objectsWithMarker(before: string[], marker: string): Promise<string[]> {
  const known = new Set(before);
  const found: string[] = [];
  for (const key of await bucketKeys()) {
    if (known.has(key)) continue;
    const bytes = await storage().get(key);
    if (bytes && new TextDecoder("latin1").decode(bytes).includes(marker)) found.push(key);
  }
  return found;
}
