import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { industries as seedIndustries, options as seedOptions } from "../../db/seed/reference-data";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, createUser, PASSWORD, signIn, uniqueEmail } from "../helpers/factories";
import { file, newMarker, pdfBytes, pngBytes } from "../helpers/files";
import { mailsTo, verifyTokenFrom } from "../helpers/mail";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";
import { RATE_LIMITS } from "~/server/rate-limit.server";

beforeAll(() => ensureReference());

const strategy = seedOptions.find((o) => o.children.length >= 2)!;
const other = seedOptions.find((o) => o !== strategy && o.children.length)!;
const [ind1, ind2] = seedIndustries;

/** What the profile holds, read straight from D1 (never through the code under test). */
async function snapshot(userId: number) {
  const [user] = await rows("select email, phone, corp_email, status_text, photo_file_id, email_verified_at from users where id = ?", userId);
  return {
    user,
    socials: await rows("select name, link from user_socials where user_id = ? order by name", userId),
    industries: await rows("select industry_id from user_industries where user_id = ? order by industry_id", userId),
    options: await rows("select option_id from user_options where user_id = ? order by option_id", userId),
    links: await rows("select industry_id, option_id from user_industry_options where user_id = ? order by 1, 2", userId),
    council: await rows("select id, industry_id, option_id, status from council_applications where user_id = ? order by id", userId),
  };
}

describe("POST /api/user/profile: contacts", () => {
  it("saves phone, corporate e-mail and socials, and GET /api/user shows them", async () => {
    const me = await createSignedInUser();
    const res = await api("/api/user/profile", {
      token: me.token,
      json: { phone: "+7 903 111-22-33", email: me.email, corp_email: "Me@Corp.ru", socials: [{ name: "vk", link: "https://vk.com/me" }, { name: "linkedIn", link: "https://www.linkedin.com/in/me" }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Сохранено");
    const user = (await api("/api/user", { token: me.token })).body;
    expect(user).toMatchObject({ phone: "+7 903 111-22-33", email: me.email, corp_email: "me@corp.ru", isVerified: true });
    expect(user.socials).toEqual(expect.arrayContaining([{ name: "vk", link: "https://vk.com/me" }, { name: "linkedIn", link: "https://www.linkedin.com/in/me" }]));
    // The fields other parts of the profile fill are there, empty until the merge.
    expect(user).toMatchObject({ work: [], abilities: [], expertises: [], resume: null, resume_processed: null, resume_filename: null });
    // An empty link takes a network off.
    await api("/api/user/profile", { token: me.token, json: { socials: [{ name: "vk", link: "" }] } });
    expect((await api("/api/user", { token: me.token })).body.socials).toEqual([]);
  });

  it("refuses an e-mail another account has with the register page's message, and changes nothing", async () => {
    const me = await createSignedInUser();
    const taken = await createUser();
    const before = await snapshot(me.id);
    const res = await api("/api/user/profile", { token: me.token, json: { phone: "+7 903 111-22-33", email: taken.email.toUpperCase(), current_password: PASSWORD } });
    expectFieldError(res, "email", "Пользователь с таким e-mail уже зарегистрирован");
    expect(await snapshot(me.id)).toEqual(before);
    const en = await api("/api/user/profile", { token: me.token, lang: "en", json: { email: taken.email, current_password: PASSWORD } });
    expectFieldError(en, "email", "A user with this e-mail is already registered");
  });

  it("mails one new address at most `verify_resend_email` times a day, whichever accounts move to it", async () => {
    const target = uniqueEmail("mail-bomb");
    for (let i = 0; i < RATE_LIMITS.verify_resend_email.limit; i++) {
      const me = await createSignedInUser();
      expect((await api("/api/user/profile", { token: me.token, json: { email: target, current_password: PASSWORD } })).status).toBe(200);
      // Back to an address of its own, so that the next account may take the target.
      expect((await api("/api/user/profile", { token: me.token, json: { email: uniqueEmail("back"), current_password: PASSWORD } })).status).toBe(200);
    }
    const last = await createSignedInUser();
    const refused = await api("/api/user/profile", { token: last.token, json: { email: target, current_password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect((await rows<{ email: string }>("select email from users where id = ?", last.id))[0]!.email).toBe(last.email);
    expect((await mailsTo(target)).filter((m) => m.subject === "Подтвердите e-mail")).toHaveLength(RATE_LIMITS.verify_resend_email.limit);
  });

  it("tells whether an address has an account only on a counted try with the right password", async () => {
    const me = await createSignedInUser();
    const taken = await createUser();
    const free = uniqueEmail("free");
    // Without the password, or with a wrong one, a taken address and a free one get the same answer.
    for (const extra of [{}, { current_password: "wrong-password-1" }]) {
      const [a, b] = [await api("/api/user/profile", { token: me.token, json: { email: taken.email, ...extra } }), await api("/api/user/profile", { token: me.token, json: { email: free, ...extra } })];
      expect(a.status).toBe(422);
      expect(a.body).toEqual(b.body);
      expect(JSON.stringify(a.body)).not.toContain("уже зарегистрирован");
    }
  });

  it("a new e-mail must be confirmed again: the account becomes unverified and a link is mailed to the new address", async () => {
    const me = await createSignedInUser();
    const next = uniqueEmail("new");
    // The current password is asked for since issue 10 (decision 0022): a session alone cannot move the account.
    const res = await api("/api/user/profile", { token: me.token, json: { email: next, current_password: PASSWORD } });
    expect(res.status, res.text).toBe(200);
    expect((await api("/api/user", { token: me.token })).body).toMatchObject({ email: next, isVerified: false });
    const [mail] = await mailsTo(next);
    expect(mail, "verification mail to the new address").toBeTruthy();
    const verified = await api("/api/email/verify", { json: { token: verifyTokenFrom(mail!) }, token: me.token });
    expect(verified.status, verified.text).toBe(200);
    expect((await api("/api/user", { token: me.token })).body.isVerified).toBe(true);
  });

  it("refuses a new e-mail without the current password, or with a wrong one, and changes nothing", async () => {
    const me = await createSignedInUser();
    const before = await snapshot(me.id);
    const next = uniqueEmail("hijack");
    expectFieldError(await api("/api/user/profile", { token: me.token, json: { email: next } }), "current_password", "Введите текущий пароль, чтобы сменить e-mail");
    expectFieldError(await api("/api/user/profile", { token: me.token, json: { email: next, current_password: "Wrong_Pass1" } }), "current_password", "Неверный текущий пароль");
    expectFieldError(await api("/api/user/profile", { token: me.token, lang: "en", json: { email: next } }), "current_password", "Enter your current password to change the e-mail");
    expect(await snapshot(me.id)).toEqual(before);
    expect(await mailsTo(next)).toEqual([]);
    // Other contacts still save with the session alone.
    expect((await api("/api/user/profile", { token: me.token, json: { phone: "+7 916 000-11-22" } })).status).toBe(200);
  });

  it("with the current password: ends the other sessions, tells the old address, mails the new one a link, and audits it", async () => {
    const me = await createSignedInUser();
    const other = await signIn(me);
    const next = uniqueEmail("moved");
    const res = await api("/api/user/profile", { token: me.token, json: { email: next, current_password: PASSWORD } });
    expect(res.status, res.text).toBe(200);
    expect((await api("/api/user", { token: other })).status).toBe(401);
    expect((await api("/api/user", { token: me.token })).body).toMatchObject({ email: next, isVerified: false });
    const [old] = await mailsTo(me.email);
    expect(old?.subject).toBe("E-mail аккаунта изменён");
    expect(old?.text).toContain(next);
    expect((await mailsTo(next)).map((m) => m.subject)).toEqual(["Подтвердите e-mail"]);
    expect(await count("select count(*) as n from audit_log where action = 'user.email_changed' and actor_user_id = ?", me.id)).toBe(1);
  });

  it("refuses an e-mail change to an account without a password (social sign-up) until it sets one", async () => {
    const me = await createSignedInUser();
    await env.DB.prepare("update users set password_hash = null where id = ?").bind(me.id).run();
    expectFieldError(await api("/api/user/profile", { token: me.token, json: { email: uniqueEmail("nopass"), current_password: "anything" } }), "email", "Чтобы сменить e-mail, сначала задайте пароль: «Забыли пароль?» на странице входа");
  });

  it.each([
    [{ phone: "" }, "phone", "Телефон обязателен для заполнения"],
    [{ phone: "12" }, "phone", "Некорректный номер телефона"],
    [{ email: "" }, "email", "E-mail обязателен"],
    [{ email: "not-an-address" }, "email", "некорректный E-mail"],
    [{ corp_email: "corp@" }, "corp_email", "Некорректный корпоративный e-mail"],
    [{ socials: [{ name: "vk", link: "javascript:alert(1)" }] }, "socials.0.link", "Введите корректную ссылку"],
  ])("refuses %j with '%s'", async (body, field, message) => {
    const me = await createSignedInUser();
    const before = await snapshot(me.id);
    expectFieldError(await api("/api/user/profile", { token: me.token, json: body }), field, message);
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("answers in English under Content-Language: en", async () => {
    const me = await createSignedInUser();
    expectFieldError(await api("/api/user/profile", { token: me.token, lang: "en", json: { phone: "" } }), "phone", "Phone is required");
  });

  it("is refused to a guest with 401", async () => {
    expect((await api("/api/user/profile", { json: { phone: "+7 903 111-22-33" } })).status).toBe(401);
  });
});

describe("POST /api/user/status", () => {
  it("saves up to 300 characters and refuses more with 'Максимальная длина - 300 символов'", async () => {
    const me = await createSignedInUser();
    const ok = await api("/api/user/status", { token: me.token, json: { text: "а".repeat(300) } });
    expect(ok.status, ok.text).toBe(200);
    expect((await api("/api/user", { token: me.token })).body.status).toBe("а".repeat(300));
    const before = await snapshot(me.id);
    expectFieldError(await api("/api/user/status", { token: me.token, json: { text: "б".repeat(301) } }), "text", "Максимальная длина - 300 символов");
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("is refused to a guest", async () => {
    expect((await api("/api/user/status", { json: { text: "x" } })).status).toBe(401);
  });
});

describe("POST /api/user/profile: photo", () => {
  it("stores the image, serves it through a signed URL, and removes the replaced one", async () => {
    const me = await createSignedInUser();
    const before = await bucketKeys();
    const first = newMarker();
    const res = await api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(first), "me.png", "image/png") } });
    expect(res.status, res.text).toBe(200);
    const [key1] = await objectsWithMarker(before, first);
    expect(key1).toBeTruthy();
    const photo = (await api("/api/user", { token: me.token })).body.photo as string;
    const url = new URL(photo);
    expect(url.searchParams.get("X-Amz-Signature")).toBeTruthy();
    expect(new TextDecoder("latin1").decode(await (await fetch(url)).arrayBuffer())).toContain(first);
    // Someone else sees the photo too, through a signed URL.
    const viewer = await createSignedInUser();
    expect((await api(`/api/user/${me.id}`, { token: viewer.token })).body.photo).toMatch(/X-Amz-Signature/);

    const second = newMarker();
    expect((await api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(second), "me2.png", "image/png") } })).status).toBe(200);
    expect(await objectsWithMarker(before, second)).toHaveLength(1);
    expect(await storage().get(key1!)).toBeNull();
    expect(await count("select count(*) as n from files where owner_user_id = ? and kind = 'avatar'", me.id)).toBe(1);
  });

  it("two pictures saved at once leave one: the one the profile shows, its row and its object, nothing of the other", async () => {
    const me = await createSignedInUser();
    const before = await bucketKeys();
    const first = newMarker();
    expect((await api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(first), "me.png", "image/png") } })).status).toBe(200);
    const [a, b] = [newMarker(), newMarker()];
    const answers = await Promise.all([a, b].map((m) => api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(m), `${m}.png`, "image/png") } })));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const avatars = await rows<{ key: string }>("select f.key from files f where f.owner_user_id = ? and f.kind = 'avatar'", me.id);
    const [shown] = await rows<{ key: string }>("select f.key from files f join users u on u.photo_file_id = f.id where u.id = ?", me.id);
    expect(avatars).toEqual([shown]);
    const kept = [...(await objectsWithMarker(before, a)), ...(await objectsWithMarker(before, b)), ...(await objectsWithMarker(before, first))];
    expect(kept).toEqual([shown!.key]);
  });

  it("an empty photo removes it: the profile shows none, its row and its object are gone; the page's 'Удалить фото' does the same", async () => {
    const me = await createSignedInUser();
    const before = await bucketKeys();
    const marker = newMarker();
    expect((await api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(marker), "me.png", "image/png") } })).status).toBe(200);
    const [key] = await objectsWithMarker(before, marker);
    const removed = await api("/api/user/profile", { token: me.token, json: { photo: "" } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.changed).toEqual(["photo"]);
    expect((await api("/api/user", { token: me.token })).body.photo).toBeNull();
    const viewer = await createSignedInUser();
    expect((await api(`/api/user/${me.id}`, { token: viewer.token })).body.photo).toBeNull();
    expect(await count("select count(*) as n from files where owner_user_id = ? and kind = 'avatar'", me.id)).toBe(0);
    expect(await storage().get(key!)).toBeNull();

    // The page: a form without a file is refused and keeps the photo; 'Удалить фото' removes it.
    const again = newMarker();
    expect((await api("/api/user/profile", { token: me.token, form: { photo: file(pngBytes(again), "me.png", "image/png") } })).status).toBe(200);
    const [key2] = await objectsWithMarker(before, again);
    const page = (intent: string) =>
      api("/profile/information", { cookie: `session=${me.token}`, body: new URLSearchParams({ intent }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: "http://localhost" } });
    expect((await page("photo")).status).toBe(422);
    expect(await count("select count(*) as n from users where id = ? and photo_file_id is not null", me.id)).toBe(1);
    expect((await page("photo-remove")).status).toBe(200);
    expect(await count("select count(*) as n from users where id = ? and photo_file_id is not null", me.id)).toBe(0);
    expect(await count("select count(*) as n from files where owner_user_id = ? and kind = 'avatar'", me.id)).toBe(0);
    expect(await storage().get(key2!)).toBeNull();
  });

  it("refuses what is not an image by its content, and a file of 20 MB or more with 'Слишком большой файл' (spec 2 §5: under 20 MB)", async () => {
    const me = await createSignedInUser();
    const before = await snapshot(me.id);
    const keys = await bucketKeys();
    const marker = newMarker();
    expectFieldError(await api("/api/user/profile", { token: me.token, form: { photo: file(pdfBytes(marker), "me.png", "image/png") } }), "photo", "Неверный тип файла");
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(pngBytes(marker));
    expectFieldError(await api("/api/user/profile", { token: me.token, form: { photo: file(big, "big.png", "image/png") } }), "photo", "Слишком большой файл");
    expect(await snapshot(me.id)).toEqual(before);
    expect(await objectsWithMarker(keys, marker)).toEqual([]);
  });
});

describe("POST /api/user/profile: industries payload", () => {
  const sub = strategy.children[0]!;

  it("saves industries with their functions and a new function to moderation", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const res = await api("/api/user/profile", {
      token: me.token,
      json: { industries: [{ id: ind1!.id, options: [strategy.id, sub.id], new_options: [{ parent_id: -10, name: "Аудит нейросетей" }] }, { id: ind2!.id, options: [other.id], new_options: [] }] },
    });
    expect(res.status, res.text).toBe(200);
    const [proposed] = await rows<{ id: number; status: string; parent_id: number | null }>("select id, status, parent_id from options where name = 'Аудит нейросетей' and created_by = ?", me.id);
    expect(proposed).toMatchObject({ status: "moderation", parent_id: null });
    const snap = await snapshot(me.id);
    expect(snap.industries.map((r) => r.industry_id)).toEqual([ind1!.id, ind2!.id]);
    expect(snap.options.map((r) => r.option_id).sort((a, b) => Number(a) - Number(b))).toEqual([strategy.id, sub.id, other.id, proposed!.id].sort((a, b) => a - b));
    expect(snap.links).toEqual(expect.arrayContaining([{ industry_id: ind1!.id, option_id: proposed!.id }, { industry_id: ind2!.id, option_id: other.id }]));
    const user = (await api("/api/user", { token: me.token })).body;
    expect(user.options).toEqual(expect.arrayContaining([expect.objectContaining({ id: proposed!.id, status: "moderation" })]));
    // The same name again reuses the function waiting for moderation.
    await api("/api/user/profile", { token: me.token, json: { industries: [{ id: ind1!.id, options: [], new_options: [{ name: "аудит нейросетей" }] }] } });
    expect(await count("select count(*) as n from options where created_by = ?", me.id)).toBe(1);
  });

  it("links a new function named under many industries in one statement per function, not one per industry", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const all = await rows<{ id: number }>("select id from industries order by id limit 40");
    const names = Array.from({ length: 5 }, (_, i) => `Новая функция ${i} ${crypto.randomUUID().slice(0, 6)}`);
    const industries = all.map((i) => ({ id: i.id, options: [], new_options: names.map((name) => ({ name })) }));
    const res = await api("/api/user/profile", { token: me.token, json: { industries } });
    expect(res.status, res.text).toBe(200);
    const proposed = await rows<{ id: number }>("select id from options where created_by = ?", me.id);
    expect(proposed).toHaveLength(5);
    expect(await count("select count(*) as n from user_industry_options where user_id = ?", me.id)).toBe(all.length * 5);
    expect(await count("select count(*) as n from user_industry_options where user_id = ? and option_id in (select id from options where created_by = ?)", me.id, me.id)).toBe(all.length * 5);
    // Statements of the save's batch grow with the new functions, not with functions × industries.
    expect(Number(res.headers.get("X-D1-Statements"))).toBeLessThan(all.length + 40);
  });

  it("also takes the payload as a JSON string in a multipart body", async () => {
    const me = await createSignedInUser();
    const res = await api("/api/user/profile", { token: me.token, form: { industries: JSON.stringify([{ id: ind1!.id, options: [strategy.id] }]) } });
    expect(res.status, res.text).toBe(200);
    expect((await snapshot(me.id)).links).toEqual([{ industry_id: ind1!.id, option_id: strategy.id }]);
  });

  it.each([
    ["an industry without a function", [{ id: 1, options: [], new_options: [] }], "Выберите хотя бы одну функцию для каждой индустрии"],
    // spec 2 §5: the modal saves a selection; an empty one would wipe every industry and function.
    ["no industry at all", [], "Индустрии обязательны для заполнения"],
    ["101 industries", Array.from({ length: 101 }, (_, i) => ({ id: i + 1, options: [1] })), "Превышен лимит индустрий"],
    ["101 functions", [{ id: 1, options: [], new_options: Array.from({ length: 101 }, (_, i) => ({ name: `Функция ${i}` })) }], "Превышен лимит функций"],
    ["an unknown industry", [{ id: 99999, options: [1] }], "Выбрана несуществующая индустрия"],
    ["an unknown function", [{ id: 1, options: [99999] }], "Выбрана несуществующая функция"],
  ])("refuses %s and changes nothing", async (_case, industries, message) => {
    const me = await createSignedInUser();
    await api("/api/user/profile", { token: me.token, json: { industries: [{ id: ind2!.id, options: [other.id] }] } });
    const before = await snapshot(me.id);
    const res = await api("/api/user/profile", { token: me.token, json: { industries } });
    expect(res.status, res.text).toBe(422);
    expect(JSON.stringify(res.body.errors)).toContain(message);
    expect(await snapshot(me.id)).toEqual(before);
    expect(await count("select count(*) as n from options where created_by = ?", me.id)).toBe(0);
  });

  it("answers the limit in English", async () => {
    const me = await createSignedInUser();
    const res = await api("/api/user/profile", { token: me.token, lang: "en", json: { industries: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, options: [1] })) } });
    expect(JSON.stringify(res.body.errors)).toContain("Too many industries");
  });
});

describe("POST /api/user/profile/industries and /options {ids}", () => {
  it("replace the lists; a removed industry or function leaves the links", async () => {
    const me = await createSignedInUser();
    await api("/api/user/profile", { token: me.token, json: { industries: [{ id: ind1!.id, options: [strategy.id] }, { id: ind2!.id, options: [other.id] }] } });
    const res = await api("/api/user/profile/industries", { token: me.token, json: { ids: [ind1!.id] } });
    expect(res.status, res.text).toBe(200);
    let snap = await snapshot(me.id);
    expect(snap.industries).toEqual([{ industry_id: ind1!.id }]);
    expect(snap.links).toEqual([{ industry_id: ind1!.id, option_id: strategy.id }]);
    expect((await api("/api/user/profile/options", { token: me.token, json: { ids: [other.id] } })).status).toBe(200);
    snap = await snapshot(me.id);
    expect(snap.options).toEqual([{ option_id: other.id }]);
    expect(snap.links).toEqual([]);
  });

  it("refuse 101 ids with the spec's messages, unknown ids, and guests", async () => {
    const me = await createSignedInUser();
    const before = await snapshot(me.id);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expectFieldError(await api("/api/user/profile/industries", { token: me.token, json: { ids: many } }), "ids", "Превышен лимит индустрий");
    expectFieldError(await api("/api/user/profile/options", { token: me.token, json: { ids: many } }), "ids", "Превышен лимит функций");
    expectFieldError(await api("/api/user/profile/options", { token: me.token, lang: "en", json: { ids: many } }), "ids", "Too many functions");
    expectFieldError(await api("/api/user/profile/industries", { token: me.token, json: { ids: [99999] } }), "ids", "Выбрана несуществующая индустрия");
    expect(await snapshot(me.id)).toEqual(before);
    expect((await api("/api/user/profile/industries", { json: { ids: [1] } })).status).toBe(401);
    expect((await api("/api/user/profile/options", { json: { ids: [1] } })).status).toBe(401);
  });
});

describe("expert council: /api/user/profile/expert", () => {
  it("applies ('Заявка успешно подана', status moderation), lists and deletes ('Заявка успешно удалена')", async () => {
    const me = await createSignedInUser();
    const res = await api("/api/user/profile/expert", { token: me.token, json: { industry_id: ind1!.id, option_id: strategy.id } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe("Заявка успешно подана");
    expect(res.body.item).toMatchObject({ status: "moderation", industry: { id: ind1!.id, name: ind1!.name }, option: { id: strategy.id, name: strategy.name } });
    const list = await api("/api/user/profile/expert", { token: me.token });
    expect(list.body).toHaveLength(1);
    expectFieldError(await api("/api/user/profile/expert", { token: me.token, json: { industry_id: ind1!.id, option_id: strategy.id } }), "option_id", "Заявка по этой индустрии и функции уже подана");
    const del = await api(`/api/user/profile/expert/${res.body.item.id}`, { token: me.token, method: "DELETE" });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Заявка успешно удалена");
    expect((await api("/api/user/profile/expert", { token: me.token })).body).toEqual([]);
    expect(await count("select count(*) as n from audit_log where actor_user_id = ? and action in ('council.applied', 'council.withdrawn')", me.id)).toBe(2);
  });

  it("someone else's application is not found (404) and stays; a guest gets 401", async () => {
    const owner = await createSignedInUser();
    const stranger = await createSignedInUser();
    const { body } = await api("/api/user/profile/expert", { token: owner.token, json: { industry_id: ind1!.id, option_id: strategy.id } });
    const before = await snapshot(owner.id);
    expect((await api(`/api/user/profile/expert/${body.item.id}`, { token: stranger.token, method: "DELETE" })).status).toBe(404);
    expect((await api(`/api/user/profile/expert/${body.item.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await api("/api/user/profile/expert")).status).toBe(401);
    expect((await api("/api/user/profile/expert", { json: { industry_id: 1, option_id: 1 } })).status).toBe(401);
    expect((await api("/api/user/profile/expert", { token: stranger.token })).body).toEqual([]);
    expect(await snapshot(owner.id)).toEqual(before);
  });

  it("takes an application from an account whose address is not yet confirmed (a profile call), and counts them on the proposals' limit (429)", async () => {
    const unproven = await createSignedInUser({ verified: false });
    const applied = await api("/api/user/profile/expert", { token: unproven.token, json: { industry_id: ind1!.id, option_id: strategy.id } });
    expect(applied.status, applied.text).toBe(201);
    expect((await snapshot(unproven.id)).council).toMatchObject([{ industry_id: ind1!.id, option_id: strategy.id, status: "moderation" }]);
    const me = await createSignedInUser();
    const windowStart = Math.floor(Date.now() / 1000 / 3600) * 3600;
    await rows("insert into rate_limits (key, count, expires_at) values (?, 30, ?)", `proposals_user:${me.id}:${windowStart}`, windowStart + 3600);
    expect((await api("/api/user/profile/expert", { token: me.token, json: { industry_id: ind1!.id, option_id: strategy.id } })).status).toBe(429);
    expect((await snapshot(me.id)).council).toEqual([]);
  });

  it("refuses an unknown industry or function", async () => {
    const me = await createSignedInUser();
    expectFieldError(await api("/api/user/profile/expert", { token: me.token, json: { industry_id: 99999, option_id: strategy.id } }), "industry_id", "Выбрана несуществующая индустрия");
    expectFieldError(await api("/api/user/profile/expert", { token: me.token, json: { industry_id: 1, option_id: 99999 } }), "option_id", "Выбрана несуществующая функция");
    expect((await snapshot(me.id)).council).toEqual([]);
  });
});

describe("GET /api/user/{id}: someone else's profile", () => {
  it("has the expertise and the status but no contacts or socials", async () => {
    const owner = await createSignedInUser();
    await api("/api/user/profile", { token: owner.token, json: { corp_email: "corp@owner.ru", socials: [{ name: "vk", link: "https://vk.com/owner" }], industries: [{ id: ind1!.id, options: [strategy.id] }] } });
    await api("/api/user/status", { token: owner.token, json: { text: "Эксперт по стратегии" } });
    const viewer = await createSignedInUser();
    const res = await api(`/api/user/${owner.id}`, { token: viewer.token });
    expect(res.body).toMatchObject({ id: owner.id, status: "Эксперт по стратегии", industries: [{ id: ind1!.id }], work: [], abilities: [], expertises: [] });
    for (const field of ["email", "phone", "corp_email", "socials"]) expect(res.body).not.toHaveProperty(field);
    expect(res.text).not.toContain("vk.com/owner");
    expect(res.text).not.toContain("corp@owner.ru");
  });
});

describe("the profile page", () => {
  it("reports a fixed number of D1 queries whatever the profile holds", async () => {
    const me = await createSignedInUser();
    const { token } = me;
    const cookie = `session=${token}`;
    // Rendered afresh each time (outside production): the cost of the render, not of the page cache's answer.
    const headers = { "X-Page-Cache": "bypass" };
    // The first page of a Worker warms its short-lived reference caches (industries, settings): not counted.
    await api("/profile/information", { cookie, headers });
    const first = await api("/profile/information", { cookie, headers });
    expect(first.status).toBe(200);
    await api("/api/user/profile", { token, json: { industries: [{ id: ind1!.id, options: [strategy.id, ...strategy.children.map((c) => c.id)] }, { id: ind2!.id, options: [other.id] }] } });
    await api("/api/user/profile/expert", { token, json: { industry_id: ind1!.id, option_id: strategy.id } });
    const second = await api("/profile/information", { cookie, headers });
    expect(second.text).toContain("Проектная экспертиза");
    expect(second.text).toContain("На рассмотрении");
    const n = Number(second.headers.get("X-D1-Queries"));
    console.log(`/profile/information: ${n} D1 queries`);
    expect(n).toBe(Number(first.headers.get("X-D1-Queries")));
    expect(n).toBeLessThanOrEqual(10);
  });

  it("shows someone else's profile read-only, with the contacts text, and 404 for an unknown id", async () => {
    const owner = await createSignedInUser();
    await api("/api/user/profile", { token: owner.token, json: { corp_email: "corp@owner.ru" } });
    const viewer = await createSignedInUser();
    for (const path of [`/profile/${owner.id}`, `/profile/${owner.id}/expert`, `/profile/${owner.id}/information`]) {
      const res = await api(path, { cookie: `session=${viewer.token}` });
      expect(res.status, path).toBe(200);
      expect(res.text).toMatch(/data-testid="contacts-hidden">Здесь появятся контакты эксперта после подписания договора</);
      expect(res.text).not.toContain("corp@owner.ru");
      expect(res.text).not.toContain(owner.email);
      // (The page's texts travel with it, so the check is on the rendered sections.)
      expect(res.text).not.toContain('id="expert"');
      expect(res.text).not.toContain('id="publication"');
      expect(res.text).not.toContain('name="phone"');
    }
    expect((await api("/profile/999999", { cookie: `session=${viewer.token}` })).status).toBe(404);
    expect((await api(`/profile/${owner.id}/unknown`, { cookie: `session=${viewer.token}` })).status).toBe(404);
    expect((await api(`/profile/${owner.id}`)).status).toBe(302);
  });

  it("opens the own profile's children of spec 2 §2: /profile/expert read-only with the own contacts, /profile/profile to edit; a guest signs in", async () => {
    const me = await createSignedInUser();
    await api("/api/user/profile", { token: me.token, json: { corp_email: "corp@me.ru" } });
    const cookie = `session=${me.token}`;
    const expert = await api("/profile/expert", { cookie });
    expect(expert.status).toBe(302);
    expect(expert.headers.get("Location")).toBe(`/profile/${me.id}/expert`);
    const page = await api(expert.headers.get("Location")!, { cookie });
    expect(page.status).toBe(200);
    // Read-only: no form fields; the owner sees his own contacts.
    expect(page.text).not.toContain('name="phone"');
    expect(page.text).toContain("corp@me.ru");
    const own = await api("/profile/profile", { cookie });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/profile/information");
    for (const path of ["/profile/expert", "/profile/profile"]) expect((await api(path)).headers.get("Location"), path).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("the page's forms and the operator console", () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    api(path, { cookie, body: new URLSearchParams(fields).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: "http://localhost" } });

  it("the owner's contacts form changes the e-mail only with the current password, and shows the field for it", async () => {
    const me = await createSignedInUser();
    const cookie = `session=${me.token}`;
    // Without JavaScript the form always has the field (the page cannot know the e-mail will change).
    expect((await api("/profile/information", { cookie })).text).toContain('name="current_password"');
    const base = { intent: "contacts", phone: me.phone, email: uniqueEmail("page"), corp_email: "" };
    const refused = await post("/profile/information", cookie, base);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Введите текущий пароль, чтобы сменить e-mail");
    expect((await snapshot(me.id)).user!.email).toBe(me.email);
    expect((await post("/profile/information", cookie, { ...base, current_password: PASSWORD })).status).toBe(200);
    expect((await snapshot(me.id)).user!.email).toBe(base.email);
  });

  it("the owner's page saves the status through the same rule (and refuses 301 characters)", async () => {
    const me = await createSignedInUser();
    const cookie = `session=${me.token}`;
    expect((await post("/profile/information", cookie, { intent: "status", text: "Через форму страницы" })).status).toBe(200);
    expect((await snapshot(me.id)).user!.status_text).toBe("Через форму страницы");
    expect((await post("/profile/information", cookie, { intent: "status", text: "я".repeat(301) })).status).toBe(422);
    expect((await snapshot(me.id)).user!.status_text).toBe("Через форму страницы");
    // A guest is sent to sign in; nothing is written.
    expect((await post("/profile/information", "", { intent: "status", text: "гость" })).status).toBe(302);
  });

  it("an operator accepts or rejects an application in the console, audited; others may not", async () => {
    const expert = await createSignedInUser();
    const a = (await api("/api/user/profile/expert", { token: expert.token, json: { industry_id: ind1!.id, option_id: strategy.id } })).body.item.id as number;
    const b = (await api("/api/user/profile/expert", { token: expert.token, json: { industry_id: ind2!.id, option_id: strategy.id } })).body.item.id as number;
    const operator = await createOperator();
    const opCookie = `session=${await signIn(operator)}`;
    expect((await api("/admin", { cookie: opCookie })).text).toContain(expert.email);
    expect((await post("/admin", opCookie, { intent: "council", id: String(a), status: "active" })).status).toBe(200);
    expect((await post("/admin", opCookie, { intent: "council", id: String(b), status: "rejected", reason: "Мало опыта в индустрии" })).status).toBe(200);
    const list = (await api("/api/user/profile/expert", { token: expert.token })).body as { id: number; status: string }[];
    expect(Object.fromEntries(list.map((x) => [x.id, x.status]))).toEqual({ [a]: "active", [b]: "rejected" });
    expect(await count("select count(*) as n from audit_log where actor_user_id = ? and action in ('council.accepted', 'council.rejected')", operator.id)).toBe(2);
    // The expert is not an operator: the console refuses, the status stays.
    expect((await post("/admin", `session=${expert.token}`, { intent: "council", id: String(a), status: "rejected" })).status).toBe(403);
    expect((await snapshot(expert.id)).council.map((c) => c.status)).toEqual(["active", "rejected"]);
  });
});
