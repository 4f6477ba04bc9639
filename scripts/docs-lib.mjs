// Puts the public PDFs of storage/docs/ into the bucket under docs/ (local S3 in development and tests;
// in production the README's `wrangler r2 object put` does the same).
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { readdirSync, readFileSync } from "node:fs";

const DIR = new URL("../storage/docs/", import.meta.url);

export async function uploadPublicDocs({ endpoint, bucket = "expert-files", accessKeyId = "S3RVER", secretAccessKey = "S3RVER" }) {
  const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
  const files = readdirSync(DIR).filter((f) => f.endsWith(".pdf"));
  for (const file of files) {
    const Key = `docs/${file}`;
    const exists = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key })).then(
      () => true,
      () => false,
    );
    if (!exists) await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: readFileSync(new URL(file, DIR)), ContentType: "application/pdf" }));
  }
  s3.destroy();
  return files;
}
