// S3-compatible object storage (Cloudflare R2 in production, s3rver in development).
// Runs in workerd and Node: bodies are plain Uint8Arrays, never Node streams or fs.
// Bundling for workerd: @aws-sdk/xml-builder's "browser" field swaps in a DOMParser-based
// XML parser, and workerd has no DOMParser; the bundler must keep its plain-JS parser.

import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** null when the object does not exist. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size and ETag of a stored object (a HEAD, no body); null when it does not exist. */
  head(key: string): Promise<{ size: number; etag: string | null } | null>;
  /** The bytes `start..end` (inclusive) of an object, a ranged read; null when it does not exist. */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /**
   * A presigned PUT URL for a browser's direct upload (docs/decisions/0032-direct-uploads.md): it signs the
   * content type, the exact length and `If-None-Match: *`, so storage takes exactly the declared bytes once and
   * refuses to overwrite the object later (a re-PUT after the server checked it would swap its content).
   * `headers` are the ones the browser must send with the PUT.
   */
  signedPutUrl(key: string, opts: { contentType: string; size: number; expiresIn: number }): Promise<{ url: string; headers: Record<string, string> }>;
  /** Presigned GET URL; `filename` makes browsers download it under that (any Unicode) name. */
  signedUrl(key: string, opts?: { expiresIn?: number; filename?: string }): Promise<string>;
  /** Creates the bucket if missing (development with s3rver). */
  ensureBucket(): Promise<void>;
}

export interface StorageConfig {
  /** Custom endpoint (R2, s3rver); omit for AWS S3. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const DEFAULT_URL_TTL_SECONDS = 300;
const MAX_URL_TTL_SECONDS = 7 * 24 * 60 * 60; // SigV4 presigned URL limit
const DELETE_BATCH = 1000; // DeleteObjects limit per request

// One client per config per isolate: a Worker isolate serves many requests, and
// building a client (middleware stack, signer) on each request is wasted CPU.
const clients = new Map<string, S3Client>();

/** Signed download URLs of the current signing window, per isolate (see `signedUrl`); bounded. */
const signed = new Map<string, string>();
let signedWindow = -1;
const SIGNED_MAX = 10_000;

function clientFor(cfg: StorageConfig): S3Client {
  const cacheKey = [cfg.endpoint ?? "", cfg.region, cfg.bucket, cfg.accessKeyId].join("|");
  let client = clients.get(cacheKey);
  if (!client) {
    client = new S3Client({
      region: cfg.region,
      // R2 and s3rver don't do virtual-hosted buckets on custom endpoints.
      ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      // Newer SDKs add CRC checksums to every request/response by default, which
      // S3-compatible servers only partly support; send them only where required.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export function createStorage(cfg: StorageConfig): ObjectStorage {
  const client = clientFor(cfg);
  const Bucket = cfg.bucket;

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.byteLength }),
      );
    },

    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return new Uint8Array(0);
        return await res.Body.transformToByteArray();
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      // S3 answers 204 for missing keys too, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deleteMany(keys) {
      const unique = [...new Set(keys)];
      for (let i = 0; i < unique.length; i += DELETE_BATCH) {
        const batch = unique.slice(i, i + DELETE_BATCH);
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        // DeleteObjects reports per-key failures in a 200 response, not as an exception.
        if (res.Errors && res.Errors.length > 0) {
          const detail = res.Errors.map((e) => `${e.Key}: ${e.Code ?? "error"}`).join(", ");
          throw new Error(`failed to delete ${res.Errors.length} object(s): ${detail}`);
        }
      }
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissingObject(err)) return false;
        throw err;
      }
    },

    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, etag: res.ETag ?? null };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async getRange(key, start, end) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }));
        if (!res.Body) return new Uint8Array(0);
        const bytes = await res.Body.transformToByteArray();
        // A server that ignores Range sends the whole object: keep only what was asked.
        return bytes.byteLength > end - start + 1 ? bytes.subarray(0, end - start + 1) : bytes;
      } catch (err) {
        if (isMissingObject(err)) return null;
        // 416: the object is shorter than `start` (an empty one).
        if (httpStatus(err) === 416 || errorName(err) === "InvalidRange") return new Uint8Array(0);
        throw err;
      }
    },

    async signedPutUrl(key, opts) {
      if (!Number.isInteger(opts.expiresIn) || opts.expiresIn <= 0 || opts.expiresIn > MAX_URL_TTL_SECONDS) {
        throw new RangeError(`expiresIn must be an integer in 1..${MAX_URL_TTL_SECONDS}, got ${opts.expiresIn}`);
      }
      const headers = { "Content-Type": opts.contentType, "If-None-Match": "*" };
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: opts.contentType, ContentLength: opts.size, IfNoneMatch: "*" });
      // Signed, so storage refuses a PUT with another type, length or without the create-only condition.
      const url = await getSignedUrl(client, command, {
        expiresIn: opts.expiresIn,
        signableHeaders: new Set(["content-type", "content-length", "if-none-match"]),
      });
      return { url, headers };
    },

    async signedUrl(key, opts = {}) {
      const expiresIn = opts.expiresIn ?? DEFAULT_URL_TTL_SECONDS;
      if (!Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > MAX_URL_TTL_SECONDS) {
        throw new RangeError(`expiresIn must be an integer in 1..${MAX_URL_TTL_SECONDS}, got ${expiresIn}`);
      }
      // Signed as of the start of the current window, a fifth of the lifetime long: the URL still lives
      // `expiresIn` seconds from its signing time (at least four fifths of it from now), and within a window
      // every request gets the same URL. The same URL lets a browser keep the image it loaded on the last
      // page, and this isolate signs each object once per window (the SDK's presigner costs 1–2 ms of CPU a
      // URL: a list with 30 photos spent 30–60 ms on signing). Decision 0042.
      const now = Math.floor(Date.now() / 1000);
      const window = Math.max(1, Math.floor(expiresIn / 5));
      const windowStart = now - (now % window);
      const memoKey = `${cfg.endpoint ?? ""}|${cfg.accessKeyId}|${Bucket}|${windowStart}|${expiresIn}|${opts.filename ?? "\u0000"}|${key}`;
      if (signedWindow !== windowStart) {
        signed.clear();
        signedWindow = windowStart;
      }
      const hit = signed.get(memoKey);
      if (hit !== undefined) return hit;
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: opts.filename === undefined ? undefined : contentDisposition(opts.filename),
      });
      // Kept once signed, never while signing: no request waits on another's work (decision 0045).
      const url = await getSignedUrl(client, command, { expiresIn, signingDate: new Date(windowStart * 1000) });
      if (signed.size >= SIGNED_MAX) signed.clear();
      signed.set(memoKey, url);
      return url;
    },

    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      try {
        await client.send(new CreateBucketCommand({ Bucket }));
      } catch (err) {
        // Another process (or a parallel test) created it first.
        if (errorName(err) !== "BucketAlreadyOwnedByYou") throw err;
      }
    },
  };
}

/** RFC 6266/5987 `attachment` header; the UTF-8 form keeps Cyrillic names intact. */
export function contentDisposition(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  // Control characters are never legitimate in a filename.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "download";
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

function errorName(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "name" in err ? String(err.name) : undefined;
}

function httpStatus(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null || !("$metadata" in err)) return undefined;
  const meta = err.$metadata as { httpStatusCode?: number } | undefined;
  return meta?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = errorName(err);
  return name === "NotFound" || name === "NoSuchBucket" || httpStatus(err) === 404;
}

// A missing bucket is a configuration error and must not look like a missing object.
function isMissingObject(err: unknown): boolean {
  const name = errorName(err);
  if (name === "NoSuchBucket") return false;
  return name === "NoSuchKey" || name === "NotFound" || httpStatus(err) === 404;
}
