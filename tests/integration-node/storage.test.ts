/// <reference types="node" />
// Runs in plain Node against a real s3rver (not workerd): exercises the SDK
// wiring, path-style addressing, presigned URLs and error mapping end to end.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../scripts/s3-server-lib.mjs";
import { buildKey, docKey } from "../../storage/keys";
import { createStorage, type ObjectStorage } from "../../storage/s3.server";

const BUCKET = "test-files";
const RUSSIAN_NAME = "Резюме Иванова (итог).pdf";
const PDF = new TextEncoder().encode("%PDF-1.4\n% тест\n%%EOF\n");

let server: Awaited<ReturnType<typeof startS3Server>>;
let directory: string;
let storage: ObjectStorage;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "s3rver-test-"));
  server = await startS3Server({ port: 0, directory, bucket: BUCKET });
  storage = createStorage({
    endpoint: server.url,
    region: "us-east-1",
    bucket: BUCKET,
    // s3rver's built-in credentials
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});

afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe("buildKey / docKey", () => {
  it("builds opaque keys without user input", () => {
    expect(buildKey("resume", 42, "pdf")).toMatch(/^users\/42\/resume\/[0-9a-f-]{36}\.pdf$/);
    expect(buildKey("attachment", null, "docx")).toMatch(/^shared\/attachment\/[0-9a-f-]{36}\.docx$/);
    expect(buildKey("avatar", 1, "png")).not.toBe(buildKey("avatar", 1, "png"));
    expect(docKey("offer-ru.pdf")).toBe("docs/offer-ru.pdf");
  });

  it("rejects anything that could smuggle a path", () => {
    expect(() => buildKey("../x", 1, "pdf")).toThrow();
    expect(() => buildKey("resume", 1, "pdf/../../x")).toThrow();
    expect(() => buildKey("resume", -1, "pdf")).toThrow();
    expect(() => buildKey("resume", 1.5, "pdf")).toThrow();
    expect(() => docKey("../secret.pdf")).toThrow();
  });
});

describe("createStorage against s3rver", () => {
  it("puts, checks, reads and deletes an object", async () => {
    const key = buildKey("resume", 7, "pdf");
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, PDF, "application/pdf");
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual(PDF);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined(); // idempotent
  });

  it("serves the object through a presigned URL with a UTF-8 filename", async () => {
    const key = buildKey("resume", 7, "pdf");
    await storage.put(key, PDF, "application/pdf");

    const before = Math.floor(Date.now() / 1000);
    const url = await storage.signedUrl(key, { filename: RUSSIAN_NAME });
    expectValidFor(url, before, 300);
    // The same object and name in the same window: the same URL (a browser keeps what it loaded).
    expect(await storage.signedUrl(key, { filename: RUSSIAN_NAME })).toBe(url);
    expect(await storage.signedUrl(key)).not.toBe(url);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toContain("attachment");
    const encoded = "%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5%20%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0%20%28%D0%B8%D1%82%D0%BE%D0%B3%29.pdf";
    expect(disposition).toBe(`attachment; filename*=UTF-8''${encoded}`);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(RUSSIAN_NAME);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("signs URLs without a filename and with a custom lifetime", async () => {
    const key = buildKey("avatar", 7, "png");
    await storage.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "image/png");

    const before = Math.floor(Date.now() / 1000);
    const url = await storage.signedUrl(key, { expiresIn: 60 });
    expectValidFor(url, before, 60);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBeNull();
    await res.arrayBuffer();

    await expect(storage.signedUrl(key, { expiresIn: 0 })).rejects.toThrow(RangeError);
  });

  it("deleteMany removes every key (and tolerates missing and duplicate ones)", async () => {
    const keys = [buildKey("attachment", 9, "pdf"), buildKey("attachment", 9, "pdf"), buildKey("attachment", null, "png")];
    await Promise.all(keys.map((k) => storage.put(k, PDF, "application/pdf")));
    for (const k of keys) expect(await storage.exists(k)).toBe(true);

    await storage.deleteMany([...keys, keys[0]!, buildKey("attachment", 9, "pdf")]);
    for (const k of keys) expect(await storage.exists(k)).toBe(false);
    await expect(storage.deleteMany([])).resolves.toBeUndefined();
  });

  it("ensureBucket creates a missing bucket and is idempotent", async () => {
    const other = createStorage({
      endpoint: server.url,
      region: "us-east-1",
      bucket: "created-on-demand",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    await expect(other.put("probe", PDF, "application/pdf")).rejects.toThrow();
    await other.ensureBucket();
    await other.ensureBucket();
    await other.put("probe", PDF, "application/pdf");
    expect(await other.get("probe")).toEqual(PDF);
  });

  it("does not report a missing bucket as a missing object", async () => {
    const missing = createStorage({
      endpoint: server.url,
      region: "us-east-1",
      bucket: "no-such-bucket",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    await expect(missing.get("anything")).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

/**
 * A signed URL lives `seconds` from its signing time, which is the start of the current window of a fifth
 * of that (storage/s3.server.ts): from the time it was asked for, it works for at least four fifths.
 */
function expectValidFor(url: string, askedAt: number, seconds: number) {
  const q = new URL(url).searchParams;
  expect(q.get("X-Amz-Expires")).toBe(String(seconds));
  const d = q.get("X-Amz-Date")!;
  const signedAt = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13), +d.slice(13, 15)) / 1000;
  expect(signedAt).toBeLessThanOrEqual(askedAt);
  expect(askedAt - signedAt).toBeLessThan(seconds / 5 + 1);
}
