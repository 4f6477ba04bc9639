import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { options as seedOptions } from "../../db/seed/reference-data";
import { BODY_LIMITS, bodyLimit } from "../../functions/http";
import { BASE, freshIp, toFormData } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { customerPayload, uniqueEmail, userByEmail } from "../helpers/factories";
import { file, newMarker, pdfBytes } from "../helpers/files";

beforeAll(() => ensureReference());

const enc = new TextEncoder();
const MB = 1 << 20;

/**
 * A request body without a Content-Length, as a client streams it (chunked): `head`, then `filler` zero
 * bytes in 1 MB chunks, then `tail`. It records how much the server took and whether it stopped taking;
 * `finished` settles once the client has sent everything or been cut off.
 * (A native stream: workerd would report the cut-off of a JS stream's pump as an unhandled rejection.)
 */
function chunkedBody(head: Uint8Array, filler: number, tail: Uint8Array = new Uint8Array()) {
  const state = { pulled: 0, cancelled: false, total: head.byteLength + filler + tail.byteLength };
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  const finished = (async () => {
    try {
      await writer.write(head);
      state.pulled += head.byteLength;
      for (let left = filler; left > 0; left -= MB) {
        const chunk = new Uint8Array(Math.min(MB, left));
        await writer.write(chunk);
        state.pulled += chunk.byteLength;
      }
      await writer.write(tail);
      state.pulled += tail.byteLength;
      await writer.close();
    } catch {
      state.cancelled = true;
    }
  })();
  return { stream: readable, state, finished };
}

/** Given bytes in 64 KB pieces: a chunked body under the limit. */
function pieces(bytes: Uint8Array) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

async function post(path: string, body: ReadableStream<Uint8Array>, contentType: string) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType, "CF-Connecting-IP": freshIp() },
    duplex: "half",
  } as RequestInit);
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  return { status: res.status, body: res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text };
}

/** A registration form as multipart bytes (the Content-Type carries the boundary). */
async function multipart(fields: Record<string, unknown>) {
  const res = new Response(toFormData(fields));
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("Content-Type")! };
}

const expertFields = (overrides: Record<string, unknown> = {}) => customerPayload({ is_expert: "1", industry: [1], option: [seedOptions[0]!.id], ...overrides });

describe("a request body without a Content-Length (chunked)", () => {
  it("registers from a chunked JSON body under the limit", async () => {
    const payload = customerPayload();
    const res = await post("/api/register", pieces(enc.encode(JSON.stringify(payload))), "application/json");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await userByEmail(payload.email)).toBeTruthy();
  });

  it("registers an expert with a resume from a chunked multipart body under the limit", async () => {
    const marker = newMarker();
    const fields = expertFields({ resume: [file(pdfBytes(marker), "Резюме.pdf", "application/pdf")] });
    const { bytes, type } = await multipart(fields);
    const res = await post("/api/register", pieces(bytes), type);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await rows<{ name: string }>("select name from files where owner_user_id = ?", res.body.user.id);
    expect(row!.name).toBe("Резюме.pdf");
  });

  it("stops reading a JSON body once it passes the limit and answers 413 like the Content-Length path", async () => {
    const email = uniqueEmail("chunked-json");
    const head = enc.encode(`{"email":"${email}","name":"`);
    const { stream, state, finished } = chunkedBody(head, BODY_LIMITS.json + 20 * MB, enc.encode(`"}`));
    const before = await count("select count(*) n from users");
    const res = await post("/api/register", stream, "application/json");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Слишком большой запрос" });
    await finished;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(state.total);
    expect(await count("select count(*) n from users")).toBe(before);
  });

  it("stops reading a multipart upload once it passes the limit and answers 413, storing nothing", async () => {
    const email = uniqueEmail("chunked-upload");
    const marker = newMarker();
    const { bytes, type } = await multipart(expertFields({ email }));
    const boundary = type.split("boundary=")[1]!;
    // The form's fields, then a resume that never ends before the limit.
    const fieldsPart = new TextDecoder().decode(bytes).replace(new RegExp(`--${boundary}--\\r\\n$`), "");
    const head = enc.encode(`${fieldsPart}--${boundary}\r\nContent-Disposition: form-data; name="resume[0]"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n% ${marker}\n`);
    const filesBefore = await count("select count(*) n from files");
    const { stream, state, finished } = chunkedBody(head, bodyLimit("POST", "/api/register", type) + 20 * MB, enc.encode(`\r\n--${boundary}--\r\n`));
    const res = await post("/api/register", stream, type);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Слишком большой запрос" });
    await finished;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(state.total);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await count("select count(*) n from files")).toBe(filesBefore);
  });

  it("answers in English under Content-Language: en", async () => {
    const { stream } = chunkedBody(enc.encode('{"name":"'), BODY_LIMITS.json + MB, enc.encode('"}'));
    const res = await SELF.fetch(`${BASE}/api/forgot-password`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json", "Content-Language": "en", "CF-Connecting-IP": freshIp() },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request is too large" });
  });
});
