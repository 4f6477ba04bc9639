// Decision 0043: a signed-in read starts on the actor this isolate resolved before for the same session,
// and the session's statement rides the read's first D1 batch. What a user would check: whatever changed
// about his session since (signed out, blocked, a role given or taken, his name, an impersonation that
// ended), the very next answer is the one the session says now, never the remembered one; and a write made
// on a guess never lands unless the guess held.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, userRoles, users } from "../../db/schema/users";
import { countingD1 } from "~/server/d1-counter.server";
import { SpeculationFailed, speculativeD1 } from "~/server/speculation.server";
import { api } from "../helpers/api";
import { db, ensureReference } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";

beforeAll(ensureReference);

const queries = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Queries"));
const fresh = { "X-Page-Cache": "bypass" };

describe("a read on a session the isolate knows", () => {
  it("rides the session's statement on the read's batch: one round trip instead of two", async () => {
    const user = await createSignedInUser();
    const first = await api("/api/user", { token: user.token });
    const second = await api("/api/user", { token: user.token });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(queries(first)).toBe(2);
    expect(queries(second)).toBe(1);
  });

  it("answers 401 at once after sign-out, though the isolate remembered the session", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect((await api("/api/logout", { method: "POST", token: user.token })).status).toBeLessThan(300);
    const after = await api("/api/user", { token: user.token });
    expect(after.status).toBe(401);
  });

  it("sends a blocked user's page to sign-in at his next request", async () => {
    const user = await createSignedInUser();
    const cookie = `session=${user.token}`;
    await api("/profile/settings", { cookie, headers: fresh });
    expect((await api("/profile/settings", { cookie, headers: fresh })).status).toBe(200);
    await db().update(users).set({ blockedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const blocked = await api("/profile/settings", { cookie, headers: fresh });
    expect(blocked.status).toBeGreaterThanOrEqual(300);
    expect(blocked.status).toBeLessThan(400);
    expect(blocked.headers.get("Location")).toMatch(/\/auth/);
    expect(blocked.headers.get("Set-Cookie")).toMatch(/session=;/);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("decides on the roles the session has now: a role given opens the console, a role taken closes it", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/admin/queues", { token: user.token })).status).toBe(403);
    expect((await api("/api/admin/queues", { token: user.token })).status).toBe(403);
    await db().insert(userRoles).values({ userId: user.id, role: "admin" });
    expect((await api("/api/admin/queues", { token: user.token })).status).toBe(200);
    expect((await api("/api/admin/queues", { token: user.token })).status).toBe(200);
    await db().delete(userRoles).where(eq(userRoles.userId, user.id));
    expect((await api("/api/admin/queues", { token: user.token })).status).toBe(403);
  });

  it("shows the name the user has now, changed behind the isolate's back", async () => {
    const user = await createSignedInUser({ name: "Ирина" });
    const cookie = `session=${user.token}`;
    await api("/profile/settings", { cookie, headers: fresh });
    expect((await api("/profile/settings", { cookie, headers: fresh })).text).toContain("Ирина");
    await db().update(users).set({ name: "Полина" }).where(eq(users.id, user.id));
    const page = await api("/profile/settings", { cookie, headers: fresh });
    expect(page.text).toContain("Полина");
    expect(page.text).not.toContain("Ирина");
  });

  it("keeps a profile rendered on a guess under the version the database has now, so the next view is served from the cache", async () => {
    const user = await createSignedInUser({ roles: ["executor"] });
    const cookie = `session=${user.token}`;
    await api("/profile/settings", { cookie }); // the isolate learns the session and the version of now
    await createSignedInUser(); // another user's write moves data_version on
    const first = await api("/profile/information", { cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).not.toBe("hit");
    const second = await api("/profile/information", { cookie });
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(queries(second)).toBe(1);
  });

  it("ends an expired session at once", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    await db().update(sessions).set({ expiresAt: Date.now() - 1000 }).where(eq(sessions.userId, user.id));
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });
});

describe("the speculative D1 binding", () => {
  const rider = (d1: D1Database, holds: boolean) => ({
    statements: [d1.prepare("select 1 as session")],
    verify: (results: D1Result[]) => results[0]!.results.length === 1 && holds,
  });

  it("carries the session's statement in the first read batch and hands the reads only their own rows", async () => {
    const counter = { n: 0, statements: 0 };
    const { d1, speculation } = speculativeD1(countingD1(env.DB, counter));
    speculation.arm(rider(speculation.inner, true));
    const [a, b] = await d1.batch([d1.prepare("select 2 as n"), d1.prepare("select 3 as n")]);
    expect(a!.results).toEqual([{ n: 2 }]);
    expect(b!.results).toEqual([{ n: 3 }]);
    expect(await speculation.settle()).toBe(true);
    expect(counter.n).toBe(1);
    expect(speculation.armed).toBe(false);
  });

  it("a single read rides as well, with the same answer as first() and all()", async () => {
    const counter = { n: 0, statements: 0 };
    const { d1, speculation } = speculativeD1(countingD1(env.DB, counter));
    speculation.arm(rider(speculation.inner, true));
    expect(await d1.prepare("select ?1 as n, 'x' as s").bind(7).first()).toEqual({ n: 7, s: "x" });
    expect(await d1.prepare("select 8 as n").first("n")).toBe(8);
    expect(await speculation.settle()).toBe(true);
    expect(counter.n).toBe(2);
  });

  it("holds a write until the guess is confirmed, and refuses it when the guess did not hold: nothing is written", async () => {
    await env.DB.prepare("create table if not exists speculation_probe (v text)").run();
    const wrong = speculativeD1(env.DB);
    wrong.speculation.arm(rider(wrong.speculation.inner, false));
    await expect(wrong.d1.prepare("insert into speculation_probe (v) values ('wrong')").run()).rejects.toBeInstanceOf(SpeculationFailed);
    await expect(wrong.d1.batch([wrong.d1.prepare("insert into speculation_probe (v) values ('wrong')")])).rejects.toBeInstanceOf(SpeculationFailed);
    expect(await wrong.speculation.settle()).toBe(false);

    const right = speculativeD1(env.DB);
    right.speculation.arm(rider(right.speculation.inner, true));
    await right.d1.prepare("insert into speculation_probe (v) values ('right')").run();
    const rows = await env.DB.prepare("select v from speculation_probe order by v").all();
    expect(rows.results).toEqual([{ v: "right" }]);
  });

  it("a write in a batch with reads waits for the session too", async () => {
    await env.DB.prepare("create table if not exists speculation_probe2 (v text)").run();
    const { d1, speculation } = speculativeD1(env.DB);
    speculation.arm(rider(speculation.inner, false));
    await expect(d1.batch([d1.prepare("select 1"), d1.prepare("insert into speculation_probe2 (v) values ('x')")])).rejects.toBeInstanceOf(SpeculationFailed);
    expect((await env.DB.prepare("select count(*) as n from speculation_probe2").first("n"))).toBe(0);
  });
});
