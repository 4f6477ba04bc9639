import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimit } from "../../functions/http";
import { DEMAND_LIMITS } from "~/domain/limits";
import { CASE_LIMITS } from "~/domain/cases/limits";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { api, BASE, freshIp } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { file, newMarker, pdfBytes } from "../helpers/files";

// Issue 10, finding 10: a small body cap by default; only the routes that take files take large bodies.

beforeAll(ensureReference);

const MB = 1 << 20;
const enc = new TextEncoder();

/**
 * A multipart body of `size` bytes with a declared Content-Length, written in 64 KB pieces as the server
 * reads them: `state.pulled` says how much of it the server took.
 */
function declaredBody(size: number) {
  const boundary = "----limit-test";
  const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const stream = new FixedLengthStream(size);
  const writer = stream.writable.getWriter();
  const state = { pulled: 0, total: size };
  const finished = (async () => {
    try {
      await writer.write(head);
      state.pulled += head.byteLength;
      let left = size - head.byteLength - tail.byteLength;
      while (left > 0) {
        const n = Math.min(64 * 1024, left);
        await writer.write(new Uint8Array(n).fill(0x61));
        state.pulled += n;
        left -= n;
      }
      await writer.write(tail);
      state.pulled += tail.byteLength;
      await writer.close();
    } catch {
      // The server stopped reading.
    }
  })();
  return { body: stream.readable, type: `multipart/form-data; boundary=${boundary}`, state, finished };
}

async function postDeclared(path: string, size: number, headers: Record<string, string> = {}) {
  const { body, type, state } = declaredBody(size);
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": type, "Content-Length": String(size), "CF-Connecting-IP": freshIp(), ...headers },
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, state };
}

/** A PDF padded to `size` bytes: the sniffer reads its head, the size check its length. */
function bigPdf(size: number) {
  const head = pdfBytes(newMarker());
  const bytes = new Uint8Array(size);
  bytes.set(head);
  bytes.fill(0x20, head.byteLength);
  return file(bytes, "Большое резюме.pdf", "application/pdf");
}

describe("request body limits per route", () => {
  it("keeps the default caps small: 1 MB for JSON, forms and multipart without files", () => {
    expect(BODY_LIMITS.json).toBeLessThanOrEqual(1_000_000);
    expect(BODY_LIMITS.multipart).toBeLessThanOrEqual(1_000_000);
    expect(bodyLimit("POST", "/api/login", "multipart/form-data; boundary=x")).toBe(BODY_LIMITS.multipart);
    expect(bodyLimit("POST", "/auth", "application/x-www-form-urlencoded")).toBe(BODY_LIMITS.json);
  });

  it("refuses a 2 MB multipart body to POST /api/login with 413 before reading it", async () => {
    const res = await postDeclared("/api/login", 2 * MB);
    expect(res.status, res.text).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: "Слишком большой запрос" });
    expect(res.state.pulled).toBeLessThan(res.state.total);
  });

  it("refuses a 2 MB multipart body to a page action (the sign-in page, and a fetcher's .data path) with 413", async () => {
    expect((await postDeclared("/auth", 2 * MB)).status).toBe(413);
    const user = await createSignedInUser();
    const settings = await postDeclared("/profile/settings.data", 2 * MB, { Cookie: `session=${user.token}`, Origin: BASE, Host: "localhost" });
    expect(settings.status, settings.text).toBe(413);
  });

  it("refuses a multipart body over the avatar's cap on the profile save, though it takes an avatar", async () => {
    const user = await createSignedInUser();
    const res = await postDeclared("/api/user/profile", PROFILE_LIMITS.avatarBytes + 2 * MB, { Authorization: `Bearer ${user.token}` });
    expect(res.status).toBe(413);
  });

  it("still takes a 40 MB resume on the upload route (its domain limit is 50 MB)", { timeout: 120_000 }, async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const res = await api("/api/user/resume", { token: me.token, form: { resume: bigPdf(40 * MB) } });
    expect(res.status, res.text).toBe(200);
    const [row] = await rows<{ size: number }>("select size from files where owner_user_id = ? and kind = 'resume'", me.id);
    expect(row!.size).toBe(40 * MB);
  });

  it("still takes a 3 MB publication file through the page's fetcher (POST /profile/publications.data)", { timeout: 60_000 }, async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const form = new FormData();
    form.append("_fetch", "1");
    form.append("type", "file");
    form.append("description", "Статья о стратегии");
    form.append("publication_file", bigPdf(3 * MB));
    const res = await SELF.fetch(`${BASE}/profile/publications.data`, {
      method: "POST",
      body: form,
      headers: { Cookie: `session=${me.token}`, Origin: BASE, Host: "localhost", "CF-Connecting-IP": freshIp() },
      redirect: "manual",
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(await rows("select id from files where owner_user_id = ? and kind = 'publication'", me.id)).toHaveLength(1);
  });

  it("caps every upload route at its domain's files plus the form fields", () => {
    const type = "multipart/form-data; boundary=x";
    expect(bodyLimit("POST", "/api/user/cases", type)).toBe(CASE_LIMITS.attachmentsMax * CASE_LIMITS.fileBytes + BODY_LIMITS.multipart);
    expect(bodyLimit("POST", "/profile/cases", type)).toBe(bodyLimit("POST", "/api/user/cases", type));
    expect(bodyLimit("POST", "/profile/cases.data", type)).toBe(bodyLimit("POST", "/api/user/cases", type));
    // JSON stays small on an upload route.
    expect(bodyLimit("POST", "/api/user/cases", "application/json")).toBe(BODY_LIMITS.json);
  });

  it("lets a request carry its five files on creation and on edit, and no other path under /api/demand", () => {
    const type = "multipart/form-data; boundary=x";
    const five = DEMAND_LIMITS.filesMax * DEMAND_LIMITS.fileBytes + BODY_LIMITS.multipart;
    expect(bodyLimit("POST", "/api/demand", type)).toBe(five);
    expect(bodyLimit("POST", "/api/demand/17", type)).toBe(five);
    expect(bodyLimit("POST", "/request-add", type)).toBe(five);
    expect(bodyLimit("POST", "/api/demand/stop", type)).toBe(BODY_LIMITS.multipart);
    expect(bodyLimit("POST", "/api/demand/17/x", type)).toBe(BODY_LIMITS.multipart);
  });
});
