/**
 * D1 read replication through the Sessions API (decision 0034): every request runs in a D1 session; the
 * client hands back the bookmark of its last request so that it reads its own writes from any replica.
 */
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { createSignedInUser } from "../helpers/factories";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const bookmarkCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith("d1b="));

describe("D1 sessions and bookmarks", () => {
  it("an API answer carries its session's bookmark, and a read sends it back to read at least that far", async () => {
    const user = await createSignedInUser();
    const saved = await api("/api/user/status", { method: "POST", token: user.token, json: { text: "Читаю своё" } });
    expect(saved.status).toBe(200);
    const bookmark = saved.headers.get("X-D1-Bookmark");
    expect(bookmark).toMatch(BOOKMARK);
    const read = await api("/api/user", { token: user.token, headers: { "X-D1-Bookmark": bookmark! } });
    expect(read.status).toBe(200);
    expect(read.body.status).toBe("Читаю своё");
    expect(read.headers.get("X-D1-Bookmark")! >= bookmark!).toBe(true);
  });

  it("a state change from the pages sets the bookmark cookie; a read sets none, so the page caches keep it", async () => {
    const user = await createSignedInUser();
    const cookie = `session=${encodeURIComponent(user.token)}`;
    const saved = await api("/api/user/status", { method: "POST", cookie, json: { text: "Со страницы" } });
    expect(saved.status).toBe(200);
    const set = bookmarkCookie(saved);
    expect(set).toMatch(/^d1b=[0-9a-f-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300$/);
    const page = await api("/profile/information", { cookie: `${cookie}; ${set!.split(";")[0]}` });
    expect(page.status).toBe(200);
    expect(bookmarkCookie(page)).toBeUndefined();
    expect((await api("/api/user", { cookie })).headers.getSetCookie()).toEqual([]);
  });

  it("a malformed bookmark is ignored rather than failing the request", async () => {
    const user = await createSignedInUser();
    for (const bad of ["x", "00000000-00000001", "'; drop table users; --", "f".repeat(300)]) {
      expect((await api("/api/user", { token: user.token, headers: { "X-D1-Bookmark": bad } })).status).toBe(200);
      expect((await api("/profile/settings", { cookie: `session=${encodeURIComponent(user.token)}; d1b=${encodeURIComponent(bad)}` })).status).toBe(200);
    }
  });
});
