import { beforeAll, describe, expect, it } from "vitest";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, signIn, uniqueEmail } from "../helpers/factories";

beforeAll(() => ensureReference());

const tag = () => crypto.randomUUID().slice(0, 8);
let operator: Awaited<ReturnType<typeof createOperator>>;
let op: string;
beforeAll(async () => {
  operator = await createOperator();
  op = await signIn(operator);
});

type ListBody = { items: { id: number; email: string; name: string; phone: string | null; blocked: boolean }[]; total: number; pages: number };
const search = (text: string, token: string = op) => api<ListBody>(`/api/admin/users?search=${encodeURIComponent(text)}`, { token });
const ids = (res: { body: ListBody }) => res.body.items.map((u) => u.id);

describe("only operators reach the users' calls and pages (401/302 guests, 403 customers and experts)", () => {
  let target: { id: number };
  beforeAll(async () => {
    target = await createUser();
  });
  const calls: [string, () => string, Record<string, unknown> | undefined][] = [
    ["GET", () => "/api/admin/users?search=a&page=1", undefined],
    ["GET", () => `/api/admin/users/${target.id}`, undefined],
    ["POST", () => `/api/admin/users/${target.id}/block`, { reason: "spam" }],
    ["POST", () => `/api/admin/users/${target.id}/unblock`, {}],
  ];
  it.each(calls)("%s %s", async (method, path, json) => {
    const customer = await createSignedInUser({ roles: ["customer"] });
    const expert = await createSignedInUser({ roles: ["executor"] });
    const call = (token?: string) => api(path(), { method, token, json });
    expect((await call()).status).toBe(401);
    expect((await call(customer.token)).status).toBe(403);
    expect((await call(expert.token)).status).toBe(403);
    expect((await call(op)).status).toBe(200);
  });

  it.each([() => "/admin/users", () => `/admin/users/${target.id}`, () => "/admin/users?q=%D0%90%D0%BD%D0%BD%D0%B0"])("page %s", async (path) => {
    const customer = await createSignedInUser();
    const expert = await createSignedInUser({ roles: ["executor"] });
    expect((await api(path())).status).toBe(302);
    expect((await api(path(), { cookie: `session=${customer.token}` })).status).toBe(403);
    expect((await api(path(), { cookie: `session=${expert.token}` })).status).toBe(403);
    const mine = await api(path(), { cookie: `session=${op}` });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("<h1");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await api("/api/admin/users/999999999", { token: op })).status).toBe(404);
    expect((await api("/api/admin/users/abc", { token: op })).status).toBe(404);
    expect((await api("/api/admin/users/999999999/block", { token: op, json: { reason: "x" } })).status).toBe(404);
    expect((await api("/admin/users/999999999", { cookie: `session=${op}` })).status).toBe(404);
  });
});

describe("searching users", () => {
  const t = tag();
  let anna: { id: number; email: string };
  let petr: { id: number };
  beforeAll(async () => {
    anna = await createUser({ email: `anna.${t}@example.ru`, name: "Анна", lastName: `Ёлкина${t}`, phone: "+7 (905) 111-22-33" });
    petr = await createUser({ name: "Пётр", lastName: `Smith${t}`, phone: "8 905 444 55 66" });
  });

  it("finds by a part of the e-mail, in any letter case", async () => {
    expect(ids(await search(`ANNA.${t}`))).toEqual([anna.id]);
  });

  it("finds by the name, letter case and ё aside, first name first or last", async () => {
    expect(ids(await search(`елкина${t}`))).toEqual([anna.id]);
    expect(ids(await search(`ЁЛКИНА${t}`))).toEqual([anna.id]);
    expect(ids(await search(`Анна Ёлкина${t}`))).toEqual([anna.id]);
    expect(ids(await search(`елкина${t} анна`))).toEqual([anna.id]);
    expect(ids(await search(`smith${t}`))).toEqual([petr.id]);
    expect(ids(await search(`петр smith${t}`))).toEqual([petr.id]);
  });

  it("finds by the phone however it is written", async () => {
    for (const typed of ["+79051112233", "8 (905) 111-22-33", "+7 905 111 22 33", "9051112233", "111-22-33"]) expect(ids(await search(typed)), typed).toContain(anna.id);
    for (const typed of ["+7 (905) 444-55-66", "89054445566", "905 444 55 66"]) expect(ids(await search(typed)), typed).toContain(petr.id);
    expect(ids(await search("+7 905 111 22 33"))).not.toContain(petr.id);
  });

  it("takes wildcards literally and pages in SQL", async () => {
    expect((await search("%")).body.items).toEqual([]);
    expect((await search("_")).body.items).toEqual([]);
    const all = await api<ListBody & { per_page: number }>("/api/admin/users?page=1", { token: op });
    expect(all.body.items.length).toBeLessThanOrEqual(all.body.per_page);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const far = await api<ListBody>(`/api/admin/users?page=${all.body.pages + 1}`, { token: op });
    expect(far.status).toBe(200);
    expect(far.body.items).toEqual([]);
  });

  it("refuses bad input with 422, never 5xx", async () => {
    for (const q of ["page=0", "page=abc", "page=-1", `search=${"x".repeat(101)}`, "page=1e9"]) expect((await api(`/api/admin/users?${q}`, { token: op })).status, q).toBe(422);
  });

  it("shows a user's roles, verification and live sessions", async () => {
    const user = await createSignedInUser({ roles: ["customer", "executor"], verified: false });
    await signIn(user);
    const res = await api(`/api/admin/users/${user.id}`, { token: op });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, roles: expect.arrayContaining(["customer", "executor"]), email_verified: false, blocked: false, can_block: true, can_impersonate: true });
    expect(res.body.sessions.count).toBe(2);
    expect(res.body.sessions.last_seen_at).toBeTruthy();
    expect(res.body.sessions.items[0]).toHaveProperty("ip");
    expect(res.body.sessions.items[0]).toHaveProperty("user_agent");
    const page = await api(`/admin/users/${user.id}`, { cookie: `session=${op}` });
    expect(page.text).toContain(user.email);
  });
});

describe("blocking a user", () => {
  it("ends every session at once, refuses sign-in with the reason, is audited; unblocking restores sign-in", async () => {
    const user = await createSignedInUser();
    const second = await signIn(user);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    const reason = `Спам в заявках ${tag()}`;

    const blocked = await api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason } });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body.user).toMatchObject({ blocked: true, blocked_reason: reason, can_block: false });
    expect(blocked.body.user.sessions.count).toBe(0);
    expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(0);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    expect((await api("/api/user", { token: second })).status).toBe(401);
    // A page load with the old cookie sends him to sign-in.
    const page = await api("/profile/information", { cookie: `session=${user.token}` });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/auth");

    const refused = await api("/api/login", { json: { email: user.email, password: user.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(reason);
    expect(refused.body.message).toContain("заблокирован");
    const refusedEn = await api("/api/login", { json: { email: user.email, password: user.password }, lang: "en" });
    expect(refusedEn.body.message).toContain("blocked");
    // The wrong password still says only that the pair is wrong: the block is told to the owner alone.
    const wrong = await api("/api/login", { json: { email: user.email, password: "Wrong_Pass1" } });
    expect(wrong.status).toBe(422);
    expect(wrong.text).not.toContain(reason);
    // The sign-in page shows the message.
    const form = new URLSearchParams({ intent: "login", email: user.email, password: user.password });
    const pageLogin = await api("/auth", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(pageLogin.status).toBe(403);
    expect(pageLogin.text).toContain("заблокирован");
    expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(0);

    const [row] = await rows<{ actor_user_id: number; meta: string; created_at: string }>("select * from audit_log where action = 'user.blocked' and target_id = ?", String(user.id));
    expect(row).toMatchObject({ actor_user_id: operator.id });
    expect(JSON.parse(row!.meta)).toEqual({ reason });
    const log = await api(`/api/admin/audit?action=user.blocked&actor=${operator.id}`, { token: op });
    expect(log.body.items.find((i: { target_id: string }) => i.target_id === String(user.id))).toMatchObject({ reason, actor: { id: operator.id } });

    // Blocking again changes nothing and writes no second audit row.
    expect((await api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason: "again" } })).status).toBe(409);
    expect(await count("select count(*) as n from audit_log where action = 'user.blocked' and target_id = ?", String(user.id))).toBe(1);

    const unblocked = await api(`/api/admin/users/${user.id}/unblock`, { token: op, json: { reason: "разобрались" } });
    expect(unblocked.status, unblocked.text).toBe(200);
    expect(unblocked.body.user).toMatchObject({ blocked: false, blocked_reason: null });
    expect(await count("select count(*) as n from audit_log where action = 'user.unblocked' and target_id = ?", String(user.id))).toBe(1);
    expect((await api(`/api/admin/users/${user.id}/unblock`, { token: op, json: {} })).status).toBe(409);
    const back = await signIn(user);
    expect((await api("/api/user", { token: back })).status).toBe(200);
  });

  it("leaves one block of two racing ones", async () => {
    const user = await createUser();
    const [a, b] = await Promise.all([1, 2].map((n) => api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason: `race ${n}` } })));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    expect(await count("select count(*) as n from audit_log where action = 'user.blocked' and target_id = ?", String(user.id))).toBe(1);
  });

  it("refuses to block oneself or another operator (403), and a missing reason (422), changing nothing", async () => {
    const other = await createOperator();
    const user = await createUser();
    expect((await api(`/api/admin/users/${operator.id}/block`, { token: op, json: { reason: "me" } })).status).toBe(403);
    const res = await api(`/api/admin/users/${other.id}/block`, { token: op, json: { reason: "rival" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 5 }, { reason: "x".repeat(501) }]) {
      const bad = await api(`/api/admin/users/${user.id}/block`, { token: op, json: body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    // In the console's own words (an empty reason read 'Некорректное значение' before).
    for (const reason of [undefined, "", "   "]) expectFieldError(await api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason } }), "reason", "Укажите причину блокировки");
    expectFieldError(await api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason: "x".repeat(501) } }), "reason", "Причина — не длиннее 500 символов");
    const bad = await api(`/api/admin/users/${user.id}/block`, { token: op, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBeLessThan(500);
    expect(await count("select count(*) as n from users where id in (?, ?, ?) and blocked_at is not null", operator.id, other.id, user.id)).toBe(0);
    expect((await api(`/api/admin/users/${operator.id}`, { token: op })).body).toMatchObject({ can_block: false, can_impersonate: false });
  });

  it("refuses an impersonation of a blocked user, and a blocked user's session however it was made", async () => {
    const user = await createUser();
    await api(`/api/admin/users/${user.id}/block`, { token: op, json: { reason: "fraud" } });
    const link = await api(`/api/admin/users/${user.id}/impersonation-link`, { method: "POST", token: op });
    expect(link.status).toBe(409);
    // A session written past the checks (a sign-in racing the block) is refused all the same.
    const user2 = await createSignedInUser();
    await rows("update users set blocked_at = '2026-01-01T00:00:00Z', blocked_reason = 'x' where id = ?", user2.id);
    expect((await api("/api/user", { token: user2.token })).status).toBe(401);
  });

  it("blocks and unblocks from the user's page with a reason", async () => {
    const user = await createSignedInUser({ email: uniqueEmail("pageblock") });
    const post = (fields: Record<string, string>) =>
      api(`/admin/users/${user.id}`, { method: "POST", cookie: `session=${op}`, body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const missing = await post({ intent: "block", reason: "" });
    expect(missing.status).toBe(422);
    expect(await count("select count(*) as n from users where id = ? and blocked_at is not null", user.id)).toBe(0);
    expect((await post({ intent: "block", reason: "Мошенничество" })).status).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    const page = await api(`/admin/users/${user.id}`, { cookie: `session=${op}` });
    expect(page.text).toContain("Мошенничество");
    expect((await post({ intent: "unblock", reason: "" })).status).toBe(200);
    expect(await count("select count(*) as n from users where id = ? and blocked_at is null", user.id)).toBe(1);
  });
});
