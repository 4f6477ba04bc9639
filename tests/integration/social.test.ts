import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, rows } from "../helpers/db";
import { createSignedInUser, createUser, signIn, uniqueEmail, yandexEmail } from "../helpers/factories";
import { lastMailTo, mailsTo, resetCodeFrom, waitForMails } from "../helpers/mail";
import { approveAtProvider } from "../helpers/oauth";

// The pages' texts and the server's own (e-mails, domain errors), as the server answers with them.
const en = withServerTexts(enPage, enServer);

type Provider = { code: string; name: string; url: string };

async function providers(query = "") {
  const res = await api<Provider[]>(`/api/auth/social${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function signInWith(code: "yandex" | "vk", person: { uid: string; email: string }) {
  const provider = (await providers()).find((p) => p.code === code)!;
  const { back } = await approveAtProvider(provider.url, person);
  return api(`/api/auth/social/callback${back.search}`);
}

const uid = () => String(Math.floor(Math.random() * 1e12));

describe("GET /api/auth/social", () => {
  it("lists Yandex ID and VK ID with authorization URLs carrying state and PKCE", async () => {
    const list = await providers();
    expect(list.map((p) => [p.code, p.name])).toEqual([
      ["yandex", "Яндекс ID"],
      ["vk", "VK ID"],
    ]);
    for (const p of list) {
      const url = new URL(p.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${env.OAUTH_URL}/${p.code}/authorize`);
      expect(url.searchParams.get("client_id")).toBe(`local-${p.code}`);
      expect(url.searchParams.get("response_type")).toBe("code");
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/auth/social-callback");
      expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(20);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    }
  });

  it("keeps a redirect_url of our own site and replaces another site's", async () => {
    const own = await providers(`?redirect_url=${encodeURIComponent("http://localhost/auth/social-callback?from=app")}`);
    expect(new URL(own[0]!.url).searchParams.get("redirect_uri")).toBe("http://localhost/auth/social-callback");
    const foreign = await providers(`?redirect_url=${encodeURIComponent("https://evil.example/steal")}`);
    expect(new URL(foreign[0]!.url).searchParams.get("redirect_uri")).toBe("http://localhost/auth/social-callback");
  });

  it("names the providers in English under Content-Language: en", async () => {
    const res = await api<Provider[]>("/api/auth/social", { lang: "en" });
    expect(res.body.map((p) => p.name)).toEqual([en.social.yandex, en.social.vk]);
  });
});

describe("social sign-in", () => {
  it("registers through Yandex ID: callback → register, completeSocialReg → {token, user} with the provider's e-mail verified", async () => {
    const person = { uid: uid(), email: yandexEmail("yandex") };
    const callback = await signInWith("yandex", person);
    expect(callback.status, callback.text).toBe(200);
    expect(callback.body).toEqual({ status: "register", token: expect.any(String) });

    const done = await api("/api/completeSocialReg", { form: { token: callback.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    expect(done.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: expect.any(Number), isVerified: true, email: person.email }) });
    const me = await api("/api/user", { token: done.body.token });
    expect(me.body).toMatchObject({ email: person.email, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21", isVerified: true });
    // A confirmed address needs no verification mail.
    expect(await mailsTo(person.email)).toEqual([]);

    const again = await signInWith("yandex", person);
    expect(again.body).toEqual({ status: "login", token: expect.any(String) });
    expect((await api("/api/user", { token: again.body.token })).body.id).toBe(done.body.user.id);
  });

  it("takes over at once what was addressed to the provider's verified e-mail as a guest rater (decision 0016)", async () => {
    const person = { uid: uid(), email: yandexEmail("social-rater") };
    const rated = await createUser();
    await env.DB.prepare("insert into rate_invitations (user_id, rater_email, remind_available_at) values (?, ?, 0)").bind(rated.id, person.email).run();
    await env.DB.prepare("insert into ratings (rated_user_id, type, subject_key, rater_key, rating) values (?, 'tribe', 'tribe:1:1', ?, 4)").bind(rated.id, `e:${person.email}`).run();
    const callback = await signInWith("yandex", person);
    const done = await api("/api/completeSocialReg", { form: { token: callback.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    const id = done.body.user.id as number;
    expect(await count("select count(*) as n from rate_invitations where user_id = ? and rater_user_id = ?", rated.id, id)).toBe(1);
    expect(await count("select count(*) as n from ratings where rated_user_id = ? and rater_key = ? and rating = 4", rated.id, `u:${id}`)).toBe(1);
    expect(await count("select count(*) as n from ratings where rater_key = ?", `e:${person.email}`)).toBe(0);
  });

  it("registers through VK ID with the address it gave confirmed by mail (VK does not vouch for it), and signs in again", async () => {
    const person = { uid: uid(), email: uniqueEmail("vk") };
    const callback = await signInWith("vk", person);
    expect(callback.body.status).toBe("register");
    const payload = { token: callback.body.token, name: "Ольга", lastName: "Белова", phone: "+7 903 765-43-21" };
    expectFieldError(await api("/api/completeSocialReg", { json: payload }), "email", "E-mail обязателен");
    const done = await api("/api/completeSocialReg", { json: { ...payload, email: person.email } });
    expect(done.status, done.text).toBe(201);
    expect(done.body.user.isVerified).toBe(false);
    expect((await lastMailTo(person.email)).subject).toBe("Подтвердите e-mail");
    const again = await signInWith("vk", person);
    expect(again.body.status).toBe("login");
    expect((await api("/api/user", { token: again.body.token })).body.email).toBe(person.email);
  });

  it("asks for an e-mail when the provider gives none, and then mails a verification link", async () => {
    const email = uniqueEmail("typed");
    const callback = await signInWith("yandex", { uid: uid(), email: "" });
    expect(callback.body.status).toBe("register");
    const payload = { token: callback.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" };
    expectFieldError(await api("/api/completeSocialReg", { json: payload }), "email", "E-mail обязателен");
    const done = await api("/api/completeSocialReg", { json: { ...payload, email } });
    expect(done.status, done.text).toBe(201);
    expect(done.body.user.isVerified).toBe(false);
    expect((await lastMailTo(email)).subject).toBe("Подтвердите e-mail");
  });

  it("signs into the existing account that has the provider's proven e-mail", async () => {
    const user = await createUser({ email: yandexEmail("existing") });
    const res = await signInWith("yandex", { uid: uid(), email: user.email });
    expect(res.body.status).toBe("login");
    expect((await api("/api/user", { token: res.body.token })).body.id).toBe(user.id);
  });

  it("an address the provider does not vouch for (VK ID; Yandex outside its own mail) signs into no account and links none", async () => {
    for (const code of ["vk", "yandex"] as const) {
      const user = await createUser();
      const res = await signInWith(code, { uid: uid(), email: user.email });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe("register");
      expect(await count("select count(*) as n from social_accounts where user_id = ?", user.id)).toBe(0);
      expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(0);
      // The sign-up form suggests it; taking it answers that the address has an account, and how to connect.
      expect((await api(`/sign-up?social=${encodeURIComponent(res.body.token)}`)).text).toContain(`value="${user.email}"`);
      const taken = await api("/api/completeSocialReg", { json: { token: res.body.token, email: user.email, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" } });
      expectFieldError(taken, "email", "Пользователь с таким e-mail уже зарегистрирован: войдите с паролем и подключите этот способ входа в настройках");
      expect((await api("/api/login", { json: { email: user.email, password: user.password } })).status).toBe(200);
    }
  });

  it("an unverified account is not taken over through an address the provider does not vouch for", async () => {
    const email = uniqueEmail("not-vouched");
    const reg = await api("/api/register", { form: { name: "Иван", lastName: "Петров", email, phone: "+7 (916) 123-45-67", password: "Owner_Pass1", is_subscribe: "1" } });
    expect(reg.status, reg.text).toBe(201);
    const res = await signInWith("vk", { uid: uid(), email });
    expect(res.body.status).toBe("register");
    expect((await api("/api/user", { token: reg.body.token })).body).toMatchObject({ id: reg.body.user.id, isVerified: false });
    expect((await api("/api/login", { json: { email, password: "Owner_Pass1" } })).status).toBe(200);
  });

  it("joins the invitation that names the provider's proven address, as the password registration does", async () => {
    const inviter = await createSignedInUser();
    const email = yandexEmail("invited");
    const invited = await api("/api/invite", { json: { expert_type: "individual", name: "Олег", lastName: "Морозов", email }, token: inviter.token });
    expect(invited.status, invited.text).toBe(201);
    const callback = await signInWith("yandex", { uid: uid(), email });
    const done = await api("/api/completeSocialReg", { form: { token: callback.body.token, name: "Олег", lastName: "Морозов", phone: "+7 916 765-43-21", invite_id: String(invited.body.invite.id), is_invited: "1" } });
    expect(done.status, done.text).toBe(201);
    const [user] = await rows<{ invite_id: number | null }>("select invite_id from users where id = ?", done.body.user.id);
    expect(user!.invite_id).toBe(invited.body.invite.id);
    // Proven by the provider at once, the invitation is the new account's (decision 0055).
    const [inv] = await rows<{ registered_user_id: number | null }>("select registered_user_id from invites where id = ?", invited.body.invite.id);
    expect(inv!.registered_user_id).toBe(done.body.user.id);
    expect((await api("/api/invite", { token: inviter.token })).body.items).toEqual([expect.objectContaining({ id: invited.body.invite.id, registered: true })]);
  });

  it("finishes a social registration only once", async () => {
    const callback = await signInWith("yandex", { uid: uid(), email: yandexEmail("once") });
    const payload = { token: callback.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" };
    expect((await api("/api/completeSocialReg", { json: payload })).status).toBe(201);
    expectFieldError(await api("/api/completeSocialReg", { json: payload }), "token", "Сеанс входа через социальную сеть истёк. Начните заново");
  });

  it("checks the completion form like the registration form and writes nothing", async () => {
    const email = yandexEmail("form");
    const callback = await signInWith("yandex", { uid: uid(), email });
    const res = await api("/api/completeSocialReg", { json: { token: callback.body.token, name: "П3тр", lastName: "", phone: "12" } });
    expectFieldError(res, "name", "Допустимы только буквы (кириллица или латиница) и дефис");
    expectFieldError(res, "lastName", "Фамилия обязательна для заполнения");
    expectFieldError(res, "phone", "Некорректный номер телефона");
    expect(await count("select count(*) as n from users where email = ?", email)).toBe(0);
    // The token is still good for a corrected form.
    expect((await api("/api/completeSocialReg", { json: { token: callback.body.token, name: "Пётр", lastName: "Соколов", phone: "+7 916 765-43-21" } })).status).toBe(201);
  });

  it("refuses a replayed state with 422 'Не удалось войти…'", async () => {
    const provider = (await providers())[0]!;
    const { back } = await approveAtProvider(provider.url, { uid: uid(), email: uniqueEmail("replay") });
    expect((await api(`/api/auth/social/callback${back.search}`)).status).toBe(200);
    const replay = await api(`/api/auth/social/callback${back.search}`);
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe("Не удалось войти через социальную сеть. Попробуйте ещё раз");
    expect(replay.body.token).toBeUndefined();
  });

  it("refuses a code the provider never issued with 422 'Не удалось войти…'", async () => {
    const provider = (await providers())[0]!;
    const state = new URL(provider.url).searchParams.get("state")!;
    const res = await api(`/api/auth/social/callback?code=forged-code&state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось войти через социальную сеть. Попробуйте ещё раз");
  });

  it("answers a person who declined at the provider (`error` instead of `code`) with 'Не удалось войти…' in `error`, records why and spends the state", async () => {
    const provider = (await providers())[0]!;
    const state = new URL(provider.url).searchParams.get("state")!;
    const declined = await api(`/api/auth/social/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({ message: "Не удалось войти через социальную сеть. Попробуйте ещё раз", errors: {}, error: "Не удалось войти через социальную сеть. Попробуйте ещё раз" });
    const [audit] = await rows<{ meta: string }>("select meta from audit_log where action = 'user.social_login_failed' order by id desc limit 1");
    expect(JSON.parse(audit!.meta)).toEqual({ reason: "provider:access_denied", provider: provider.code });
    // The state is spent: the same state with a code is refused.
    expect((await api(`/api/auth/social/callback?code=late-code&state=${encodeURIComponent(state)}`)).status).toBe(422);
    const en = await api(`/api/auth/social/callback?error=access_denied&state=${encodeURIComponent(new URL((await providers())[0]!.url).searchParams.get("state")!)}`, { headers: { "Accept-Language": "en" } });
    expect(en.body.error).toBe(en.body.message);
  });

  it("refuses a made-up state and a callback without parameters", async () => {
    const res = await api("/api/auth/social/callback?code=abc&state=made-up-state-0123456789");
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось войти через социальную сеть. Попробуйте ещё раз");
    // A malformed query too carries the `error` a client shows (spec 1 §8), the same as its message.
    const bare = await api("/api/auth/social/callback");
    expect(bare.status).toBe(422);
    expect(bare.body.error).toBe(bare.body.message);
    expect(bare.body.error).toBeTruthy();
  });
});

describe("account pre-hijacking (decision 0022)", () => {
  it("takes an unverified account over cleanly when its owner proves the e-mail at the provider: the registrant's session and password stop working", async () => {
    const email = yandexEmail("victim");
    // The attacker registers the victim's address with a password he knows, and keeps the session.
    const reg = await api("/api/register", { form: { name: "Иван", lastName: "Петров", email, phone: "+7 (916) 123-45-67", password: "Attacker_Pass1", is_subscribe: "1" } });
    expect(reg.status, reg.text).toBe(201);
    const attackerToken = reg.body.token as string;
    expect((await api("/api/user", { token: attackerToken })).status).toBe(200);

    // The real owner signs in with the provider, which confirms the address.
    const res = await signInWith("yandex", { uid: uid(), email });
    expect(res.body.status).toBe("login");
    const me = await api("/api/user", { token: res.body.token });
    expect(me.body).toMatchObject({ id: reg.body.user.id, email, isVerified: true });

    expect((await api("/api/user", { token: attackerToken })).status).toBe(401);
    expectFieldError(await api("/api/login", { json: { email, password: "Attacker_Pass1" } }), "password", "Неверный e-mail или пароль");
    expect(await count("select count(*) as n from users where id = ? and password_hash is null", reg.body.user.id)).toBe(1);
    expect(await count("select count(*) as n from audit_log where action = 'user.social_takeover' and actor_user_id = ?", reg.body.user.id)).toBe(1);
    // The provider's sign-in still works afterwards.
    expect((await api("/api/user", { token: res.body.token })).status).toBe(200);
  });

  it("when the owner reclaims an address someone registered through a provider that gave none, that provider no longer signs into it", async () => {
    const email = uniqueEmail("claimed");
    // The attacker signs up through VK without an e-mail and types the victim's address.
    const attacker = { uid: uid(), email: "" };
    const callback = await signInWith("vk", attacker);
    expect(callback.body.status).toBe("register");
    const done = await api("/api/completeSocialReg", { json: { token: callback.body.token, email, name: "Иван", lastName: "Петров", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    const accountId = done.body.user.id as number;
    expect((await signInWith("vk", attacker)).body.status).toBe("login");

    // The owner reclaims the address with the code mailed to it.
    const before = (await mailsTo(email)).length;
    expect((await api("/api/forgot-password", { json: { email } })).status).toBe(200);
    const code = resetCodeFrom((await waitForMails(email, before + 1))[0]!);
    const reset = await api("/api/reset-password", { json: { email, token: code, password: "Owner_Pass9", password_confirmation: "Owner_Pass9" } });
    expect(reset.status, reset.text).toBe(200);
    expect((await api("/api/user", { token: done.body.token })).status).toBe(401);

    // VK signs the attacker into nothing of the owner's: it is a stranger to the account now.
    const again = await signInWith("vk", attacker);
    expect(again.body.status).toBe("register");
    expect(await count("select count(*) as n from social_accounts where user_id = ?", accountId)).toBe(0);
    expect((await api("/api/login", { json: { email, password: "Owner_Pass9" } })).status).toBe(200);
  });

  it("links a verified account by e-mail and keeps its password and sessions", async () => {
    const user = await createUser({ email: yandexEmail("linked") });
    const before = await api("/api/login", { json: { email: user.email, password: user.password } });
    const res = await signInWith("yandex", { uid: uid(), email: user.email });
    expect(res.body.status).toBe("login");
    expect((await api("/api/user", { token: before.body.token })).status).toBe(200);
    expect((await api("/api/login", { json: { email: user.email, password: user.password } })).status).toBe(200);
  });
});

describe("login CSRF: the page callback completes only a state begun in the same browser (decision 0022)", () => {
  const cookieOf = (res: { headers: Headers }, name: string) => {
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    return line ? { line, value: line.slice(name.length + 1).split(";")[0]! } : null;
  };

  it("sets a short-lived HttpOnly SameSite=Lax cookie when the page flow starts, and signs that browser in", async () => {
    const start = await api("/auth/social/yandex");
    expect(start.status).toBe(302);
    const cookie = cookieOf(start, "oauth_browser");
    expect(cookie?.line).toMatch(/HttpOnly/);
    expect(cookie?.line).toMatch(/SameSite=Lax/);
    expect(cookie?.line).toMatch(/Max-Age=600/);
    const user = await createUser({ email: yandexEmail("page-flow") });
    const { back } = await approveAtProvider(start.headers.get("Location")!, { uid: uid(), email: user.email });
    const done = await api(`/auth/social-callback${back.search}`, { cookie: `oauth_browser=${cookie!.value}` });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile/information");
    expect(cookieOf(done, "session")?.value).toBeTruthy();
    expect(cookieOf(done, "oauth_browser")?.line).toMatch(/Max-Age=0/);
  });

  it("a browser signed in meanwhile (another tab) that completes a provider sign-in ends the session it had", async () => {
    const start = await api("/auth/social/yandex");
    const nonce = cookieOf(start, "oauth_browser")!.value;
    const other = await createUser();
    const otherToken = await signIn(other);
    const person = await createUser({ email: yandexEmail("tab") });
    const { back } = await approveAtProvider(start.headers.get("Location")!, { uid: uid(), email: person.email });
    const done = await api(`/auth/social-callback${back.search}`, { cookie: `oauth_browser=${nonce}; session=${otherToken}` });
    expect(done.status).toBe(302);
    const session = cookieOf(done, "session")!.value;
    expect((await api("/api/user", { token: session })).body.id).toBe(person.id);
    expect((await api("/api/user", { token: otherToken })).status).toBe(401);
  });

  it("refuses a state completed in another browser (no cookie, or another one) and opens no session", async () => {
    const attacker = await createUser();
    const start = await api("/auth/social/yandex");
    const { back } = await approveAtProvider(start.headers.get("Location")!, { uid: uid(), email: attacker.email });
    // The attacker sends the victim his own callback link: the victim's browser has no (or its own) cookie.
    const other = await api("/auth/social/yandex");
    const victim = await api(`/auth/social-callback${back.search}`, { cookie: `oauth_browser=${cookieOf(other, "oauth_browser")!.value}` });
    expect(victim.status).toBe(422);
    expect(cookieOf(victim, "session")).toBeNull();
    const none = await api(`/auth/social-callback${back.search}`);
    expect(none.status).toBe(422);
  });

  it("refuses at the pages a state from the API flow asked without the browser's cookie", async () => {
    const attacker = await createUser();
    const provider = (await providers(`?redirect_url=${encodeURIComponent("http://localhost/")}`)).find((p) => p.code === "yandex")!;
    const { back } = await approveAtProvider(provider.url, { uid: uid(), email: attacker.email });
    const landing = await api(`/${back.search}`);
    expect(landing.status).toBe(200);
    expect(cookieOf(landing, "session")).toBeNull();
    expect(landing.text).toContain("Не удалось войти через социальную сеть");
  });

  it("a person who declined at the provider is told so on the page, and the browser's binding cookie is cleared", async () => {
    const start = await api("/auth/social/yandex");
    const nonce = cookieOf(start, "oauth_browser")!.value;
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    const page = await api(`/auth/social-callback?error=access_denied&state=${encodeURIComponent(state)}`, { cookie: `oauth_browser=${nonce}` });
    expect(page.status).toBe(422);
    expect(page.text).toContain("Не удалось войти через социальную сеть. Попробуйте ещё раз");
    expect(page.text).not.toContain("Некорректное значение");
    expect(cookieOf(page, "oauth_browser")?.line).toMatch(/Max-Age=0/);
    // Returned to the start page instead, the same: the landing shows why, and clears the cookie too.
    const again = await api("/auth/social/yandex");
    const landingState = new URL(again.headers.get("Location")!).searchParams.get("state")!;
    const landing = await api(`/?error=access_denied&state=${encodeURIComponent(landingState)}`, { cookie: `oauth_browser=${cookieOf(again, "oauth_browser")!.value}` });
    expect(landing.status).toBe(200);
    expect(landing.text).toContain("Не удалось войти через социальную сеть");
    expect(cookieOf(landing, "oauth_browser")?.line).toMatch(/Max-Age=0/);
    expect(cookieOf(landing, "session")).toBeNull();
  });

  it("signs in at the page as /auth does: customer mode, and an account whose address is unproven goes to /verify", async () => {
    const person = { uid: uid(), email: uniqueEmail("vk-page") };
    const first = await signInWith("vk", person);
    const done = await api("/api/completeSocialReg", { json: { token: first.body.token, name: "Ольга", lastName: "Белова", phone: "+7 903 765-43-21", email: person.email } });
    expect(done.status, done.text).toBe(201);
    const start = await api("/auth/social/vk");
    const { back } = await approveAtProvider(start.headers.get("Location")!, person);
    const page = await api(`/auth/social-callback${back.search}`, { cookie: `oauth_browser=${cookieOf(start, "oauth_browser")!.value}; mode=executor` });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/verify");
    expect(cookieOf(page, "session")?.value).toBeTruthy();
    expect(cookieOf(page, "mode")?.value).toBe("customer");
    // Asked from another page, still /verify: the rule of /auth (only the mailed link's page is let through).
    const asked = await api(`/auth/social/vk?redirectTo=${encodeURIComponent("/profile/settings")}`);
    const again = await approveAtProvider(asked.headers.get("Location")!, person);
    const returned = await api(`/auth/social-callback${again.back.search}`, { cookie: `oauth_browser=${cookieOf(asked, "oauth_browser")!.value}` });
    expect(returned.headers.get("Location")).toBe("/verify");
  });

  it("the API flow's callback still answers an API client that keeps its own state", async () => {
    const user = await createUser({ email: yandexEmail("api-flow") });
    const res = await signInWith("yandex", { uid: uid(), email: user.email });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("login");
  });
});
