import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE, freshIp, type ApiResponse } from "../../helpers/api";
import { ensureReference, rows } from "../../helpers/db";
import { createOperator, createSignedInUser, createUser, signIn, uniqueEmail } from "../../helpers/factories";
import { file, newMarker, pdfBytes } from "../../helpers/files";

/**
 * ASVS 5.0 V8 Authorization, level 2: for each resource kind of the product, the owner may, another user
 * and a guest may not, and a refused call changes nothing. Deeper suites per area live next to their
 * calls (cases.test.ts, experience-works.test.ts, profile.test.ts, files.test.ts, recommendations.test.ts,
 * impersonation.test.ts); this file holds one pass over every kind, named after the requirements.
 */

beforeAll(ensureReference);

let industryId = 0;
let optionId = 0;
beforeAll(async () => {
  industryId = (await rows<{ id: number }>("select id from industries order by id limit 1"))[0]!.id;
  optionId = (await rows<{ id: number }>("select id from options where parent_id is not null order by id limit 1"))[0]!.id;
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const expert = () => createSignedInUser({ roles: ["customer", "executor"] });

/** Refused: 401 for a guest; 403 or 404 (someone else's thing answers like a missing one) for a user. */
const refusedGuest = (res: ApiResponse) => expect(res.status, res.text).toBe(401);
const refusedUser = (res: ApiResponse) => expect([403, 404], `${res.status} ${res.text}`).toContain(res.status);

/** A page action posted with the session cookie, as the browser's form does. */
async function pagePost(path: string, token: string | null, fields: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: BASE, "CF-Connecting-IP": freshIp(), ...(token ? { Cookie: `session=${token}` } : {}) },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("Location"), text: await res.text() };
}

/** Every resource kind: how its owner makes one, what a snapshot of it is, and the calls on it by id. */
type Kind = {
  name: string;
  create: (owner: User) => Promise<number>;
  snapshot: (owner: User, id: number) => Promise<unknown>;
  /** Calls that read, change or delete the owner's item by its id. */
  calls: (id: number) => { path: string; method: string; json?: unknown; form?: Record<string, unknown> }[];
};

const kinds: Kind[] = [
  {
    name: "work",
    create: async (owner) => {
      const res = await api("/api/user/profile/works", { token: owner.token, json: { works: [{ company_id: 1, work_start: "2015-03-01", work_finish: "2020-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] }] } });
      expect(res.status, res.text).toBe(200);
      return res.body.works[0].id;
    },
    snapshot: async (owner) => ({ works: await rows("select * from works where user_id = ?", owner.id), areas: await rows("select * from workareas where user_id = ?", owner.id) }),
    calls: (id) => [
      { path: `/api/user/profile/works/${id}`, method: "GET" },
      { path: `/api/user/profile/works/${id}`, method: "DELETE" },
      { path: "/api/user/profile/works", method: "POST", json: { works: [{ id, company_id: 2, work_start: "2010-01-01", work_finish: "2011-01-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] }] } },
    ],
  },
  {
    name: "case",
    create: async (owner) => {
      const res = await api("/api/user/cases", { token: owner.token, form: { name: "Кейс владельца", task: "Задача", solution: "Решение", results: "Результат" } });
      expect(res.status, res.text).toBe(200);
      return res.body.id;
    },
    snapshot: async (owner) => rows("select * from cases where user_id = ?", owner.id),
    calls: (id) => [
      { path: `/api/user/cases/${id}`, method: "DELETE" },
      { path: "/api/user/cases", method: "POST", form: { id, name: "Чужая правка", task: "Задача", solution: "Решение", results: "Результат" } },
    ],
  },
  {
    name: "publication",
    create: async (owner) => {
      const res = await api("/api/user/profile/publications", { token: owner.token, form: { type: "file", description: "Статья", publication_file: file(pdfBytes(newMarker()), "Статья.pdf") } });
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    },
    snapshot: async (owner) => rows("select * from publications where user_id = ?", owner.id),
    calls: (id) => [{ path: `/api/user/profile/publications/${id}`, method: "DELETE" }],
  },
  {
    name: "file",
    create: async (owner) => {
      const res = await api("/api/user/resume", { token: owner.token, form: { resume: file(pdfBytes(newMarker()), "Резюме.pdf") } });
      expect(res.status, res.text).toBe(200);
      return (await rows<{ id: number }>("select id from files where owner_user_id = ? and kind = 'resume'", owner.id))[0]!.id;
    },
    snapshot: async (owner) => rows("select * from files where owner_user_id = ?", owner.id),
    calls: (id) => [{ path: `/api/files/${id}`, method: "GET" }],
  },
  {
    name: "expertise",
    create: async (owner) => {
      const res = await api("/api/user/profile/expertises", { token: owner.token, json: { expertises: { items: [{ expertise_id: 3 }], new_items: [] } } });
      expect(res.status, res.text).toBeLessThan(300);
      return 3;
    },
    snapshot: async (owner) => rows("select * from user_expertises where user_id = ?", owner.id),
    calls: (id) => [
      { path: `/api/user/profile/expertises/${id}`, method: "DELETE" },
      { path: "/api/user/profile/expertises/confirm", method: "POST", json: { confirm_type: "publication", expertise_id: id, link: "https://example.ru/a", description: "Чужое подтверждение" } },
    ],
  },
  {
    name: "council application",
    create: async (owner) => {
      const res = await api("/api/user/profile/expert", { token: owner.token, json: { industry_id: industryId, option_id: optionId } });
      expect(res.status, res.text).toBe(201);
      return res.body.item.id;
    },
    snapshot: async (owner) => rows("select * from council_applications where user_id = ?", owner.id),
    calls: (id) => [{ path: `/api/user/profile/expert/${id}`, method: "DELETE" }],
  },
];

async function call(c: ReturnType<Kind["calls"]>[number], token: string | null) {
  return api(c.path, { method: c.method, json: c.json, form: c.form, token });
}

describe("V8 Authorization (ASVS 5.0, level 2)", () => {
  it("V8.2.1 restricts every owner function to signed-in users: a guest gets 401 on each, and nothing is written", async () => {
    const owner = await expert();
    for (const kind of kinds) {
      const id = await kind.create(owner);
      const before = await kind.snapshot(owner, id);
      for (const c of kind.calls(id)) refusedGuest(await call(c, null));
      expect(await kind.snapshot(owner, id), kind.name).toEqual(before);
    }
    for (const path of ["/api/user", "/api/user/profile/recommendations", "/api/user/profile/recommendations/from-others", "/api/invite", "/api/user/invite-rates", "/api/client/storage"])
      refusedGuest(await api(path));
    refusedGuest(await api("/api/user/profile", { json: { phone: "+7 903 000-00-00" } }));
    refusedGuest(await api("/api/user/password", { json: { old_password: "x", password: "Fresh_Pass2", password_confirmation: "Fresh_Pass2" } }));
  });

  it("V8.2.1 keeps the operator functions to operators: a user gets 403 on the API and on the console's page and action", async () => {
    const user = await createSignedInUser();
    const target = await createUser();
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: user.token })).status).toBe(403);
    refusedGuest(await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST" }));
    const page = await SELF.fetch(`${BASE}/admin`, { headers: { Cookie: `session=${user.token}`, "CF-Connecting-IP": freshIp() }, redirect: "manual" });
    expect(page.status).toBe(403);
    await page.text();
    expect((await pagePost("/admin", user.token, { user_id: String(target.id) })).status).toBe(403);
    // A guest is sent to sign in, not shown the console.
    const guest = await pagePost("/admin", null, { user_id: String(target.id) });
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/auth\?redirectTo=/);
    // An operator may.
    const operator = await createOperator();
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: await signIn(operator) })).status).toBe(200);
  });

  it("V8.2.1 keeps mail-sending functions to users with a confirmed e-mail (invites, rating requests, person search)", async () => {
    const unverified = await createSignedInUser({ verified: false });
    const email = uniqueEmail("not-sent");
    expect((await api("/api/invite", { token: unverified.token, json: { expert_type: "individual", name: "Олег", lastName: "Морозов", email } })).status).toBe(403);
    expect((await api("/api/user/invite-rate", { token: unverified.token, json: { type: "tribe", industry_id: industryId, option_id: optionId, invite_rate_user: { email, name: "Пётр", lastName: "Сидоров" }, is_invited: 1 } })).status).toBe(403);
    expect((await api("/api/user/search?search=Смирнова", { token: unverified.token })).status).toBe(403);
    expect(await rows("select id from invites where email = ?", email)).toEqual([]);
  });

  it.each(kinds.map((k) => [k.name, k] as const))("V8.2.2 lets only the owner act on a %s by its id: another user is refused and nothing changes", async (_name, kind) => {
    const owner = await expert();
    const stranger = await expert();
    const id = await kind.create(owner);
    const before = await kind.snapshot(owner, id);
    for (const c of kind.calls(id)) {
      const res = await call(c, stranger.token);
      // A save that carries someone else's id must not reach his item: refused, or done on the caller's own data.
      if (c.method === "POST" && res.status < 300) continue;
      refusedUser(res);
    }
    expect(await kind.snapshot(owner, id)).toEqual(before);
    // The owner may read what is his.
    const read = kind.calls(id).find((c) => c.method === "GET");
    if (read) expect((await call(read, owner.token)).status).toBeLessThan(400);
  });

  it("V8.2.2 keeps rating requests to their two parties: a third user cannot decline, mark, list or remind them", async () => {
    const asker = await expert();
    await env.DB.batch([
      env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(asker.id, industryId),
      env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(asker.id, optionId),
    ]);
    const rater = await createSignedInUser();
    const third = await createSignedInUser();
    const asked = await api("/api/user/invite-rate", { token: asker.token, json: { type: "tribe", industry_id: industryId, option_id: optionId, rater_user_id: rater.id } });
    expect(asked.status, asked.text).toBe(201);
    const requestId = asked.body.items[0].id as number;
    const [inv] = await rows<{ id: number }>("select invitation_id id from rate_requests where id = ?", requestId);
    const snapshot = async () => ({ inv: await rows("select * from rate_invitations where id = ?", inv!.id), req: await rows("select * from rate_requests where id = ?", requestId) });
    const before = await snapshot();
    refusedUser(await api(`/api/user/profile/recommendations/from-others/${inv!.id}/decline`, { method: "POST", token: third.token }));
    expect((await api("/api/view-flags", { token: third.token, json: { model: "recommendation", ids: [inv!.id] } })).body.ids).toEqual([]);
    refusedUser(await api("/api/user/remind-to-rate", { token: third.token, json: { id: requestId } }));
    expect((await api("/api/user/profile/recommendations/from-others", { token: third.token })).body).toEqual([]);
    expect((await api("/api/user/invite-rates", { token: third.token })).body).toEqual([]);
    refusedGuest(await api(`/api/user/profile/recommendations/from-others/${inv!.id}/decline`, { method: "POST" }));
    expect(await snapshot()).toEqual(before);
    // The rater sees it; the asker lists it.
    expect((await api("/api/user/profile/recommendations/from-others", { token: rater.token })).body).toHaveLength(1);
    expect((await api("/api/user/invite-rates", { token: asker.token })).body).toHaveLength(1);
  });

  it("V8.2.2 lists an inviter's invitations to him alone", async () => {
    const inviter = await createSignedInUser();
    const stranger = await createSignedInUser();
    const email = uniqueEmail("invitee");
    expect((await api("/api/invite", { token: inviter.token, json: { expert_type: "individual", name: "Олег", lastName: "Морозов", email } })).status).toBe(201);
    expect(JSON.stringify((await api("/api/invite", { token: inviter.token })).body)).toContain(email);
    expect(JSON.stringify((await api("/api/invite", { token: stranger.token })).body)).not.toContain(email);
  });

  it("V8.2.3 lets no one write fields that are not his: a profile save ignores ids, roles and verification sent with it", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser({ verified: false });
    const ownerBefore = await rows("select * from users where id = ?", owner.id);
    const res = await api("/api/user/profile", { token: stranger.token, json: { phone: "+7 903 111-22-33", id: owner.id, user_id: owner.id, roles: ["admin"], email_verified_at: "2020-01-01T00:00:00Z", is_verified: true } });
    expect(res.status, res.text).toBeLessThan(500);
    expect(await rows("select * from users where id = ?", owner.id)).toEqual(ownerBefore);
    const [me] = await rows<{ email_verified_at: string | null }>("select email_verified_at from users where id = ?", stranger.id);
    expect(me!.email_verified_at).toBeNull();
    expect(await rows("select role from user_roles where user_id = ? and role = 'admin'", stranger.id)).toEqual([]);
  });

  it("V8.2.3 shows another user's profile without the fields reserved to its owner (e-mail, phone)", async () => {
    const owner = await createUser({ phone: "+7 916 555-44-33" });
    const viewer = await createSignedInUser();
    const res = await api(`/api/user/${owner.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(owner.email);
    expect(res.text).not.toContain("555-44-33");
  });

  it("V8.3.1 enforces the rules in the domain layer shared by the API and the pages, not in the browser: a page action is refused like the API", async () => {
    const owner = await expert();
    const stranger = await expert();
    const res = await api("/api/user/cases", { token: owner.token, form: { name: "Кейс", task: "Задача", solution: "Решение", results: "Результат" } });
    const id = res.body.id as number;
    const before = await rows("select * from cases where id = ?", id);
    // The page form's delete, posted straight to the action as no button of the page would.
    const page = await pagePost("/profile/cases", stranger.token, { intent: "delete", id: String(id), _fetch: "1" });
    // (The resource route answers the refusal's body; its status is 200 today: Remix drops data()'s status there.)
    expect(JSON.parse(page.text).message).toBe("Недостаточно прав");
    refusedUser(await api(`/api/user/cases/${id}`, { method: "DELETE", token: stranger.token }));
    expect(await rows("select * from cases where id = ?", id)).toEqual(before);
    // The operator's council decision is checked in the domain too: the console page cannot be bypassed.
    const council = await pagePost("/admin", stranger.token, { intent: "council", id: "1", status: "active" });
    expect(council.status).toBe(403);
  });

  it("V8.3.2 applies a change of role at once: an operator whose role is withdrawn is refused on his next call", async () => {
    const operator = await createOperator();
    const token = await signIn(operator);
    const target = await createUser();
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token })).status).toBe(200);
    await env.DB.prepare("delete from user_roles where user_id = ? and role = 'admin'").bind(operator.id).run();
    expect((await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token })).status).toBe(403);
  });
});
