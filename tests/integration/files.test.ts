import { beforeAll, describe, expect, it } from "vitest";
import { options as seedOptions } from "../../db/seed/reference-data";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, customerPayload, signIn } from "../helpers/factories";
import { file, newMarker, pdfBytes } from "../helpers/files";

beforeAll(() => ensureReference());

/** An expert registered with one resume: the user's token and the file's id. */
async function expertWithResume(name = "Резюме Иванова (итог).pdf") {
  const marker = newMarker();
  const main = seedOptions[0]!;
  const res = await api("/api/register", {
    form: customerPayload({ is_expert: "1", industry: [1], option: [main.id], resume: [file(pdfBytes(marker), name, "application/pdf")] }),
  });
  expect(res.status, res.text).toBe(201);
  const [row] = await rows<{ id: number }>("select id from files where owner_user_id = ?", res.body.user.id);
  return { token: res.body.token as string, fileId: row!.id, marker };
}

describe("GET /api/files/{id}", () => {
  it("sends the owner to a short-lived signed URL that downloads the file under its own name", async () => {
    const { token, fileId, marker } = await expertWithResume();
    const res = await api(`/api/files/${fileId}`, { token });
    expect(res.status).toBe(302);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const location = new URL(res.headers.get("Location")!);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("Резюме Иванова (итог).pdf").replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    expect(new TextDecoder("latin1").decode(await download.arrayBuffer())).toContain(marker);
  });

  it("lets an operator download it", async () => {
    const { fileId } = await expertWithResume();
    const operator = await createOperator();
    expect((await api(`/api/files/${fileId}`, { token: await signIn(operator) })).status).toBe(302);
  });

  it("answers someone else's file like a missing one (404), and a guest with 401", async () => {
    const { fileId } = await expertWithResume();
    const other = await createSignedInUser();
    const res = await api(`/api/files/${fileId}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Не найдено" });
    expect(res.headers.get("Location")).toBeNull();
    expect((await api(`/api/files/${fileId}`)).status).toBe(401);
  });

  it("answers 404 for an id that does not exist", async () => {
    const me = await createSignedInUser();
    for (const id of ["999999", "abc"]) expect((await api(`/api/files/${id}`, { token: me.token })).status, id).toBe(404);
  });
});
