import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signRatePayload } from "~/domain/recommendations/rate-hash.server";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, customerPayload, signIn, uniqueEmail } from "../helpers/factories";
import { mailsTo, verificationTokenTo, verifyByMail } from "../helpers/mail";
import { RATE_LIMITS } from "~/server/rate-limit.server";

const en = withServerTexts(enPage, enServer);
const SECRET = (env as unknown as { RATE_LINK_SECRET: string }).RATE_LINK_SECRET;

// Reference ids of the seed: an industry, a sub-function, and two leaf competences.
let industryId = 0;
let optionId = 0;
let optionId2 = 0;
let expertiseId = 0;
beforeAll(async () => {
  await ensureReference();
  industryId = (await rows<{ id: number }>("select id from industries order by id limit 1"))[0]!.id;
  const subs = await rows<{ id: number }>("select id from options where parent_id is not null order by id limit 2");
  optionId = subs[0]!.id;
  optionId2 = subs[1]!.id;
  expertiseId = (await rows<{ id: number }>("select id from expertises e where not exists (select 1 from expertises c where c.parent_id = e.id) order by id limit 1"))[0]!.id;
});

/** An expert with one specialization (industry × function of registration) and, optionally, a rated competence. */
async function expert(opts: { competence?: boolean; name?: string } = {}) {
  const user = await createSignedInUser({ roles: ["customer", "executor"], name: opts.name ?? "Игорь", lastName: "Волков" });
  await env.DB.batch([
    env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(user.id, industryId),
    env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(user.id, optionId),
    env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(user.id, optionId2),
  ]);
  if (opts.competence)
    // The competences of the profile live in another slice: a rating from someone makes it the user's here.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, expertise_id, rater_key, rating) values (?, 'expertise', ?, ?, 'e:seed@example.ru', 4)")
      .bind(user.id, `expertise:${expertiseId}`, expertiseId)
      .run();
  return user;
}

const tribeItem = (rater: Record<string, unknown>, option = optionId) => ({ type: "tribe", industry_id: industryId, option_id: option, ...rater });
const invited = (email = uniqueEmail("rater")) => ({ invite_rate_user: { email, name: "Пётр", lastName: "Сидоров-Ким" }, is_invited: 1 });

/** The /rate-user or /multi-rate-user hash of the newest rating request mailed to `to`. */
async function hashFromMail(to: string, page: "rate-user" | "multi-rate-user") {
  const [mail] = await mailsTo(to);
  expect(mail, `a mail to ${to}`).toBeTruthy();
  const m = new RegExp(`/${page}\\?hash=([^\\s"&<]+)`).exec(mail!.text);
  expect(m, mail!.text).toBeTruthy();
  return decodeURIComponent(m![1]!);
}

const ratingsOf = (userId: number) => rows<{ rating: number; comment: string | null; rater_key: string }>("select * from ratings where rated_user_id = ? and rater_key != 'e:seed@example.ru' order by id", userId);

describe("GET /api/user/search", () => {
  it("finds people by name above 1 character, without their e-mails, and never the caller", async () => {
    const me = await createSignedInUser({ name: "Поисковик", lastName: "Искатель" });
    const other = await createUser({ name: "Зинаида", lastName: "Уникальнова" });
    expect((await api("/api/user/search?search=З", { token: me.token })).body).toEqual([]);
    const res = await api(`/api/user/search?search=${encodeURIComponent("Уникальн")}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: other.id, type: "user", name: "Зинаида Уникальнова", company: { name: null }, rating: 4.8, photo: null, need_approve: false }]);
    expect(JSON.stringify(res.body)).not.toContain(other.email);
    expect((await api(`/api/user/search?search=${encodeURIComponent("Искатель")}`, { token: me.token })).body).toEqual([]);
  });

  it("shows an e-mail only on an exact match, and email-only matches nothing else", async () => {
    const me = await createSignedInUser();
    const other = await createUser({ name: "Эмилия", lastName: "Почтова" });
    const exact = await api(`/api/user/search?search=${encodeURIComponent(other.email.toUpperCase())}&email-only`, { token: me.token });
    expect(exact.body).toEqual([expect.objectContaining({ id: other.id, email: other.email })]);
    const partial = await api(`/api/user/search?search=${encodeURIComponent(other.email.slice(0, 8))}&email-only=1`, { token: me.token });
    expect(partial.body).toEqual([]);
    const byName = await api(`/api/user/search?search=${encodeURIComponent("Почтова")}&email-only=1`, { token: me.token });
    expect(byName.body).toEqual([]);
  });

  it("answers a guest with 401", async () => {
    expect((await api("/api/user/search?search=Анна")).status).toBe(401);
  });
});

describe("POST /api/user/invite-rate and /api/user/invite-rates", () => {
  it("asks a registered person (one mail with the multi-rate link) and an e-mail (a rate-user link per item)", async () => {
    const me = await expert({ competence: true });
    const colleague = await createSignedInUser({ name: "Олег", lastName: "Коллегов" });
    const outsider = uniqueEmail("outsider");
    const res = await api("/api/user/invite-rates", {
      token: me.token,
      json: { items: [tribeItem({ rater_user_id: colleague.id }), { type: "expertise", expertise_id: expertiseId, rater_user_id: colleague.id }, tribeItem(invited(outsider)), { expertise_id: expertiseId, ...invited(outsider) }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe("Рекомендации запрошены");
    expect(res.body.items).toHaveLength(4);
    expect(res.body.items.map((i: { status: string }) => i.status)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(await count("select count(*) n from rate_invitations where user_id = ?", me.id)).toBe(2);
    const toColleague = await mailsTo(colleague.email);
    expect(toColleague).toHaveLength(1);
    expect(toColleague[0]!.text).toContain("/multi-rate-user?hash=");
    expect(toColleague[0]!.text).not.toContain("/rate-user?hash=");
    const toOutsider = await mailsTo(outsider);
    expect(toOutsider).toHaveLength(1);
    expect(toOutsider[0]!.text.match(/\/rate-user\?hash=/g)).toHaveLength(2);
    expect(toOutsider[0]!.subject).toBe("Игорь Волков просит вас дать рекомендацию");
    // The outgoing list shows the typed e-mail, never the one of a person chosen in the search.
    const out = await api("/api/user/profile/recommendations", { token: me.token });
    expect(out.body.data.filter((i: { email: string | null }) => i.email === outsider)).toHaveLength(2);
    expect(JSON.stringify(out.body)).not.toContain(colleague.email);
  });

  it("offers the specializations of the expert's works (industry × sub-function of a workarea)", async () => {
    const me = await expert();
    const [company] = await rows<{ id: number }>("select id from companies order by id limit 1");
    const [role] = await rows<{ id: number }>("select id from work_roles order by id limit 1");
    const work = await env.DB.prepare("insert into works (user_id, company_id, work_start, work_finish) values (?, ?, '2015-03-01', '2020-03-01') returning id").bind(me.id, company!.id).first<{ id: number }>();
    await env.DB.prepare("insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values (?, ?, ?, ?, ?, 5)").bind(work!.id, me.id, industryId, optionId2, role!.id).run();
    // With a work, its workareas are what can be rated, not the registration's functions.
    const outsider = uniqueEmail("outsider");
    const res = await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(outsider), optionId2) });
    expect(res.status, res.text).toBe(201);
    const [names] = await rows<{ industry: string; option: string }>("select i.name industry, o.name option from industries i, options o where i.id = ? and o.id = ?", industryId, optionId2);
    expect(res.body.items[0].title).toBe(`${names!.industry} - ${names!.option}`);
    const other = await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(outsider), optionId) });
    expect(other.status).toBe(422);
  });

  it("takes where the two worked together only as a company the asker may pick and a work role that exists", async () => {
    const me = await expert();
    const stranger = await createSignedInUser();
    const [active] = await rows<{ id: number }>("select id from companies where status = 'active' limit 1");
    const [role] = await rows<{ id: number }>("select id from work_roles limit 1");
    const theirs = await env.DB.prepare("insert into companies (name, status, created_by) values (?, 'moderation', ?) returning id").bind(`Чужая ${crypto.randomUUID().slice(0, 8)}`, stranger.id).first<{ id: number }>();
    const mine = await env.DB.prepare("insert into companies (name, status, created_by) values (?, 'moderation', ?) returning id").bind(`Своя ${crypto.randomUUID().slice(0, 8)}`, me.id).first<{ id: number }>();
    const ask = (extra: Record<string, unknown>) => api("/api/user/invite-rate", { token: me.token, json: tribeItem({ ...invited(uniqueEmail("where")), ...extra }) });
    const invitations = () => count("select count(*) as n from rate_invitations where user_id = ?", me.id);
    for (const [field, value] of [["company_id", 999_999], ["company_id", theirs!.id], ["work_role_id", 999_999]] as const) {
      const refused = await ask({ [field]: value });
      expect(refused.status, `${field} ${value}`).toBe(422);
      expect(refused.body.errors[field]).toEqual(["Некорректное значение"]);
    }
    expect(await invitations()).toBe(0);
    expect((await ask({ company_id: active!.id, work_role_id: role!.id })).status).toBe(201);
    expect((await ask({ company_id: mine!.id })).status).toBe(201);
    expect(await rows("select company_id, work_role_id from rate_requests where user_id = ? order by id", me.id)).toEqual([
      { company_id: active!.id, work_role_id: role!.id },
      { company_id: mine!.id, work_role_id: null },
    ]);
  });

  it("shows the rater where the two worked together: the company (once approved) and the role, on the link's page", async () => {
    const me = await expert();
    const [active] = await rows<{ id: number; name: string }>("select id, name from companies where status = 'active' limit 1");
    const [role] = await rows<{ id: number; name: string }>("select id, name from work_roles limit 1");
    const email = uniqueEmail("where-shown");
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ ...invited(email), company_id: active!.id, work_role_id: role!.id }) })).status).toBe(201);
    const hash = await hashFromMail(email, "rate-user");
    const data = await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`);
    expect(data.body.tribes[0]).toMatchObject({ company_name: active!.name, work_role_name: role!.name });
    // The link's parameters carry the names too (spec 2 §3).
    const params = new URLSearchParams(Buffer.from(hash.split(".")[0]!, "base64url").toString());
    expect([params.get("company_name"), params.get("work_role_name")]).toEqual([active!.name, role!.name]);
    const page = await api(`/rate-user?hash=${encodeURIComponent(hash)}`);
    expect(page.text).toContain("<dt>Компания</dt>");
    expect(page.text).toContain(role!.name);

    // The asker's own proposed company is not named to the rater until approved.
    const mine = await env.DB.prepare("insert into companies (name, status, created_by) values (?, 'moderation', ?) returning id").bind(`Своя ${crypto.randomUUID().slice(0, 8)}`, me.id).first<{ id: number }>();
    const second = uniqueEmail("where-proposed");
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ ...invited(second), company_id: mine!.id }) })).status).toBe(201);
    const proposedHash = await hashFromMail(second, "rate-user");
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(proposedHash)}`)).body.tribes[0].company_name).toBeNull();
  });

  it("sends a request typed to an address that an unverified account holds to the address, not to that account", async () => {
    const me = await expert();
    const squatter = await createSignedInUser({ verified: false });
    const res = await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(squatter.email)) });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select rater_user_id, rater_email from rate_invitations where user_id = ?", me.id)).toEqual([{ rater_user_id: null, rater_email: squatter.email }]);
    // Neither the asker's address nor a link reaches the unproven account.
    const incoming = await api("/api/user/profile/recommendations/from-others", { token: squatter.token });
    expect(incoming.status).toBe(200);
    expect(JSON.stringify(incoming.body)).not.toContain(me.email);
    // The mail to the address carries the guest's link: only its mailbox rates.
    expect((await mailsTo(squatter.email)).at(-1)!.text).toContain("/rate-user?hash=");
    // Chosen in the search by id, the unproven account is asked at its address all the same.
    const other = await expert();
    const byId = await api("/api/user/invite-rate", { token: other.token, json: tribeItem({ rater_user_id: squatter.id }) });
    expect(byId.status, byId.text).toBe(201);
    expect(await rows("select rater_user_id, rater_email, rater_chosen_id from rate_invitations where user_id = ?", other.id)).toEqual([{ rater_user_id: null, rater_email: squatter.email, rater_chosen_id: squatter.id }]);
    expect(JSON.stringify((await api("/api/user/profile/recommendations/from-others", { token: squatter.token })).body)).not.toContain(other.email);
    // The asker chose a person, not an address: the address he never typed is not shown to him anywhere.
    expect(byId.text).not.toContain(squatter.email);
    const outgoing = await api("/api/user/profile/recommendations", { token: other.token });
    expect(outgoing.status).toBe(200);
    expect(outgoing.text).not.toContain(squatter.email);
    expect(outgoing.text).toContain(squatter.lastName);
    const asked = await api("/api/user/invite-rates", { token: other.token });
    expect(asked.text).not.toContain(squatter.email);
    expect(asked.body[0]).toMatchObject({ rater_user_id: squatter.id, invite_rate_user: null, is_invited: 0 });
    expect((await api("/profile/information", { cookie: `session=${other.token}` })).text).not.toContain(squatter.email);
    // The address the asker typed himself is still shown to him.
    expect((await api("/api/user/invite-rates", { token: me.token })).body[0]).toMatchObject({ rater_user_id: null, invite_rate_user: { email: squatter.email }, is_invited: 1 });
  });

  it("leaves a blocked person out (decision 0056): he cannot be asked by his id, his requests leave the raters' lists, his rating link is dead", async () => {
    const me = await expert();
    const rater = await createSignedInUser();
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: rater.id }) })).status).toBe(201);
    const hash = await hashFromMail(rater.email, "multi-rate-user");
    const incoming = async () => JSON.stringify((await api("/api/user/profile/recommendations/from-others", { token: rater.token })).body);
    expect(await incoming()).toContain("Волков");
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`, { token: rater.token })).status).toBe(200);
    await env.DB.prepare("update users set blocked_at = ? where id = ?").bind(new Date().toISOString(), me.id).run();
    expect(await incoming()).not.toContain("Волков");
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`, { token: rater.token })).status).toBe(422);
    const asker = await expert();
    expectFieldError(await api("/api/user/invite-rate", { token: asker.token, json: tribeItem({ rater_user_id: me.id }) }), "rater_user_id", "Выберите пользователя");
    // Nor by his address typed in: nothing stored, nothing mailed.
    const mailed = (await mailsTo(me.email)).length;
    expectFieldError(
      await api("/api/user/invite-rate", { token: asker.token, json: tribeItem({ invite_rate_user: { email: me.email, name: "Игорь", lastName: "Волков" }, is_invited: 1 }) }),
      "invite_rate_user.email",
      "Этот человек сейчас не может оценивать",
    );
    expect(await count("select count(*) n from rate_invitations where user_id = ?", asker.id)).toBe(0);
    expect(await mailsTo(me.email)).toHaveLength(mailed);
  });

  it("counts every typed address it looks up, refused or not, on the invitations' lookup limit", async () => {
    const blocked = await createSignedInUser();
    await env.DB.prepare("update users set blocked_at = ? where id = ?").bind(new Date().toISOString(), blocked.id).run();
    const asker = await expert();
    const ask = () => api("/api/user/invite-rate", { token: asker.token, json: tribeItem({ invite_rate_user: { email: blocked.email, name: "Игорь", lastName: "Волков" }, is_invited: 1 }) });
    for (let i = 0; i < RATE_LIMITS.invite_check_user.limit; i++) expect((await ask()).status).toBe(422);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).not.toContain("не может оценивать");
  });

  it("writes to a rater in his own language", async () => {
    const me = await expert();
    const rater = await createUser({ name: "John", lastName: "Smith" });
    await env.DB.prepare("update users set locale = 'en' where id = ?").bind(rater.id).run();
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: rater.id }) })).status).toBe(201);
    const [mail] = await mailsTo(rater.email);
    expect(mail!.subject).toBe("Игорь Волков asks you to rate their work");
    expect(mail!.text).toContain("Hello, John!");
  });

  it("takes one item at /invite-rate; an e-mail of an existing account asks that account", async () => {
    const me = await expert();
    const existing = await createUser({ name: "Вера", lastName: "Найденова" });
    const res = await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ invite_rate_user: { email: existing.email, name: "Вера", lastName: "Найденова" }, is_invited: 1 }) });
    expect(res.status, res.text).toBe(201);
    const [inv] = await rows<{ rater_user_id: number }>("select rater_user_id from rate_invitations where user_id = ?", me.id);
    expect(inv!.rater_user_id).toBe(existing.id);
    expect((await mailsTo(existing.email))[0]!.text).toContain("/multi-rate-user?hash=");
  });

  it("refuses what the spec refuses, in Russian and English, writing nothing", async () => {
    const me = await expert();
    const before = await count("select count(*) n from rate_requests");
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem({}) }), "rater_user_id", "Выберите пользователя");
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, lang: "en", json: tribeItem({}) }), "rater_user_id", en.recommend.choose_user);
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: 99999999 }) }), "rater_user_id", "Выберите пользователя");
    const bad = (p: Record<string, unknown>) => api("/api/user/invite-rate", { token: me.token, json: tribeItem({ invite_rate_user: { email: "a@b.ru", name: "Пётр", lastName: "Сидоров", ...p } }) });
    expectFieldError(await bad({ email: "" }), "invite_rate_user.email", "E-mail обязателен");
    expectFieldError(await bad({ email: "not-an-email" }), "invite_rate_user.email", "некорректный E-mail");
    expectFieldError(await bad({ name: "" }), "invite_rate_user.name", "Имя обязательно для заполнения");
    expectFieldError(await bad({ lastName: "" }), "invite_rate_user.lastName", "Фамилия обязательна для заполнения");
    expectFieldError(await bad({ name: "Пётр1" }), "invite_rate_user.name", "Допустимы только буквы (кириллица или латиница) и дефис");
    expectFieldError(await bad({ lastName: "А".repeat(31) }), "invite_rate_user.lastName", "Максимальная длина - 30 символов");
    expectFieldError(await bad({ email: me.email }), "invite_rate_user.email", "Нельзя запросить рекомендацию у самого себя");
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: me.id }) }), "rater_user_id", "Нельзя запросить рекомендацию у самого себя");
    // Only the user's own specializations and competences; services come later.
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: { expertise_id: expertiseId, ...invited() } }), "expertise_id", "Выберите специализацию или компетенцию из своего профиля");
    // A competence the user proposed is his, but not rated until an operator approves it (decision 0061).
    const name = `Оценка стартапов ${crypto.randomUUID().slice(0, 8)}`;
    const proposal = await api("/api/user/profile/expertises", { token: me.token, json: { expertises: { items: [], new_items: [{ name }] } } });
    expect(proposal.status, proposal.text).toBe(200);
    const [proposed] = await rows<{ id: number }>("select e.id from expertises e join user_expertises ue on ue.expertise_id = e.id and ue.user_id = ? where e.name = ? and e.status = 'moderation'", me.id, name);
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: { expertise_id: proposed!.id, ...invited() } }), "expertise_id", "Выберите специализацию или компетенцию из своего профиля");
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: { type: "service", service_id: 1, ...invited() } }), "service_id", "Оценить можно только свою активную услугу");
    expectFieldError(await api("/api/user/invite-rates", { token: me.token, json: { items: [] } }), "items", "Выберите специализацию или компетенцию");
    expect(await count("select count(*) n from rate_requests")).toBe(before);
  });

  it("never asks a rating of a specialization whose function is still proposed, nor shows one asked before that rule", async () => {
    const me = await expert();
    const [main] = await rows<{ id: number }>("select parent_id as id from options where id = ?", optionId);
    const proposedName = `Своя функция ${crypto.randomUUID().slice(0, 8)}`;
    const [proposed] = await rows<{ id: number }>("insert into options (name, parent_id, status, created_by) values (?, ?, 'moderation', ?) returning id", proposedName, main!.id, me.id);
    await rows("insert into user_options (user_id, option_id) values (?, ?)", me.id, proposed!.id);
    const before = await count("select count(*) n from rate_requests");
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(), proposed!.id) }), "industry_id", "Выберите специализацию или компетенцию из своего профиля");
    expect(await count("select count(*) n from rate_requests")).toBe(before);

    // One asked while its function was approved, which then went back to moderation (as a request made
    // before this rule): the rater's list leaves it out.
    const rater = await createSignedInUser();
    const laterName = `Функция ${crypto.randomUUID().slice(0, 8)}`;
    const [later] = await rows<{ id: number }>("insert into options (name, parent_id, status, created_by) values (?, ?, 'active', ?) returning id", laterName, main!.id, me.id);
    await rows("insert into user_options (user_id, option_id) values (?, ?)", me.id, later!.id);
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: rater.id }, later!.id) })).status).toBe(201);
    const incoming = async () => JSON.stringify((await api("/api/user/profile/recommendations/from-others", { token: rater.token })).body);
    expect(await incoming()).toContain(laterName);
    await rows("update options set status = 'moderation' where id = ?", later!.id);
    expect(await incoming()).not.toContain(laterName);
    // Nor is its asker told a reminder went.
    const [asked] = await rows<{ id: number }>("select id from rate_requests where user_id = ? and option_id = ?", me.id, later!.id);
    const mailed = (await mailsTo(rater.email)).length;
    expectFieldError(await api("/api/user/remind-to-rate", { token: me.token, json: { id: asked!.id } }), "id", "Этот пункт сейчас нельзя оценить: он не одобрен модератором");
    expect(await mailsTo(rater.email)).toHaveLength(mailed);
  });

  it("allows at most 5 specializations in one request (spec 2 §5), and a competence beside them", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const opts = await rows<{ id: number }>("select id from options where parent_id is not null order by id limit 6");
    await env.DB.batch([
      env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(me.id, industryId),
      ...opts.map((o) => env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(me.id, o.id)),
    ]);
    const email = uniqueEmail("five");
    const items = opts.map((o) => tribeItem(invited(email), o.id));
    expectFieldError(await api("/api/user/invite-rates", { token: me.token, json: { items } }), "items", "Можно выбрать не более 5 специализаций");
    // A competence does not count against the specializations.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, expertise_id, rater_key, rating) values (?, 'expertise', ?, ?, 'e:seed@example.ru', 4)").bind(me.id, `expertise:${expertiseId}`, expertiseId).run();
    const res = await api("/api/user/invite-rates", { token: me.token, json: { items: [...items.slice(0, 5), { type: "expertise", expertise_id: expertiseId, ...invited(email) }] } });
    expect(res.status, res.text).toBe(201);
  });

  it("answers a guest with 401", async () => {
    expect((await api("/api/user/invite-rate", { json: tribeItem(invited()) })).status).toBe(401);
    expect((await api("/api/user/invite-rates", { json: { items: [tribeItem(invited())] } })).status).toBe(401);
    expect((await api("/api/user/invite-rates")).status).toBe(401);
  });

  it("lists what the user asked at GET /invite-rates, and nothing of it to another user", async () => {
    const me = await expert();
    const email = uniqueEmail("listed");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const mine = await api("/api/user/invite-rates", { token: me.token });
    expect(mine.body).toEqual([expect.objectContaining({ type: "tribe", industry_id: industryId, option_id: optionId, rater_user_id: null, is_invited: 1, invite_rate_user: expect.objectContaining({ email }) })]);
    const other = await createSignedInUser();
    expect((await api("/api/user/invite-rates", { token: other.token })).body).toEqual([]);
  });
});

describe("signed-in calls", () => {
  it.each([
    ["GET", "/api/user/search?search=Анна", undefined],
    ["GET", "/api/user/invite-rates", undefined],
    ["GET", "/api/user/profile/recommendations", undefined],
    ["GET", "/api/user/profile/recommendations/from-others", undefined],
    ["POST", "/api/user/remind-to-rate", { id: 1 }],
    ["POST", "/api/view-flags", { model: "recommendation", ids: [1] }],
    ["POST", "/api/user/profile/recommendations/from-others/1/decline", {}],
  ])("%s %s answers a guest with 401", async (method, path, json) => {
    const res = await api(path, { method, json });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Требуется авторизация" });
  });

  it("answers an unknown incoming id with 404 and a malformed body with 422", async () => {
    const me = await createSignedInUser();
    expect((await api("/api/user/profile/recommendations/from-others/abc/decline", { token: me.token, method: "POST" })).status).toBe(404);
    expect((await api("/api/user/profile/recommendations/from-others/999999/decline", { token: me.token, method: "POST" })).status).toBe(404);
    expect((await api("/api/user/remind-to-rate", { token: me.token, json: { id: 999999 } })).status).toBe(404);
    expect((await api("/api/user/remind-to-rate", { token: me.token, json: { id: "x" } })).status).toBe(422);
    expect((await api("/api/user/profile/recommendations?type=bad", { token: me.token })).status).toBe(422);
    expect((await api("/api/user/invite-rates", { token: me.token, body: "{not json", headers: { "Content-Type": "application/json" } })).status).toBe(422);
  });
});

describe("GET /api/user/profile/recommendations (outgoing)", () => {
  it("sorts sent, approve, declined, pages by 7 and filters by section", async () => {
    const me = await expert();
    const items = Array.from({ length: 9 }, (_, i) => tribeItem(invited(uniqueEmail(`p${i}`)), i % 2 ? optionId : optionId2));
    expect((await api("/api/user/invite-rates", { token: me.token, json: { items } })).status).toBe(201);
    const ids = (await rows<{ id: number }>("select id from rate_requests where user_id = ? order by id", me.id)).map((r) => r.id);
    await env.DB.prepare("update rate_requests set status = 'declined' where id = ?").bind(ids[0]).run();
    await env.DB.prepare("update rate_requests set status = 'approve' where id = ?").bind(ids[1]).run();
    const p1 = await api("/api/user/profile/recommendations?type=tribe", { token: me.token });
    expect(p1.body.meta).toEqual({ current_page: 1, per_page: 7, total: 9, last_page: 2 });
    expect(p1.body.data).toHaveLength(7);
    expect(Object.keys(p1.body.data[0]).sort()).toEqual(expect.arrayContaining(["id", "type", "title", "email", "name", "lastName", "status", "remind_available_at"]));
    expect(p1.body.data[0].title).toMatch(/ - /);
    const p2 = await api("/api/user/profile/recommendations?type=tribe&page=2", { token: me.token });
    expect(p2.body.data.map((i: { status: string }) => i.status)).toEqual(["approve", "declined"]);
    expect((await api("/api/user/profile/recommendations?type=expertise", { token: me.token })).body.data).toEqual([]);
    const other = await createSignedInUser();
    expect((await api("/api/user/profile/recommendations", { token: other.token })).body.data).toEqual([]);
    expect((await api("/api/user/profile/recommendations")).status).toBe(401);
  });
});

describe("incoming requests: from-others, view-flags, decline", () => {
  it("lists them to the rater, unseen first, with a multi-rate hash; view flags and decline are the rater's only", async () => {
    const rater = await createSignedInUser({ name: "Рейтер", lastName: "Оценщиков" });
    const a = await expert({ name: "Антон" });
    const b = await expert({ name: "Борис" });
    await api("/api/user/invite-rate", { token: a.token, json: tribeItem({ rater_user_id: rater.id }) });
    await api("/api/user/invite-rate", { token: b.token, json: tribeItem({ rater_user_id: rater.id }) });
    let list = await api("/api/user/profile/recommendations/from-others", { token: rater.token });
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ user: { id: b.id, name: "Борис", lastName: "Волков", email: b.email }, is_viewed: false, recommendations: [{ title: expect.stringMatching(/ - /) }] });
    expect(list.body[0].hash).toMatch(/\./);
    const [invB, invA] = [list.body[0].id, list.body[1].id];

    // A stranger can neither flag nor decline them.
    const stranger = await createSignedInUser();
    expect((await api("/api/user/profile/recommendations/from-others", { token: stranger.token })).body).toEqual([]);
    expect((await api("/api/view-flags", { token: stranger.token, json: { model: "recommendation", ids: [invA, invB] } })).body).toEqual({ ids: [] });
    expect((await api(`/api/user/profile/recommendations/from-others/${invA}/decline`, { token: stranger.token, method: "POST" })).status).toBe(404);
    expect((await api(`/api/user/profile/recommendations/from-others/${invA}/decline`, { method: "POST" })).status).toBe(401);
    expect((await api("/api/view-flags", { json: { model: "recommendation", ids: [invA] } })).status).toBe(401);
    expect(await count("select count(*) n from rate_invitations where id in (?, ?) and (is_viewed = 1 or declined_at is not null)", invA, invB)).toBe(0);
    expectFieldError(await api("/api/view-flags", { token: rater.token, json: { model: "user", ids: [invA] } }), "model", "Неизвестный тип записей");

    // Seen: B goes after A.
    expect((await api("/api/view-flags", { token: rater.token, json: { model: "recommendation", ids: [invB] } })).body).toEqual({ ids: [invB] });
    list = await api("/api/user/profile/recommendations/from-others", { token: rater.token });
    expect(list.body.map((i: { id: number; is_viewed: boolean }) => [i.id, i.is_viewed])).toEqual([[invA, false], [invB, true]]);

    // Declined: gone from the list, 'declined' in the asker's outgoing list.
    expect((await api(`/api/user/profile/recommendations/from-others/${invA}/decline`, { token: rater.token, method: "POST" })).status).toBe(200);
    list = await api("/api/user/profile/recommendations/from-others", { token: rater.token });
    expect(list.body.map((i: { id: number }) => i.id)).toEqual([invB]);
    expect((await api("/api/user/profile/recommendations", { token: a.token })).body.data[0].status).toBe("declined");
    expect((await api(`/api/user/profile/recommendations/from-others/${invA}/decline`, { token: rater.token, method: "POST" })).status).toBe(404);
  });

  it("shows a request sent to an e-mail to the person who registers with it", async () => {
    const a = await expert();
    const email = uniqueEmail("later");
    await api("/api/user/invite-rate", { token: a.token, json: tribeItem(invited(email)) });
    const later = await createSignedInUser({ email });
    const list = await api("/api/user/profile/recommendations/from-others", { token: later.token });
    expect(list.body).toHaveLength(1);
  });
});

describe("POST /api/user/remind-to-rate", () => {
  it("answers 429 with the wait before remind_available_at, then re-sends once it has passed", async () => {
    const me = await expert();
    const email = uniqueEmail("remind");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const [item] = (await api("/api/user/profile/recommendations", { token: me.token })).body.data;
    const early = await api("/api/user/remind-to-rate", { token: me.token, json: { id: item.id } });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe("Повторное напоминание через 24 часа");
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect((await api("/api/user/remind-to-rate", { token: me.token, lang: "en", json: { id: item.id } })).body.message).toBe("Next reminder in 24 hours");
    await env.DB.prepare("update rate_invitations set remind_available_at = ? where user_id = ?").bind(Date.now() + 5 * 60_000 - 1000, me.id).run();
    expect((await api("/api/user/remind-to-rate", { token: me.token, json: { id: item.id } })).body.message).toBe("Повторное напоминание через 5 минут");
    expect(await mailsTo(email)).toHaveLength(1);

    // Another user, a guest: nothing happens.
    const other = await createSignedInUser();
    await env.DB.prepare("update rate_invitations set remind_available_at = 0 where user_id = ?").bind(me.id).run();
    expect((await api("/api/user/remind-to-rate", { token: other.token, json: { id: item.id } })).status).toBe(404);
    expect((await api("/api/user/remind-to-rate", { json: { id: item.id } })).status).toBe(401);
    expect(await mailsTo(email)).toHaveLength(1);

    const ok = await api("/api/user/remind-to-rate", { token: me.token, json: { id: item.id } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe("Мы повторно отправили запрос на рекомендации");
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Напоминание: Игорь Волков ждёт вашей оценки");
    expect((await api("/api/user/remind-to-rate", { token: me.token, json: { id: item.id } })).status).toBe(429);
  });
});

describe("rating by link: POST /api/user/rate", () => {
  it("lets an invited guest rate; a second rating replaces the first, and the average follows", async () => {
    const me = await expert();
    const email = uniqueEmail("guest");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const hash = await hashFromMail(email, "rate-user");
    const data = await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`);
    expect(data.body).toMatchObject({ kind: "single", user: { id: me.id, name: "Игорь", lastName: "Волков" }, tribes: [{ industry_id: industryId, option_id: optionId }], expertises: [], services: [] });

    // Another expert's rating of the same item, so that the average is over two raters.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rating) values (?, 'tribe', ?, ?, ?, 'e:other@example.ru', 2)")
      .bind(me.id, `tribe:${industryId}:${optionId}`, industryId, optionId)
      .run();
    const avg = async () => (await rows<{ a: number }>("select avg(rating) a from ratings where rated_user_id = ? and subject_key = ?", me.id, `tribe:${industryId}:${optionId}`))[0]!.a;
    expect(await avg()).toBe(2);

    const first = await api("/api/user/rate", { json: { hash, rating: 5, comment: "Отличный специалист" } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe("Спасибо за вашу оценку!");
    expect(await avg()).toBe(3.5);
    const replay = await api("/api/user/rate", { json: { hash, rating: 4 } });
    expect(replay.status).toBe(200);
    const mine = await rows<{ rating: number; comment: string | null }>("select rating, comment from ratings where rated_user_id = ? and rater_key = ?", me.id, `e:${email}`);
    expect(mine).toEqual([{ rating: 4, comment: null }]);
    expect(await avg()).toBe(3);
    expect((await api("/api/user/profile/recommendations", { token: me.token })).body.data[0].status).toBe("approve");
  });

  it("never asks the same person twice for an item still waiting; a rating closes every ask of it by that person (two made at once)", async () => {
    const me = await expert();
    const email = uniqueEmail("twice");
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) })).status).toBe(201);
    expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email.toUpperCase())) }), "invite_rate_user.email", "Вы уже попросили этого человека оценить это: напомнить можно в списке запросов");
    expect(await mailsTo(email)).toHaveLength(1);
    // Another item of the same person, and the same item of another person, are asked.
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email), optionId2) })).status).toBe(201);
    const other = uniqueEmail("other");
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(other)) })).status).toBe(201);
    // Two asks of one item made at once (both passed the check): a copy of the first invitation and request.
    const [first] = await rows<{ id: number; invitation_id: number }>("select id, invitation_id from rate_requests where user_id = ? order by id limit 1", me.id);
    const [copy] = await rows<{ id: number }>(
      "insert into rate_invitations (user_id, rater_user_id, rater_email, rater_name, rater_last_name, remind_available_at) select user_id, rater_user_id, rater_email, rater_name, rater_last_name, remind_available_at from rate_invitations where id = ? returning id",
      first!.invitation_id,
    );
    await rows("insert into rate_requests (invitation_id, user_id, type, subject_key, industry_id, option_id, status) select ?, user_id, type, subject_key, industry_id, option_id, 'sent' from rate_requests where id = ?", copy!.id, first!.id);
    // The first request's link (its rate_id in the signed parameters).
    const hashes = (await mailsTo(email)).map((m) => decodeURIComponent(/\/rate-user\?hash=([^\s"&<]+)/.exec(m.text)![1]!));
    const hash = hashes.find((h) => new URLSearchParams(Buffer.from(h.split(".")[0]!, "base64url").toString()).get("rate_id") === String(first!.id))!;
    expect((await api("/api/user/rate", { json: { hash, rating: 5 } })).status).toBe(200);
    const statuses = await rows<{ subject_key: string; email: string; status: string }>(
      "select r.subject_key, i.rater_email as email, r.status from rate_requests r join rate_invitations i on i.id = r.invitation_id where r.user_id = ? order by r.id",
      me.id,
    );
    expect(statuses.map((x) => [x.email, x.status])).toEqual([
      [email, "approve"],
      [email, "sent"],
      [other, "sent"],
      [email, "approve"],
    ]);
  });

  it("refuses the second of two asks of the same item of the same person made at once: one waits, one e-mail", async () => {
    const me = await expert();
    const email = uniqueEmail("at-once");
    // The other call commits between this call's check and its batch: as this one counts its e-mail.
    const other = `insert into rate_invitations (user_id, rater_email, rater_name, rater_last_name, remind_available_at) values (${me.id}, '${email}', 'Пётр', 'Сидоров-Ким', 0);
      insert into rate_requests (invitation_id, user_id, type, subject_key, industry_id, option_id, status) values ((select max(id) from rate_invitations where user_id = ${me.id}), ${me.id}, 'tribe', 'tribe:${industryId}:${optionId}', ${industryId}, ${optionId}, 'sent')`;
    const when = `when instr(new.key, 'recommend_email:e:${email}:') = 1`;
    await rows(`create trigger ask_at_once_i_${me.id} after insert on rate_limits ${when} begin ${other}; end`);
    await rows(`create trigger ask_at_once_u_${me.id} after update on rate_limits ${when} begin ${other}; end`);
    try {
      expectFieldError(await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) }), "invite_rate_user.email", "Вы уже попросили этого человека оценить это: напомнить можно в списке запросов");
    } finally {
      await rows(`drop trigger ask_at_once_i_${me.id}`);
      await rows(`drop trigger ask_at_once_u_${me.id}`);
    }
    expect(await count("select count(*) n from rate_requests where user_id = ? and status = 'sent'", me.id)).toBe(1);
    expect(await count("select count(*) n from rate_invitations where user_id = ?", me.id)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(0);
    // Other items and other people are still asked as before.
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email), optionId2) })).status).toBe(201);
  });

  it("writes no rating when the invitation is declined (the rater's other tab) while the rating is under way", async () => {
    const me = await expert();
    const email = uniqueEmail("declining");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const hash = await hashFromMail(email, "rate-user");
    const [inv] = await rows<{ id: number }>("select invitation_id as id from rate_requests where user_id = ? order by id desc limit 1", me.id);
    // The decline lands between the link's check and the rating's batch: as the batch writes the rating.
    await rows(`create trigger declined_meanwhile_${inv!.id} before insert on ratings when new.rater_key = 'e:${email}' begin update rate_invitations set declined_at = '2026-01-01T00:00:00.000Z' where id = ${inv!.id}; end`);
    try {
      expectFieldError(await api("/api/user/rate", { json: { hash, rating: 5 } }), "hash", "Проверьте ссылку и перезагрузите страницу");
    } finally {
      await rows(`drop trigger declined_meanwhile_${inv!.id}`);
    }
    expect(await count("select count(*) n from ratings where rated_user_id = ? and rater_key = ?", me.id, `e:${email}`)).toBe(0);
    expect(await rows("select status from rate_requests where invitation_id = ?", inv!.id)).toEqual([{ status: "sent" }]);
  });

  it("refuses a tampered or foreign hash with the spec's text, writing nothing", async () => {
    const me = await expert();
    const email = uniqueEmail("tamper");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const hash = await hashFromMail(email, "rate-user");
    const [body, sig] = hash.split(".");
    const decoded = atob(body!.replace(/-/g, "+").replace(/_/g, "/"));
    // The payload is the spec's base64 key=value list: change the rated user, keep the signature.
    expect(decoded).toContain(`user_id=${me.id}`);
    const forged = btoa(decoded.replace(`user_id=${me.id}`, `user_id=${me.id + 1}`)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    for (const bad of [`${forged}.${sig}`, `${body}.${sig!.slice(0, -2)}xx`, body!, "", "x".repeat(5000), await signRatePayload("another-secret-of-at-least-32-characters!!", { kind: "single", rate_id: 1, invitation_id: 1, user_id: me.id, type: "tribe", rater_email: email })]) {
      const res = await api("/api/user/rate", { json: { hash: bad, rating: 5 } });
      expectFieldError(res, "hash", "Проверьте ссылку и перезагрузите страницу");
      expectFieldError(await api(`/api/user/rates?hash=${encodeURIComponent(bad)}`), "hash", "Проверьте ссылку и перезагрузите страницу");
    }
    expectFieldError(await api("/api/user/rate", { lang: "en", json: { hash: `${forged}.${sig}`, rating: 5 } }), "hash", en.recommend.bad_link);
    expect(await ratingsOf(me.id)).toEqual([]);
  });

  it("never lets the profile owner rate himself", async () => {
    const me = await expert();
    const email = uniqueEmail("self");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const [req] = await rows<{ id: number; invitation_id: number }>("select id, invitation_id from rate_requests where user_id = ?", me.id);
    // A link the server would never mail: signed, naming the owner as the rater.
    for (const rater of [{ rater_user_id: me.id }, { rater_email: me.email }]) {
      const hash = await signRatePayload(SECRET, { kind: "single", rate_id: req!.id, invitation_id: req!.invitation_id, user_id: me.id, type: "tribe", industry_id: industryId, option_id: optionId, ...rater });
      const res = await api("/api/user/rate", { token: me.token, json: { hash, rating: 5 } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Нельзя оценить самого себя");
    }
    // The owner, signed in, opening the link he asked another person to use.
    const hash = await hashFromMail(email, "rate-user");
    expect((await api("/api/user/rate", { token: me.token, json: { hash, rating: 5 } })).status).toBe(403);
    expect(await ratingsOf(me.id)).toEqual([]);
  });

  it("validates the score and the comment", async () => {
    const me = await expert();
    const email = uniqueEmail("score");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const hash = await hashFromMail(email, "rate-user");
    for (const rating of [undefined, 0, 6, 2.5, "abc"]) expectFieldError(await api("/api/user/rate", { json: { hash, rating } }), "rating", "Поставьте оценку от 1 до 5");
    expectFieldError(await api("/api/user/rate", { json: { hash, rating: 5, comment: "я".repeat(301) } }), "comment", "Превышен лимит символов");
    expectFieldError(await api("/api/user/rate", { lang: "en", json: { hash, rating: 5, comment: "я".repeat(301) } }), "comment", "Character limit exceeded");
    expect((await api("/api/user/rate", { json: { hash, rating: 5, comment: "я".repeat(300) } })).status).toBe(200);
  });

  it("rates a competence through a link only once an operator approved it (decision 0061)", async () => {
    const me = await expert({ competence: true });
    const name = `Оценка стартапов ${crypto.randomUUID().slice(0, 8)}`;
    expect((await api("/api/user/profile/expertises", { token: me.token, json: { expertises: { items: [], new_items: [{ name }] } } })).status).toBe(200);
    const [proposed] = await rows<{ id: number }>("select id from expertises where name = ? and status = 'moderation'", name);
    // A request for it as the rules before 0061 let one be made: asked for an approved competence, then
    // pointed at the proposal (what such an old row holds).
    const email = uniqueEmail("early");
    expect((await api("/api/user/invite-rate", { token: me.token, json: { type: "expertise", expertise_id: expertiseId, ...invited(email) } })).status).toBe(201);
    const [req] = await rows<{ id: number; invitation_id: number }>("select id, invitation_id from rate_requests where user_id = ?", me.id);
    await rows("update rate_requests set expertise_id = ?, subject_key = ? where id = ?", proposed!.id, `expertise:${proposed!.id}`, req!.id);
    const hash = await signRatePayload(SECRET, { kind: "single", rate_id: req!.id, invitation_id: req!.invitation_id, user_id: me.id, type: "expertise", expertise_id: proposed!.id, rater_email: email });
    expectFieldError(await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`), "hash", "Проверьте ссылку и перезагрузите страницу");
    expectFieldError(await api("/api/user/rate", { json: { hash, rating: 5 } }), "hash", "Проверьте ссылку и перезагрузите страницу");
    expect(await ratingsOf(me.id)).toEqual([]);
    const operator = await signIn(await createOperator());
    expect((await api("/api/admin/moderation", { token: operator, json: { kind: "expertises", id: proposed!.id, decision: "approve" } })).status).toBe(200);
    const rated = await api("/api/user/rate", { json: { hash, rating: 5 } });
    expect(rated.status, rated.text).toBe(200);
    expect(await ratingsOf(me.id)).toHaveLength(1);
  });

  it("needs the registered rater himself for a link that names him", async () => {
    const me = await expert();
    const rater = await createSignedInUser();
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem({ rater_user_id: rater.id }) });
    const [req] = await rows<{ id: number; invitation_id: number }>("select id, invitation_id from rate_requests where user_id = ?", me.id);
    const hash = await signRatePayload(SECRET, { kind: "single", rate_id: req!.id, invitation_id: req!.invitation_id, user_id: me.id, type: "tribe", rater_user_id: rater.id });
    expect((await api("/api/user/rate", { json: { hash, rating: 5 } })).status).toBe(401);
    const stranger = await createSignedInUser();
    expect((await api("/api/user/rate", { token: stranger.token, json: { hash, rating: 5 } })).status).toBe(403);
    expect(await ratingsOf(me.id)).toEqual([]);
    expect((await api("/api/user/rate", { token: rater.token, json: { hash, rating: 5 } })).status).toBe(200);
    expect(await ratingsOf(me.id)).toHaveLength(1);
  });
});

describe("multi-rate: GET /api/user/rates and POST /api/user/multi-rate", () => {
  it("lets the signed-in rater rate every item with a comment; guests get 401, strangers 403", async () => {
    const me = await expert({ competence: true });
    const rater = await createSignedInUser();
    await api("/api/user/invite-rates", { token: me.token, json: { items: [tribeItem({ rater_user_id: rater.id }), { expertise_id: expertiseId, rater_user_id: rater.id }] } });
    const hash = await hashFromMail(rater.email, "multi-rate-user");
    const data = await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`, { token: rater.token });
    expect(data.status, data.text).toBe(200);
    expect(data.body.kind).toBe("multi");
    expect(data.body.tribes).toHaveLength(1);
    expect(data.body.expertises).toEqual([{ id: expect.any(Number), expertise_id: expertiseId, expertise_name: expect.any(String) }]);
    const [tribe, exp] = [data.body.tribes[0].id, data.body.expertises[0].id];

    const stranger = await createSignedInUser();
    expect((await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`, { token: stranger.token })).status).toBe(403);
    expect((await api("/api/user/multi-rate", { json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }], comment: "Да" } })).status).toBe(401);
    expect((await api("/api/user/multi-rate", { token: stranger.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }], comment: "Да" } })).status).toBe(403);
    expect((await api("/api/user/multi-rate", { token: me.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }], comment: "Да" } })).status).toBe(403);
    expect(await ratingsOf(me.id)).toEqual([]);

    const partial = await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }], comment: "Да" } });
    expectFieldError(partial, "items", "Оставьте оценку по каждой запрошенной компетенции...");
    expect(partial.body.title).toBe("Оцените все компетенции");
    expectFieldError(await api("/api/user/multi-rate", { token: rater.token, lang: "en", json: { hash, items: [], comment: "Да" } }), "items", en.recommend.rate_all_text);
    expectFieldError(await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }] } }), "comment", "Поле обязательно для заполнения");
    expectFieldError(await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }], comment: "я".repeat(301) } }), "comment", "Превышен лимит символов");
    expectFieldError(await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 9 }], comment: "Да" } }), "items.1.rating", "Поставьте оценку от 1 до 5");
    expect(await ratingsOf(me.id)).toEqual([]);

    const ok = await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 5 }, { rate_id: exp, rating: 4 }], comment: "Работали вместе" } });
    expect(ok.status, ok.text).toBe(200);
    expect((await ratingsOf(me.id)).map((r) => [r.rating, r.rater_key])).toEqual([[5, `u:${rater.id}`], [4, `u:${rater.id}`]]);
    expect((await api("/api/user/profile/recommendations/from-others", { token: rater.token })).body).toEqual([]);
    // Again: the last rating counts, still one row per item.
    await api("/api/user/multi-rate", { token: rater.token, json: { hash, items: [{ rate_id: tribe, rating: 3 }, { rate_id: exp, rating: 3 }], comment: "Ещё раз" } });
    expect((await ratingsOf(me.id)).map((r) => r.rating)).toEqual([3, 3]);
  });

  it("refuses a single-item hash and a tampered one", async () => {
    const me = await expert();
    const email = uniqueEmail("multi-single");
    await api("/api/user/invite-rate", { token: me.token, json: tribeItem(invited(email)) });
    const single = await hashFromMail(email, "rate-user");
    const signedIn = await createSignedInUser({ email: uniqueEmail("x") });
    expectFieldError(await api("/api/user/multi-rate", { token: signedIn.token, json: { hash: single, items: [], comment: "Да" } }), "hash", "Проверьте ссылку и перезагрузите страницу");
    expectFieldError(await api("/api/user/multi-rate", { json: { hash: `${single}x`, items: [], comment: "Да" } }), "hash", "Проверьте ссылку и перезагрузите страницу");
  });
});

describe("a guest rater who registers later (decision 0016)", () => {
  /** Every /rate-user hash of the newest mail to `to`, in the mail's order (one per item). */
  async function singleHashes(to: string) {
    const [mail] = await mailsTo(to);
    return [...mail!.text.matchAll(/\/rate-user\?hash=([^\s"&<]+)/g)].map((m) => decodeURIComponent(m[1]!));
  }
  const tribeKeyOf = () => `tribe:${industryId}:${optionId}`;
  const avg = async (userId: number) => (await rows<{ a: number; n: number }>("select avg(rating) a, count(*) n from ratings where rated_user_id = ? and subject_key = ?", userId, tribeKeyOf()))[0]!;

  /** An expert asks `email` for a specialization and a competence; the guest rates the specialization. */
  async function guestRated(email: string) {
    const me = await expert({ competence: true });
    await api("/api/user/invite-rates", { token: me.token, json: { items: [tribeItem(invited(email)), { expertise_id: expertiseId, ...invited(email) }] } });
    const [tribeHash, expertiseHash] = await singleHashes(email);
    expect((await api("/api/user/rate", { json: { hash: tribeHash, rating: 2, comment: "Как гость" } })).status).toBe(200);
    // Another rater of the same item, so that the average is over two people.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rating) values (?, 'tribe', ?, ?, ?, 'e:other@example.ru', 5)")
      .bind(me.id, tribeKeyOf(), industryId, optionId)
      .run();
    return { me, tribeHash: tribeHash!, expertiseHash: expertiseHash! };
  }

  it("joins the requests and the guest rating to the account once it proves that e-mail; the average stays", async () => {
    const email = uniqueEmail("joined");
    const { me, tribeHash } = await guestRated(email);
    expect(await avg(me.id)).toEqual({ a: 3.5, n: 2 });
    // Before registering, nobody signed in sees the request.
    const before = await createSignedInUser();
    expect((await api("/api/user/profile/recommendations/from-others", { token: before.token })).body).toEqual([]);

    const reg = await api("/api/register", { json: customerPayload({ email }) });
    expect(reg.status, reg.text).toBe(201);
    const id = reg.body.user.id as number;
    const token = reg.body.token as string;
    // Merely typed in, the address proves nothing: the account sees no request and takes no rating.
    expect((await api("/api/user/profile/recommendations/from-others", { token })).body).toEqual([]);
    expect(await count("select count(*) n from ratings where rater_key = ?", `e:${email}`)).toBe(1);
    expect(await rows("select rater_user_id from rate_invitations where user_id = ?", me.id)).toEqual([{ rater_user_id: null }]);

    await verifyByMail(email, token);
    expect(await avg(me.id)).toEqual({ a: 3.5, n: 2 });
    expect(await rows("select rater_key, rater_user_id, rating, comment from ratings where rated_user_id = ? and rater_key != 'e:other@example.ru' and subject_key = ?", me.id, tribeKeyOf())).toEqual([
      { rater_key: `u:${id}`, rater_user_id: id, rating: 2, comment: "Как гость" },
    ]);
    expect(await count("select count(*) n from ratings where rater_key = ?", `e:${email}`)).toBe(0);
    expect(await rows("select rater_user_id from rate_invitations where user_id = ?", me.id)).toEqual([{ rater_user_id: id }]);

    // The request is in the incoming list, its competence still waiting; its multi-rate link is the account's.
    const incoming = await api("/api/user/profile/recommendations/from-others", { token });
    expect(incoming.body).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: me.id }), recommendations: [expect.objectContaining({ id: expect.any(Number) })] })]);
    const hash = incoming.body[0].hash as string;
    const data = await api(`/api/user/rates?hash=${encodeURIComponent(hash)}`, { token });
    expect(data.status, data.text).toBe(200);
    const items = [...data.body.tribes, ...data.body.expertises].map((i: { id: number }) => ({ rate_id: i.id, rating: 4 }));
    expect(items).toHaveLength(2);

    // Rating the same item again as a registered user replaces the guest rating: still one per rater and item.
    const again = await api("/api/user/multi-rate", { token, json: { hash, items, comment: "Уже с аккаунтом" } });
    expect(again.status, again.text).toBe(200);
    expect(await count("select count(*) n from ratings where rated_user_id = ? and rater_user_id = ?", me.id, id)).toBe(2);
    expect(await avg(me.id)).toEqual({ a: 4.5, n: 2 });
    // The link mailed to the guest now rates as the account too, signed in or not.
    expect((await api("/api/user/rate", { json: { hash: tribeHash, rating: 1 } })).status).toBe(200);
    expect(await avg(me.id)).toEqual({ a: 3, n: 2 });
    expect(await count("select count(*) n from ratings where rated_user_id = ? and rater_key = ?", me.id, `u:${id}`)).toBe(2);
    // Blocked, the account rates nobody through that link either (decision 0056): it is a bad link now.
    await env.DB.prepare("update users set blocked_at = ? where id = ?").bind(new Date().toISOString(), id).run();
    expectFieldError(await api("/api/user/rate", { json: { hash: tribeHash, rating: 5 } }), "hash", "Проверьте ссылку и перезагрузите страницу");
    expect(await avg(me.id)).toEqual({ a: 3, n: 2 });
  });

  it("joins through the invitation link's registration as well", async () => {
    const email = uniqueEmail("via-invite");
    const { me } = await guestRated(email);
    const inviter = await createSignedInUser();
    const inv = await api("/api/invite", { token: inviter.token, json: { expert_type: "individual", email, name: "Пётр", lastName: "Сидоров-Ким", phone: "+7 916 555-44-33" } });
    expect(inv.status, inv.text).toBe(201);
    const reg = await api("/api/register", { form: customerPayload({ email, invite_id: inv.body.invite.id, is_invited: "1" }) });
    expect(reg.status, reg.text).toBe(201);
    await verifyByMail(email, reg.body.token);
    expect(await rows("select rater_key from ratings where rated_user_id = ? and subject_key = ? order by rater_key", me.id, tribeKeyOf())).toEqual([
      { rater_key: "e:other@example.ru" },
      { rater_key: `u:${reg.body.user.id}` },
    ]);
    expect((await api("/api/user/profile/recommendations/from-others", { token: reg.body.token })).body).toHaveLength(1);
  });

  it("keeps the account's own rating where it already rated the same item, and never makes a self-rating", async () => {
    const email = uniqueEmail("clash");
    const { me } = await guestRated(email);
    const reg = await api("/api/register", { json: customerPayload({ email }) });
    expect(reg.status, reg.text).toBe(201);
    const id = reg.body.user.id as number;
    // Before the address was proven, the account rated the same item itself.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rater_user_id, rating) values (?, 'tribe', ?, ?, ?, ?, ?, 5)")
      .bind(me.id, tribeKeyOf(), industryId, optionId, `u:${id}`, id)
      .run();
    // And the address, as a guest, once rated the account itself.
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rating) values (?, 'tribe', ?, ?, ?, ?, 1)")
      .bind(id, tribeKeyOf(), industryId, optionId, `e:${email}`)
      .run();
    await verifyByMail(email, reg.body.token);
    expect(await rows("select rater_key, rating from ratings where rated_user_id = ? and subject_key = ? order by rater_key", me.id, tribeKeyOf())).toEqual([
      { rater_key: "e:other@example.ru", rating: 5 },
      { rater_key: `u:${id}`, rating: 5 },
    ]);
    expect(await rows("select rater_key from ratings where rated_user_id = ?", id)).toEqual([{ rater_key: `e:${email}` }]);
  });

  it("joins nothing, and verifies nothing, when the link is opened without the account's session: whoever registered the address may not be its owner", async () => {
    const email = uniqueEmail("squatted");
    const { me } = await guestRated(email);
    const squatter = await api("/api/register", { json: customerPayload({ email }) });
    expect(squatter.status, squatter.text).toBe(201);
    // The address's owner opens the verification mail that registration sent him, not signed in: the link
    // confirms only in the account's own session (decision 0055).
    expect((await api("/api/email/verify", { json: { token: await verificationTokenTo(email) } })).status).toBe(401);
    expect((await api("/api/user", { token: squatter.body.token })).body.isVerified).toBe(false);
    expect(await count("select count(*) n from ratings where rater_key = ?", `e:${email}`)).toBe(1);
    expect(await rows("select rater_user_id from rate_invitations where user_id = ?", me.id)).toEqual([{ rater_user_id: null }]);
    expect((await api("/api/user/profile/recommendations/from-others", { token: squatter.body.token })).body).toEqual([]);
  });

  it("joins nothing to an account with another e-mail", async () => {
    const email = uniqueEmail("guest-only");
    const { me, expertiseHash } = await guestRated(email);
    const other = uniqueEmail("someone-else");
    const reg = await api("/api/register", { json: customerPayload({ email: other }) });
    expect(reg.status, reg.text).toBe(201);
    await verifyByMail(other, reg.body.token);
    expect((await api("/api/user/profile/recommendations/from-others", { token: reg.body.token })).body).toEqual([]);
    expect(await count("select count(*) n from ratings where rater_key = ?", `e:${email}`)).toBe(1);
    expect(await count("select count(*) n from ratings where rater_user_id = ?", reg.body.user.id)).toBe(0);
    expect(await rows("select rater_user_id from rate_invitations where user_id = ?", me.id)).toEqual([{ rater_user_id: null }]);
    // The guest still rates as the e-mail.
    expect((await api("/api/user/rate", { json: { hash: expertiseHash, rating: 3 } })).status).toBe(200);
    expect(await count("select count(*) n from ratings where rater_key = ?", `e:${email}`)).toBe(2);
  });
});
