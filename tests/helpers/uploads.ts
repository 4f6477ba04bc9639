import { expect } from "vitest";
import { api } from "./api";

/** What POST /api/uploads answers (docs/decisions/0032-direct-uploads.md). */
export type Presigned = { id: string; url: string; method: "PUT"; headers: Record<string, string>; expires_at: string };

/** Asks for a presigned PUT (POST /api/uploads); a null token asks as a guest, from `ip` if given. */
export const presign = (token: string | null, body: Record<string, unknown>, ip?: string) => api<Presigned>("/api/uploads", { token, json: body, ip });

/**
 * What the page does: ask for the URL, then PUT the bytes straight to storage with the answer's headers.
 * Returns the presigned answer (its `id` is what the form sends as `uploads[]`).
 */
export async function uploadDirect(
  token: string | null,
  bytes: Uint8Array | string,
  name: string,
  opts: { kind: string; declaredSize?: number; type?: string; ip?: string },
): Promise<Presigned> {
  const body = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const res = await presign(token, { kind: opts.kind, name, size: opts.declaredSize ?? body.byteLength, type: opts.type ?? "" }, opts.ip);
  expect(res.status, res.text).toBe(201);
  const put = await fetch(res.body.url, { method: "PUT", headers: res.body.headers, body: body as Uint8Array<ArrayBuffer> });
  expect(put.status, await put.text()).toBe(200);
  return res.body;
}
