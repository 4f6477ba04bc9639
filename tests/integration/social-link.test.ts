import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, rows, whileAuditFails } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, signIn, uniqueEmail, yandexEmail } from "../helpers/factories";
import { mailsTo, resetCodeFrom, waitForMails } from "../helpers/mail";
import { approveAtProvider } from "../helpers/oauth";

// Linking a provider to a signed-in account from the settings (decision 0057): GET/POST/DELETE
// /api/user/social and the callback's `linked` answer; the page's form in tests/e2e/social.spec.ts.

const uid = () => String(Math.floor(Math.random() * 1e12));

/** Approves at the local OAuth stand-in as `person`: the query the provider sends back. */
const approvedQuery = async (authorizationUrl: string, person: { uid: string; email: string }) => (await approveAtProvider(authorizationUrl, person)).back.search;

const startLink = (token: string | null, provider: string) => api(`/api/user/social/${provider}`, { method: "POST", token });
/** The whole link as an API client makes it: start, approve at the provider, finish with `finisher`'s token. */
async function link(token: string, provider: "yandex" | "vk", person: { uid: string; email: string }, finisher: string | null = token) {
  const started = await startLink(token, provider);
  expect(started.status, started.text).toBe(200);
  return api(`/api/auth/social/callback${await approvedQuery(started.body.url, person)}`, { token: finisher });
}
async function signInWith(provider: "yandex" | "vk", person: { uid: string; email: string }) {
  const list = (await api<{ code: string; url: string }[]>("/api/auth/social")).body;
  return api(`/api/auth/social/callback${await approvedQuery(list.find((p) => p.code === provider)!.url, person)}`);
}
const linkedOf = async (token: string) => (await api<{ code: string; linked: boolean }[]>("/api/user/social", { token })).body;

describe("linking a provider to the signed-in account", () => {
  it("links VK to a password account, after which VK signs into it; the list says so", async () => {
    const user = await createSignedInUser();
    expect(await linkedOf(user.token)).toEqual([
      { code: "yandex", name: "Яндекс ID", linked: false },
      { code: "vk", name: "VK ID", linked: false },
    ]);
    const person = { uid: uid(), email: "" };
    const res = await link(user.token, "vk", person);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "linked", provider: "vk", message: "Аккаунт VK ID подключён" });
    expect(await linkedOf(user.token)).toEqual([expect.objectContaining({ code: "yandex", linked: false }), expect.objectContaining({ code: "vk", linked: true })]);
    const signedIn = await signInWith("vk", person);
    expect(signedIn.body.status).toBe("login");
    expect((await api("/api/user", { token: signedIn.body.token })).body.id).toBe(user.id);
    expect(await count("select count(*) n from audit_log where action = 'user.social_linked' and actor_user_id = ?", user.id)).toBe(1);
  });

  it("gives back VK sign-in to a person whose link went when he reclaimed his own address (decision 0054)", async () => {
    const email = uniqueEmail("relink");
    const person = { uid: uid(), email: "" };
    const started = await signInWith("vk", person);
    const done = await api("/api/completeSocialReg", { json: { token: started.body.token, email, name: "Иван", lastName: "Петров", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    const before = (await mailsTo(email)).length;
    await api("/api/forgot-password", { json: { email } });
    const code = resetCodeFrom((await waitForMails(email, before + 1))[0]!);
    expect((await api("/api/reset-password", { json: { email, token: code, password: "Owner_Pass9", password_confirmation: "Owner_Pass9" } })).status).toBe(200);
    expect((await signInWith("vk", person)).body.status).toBe("register");

    const token = (await api("/api/login", { json: { email, password: "Owner_Pass9" } })).body.token as string;
    expect((await link(token, "vk", person)).body.status).toBe("linked");
    const again = await signInWith("vk", person);
    expect(again.body.status).toBe("login");
    expect((await api("/api/user", { token: again.body.token })).body.id).toBe(done.body.user.id);
  });

  it("keeps a provider linked while the account was verified when its address changes and the new one is claimed with the reset code (decision 0054)", async () => {
    const user = await createSignedInUser();
    const person = { uid: uid(), email: "" };
    expect((await link(user.token, "yandex", person)).body.status).toBe("linked");
    const email = uniqueEmail("moved");
    const changed = await api("/api/user/profile", { token: user.token, json: { email, current_password: user.password } });
    expect(changed.status, changed.text).toBe(200);
    expect((await api("/api/user", { token: user.token })).body.isVerified).toBe(false);
    const before = (await mailsTo(email)).length;
    await api("/api/forgot-password", { json: { email } });
    const code = resetCodeFrom((await waitForMails(email, before + 1))[0]!);
    expect((await api("/api/reset-password", { json: { email, token: code, password: "Owner_Pass9", password_confirmation: "Owner_Pass9" } })).status).toBe(200);
    expect(await count("select count(*) n from social_accounts where user_id = ? and provider = 'yandex'", user.id)).toBe(1);
    const again = await signInWith("yandex", person);
    expect(again.body.status).toBe("login");
    expect((await api("/api/user", { token: again.body.token })).body.id).toBe(user.id);
  });

  it("completes only for the account that began it: another account's token or none links nothing", async () => {
    const user = await createSignedInUser();
    const other = await createSignedInUser();
    const person = { uid: uid(), email: "" };
    const foreign = await link(user.token, "vk", person, other.token);
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe("Не удалось подключить аккаунт. Попробуйте ещё раз");
    const anonymous = await link(user.token, "vk", person, null);
    expect(anonymous.status).toBe(422);
    expect(await count("select count(*) n from social_accounts where provider_user_id = ?", person.uid)).toBe(0);
    expect(await count("select count(*) n from audit_log where action = 'user.social_link_failed' and meta like '%link_user%'")).toBeGreaterThanOrEqual(2);
  });

  it("writes the link and its audit row together: with the audit row refused, nothing is linked", async () => {
    const user = await createSignedInUser();
    const res = await whileAuditFails("user.social_linked", () => link(user.token, "vk", { uid: uid(), email: "" }));
    expect(res.status).toBe(500);
    expect(await count("select count(*) n from social_accounts where user_id = ?", user.id)).toBe(0);
  });

  it("refuses a provider account another user has (409), and a second account of a provider already linked (409)", async () => {
    const owner = await createSignedInUser();
    const person = { uid: uid(), email: "" };
    expect((await link(owner.token, "vk", person)).body.status).toBe("linked");
    const other = await createSignedInUser();
    const taken = await link(other.token, "vk", person);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Этот аккаунт VK ID уже привязан к другому пользователю");
    expect(await rows("select user_id from social_accounts where provider = 'vk' and provider_user_id = ?", person.uid)).toEqual([{ user_id: owner.id }]);
    const twice = await startLink(owner.token, "vk");
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Аккаунт VK ID уже подключён");
  });

  it("refuses the second of two links of one provider begun together (409): one account of a provider per user", async () => {
    const user = await createSignedInUser();
    const first = await startLink(user.token, "vk");
    const second = await startLink(user.token, "vk");
    expect([first.status, second.status]).toEqual([200, 200]);
    const a = await api(`/api/auth/social/callback${await approvedQuery(first.body.url, { uid: uid(), email: "" })}`, { token: user.token });
    const b = await api(`/api/auth/social/callback${await approvedQuery(second.body.url, { uid: uid(), email: "" })}`, { token: user.token });
    expect(a.body.status).toBe("linked");
    expect(b.status).toBe(409);
    expect(b.body.message).toBe("Аккаунт VK ID уже подключён");
    expect(await count("select count(*) n from social_accounts where user_id = ? and provider = 'vk'", user.id)).toBe(1);
  });

  it("signs in by a confirmed address without adding a second account of a provider already linked", async () => {
    const user = await createSignedInUser({ email: yandexEmail("linked-twice") });
    expect((await link(user.token, "yandex", { uid: uid(), email: uniqueEmail("first-yandex") })).body.status).toBe("linked");
    const other = await signInWith("yandex", { uid: uid(), email: user.email });
    expect(other.body.status).toBe("login");
    expect((await api("/api/user", { token: other.body.token })).body.id).toBe(user.id);
    expect(await count("select count(*) n from social_accounts where user_id = ? and provider = 'yandex'", user.id)).toBe(1);
  });

  it("needs a signed-in user of his own session: a guest 401, an impersonating operator 403; an unknown provider 404", async () => {
    expect((await startLink(null, "vk")).status).toBe(401);
    expect((await api("/api/user/social")).status).toBe(401);
    expect((await api("/api/user/social/vk", { method: "DELETE" })).status).toBe(401);
    const target = await createUser();
    const operatorToken = await signIn(await createOperator());
    const linkRes = await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: operatorToken });
    const [, id, hash] = /\/impersonate\/(\d+)-(.+)$/.exec(linkRes.body.url)!;
    const acting = (await api("/api/impersonate", { json: { id: Number(id), hash }, token: operatorToken })).body.token as string;
    const refused = await startLink(acting, "vk");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("В режиме просмотра это действие недоступно");
    expect((await api("/api/user/social/vk", { method: "DELETE", token: acting })).status).toBe(403);
    const user = await createSignedInUser();
    expect((await startLink(user.token, "google")).status).toBe(404);
    expect((await startLink(user.token, "myspace")).status).toBe(404);
  });
});

describe("DELETE /api/user/social/{provider}", () => {
  it("unlinks from a password account: the provider then signs into nothing", async () => {
    const user = await createSignedInUser();
    const person = { uid: uid(), email: "" };
    await link(user.token, "vk", person);
    const res = await api("/api/user/social/vk", { method: "DELETE", token: user.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Аккаунт VK ID отключён");
    expect((await linkedOf(user.token)).every((p) => !p.linked)).toBe(true);
    expect((await signInWith("vk", person)).body.status).toBe("register");
    expect((await api("/api/user/social/vk", { method: "DELETE", token: user.token })).status).toBe(404);
  });

  it("removes the link and writes its audit row together: with the audit row refused, the link stays; a refused unlink writes none", async () => {
    const user = await createSignedInUser();
    await link(user.token, "vk", { uid: uid(), email: "" });
    const res = await whileAuditFails("user.social_unlinked", () => api("/api/user/social/vk", { method: "DELETE", token: user.token }));
    expect(res.status).toBe(500);
    expect((await linkedOf(user.token)).find((p) => p.code === "vk")?.linked).toBe(true);
    expect((await api("/api/user/social/vk", { method: "DELETE", token: user.token })).status).toBe(200);
    expect((await api("/api/user/social/vk", { method: "DELETE", token: user.token })).status).toBe(404);
    expect(await count("select count(*) n from audit_log where action = 'user.social_unlinked' and actor_user_id = ?", user.id)).toBe(1);
  });

  it("keeps the only way into an account without a password (422), and lets it go once another provider is linked", async () => {
    const email = yandexEmail("social-only");
    const yandex = { uid: uid(), email };
    const started = await signInWith("yandex", yandex);
    const done = await api("/api/completeSocialReg", { json: { token: started.body.token, name: "Иван", lastName: "Петров", phone: "+7 916 765-43-21" } });
    expect(done.status, done.text).toBe(201);
    const token = done.body.token as string;
    const refused = await api("/api/user/social/yandex", { method: "DELETE", token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("Это единственный способ входа: сначала задайте пароль («Забыли пароль?»)");
    expect(await count("select count(*) n from social_accounts where user_id = ?", done.body.user.id)).toBe(1);

    expect((await link(token, "vk", { uid: uid(), email: "" })).body.status).toBe("linked");
    expect((await api("/api/user/social/yandex", { method: "DELETE", token })).status).toBe(200);
    expect((await api("/api/user/social/vk", { method: "DELETE", token })).status).toBe(422);
  });
});

describe("the settings page's link (/auth/social/{code}?link=1, then the page callback)", () => {
  /** 'Подключить' in the settings: the browser's cookie nonce and where the provider sends it back. */
  async function pageLink(cookie: string, person: { uid: string; email: string }) {
    const start = await api("/auth/social/yandex?link=1", { cookie });
    expect(start.status, start.text).toBe(302);
    const nonce = /oauth_browser=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")![1]!;
    return { nonce, back: await approvedQuery(start.headers.get("location")!, person) };
  }

  it("links in the browser that began it and returns to the settings, which say so", async () => {
    const user = await createSignedInUser();
    const session = `session=${user.token}`;
    const { nonce, back } = await pageLink(session, { uid: uid(), email: uniqueEmail("page-link") });
    const done = await api(`/auth/social-callback${back}`, { cookie: `${session}; oauth_browser=${nonce}` });
    expect(done.status, done.text).toBe(302);
    expect(done.headers.get("location")).toBe("/profile/settings?linked=yandex#social");
    const settings = await api("/profile/settings?linked=yandex", { cookie: session });
    expect(settings.text).toContain("Аккаунт Яндекс ID подключён");
    expect((await linkedOf(user.token)).find((p) => p.code === "yandex")!.linked).toBe(true);
  });

  it("links nothing without the browser's nonce, and shows the way back to the settings", async () => {
    const user = await createSignedInUser();
    const session = `session=${user.token}`;
    const person = { uid: uid(), email: uniqueEmail("page-link-csrf") };
    const { back } = await pageLink(session, person);
    const refused = await api(`/auth/social-callback${back}`, { cookie: session });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Не удалось подключить аккаунт. Попробуйте ещё раз");
    expect(refused.text).toContain('href="/profile/settings#social"');
    expect(await count("select count(*) n from social_accounts where provider_user_id = ?", person.uid)).toBe(0);
  });

  it("starts a link only from our own page: another site sending a signed-in browser there gets the settings", async () => {
    const user = await createSignedInUser();
    const states = () => count("select count(*) n from tokens where kind = 'oauth_state' and json_extract(payload, '$.linkUserId') = ?", user.id);
    const before = await states();
    const cross = await api("/auth/social/vk?link=1", { cookie: `session=${user.token}`, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(cross.status).toBe(302);
    expect(cross.headers.get("location")).toBe("/profile/settings#social");
    expect(await states()).toBe(before);
    const own = await api("/auth/social/vk?link=1", { cookie: `session=${user.token}`, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(new URL(own.headers.get("location")!).pathname).toBe("/vk/authorize");
  });

  it("sends a link refused before it leaves back to the settings with the reason", async () => {
    const user = await createSignedInUser();
    const session = `session=${user.token}`;
    await link(user.token, "yandex", { uid: uid(), email: uniqueEmail("page-link-twice") });
    const again = await api("/auth/social/yandex?link=1", { cookie: session });
    expect(again.status).toBe(302);
    const to = again.headers.get("location")!;
    expect(to).toMatch(/^\/profile\/settings\?social_error=auth.social_already_linked&provider=yandex/);
    expect((await api(to.replace(/#.*/, ""), { cookie: session })).text).toContain("Аккаунт Яндекс ID уже подключён");
    // A guest is sent to sign in first; a signed-in person asking to sign in goes to his profile, never into another account.
    expect((await api("/auth/social/yandex?link=1")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await api("/auth/social/yandex", { cookie: session })).headers.get("location")).toBe("/profile/information");
  });
});

describe("a provider sign-in asked from a page (the verification link's sign-in, decision 0055)", () => {
  it("goes back to that page of ours after signing in, and to the profile for any other address", async () => {
    const user = await createUser({ email: yandexEmail("back") });
    const back = async (redirectTo: string) => {
      const start = await api(`/auth/social/yandex?redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(start.status, start.text).toBe(302);
      const nonce = /oauth_browser=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")![1]!;
      const search = await approvedQuery(start.headers.get("location")!, { uid: uid(), email: user.email });
      return (await api(`/auth/social-callback${search}`, { cookie: `oauth_browser=${nonce}` })).headers.get("location");
    };
    expect(await back("/email/verify?token=abc")).toBe("/email/verify?token=abc");
    expect(await back("https://evil.example/")).toBe("/profile/information");
  });
});
