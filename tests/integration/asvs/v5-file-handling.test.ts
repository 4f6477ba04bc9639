import { SELF } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_TYPES, AVATAR_TYPES, RESUME_TYPES } from "../../../storage/sniff";
import { CASE_LIMITS } from "~/domain/cases/limits";
import { RESUME_XML_MAX_BYTES } from "~/domain/cases/resume-text.server";
import { LIMITS } from "~/domain/limits";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { api, BASE, freshIp } from "../../helpers/api";
import { ensureReference, rows } from "../../helpers/db";
import { createSignedInUser } from "../../helpers/factories";
import { file, newMarker, pdfBytes, pngBytes, textBytes } from "../../helpers/files";

/**
 * ASVS 5.0 V5 File Handling, level 2. Every upload goes through app/domain/files prepareUploads (size,
 * type by content, name agreeing with it, a key of our own) and is read back through GET /api/files/{id}
 * (the permission check, then a five-minute signed URL with an attachment Content-Disposition).
 * docs/security-asvs-authz-files.md lists the upload features with their types and sizes (V5.1.1).
 */

beforeAll(ensureReference);

const expert = () => createSignedInUser({ roles: ["customer", "executor"] });
const uploadResume = (token: string, f: File) => api("/api/user/resume", { token, form: { resume: f } });
const resumeRows = (userId: number) => rows<{ id: number; key: string; name: string; mime: string; size: number }>("select id, key, name, mime, size from files where owner_user_id = ? and kind = 'resume'", userId);

/** A .docx whose word/document.xml holds `paragraphs` paragraphs of resume text (deflated: a small upload). */
function docx(paragraphs: number) {
  const para = "<w:p><w:t>Финансовый директор. Банки и финансы, корпоративная стратегия, финансовое моделирование.</w:t></w:p>";
  const xml = `<?xml version="1.0"?><w:document><w:body>${para.repeat(paragraphs)}</w:body></w:document>`;
  const zip = zipSync({ "word/document.xml": [strToU8(xml), { level: 9 }], "[Content_Types].xml": strToU8("<Types/>") });
  return { bytes: zip, xmlBytes: strToU8(xml).byteLength };
}

describe("V5 File Handling (ASVS 5.0, level 2)", () => {
  it("V5.1.1 documents each upload feature's types and sizes, and the code holds the documented values", () => {
    // docs/security-asvs-authz-files.md, section V5.1.1: the same lists and sizes.
    expect(RESUME_TYPES).toEqual(["pdf", "doc", "docx"]);
    expect(AVATAR_TYPES).toEqual(["png", "jpg", "gif", "webp"]);
    expect(ATTACHMENT_TYPES).toEqual(["jpg", "png", "pdf", "docx", "doc", "rtf", "pptx", "ppt", "msg"]);
    expect(LIMITS.fileBytes).toBe(52_428_800);
    expect(CASE_LIMITS.fileBytes).toBe(52_428_800);
    expect(PROFILE_LIMITS.avatarBytes).toBe(20 * 1024 * 1024);
    expect(RESUME_XML_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it("V5.2.1 refuses a file over its feature's size (an avatar over 20 MB) before storing anything", { timeout: 60_000 }, async () => {
    const me = await createSignedInUser();
    const big = new Uint8Array(PROFILE_LIMITS.avatarBytes + 1);
    big.set(pngBytes(newMarker()));
    const res = await api("/api/user/profile", { token: me.token, form: { photo: file(big, "me.png", "image/png") } });
    expect(res.status, res.text).toBe(422);
    expect(await rows("select id from files where owner_user_id = ?", me.id)).toEqual([]);
    const [row] = await rows<{ photo_file_id: number | null }>("select photo_file_id from users where id = ?", me.id);
    expect(row!.photo_file_id).toBeNull();
  });

  it("V5.2.1 refuses a body larger than the route can take with 413, unread (tests/integration/body-limits.test.ts covers each route)", async () => {
    const res = await SELF.fetch(`${BASE}/api/user/profile/works`, {
      method: "POST",
      body: new Uint8Array(2 * 1024 * 1024),
      headers: { "Content-Type": "multipart/form-data; boundary=x", "CF-Connecting-IP": freshIp() },
    });
    expect(res.status).toBe(413);
    await res.text();
  });

  it("V5.2.2 accepts a file only when its content is an allowed type and its extension agrees with the content", async () => {
    const me = await expert();
    // Text named .pdf, a PDF named .docx, an SVG (script-capable) named .png: all refused.
    for (const f of [file(textBytes(newMarker()), "cv.pdf", "application/pdf"), file(pdfBytes(newMarker()), "cv.docx"), file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "cv.png", "image/png")]) {
      const res = await uploadResume(me.token, f);
      expect(res.status, `${f.name}: ${res.text}`).toBe(422);
    }
    expect(await resumeRows(me.id)).toEqual([]);
    // A real PDF declared as HTML is stored as what its bytes are.
    const ok = await uploadResume(me.token, file(pdfBytes(newMarker()), "cv.pdf", "text/html"));
    expect(ok.status, ok.text).toBe(200);
    expect((await resumeRows(me.id))[0]!.mime).toBe("application/pdf");
    const avatar = await api("/api/user/profile", { token: me.token, form: { photo: file(new TextEncoder().encode("<html><script>alert(1)</script></html>"), "me.png", "image/png") } });
    expect(avatar.status).toBe(422);
  });

  it("V5.2.3 checks a compressed file's unpacked size before unpacking it: an oversized .docx resume is not read", { timeout: 120_000 }, async () => {
    const me = await expert();
    const bomb = docx(Math.ceil((RESUME_XML_MAX_BYTES + 1024) / 100));
    expect(bomb.xmlBytes).toBeGreaterThan(RESUME_XML_MAX_BYTES);
    expect(bomb.bytes.byteLength).toBeLessThan(RESUME_XML_MAX_BYTES / 10);
    expect((await uploadResume(me.token, file(bomb.bytes, "cv.docx"))).status).toBe(200);
    const res = await api("/api/user/resume/process", { token: me.token, json: { process: 1 } });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(await rows("select proposal from resume_states where user_id = ? and proposal is not null", me.id)).toEqual([]);
    // A normal .docx is still read.
    const other = await expert();
    expect((await uploadResume(other.token, file(docx(50).bytes, "cv.docx"))).status).toBe(200);
    expect((await api("/api/user/resume/process", { token: other.token, json: { process: 1 } })).status).toBe(200);
  });

  it("V5.3.1 keeps uploads in object storage, never among the files the Worker serves or runs", async () => {
    const me = await expert();
    await uploadResume(me.token, file(pdfBytes(newMarker()), "cv.pdf"));
    const [row] = await resumeRows(me.id);
    for (const path of [`/${row!.key}`, `/assets/${row!.key.split("/").pop()}`, `/build/${row!.key}`]) {
      const res = await SELF.fetch(`${BASE}${path}`, { headers: { "CF-Connecting-IP": freshIp() }, redirect: "manual" });
      expect(res.status, path).not.toBe(200);
      await res.text();
    }
  });

  it("V5.3.2 builds storage keys from our own data: a file name with a path never reaches the key", async () => {
    const me = await expert();
    const res = await uploadResume(me.token, file(pdfBytes(newMarker()), "../../../users/1/avatar/x.pdf"));
    expect(res.status, res.text).toBe(200);
    const [row] = await resumeRows(me.id);
    expect(row!.key).toMatch(new RegExp(`^users/${me.id}/resume/[0-9a-f-]{36}\\.pdf$`));
    expect(row!.name).toBe("x.pdf");
  });

  it("V5.4.1 serves a file through a short-lived signed URL that names it in Content-Disposition (attachment), from the stored name", async () => {
    const me = await expert();
    await uploadResume(me.token, file(pdfBytes(newMarker()), "Резюме.pdf"));
    const [row] = await resumeRows(me.id);
    const res = await api(`/api/files/${row!.id}?filename=evil.html`, { token: me.token });
    expect(res.status).toBe(302);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const url = new URL(res.headers.get("Location")!);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-Signature")).toBeTruthy();
    const download = await fetch(url);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("Резюме.pdf")}`);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    await download.arrayBuffer();
    // (The signature itself is checked by the storage service; the local S3 stand-in of the tests does not check it.)
  });

  it("V5.4.2 encodes served file names (RFC 6266 filename*), so quotes and separators cannot break the header", async () => {
    const me = await expert();
    const name = 'Отчёт "итог"; filename=evil.html, v2.pdf';
    await uploadResume(me.token, file(pdfBytes(newMarker()), name));
    const [row] = await resumeRows(me.id);
    const res = await api(`/api/files/${row!.id}`, { token: me.token });
    const download = await fetch(res.headers.get("Location")!);
    const header = download.headers.get("Content-Disposition")!;
    await download.arrayBuffer();
    expect(header).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(header).not.toMatch(/["; ]filename=/);
    // The multipart encoder of the test's client may escape the quotes; what is served is the stored name, whole.
    expect(row!.name).toContain("; filename=evil.html, v2.pdf");
    expect(decodeURIComponent(header.split("''")[1]!)).toBe(row!.name);
  });
});
