import { beforeAll, describe, expect, it } from "vitest";
import { decodeInviteHash } from "~/domain/auth/invite-hash";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, expectFieldError, withinOneWindow } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, customerPayload, signIn, uniqueEmail } from "../helpers/factories";
import { lastMailTo, mailsTo, verifyByMail } from "../helpers/mail";

// spec 2 §2 'Invitation pages', §3 invite payload, §5, §7 POST /api/invite; spec README "Document 2 details";
// docs/decisions/0017-invite.md (the e-mail check, the company search, the lists).

beforeAll(() => ensureReference());

const invitePayload = (over: Record<string, unknown> = {}) => ({ expert_type: "individual", name: "Олег", lastName: "Морозов-Сидоров", email: uniqueEmail("invitee"), ...over });
const invite = (token: string | null, json: unknown, lang?: "ru" | "en") => api("/api/invite", { json, token, lang });
const invitesTo = (email: string) => count("select count(*) as n from invites where email = ?", email);
const hashOf = (link: string) => decodeInviteHash(new URL(link).searchParams.get("hash"));

describe("POST /api/invite", () => {
  it("stores the invitation, mails the registration link and answers with it", async () => {
    const inviter = await createSignedInUser({ name: "Ирина", lastName: "Белова" });
    const payload = invitePayload({ phone: "+7 916 555-44-33", patronymic: "Петрович" });
    const res = await invite(inviter.token, payload);
    expect(res.status, res.text).toBe(201);
    expect(res.body.link).toMatch(/^http:\/\/localhost\/sign-up\?hash=/);
    const prefill = hashOf(res.body.link);
    expect(prefill).toEqual({ name: "Олег", lastName: "Морозов-Сидоров", email: payload.email, phone: "+7 916 555-44-33", invite_id: res.body.invite.id, is_invited: true });

    const [row] = await rows<Record<string, unknown>>("select * from invites where id = ?", res.body.invite.id);
    expect(row).toMatchObject({ inviter_user_id: inviter.id, expert_type: "individual", email: payload.email, name: "Олег", last_name: "Морозов-Сидоров", patronymic: "Петрович", phone: "+7 916 555-44-33", company_id: null, registered_user_id: null });

    const mail = await lastMailTo(payload.email);
    expect(mail.subject).toBe("Приглашение на Экспертную биржу");
    expect(mail.text).toContain("Ирина Белова приглашает вас присоединиться к Экспертной бирже в качестве эксперта.");
    expect(mail.text).toContain(res.body.link);
    expect(mail.html).toContain("Зарегистрироваться");
  });

  it("links the account registered through the link to the invitation, and the sign-up page is prefilled", async () => {
    const inviter = await createSignedInUser();
    const payload = invitePayload({ phone: "+7 916 555-44-33" });
    const res = await invite(inviter.token, payload);
    const link = new URL(res.body.link);

    const page = await api(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${payload.email}"`);
    expect(page.text).toContain('value="Морозов-Сидоров"');
    expect(page.text).toContain(`name="invite_id" value="${res.body.invite.id}"`);

    const prefill = hashOf(res.body.link)!;
    const reg = await api("/api/register", { form: customerPayload({ name: prefill.name, lastName: prefill.lastName, email: prefill.email, phone: prefill.phone, invite_id: prefill.invite_id, is_invited: "1" }) });
    expect(reg.status, reg.text).toBe(201);
    const [user] = await rows<{ invite_id: number }>("select invite_id from users where id = ?", reg.body.user.id);
    expect(user!.invite_id).toBe(res.body.invite.id);
    // The invitation is the account's once the account proves the address (decision 0055).
    const registeredId = async () => (await rows<{ registered_user_id: number | null }>("select registered_user_id from invites where id = ?", res.body.invite.id))[0]!.registered_user_id;
    expect(await registeredId()).toBeNull();
    expect((await api("/api/invite", { token: inviter.token })).body.items).toEqual([expect.objectContaining({ id: res.body.invite.id, registered: false })]);
    // The operator's list tells it apart from an invitation nobody has answered.
    const operator = await signIn(await createOperator());
    const row = async () => (await api("/admin/invites", { cookie: `session=${operator}` })).text.split(`data-testid="invite-${payload.email}"`)[1]?.split("</tr>")[0] ?? "";
    expect(await row()).toContain(`Зарегистрирован (ID ${reg.body.user.id}), e-mail не подтверждён`);
    await verifyByMail(payload.email, reg.body.token);
    expect(await registeredId()).toBe(reg.body.user.id);
    expect(await row()).toContain(`Зарегистрирован (ID ${reg.body.user.id})`);
    expect(await row()).not.toContain("e-mail не подтверждён");

    // The inviter sees the person as registered; nobody else sees the invitation.
    const mine = await api("/api/invite", { token: inviter.token });
    expect(mine.body.items).toEqual([expect.objectContaining({ id: res.body.invite.id, email: payload.email, registered: true })]);
    const other = await createSignedInUser();
    expect((await api("/api/invite", { token: other.token })).body.items).toEqual([]);
  });

  it("refuses a guest (401) and an unverified user (403), storing and mailing nothing", async () => {
    const payload = invitePayload();
    const guest = await invite(null, payload);
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe("Требуется авторизация");
    const unverified = await createUser({ verified: false });
    const token = (await api("/api/login", { json: { email: unverified.email, password: unverified.password } })).body.token;
    const res = await invite(token, payload);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Приглашать можно после подтверждения e-mail");
    expect(await invitesTo(payload.email)).toBe(0);
    expect(await mailsTo(payload.email)).toEqual([]);
  });

  it("answers 422 'Почта привязана к существующему аккаунту — {name}' for an address with an account, in Russian and English", async () => {
    const inviter = await createSignedInUser();
    const existing = await createUser({ name: "Пётр", lastName: "Сидоров" });
    const before = await mailsTo(existing.email);
    const ru = await invite(inviter.token, invitePayload({ email: existing.email.toUpperCase() }));
    expectFieldError(ru, "email", "Почта привязана к существующему аккаунту — Пётр Сидоров");
    expect(ru.body.message).toBe("Почта привязана к существующему аккаунту — Пётр Сидоров");
    const en = await invite(inviter.token, invitePayload({ email: existing.email }), "en");
    expectFieldError(en, "email", "This e-mail belongs to an existing account — Пётр Сидоров");
    expect(await invitesTo(existing.email)).toBe(0);
    expect(await mailsTo(existing.email)).toEqual(before);
  });

  it.each([
    ["a missing first name", { name: undefined }, "name", "Имя обязательно для заполнения"],
    ["an empty last name", { lastName: " " }, "lastName", "Фамилия обязательна для заполнения"],
    ["digits in the first name", { name: "Олег2" }, "name", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a last name over 30", { lastName: "А".repeat(31) }, "lastName", "Максимальная длина - 30 символов"],
    ["a patronymic with other signs", { patronymic: "Петрович!" }, "patronymic", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a patronymic over 30", { patronymic: "П".repeat(31) }, "patronymic", "Максимальная длина - 30 символов"],
    ["a missing e-mail", { email: undefined }, "email", "E-mail обязателен"],
    ["an invalid e-mail", { email: "oleg@" }, "email", "некорректный E-mail"],
    ["an invalid phone", { phone: "+7 123" }, "phone", "Некорректный номер телефона"],
    ["a phone over 25", { phone: "+7 916 555 44 33 22 11 00 99" }, "phone", "Максимальная длина - 25 символов"],
    ["a company flow without a company", { expert_type: "company" }, "company_id", "Выберите компанию"],
    ["a new company without a name", { expert_type: "company", new_companies: [{ name: " " }] }, "new_companies.0.name", "Выберите компанию"],
    ["an unknown type", { expert_type: "team" }, "expert_type", "Некорректное значение"],
  ])("refuses %s with the spec's message, storing nothing", async (_case, over, field, message) => {
    const inviter = await createSignedInUser();
    const payload = invitePayload(over);
    expectFieldError(await invite(inviter.token, payload), field, message);
    if (payload.email) expect(await invitesTo(String(payload.email).toLowerCase())).toBe(0);
    expect(await count("select count(*) as n from invites where inviter_user_id = ?", inviter.id)).toBe(0);
  });

  it("answers in English under Content-Language: en", async () => {
    const inviter = await createSignedInUser();
    expectFieldError(await invite(inviter.token, invitePayload({ expert_type: "company" }), "en"), "company_id", "Choose a company");
  });

  it("ignores a phone and a patronymic of 2 characters or less (the page does not send them)", async () => {
    const inviter = await createSignedInUser();
    const res = await invite(inviter.token, invitePayload({ phone: "+7", patronymic: "Ив" }));
    expect(res.status, res.text).toBe(201);
    const [row] = await rows<{ phone: string | null; patronymic: string | null }>("select phone, patronymic from invites where id = ?", res.body.invite.id);
    expect(row).toEqual({ phone: null, patronymic: null });
  });

  it("invites into a chosen company", async () => {
    const inviter = await createSignedInUser();
    const res = await invite(inviter.token, invitePayload({ expert_type: "company", company_id: 9 }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.invite).toMatchObject({ expert_type: "company", company_id: 9, company_name: "Северсталь" });
    expect((await lastMailTo(res.body.invite.email)).text).toContain("в качестве эксперта компании «Северсталь»");
    expectFieldError(await invite(inviter.token, invitePayload({ expert_type: "company", company_id: 999999 })), "company_id", "Такой компании нет. Выберите компанию из списка");
  });

  it("sends a new company to moderation in the same write, and an existing name is the existing company", async () => {
    const inviter = await createSignedInUser();
    const name = `Вектор ${crypto.randomUUID().slice(0, 6)}`;
    const payload = invitePayload({ expert_type: "company", new_companies: [{ name }] });
    const res = await invite(inviter.token, payload);
    expect(res.status, res.text).toBe(201);
    // The mail names no company an operator has not approved: the platform would send any text to any address.
    const [mail] = await mailsTo(payload.email as string);
    expect(mail!.text).not.toContain(name);
    expect(mail!.text).toContain("приглашает вас присоединиться к Экспертной бирже");
    const [company] = await rows<{ id: number; status: string; created_by: number }>("select id, status, created_by from companies where name = ?", name);
    expect(company).toMatchObject({ status: "moderation", created_by: inviter.id });
    expect(res.body.invite.company_id).toBe(company!.id);

    const again = await invite(inviter.token, invitePayload({ expert_type: "company", new_companies: [{ name: name.toUpperCase() }] }));
    expect(again.body.invite.company_id).toBe(company!.id);
    const seededPayload = invitePayload({ expert_type: "company", new_companies: [{ name: "северсталь" }] });
    const seeded = await invite(inviter.token, seededPayload);
    expect(seeded.body.invite.company_id).toBe(9);
    // An approved one is named.
    expect((await mailsTo(seededPayload.email as string))[0]!.text).toContain("компании «");
    expect(await count("select count(*) as n from companies where lower(name) = lower(?)", name)).toBe(1);

    // Another user's company in moderation cannot be chosen.
    const other = await createSignedInUser();
    expectFieldError(await invite(other.token, invitePayload({ expert_type: "company", company_id: company!.id })), "company_id", "Такой компании нет. Выберите компанию из списка");
  });

  it(`answers 429 after ${RATE_LIMITS.invite_user.limit} invitations of one user`, () =>
    withinOneWindow(RATE_LIMITS.invite_user.window, async () => {
      const inviter = await createSignedInUser();
      for (let i = 0; i < RATE_LIMITS.invite_user.limit; i++) expect((await invite(inviter.token, invitePayload())).status).toBe(201);
      const payload = invitePayload();
      const res = await invite(inviter.token, payload);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(res.body.message).toMatch(/^Слишком много попыток/);
      expect(await invitesTo(payload.email)).toBe(0);
      expect(await mailsTo(payload.email)).toEqual([]);
    }));

  it(`mails one address at most ${RATE_LIMITS.invite_email.limit} times a day, whoever invites`, () =>
    withinOneWindow(RATE_LIMITS.invite_email.window, async () => {
      const email = uniqueEmail("popular");
      for (let i = 0; i < RATE_LIMITS.invite_email.limit; i++) expect((await invite((await createSignedInUser()).token, invitePayload({ email }))).status).toBe(201);
      const res = await invite((await createSignedInUser()).token, invitePayload({ email }));
      expect(res.status).toBe(429);
      expect(await mailsTo(email)).toHaveLength(RATE_LIMITS.invite_email.limit);
    }));
});

describe("GET /api/invite/check", () => {
  it("tells whether the address has an account, and nothing more", async () => {
    const user = await createSignedInUser();
    const existing = await createUser({ name: "Пётр", lastName: "Сидоров" });
    const no = await api(`/api/invite/check?email=${encodeURIComponent(uniqueEmail("free"))}`, { token: user.token });
    expect(no.status).toBe(200);
    expect(no.body).toEqual({ exists: false, name: null });
    const yes = await api(`/api/invite/check?email=${encodeURIComponent(existing.email.toUpperCase())}`, { token: user.token });
    expect(yes.body).toEqual({ exists: true, name: "Пётр Сидоров" });
  });

  it("refuses a guest, an unverified user and a bad address", async () => {
    const existing = await createUser();
    const guest = await api(`/api/invite/check?email=${encodeURIComponent(existing.email)}`);
    expect(guest.status).toBe(401);
    expect(guest.text).not.toContain(existing.name);
    const unverified = await createUser({ verified: false });
    const token = (await api("/api/login", { json: { email: unverified.email, password: unverified.password } })).body.token;
    expect((await api(`/api/invite/check?email=${encodeURIComponent(existing.email)}`, { token })).status).toBe(403);
    const user = await createSignedInUser();
    expectFieldError(await api("/api/invite/check?email=nope", { token: user.token }), "email", "некорректный E-mail");
    expectFieldError(await api("/api/invite/check", { token: user.token }), "email", "E-mail обязателен");
  });

  it(`answers 429 after ${RATE_LIMITS.invite_check_user.limit} checks`, () =>
    withinOneWindow(RATE_LIMITS.invite_check_user.window, async () => {
      const user = await createSignedInUser();
      const path = `/api/invite/check?email=${encodeURIComponent(uniqueEmail("probe"))}`;
      for (let i = 0; i < RATE_LIMITS.invite_check_user.limit; i++) expect((await api(path, { token: user.token })).status).toBe(200);
      const res = await api(path, { token: user.token });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }));
});

describe("GET /api/companies (the invitation's company picker)", () => {
  it("finds active companies by part of the name, in any letter case, and the user's own ones in moderation", async () => {
    const user = await createSignedInUser();
    const found = await api(`/api/companies?name=${encodeURIComponent("СЕВЕР")}`, { token: user.token });
    expect(found.status).toBe(200);
    expect(found.body).toContainEqual({ id: 9, name: "Северсталь", status: "active" });
    const lower = await api(`/api/companies?name=${encodeURIComponent("северст")}`, { token: user.token });
    expect(lower.body.map((c: { id: number }) => c.id)).toContain(9);

    const name = `Ромашка ${crypto.randomUUID().slice(0, 6)}`;
    expect((await invite(user.token, invitePayload({ expert_type: "company", new_companies: [{ name }] }))).status).toBe(201);
    const mine = await api(`/api/companies?name=${encodeURIComponent(name)}`, { token: user.token });
    expect(mine.body).toEqual([expect.objectContaining({ name, status: "moderation" })]);
    const other = await createSignedInUser();
    expect((await api(`/api/companies?name=${encodeURIComponent(name)}`, { token: other.token })).body).toEqual([]);
    expect((await api(`/api/companies?name=${encodeURIComponent("нет такой компании")}`, { token: user.token })).body).toEqual([]);
  });

  it("refuses a guest", async () => {
    expect((await api("/api/companies?name=Сбер")).status).toBe(401);
  });
});

describe("GET /api/invite", () => {
  it("refuses a guest", async () => {
    expect((await api("/api/invite")).status).toBe(401);
  });
});
