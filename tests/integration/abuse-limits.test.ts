import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, freshIp, withinOneWindow } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser, createUser, PASSWORD, signIn, uniqueEmail } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";

// Issue 10, finding 7: calls that send mail, name accounts or take guesses, each with a limit.

let industryId = 0;
let optionId = 0;
beforeAll(async () => {
  await ensureReference();
  industryId = (await rows<{ id: number }>("select id from industries order by id limit 1"))[0]!.id;
  optionId = (await rows<{ id: number }>("select id from options where parent_id is not null order by id limit 1"))[0]!.id;
});

/** An expert with one specialization to be rated for (registration's industry × sub-function). */
async function expert(opts: { verified?: boolean } = {}) {
  const user = await createUser({ roles: ["customer", "executor"], name: "Игорь", lastName: "Волков", verified: opts.verified });
  await env.DB.batch([
    env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(user.id, industryId),
    env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(user.id, optionId),
  ]);
  return { ...user, token: await signIn(user) };
}

const ask = (email: string) => ({ type: "tribe", industry_id: industryId, option_id: optionId, invite_rate_user: { email, name: "Пётр", lastName: "Сидоров" }, is_invited: 1 });
const askMany = (n: number, prefix = "rater") => ({ items: Array.from({ length: n }, () => ask(uniqueEmail(prefix))) });

describe("rating requests (POST /api/user/invite-rates, /api/user/invite-rate)", () => {
  it("refuses a sender whose e-mail is not confirmed, as the page guard does, and mails nobody", async () => {
    const me = await expert({ verified: false });
    const to = uniqueEmail("unverified-ask");
    const res = await api("/api/user/invite-rate", { token: me.token, json: ask(to) });
    expect(res.status, res.text).toBe(403);
    expect(res.body.message).toBe("Запрашивать рекомендации можно после подтверждения e-mail");
    const en = await api("/api/user/invite-rates", { token: me.token, json: { items: [ask(to)] }, lang: "en" });
    expect(en.status).toBe(403);
    expect(en.body.message).toBe("You can ask for recommendations once your e-mail is confirmed");
    expect(await mailsTo(to)).toHaveLength(0);
    expect(await count("select count(*) n from rate_invitations where user_id = ?", me.id)).toBe(0);
  });

  it("counts every e-mail sent, not every call: a sender's hourly limit refuses the call that would pass it", async () => {
    const { limit, window } = RATE_LIMITS.recommend_user;
    await withinOneWindow(window, async () => {
      const me = await expert();
      let sent = 0;
      // Full dialogs of 10 people each, while they fit under the limit.
      while (sent + 10 <= limit) {
        const res = await api("/api/user/invite-rates", { token: me.token, json: askMany(10) });
        expect(res.status, res.text).toBe(201);
        sent += 10;
      }
      const over = askMany(limit - sent + 1, "over");
      const refused = await api("/api/user/invite-rates", { token: me.token, json: over });
      expect(refused.status, refused.text).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Слишком много попыток/);
      // Nothing of the refused call was stored or sent.
      expect(await count("select count(*) n from rate_invitations where user_id = ?", me.id)).toBe(sent);
      for (const item of over.items) expect(await mailsTo(item.invite_rate_user.email)).toHaveLength(0);
    });
  });

  it("limits the requests one address receives in a day, whoever sends them", async () => {
    const { limit, window } = RATE_LIMITS.recommend_email;
    await withinOneWindow(window, async () => {
      const target = uniqueEmail("popular");
      for (let i = 0; i < limit; i++) {
        const sender = await expert();
        const res = await api("/api/user/invite-rate", { token: sender.token, json: ask(target) });
        expect(res.status, `sender ${i + 1}: ${res.text}`).toBe(201);
      }
      const last = await expert();
      const refused = await api("/api/user/invite-rate", { token: last.token, json: ask(target) });
      expect(refused.status, refused.text).toBe(429);
      expect(await mailsTo(target)).toHaveLength(limit);
      // Another address from the same sender still goes.
      expect((await api("/api/user/invite-rate", { token: last.token, json: ask(uniqueEmail("other")) })).status).toBe(201);
    });
  });
});

describe("person search (GET /api/user/search)", () => {
  const search = (token: string, q: string, ip?: string) => api(`/api/user/search?search=${encodeURIComponent(q)}`, { token, ip });

  it("is for users whose e-mail is confirmed, as the request dialog's page", async () => {
    const me = await createSignedInUser({ verified: false });
    const res = await search(me.token, "Смирнова");
    expect(res.status).toBe(403);
  });

  it("limits the exact e-mail lookups of a user (they tell whether an address has an account)", async () => {
    const { limit, window } = RATE_LIMITS.user_search_email_user;
    await withinOneWindow(window, async () => {
      const me = await createSignedInUser();
      const known = await createUser();
      for (let i = 0; i < limit; i++) expect((await search(me.token, uniqueEmail("probe"))).status).not.toBe(429);
      const refused = await search(me.token, known.email);
      expect(refused.status).toBe(429);
      // Nothing of the account: no id, no e-mail (its message may name minutes that equal an id by chance).
      expect(JSON.stringify(refused.body)).not.toMatch(new RegExp(`"id":${known.id}\\b`));
      expect(JSON.stringify(refused.body)).not.toContain(known.email);
      expect(refused.body).toEqual({ message: expect.stringMatching(/^Слишком много попыток/) });
      // A name search is still allowed: only the account lookups ran out.
      expect((await search(me.token, "Смирнова")).status).toBe(200);
    });
  });

  it("limits all searches of a user, from whatever address", async () => {
    const { limit, window } = RATE_LIMITS.user_search_user;
    await withinOneWindow(window, async () => {
      const me = await createSignedInUser();
      for (let i = 0; i < limit; i++) expect((await search(me.token, `Имя${i}`)).status, `search ${i + 1}`).toBe(200);
      expect((await search(me.token, "Смирнова")).status).toBe(429);
    });
  });

  it("limits the searches from one address, whichever account makes them", { timeout: 120_000 }, async () => {
    const { limit, window } = RATE_LIMITS.user_search_ip;
    await withinOneWindow(window, async () => {
      const ip = freshIp();
      const perUser = RATE_LIMITS.user_search_user.limit;
      let done = 0;
      while (done < limit) {
        const me = await createSignedInUser();
        for (let i = 0; i < perUser && done < limit; i++, done++) expect((await search(me.token, `Имя${done}`, ip)).status).toBe(200);
      }
      const fresh = await createSignedInUser();
      expect((await search(fresh.token, "Смирнова", ip)).status).toBe(429);
      expect((await search(fresh.token, "Смирнова")).status).toBe(200);
    });
  });
});

describe("password change (POST /api/user/password)", () => {
  it("limits wrong old passwords per user: past the limit even the right one is refused, and nothing changes", async () => {
    const { limit, window } = RATE_LIMITS.password_change_user;
    await withinOneWindow(window, async () => {
      const user = await createSignedInUser();
      const [{ password_hash: before }] = (await rows<{ password_hash: string }>("select password_hash from users where id = ?", user.id)) as [{ password_hash: string }];
      for (let i = 0; i < limit; i++) {
        const res = await api("/api/user/password", { token: user.token, json: { old_password: `Wrong_Pass${i}`, password: "Fresh_Pass2", password_confirmation: "Fresh_Pass2" } });
        expect(res.status, res.text).toBe(422);
      }
      const refused = await api("/api/user/password", { token: user.token, json: { old_password: PASSWORD, password: "Fresh_Pass2", password_confirmation: "Fresh_Pass2" } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      const [{ password_hash: after }] = (await rows<{ password_hash: string }>("select password_hash from users where id = ?", user.id)) as [{ password_hash: string }];
      expect(after).toBe(before);
    });
  });
});

describe("guest events (POST /api/client/event)", () => {
  it("limits the events written from one address", async () => {
    const { limit, window } = RATE_LIMITS.client_event_ip;
    await withinOneWindow(window, async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) expect((await api("/api/client/event", { json: { name: "parse_close" }, ip })).status).toBe(201);
      const before = await count("select count(*) n from client_events");
      const refused = await api("/api/client/event", { json: { name: "parse_close" }, ip });
      expect(refused.status).toBe(429);
      expect(await count("select count(*) n from client_events")).toBe(before);
      expect((await api("/api/client/event", { json: { name: "parse_close" } })).status).toBe(201);
    });
  });
});

describe("e-mail change (POST /api/user/profile {email})", () => {
  it("limits the verification mails a user can send to newly typed addresses", async () => {
    const { limit, window } = RATE_LIMITS.email_change_user;
    await withinOneWindow(window, async () => {
      const user = await createSignedInUser();
      for (let i = 0; i < limit; i++) {
        const res = await api("/api/user/profile", { token: user.token, json: { email: uniqueEmail("changed"), current_password: user.password } });
        expect(res.status, res.text).toBe(200);
      }
      const last = uniqueEmail("one-too-many");
      const refused = await api("/api/user/profile", { token: user.token, json: { email: last, current_password: user.password } });
      expect(refused.status).toBe(429);
      expect(await mailsTo(last)).toHaveLength(0);
    });
  });
});

describe("proposals for moderation (new companies, competences, institutions, functions)", () => {
  it("counts every new entry a user proposes, across the calls that create them, and refuses past the limit", async () => {
    const { limit, window } = RATE_LIMITS.proposals_user;
    await withinOneWindow(window, async () => {
      const me = await createSignedInUser({ roles: ["customer", "executor"] });
      const tag = crypto.randomUUID().slice(0, 8);
      for (let i = 0; i < limit - 1; i++) {
        const res = await api("/api/companies", { token: me.token, json: { name: `Компания ${tag} ${i}` } });
        expect(res.status, res.text).toBe(201);
      }
      // The last one left goes to a competence; the next new entry of any kind is refused, and nothing is written.
      const last = await api("/api/user/profile/expertises", { token: me.token, json: { expertises: { items: [], new_items: [{ name: `Компетенция ${tag}` }] } } });
      expect(last.status, last.text).toBeLessThan(300);
      const before = await count("select count(*) n from companies where created_by = ?", me.id);
      const work = { company_id: undefined, new_company: `Ещё компания ${tag}`, work_start: "2015-03-01", work_finish: "2020-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] };
      const refused = await api("/api/user/profile/works", { token: me.token, json: { works: [work] } });
      expect(refused.status, refused.text).toBe(429);
      expect((await api("/api/companies", { token: me.token, json: { name: `Последняя ${tag}` } })).status).toBe(429);
      expect(await count("select count(*) n from companies where created_by = ?", me.id)).toBe(before);
      // Choosing an existing company is not a proposal.
      expect((await api("/api/companies", { token: me.token, json: { name: `Компания ${tag} 0` } })).status).toBe(201);
    });
  });
});
