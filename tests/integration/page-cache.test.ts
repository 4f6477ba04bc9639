import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { UNVERSIONED_TABLES } from "~/web/page-cache.server";
import { api, type ApiResponse } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";

beforeAll(ensureReference);

// The signed-in page cache (decision 0021): the profile pages are served again while data_version, which
// every write moves on through the triggers of migration 0004, is unchanged.
const cache = (res: ApiResponse) => res.headers.get("X-Page-Cache");
const queries = (res: ApiResponse) => Number(res.headers.get("X-D1-Queries"));
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
const withoutNonce = (html: string) => html.replaceAll(nonceOf(html), "NONCE");
const page = (path: string, token: string, headers: Record<string, string> = {}) => api(path, { cookie: `session=${token}`, headers });

describe("data_version and its triggers", () => {
  it("every table moves data_version on insert, update and delete, except the ones listed with a reason", async () => {
    const tables = (await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'")).map((t) => t.name);
    const triggers = new Set((await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger'")).map((t) => t.name));
    expect(tables.length).toBeGreaterThan(40);
    const missing = tables.filter((t) => !(t in UNVERSIONED_TABLES)).flatMap((t) => ["ins", "upd", "del"].map((e) => `data_version_${t}_${e}`).filter((n) => !triggers.has(n)));
    expect(missing, "tables without their data_version triggers: add them in a migration or list the table in UNVERSIONED_TABLES").toEqual([]);
    // The list names only tables that exist.
    expect(Object.keys(UNVERSIONED_TABLES).filter((t) => !tables.includes(t))).toEqual([]);
  });

  it("a write moves it on in the same statement; a write to a listed table does not", async () => {
    const version = async () => (await rows<{ version: number }>("SELECT version FROM data_version WHERE id = 1"))[0]!.version;
    const before = await version();
    await env.DB.prepare("UPDATE settings SET value = value WHERE key = 'promo.interval_minutes'").run();
    expect(await version()).toBe(before + 1);
    await env.DB.prepare("INSERT INTO rate_limits (key, count, expires_at) VALUES ('test:page-cache', 1, 0)").run();
    expect(await version()).toBe(before + 1);
  });
});

describe("the profile pages from the cache", () => {
  it("the own profile is served again, with a new nonce and one round trip, until something on it changes", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    const first = await page("/profile/information", user.token);
    expect(first.status).toBe(200);
    expect(cache(first)).toBe("miss");
    const second = await page("/profile/information", user.token);
    expect(cache(second)).toBe("hit");
    expect(queries(second)).toBe(1);
    expect(nonceOf(second.text)).not.toBe(nonceOf(first.text));
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonceOf(second.text)}'`);
    expect(withoutNonce(second.text)).toBe(withoutNonce(first.text));

    // The owner's own save: the next request renders afresh and shows it.
    const saved = await api("/api/user/status", { token: user.token, json: { text: "Помогаю с управленческим учётом" } });
    expect(saved.status).toBe(200);
    const afterSave = await page("/profile/information", user.token);
    expect(cache(afterSave)).toBe("miss");
    expect(afterSave.text).toContain("Помогаю с управленческим учётом");

    // Someone else's write (here straight in D1, as an operator's tool or a migration would): the same.
    await env.DB.prepare("UPDATE users SET last_name = 'Морозова' WHERE id = ?").bind(user.id).run();
    const afterOther = await page("/profile/information", user.token);
    expect(cache(afterOther)).toBe("miss");
    expect(afterOther.text).toContain("Морозова");
    expect(cache(await page("/profile/information", user.token))).toBe("hit");
  });

  it("a client navigation's data (.data) is kept the same way", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    const path = "/profile/information.data?_routes=root,routes/profile.information";
    const first = await page(path, user.token);
    expect(first.status).toBe(200);
    expect(cache(first)).toBe("miss");
    const second = await page(path, user.token);
    expect(cache(second)).toBe("hit");
    expect(second.text).toBe(first.text);
  });

  it("each viewer has pages of his own: another user's request never gets them", async () => {
    const owner = await createSignedInUser({ roles: ["executor"], lastName: "Владельцева" });
    const viewer = await createSignedInUser({ roles: ["executor"], lastName: "Зрителева" });
    await page("/profile/information", owner.token);
    expect(cache(await page("/profile/information", owner.token))).toBe("hit");
    const viewersOwn = await page("/profile/information", viewer.token);
    expect(cache(viewersOwn)).toBe("miss");
    expect(viewersOwn.text).toContain("Зрителева");
    expect(viewersOwn.text).not.toContain("Владельцева");
    // The owner's profile seen by the viewer: rendered for the viewer (read-only, no contacts).
    const seen = await page(`/profile/${owner.id}`, viewer.token);
    expect(seen.status).toBe(200);
    expect(cache(seen)).toBe("miss");
    expect(seen.text).toContain("Здесь появятся контакты эксперта после подписания договора");
    expect(seen.text).not.toContain(owner.email);
    expect(cache(await page(`/profile/${owner.id}`, viewer.token))).toBe("hit");
  });

  it("a session that ended is never served the page it had", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    await page("/profile/information", user.token);
    expect(cache(await page("/profile/information", user.token))).toBe("hit");
    expect((await api("/api/logout", { token: user.token, method: "POST" })).status).toBeLessThan(300);
    const after = await page("/profile/information", user.token);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/auth/);
    expect(cache(after)).toBeNull();
  });

  it("a guest, another path and X-Page-Cache: bypass (outside production) render afresh", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    expect(cache(await api("/profile/information"))).toBeNull();
    await page("/profile/settings", user.token);
    expect(cache(await page("/profile/settings", user.token))).toBeNull();
    await page("/profile/information", user.token);
    const bypassed = await page("/profile/information", user.token, { "X-Page-Cache": "bypass" });
    expect(cache(bypassed)).toBeNull();
    // Rendered: the session's statement rides the page's batch (the isolate knows the session, decision 0043).
    expect(queries(bypassed)).toBe(1);
  });
});
