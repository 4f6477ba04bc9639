import { beforeAll, describe, expect, it } from "vitest";
import { options as seedOptions } from "../../db/seed/reference-data";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { LIMITS } from "~/domain/validation";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { api, withinOneWindow, expectFieldError, freshIp, toFormData } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createUser, customerPayload, PASSWORD, uniqueEmail, userByEmail } from "../helpers/factories";
import { docBytes, docxBytes, file, newMarker, pdfBytes, pngBytes, textBytes } from "../helpers/files";
import { lastMailTo, mailsTo, verifyTokenFrom } from "../helpers/mail";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";

// The pages' texts and the server's own (e-mails, domain errors), as the server answers with them.
const en = withServerTexts(enPage, enServer);

beforeAll(() => ensureReference());

const finance = seedOptions.find((o) => o.children.length >= 2)!;

function expertPayload(overrides: Record<string, unknown> = {}) {
  return customerPayload({ is_expert: "1", industry: [1, 2], option: [finance.id, finance.children[0]!.id], ...overrides });
}

/** Totals that a refused registration must leave untouched. */
async function totals() {
  return {
    users: await count("select count(*) as n from users"),
    files: await count("select count(*) as n from files"),
    options: await count("select count(*) as n from options"),
    sessions: await count("select count(*) as n from sessions"),
    tokens: await count("select count(*) as n from tokens"),
    mails: await count("select count(*) as n from mail_outbox"),
  };
}

/** Sends a registration that must be refused and checks that nothing was written anywhere. */
async function refusedRegistration(payload: Record<string, unknown>, opts: { json?: boolean; marker?: string; lang?: "ru" | "en"; existing?: boolean } = {}) {
  const before = await totals();
  const keysBefore = opts.marker ? await bucketKeys() : [];
  const res = opts.json ? await api("/api/register", { json: payload, lang: opts.lang }) : await api("/api/register", { form: payload, lang: opts.lang });
  expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  expect(res.body.token).toBeUndefined();
  expect(await totals()).toEqual(before);
  if (!opts.existing && typeof payload.email === "string" && payload.email.includes("@")) {
    expect(await userByEmail(payload.email.trim().toLowerCase())).toBeUndefined();
  }
  if (opts.marker) expect(await objectsWithMarker(keysBefore, opts.marker)).toEqual([]);
  return res;
}

describe("POST /api/register: customers", () => {
  it("registers a customer from a JSON body: 201 {token, user}, signed in, not yet verified", async () => {
    const payload = customerPayload({ name: "  Иван ", lastName: " Петров-Водкин " });
    const res = await api("/api/register", { json: payload });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.any(Object) });

    // spec README: the user of {token, user} is the one GET /api/user answers, field for field (issue 10).
    const me = await api("/api/user", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, email: payload.email, name: "Иван", lastName: "Петров-Водкин", isVerified: false, is_expert: false, roles: ["customer"] });
    expect(res.body.user).toEqual(me.body);
  });

  it("registers a customer from a multipart body, keeping the e-mail in lower case", async () => {
    const email = uniqueEmail("Multi").replace("multi", "MULTI");
    const res = await api("/api/register", { form: customerPayload({ email }) });
    expect(res.status).toBe(201);
    const row = await userByEmail(email.toLowerCase());
    expect(row).toMatchObject({ id: res.body.user.id, email: email.toLowerCase(), phone: "+7 (916) 123-45-67", isSubscribed: true, emailVerifiedAt: null });
  });

  it("mails a verification link /email/verify?token= to the new address", async () => {
    const payload = customerPayload();
    expect((await api("/api/register", { json: payload })).status).toBe(201);
    const mails = await mailsTo(payload.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Подтвердите e-mail");
    expect(mail.text).toContain("Здравствуйте, Иван!");
    expect(mail.text).toMatch(/http:\/\/localhost\/email\/verify\?token=\S+/);
    expect(mail.html).toContain("/email/verify?token=");
    expect(verifyTokenFrom(mail).length).toBeGreaterThan(20);
  });

  it("writes the mail in English for an English-speaking client", async () => {
    const payload = customerPayload();
    expect((await api("/api/register", { json: payload, lang: "en" })).status).toBe(201);
    expect((await lastMailTo(payload.email)).subject).toBe(en.mail.verify.subject);
  });

  it("ignores expertise sent by a customer", async () => {
    const res = await api("/api/register", { form: customerPayload({ industry: [1], option: [finance.id] }) });
    expect(res.status).toBe(201);
    expect(await count("select count(*) as n from user_industries where user_id = ?", res.body.user.id)).toBe(0);
    expect(await count("select count(*) as n from user_roles where user_id = ? and role = 'executor'", res.body.user.id)).toBe(0);
  });

  it("refuses an e-mail that already has an account with userExistError, whatever its case", async () => {
    const existing = await createUser();
    const res = await refusedRegistration(customerPayload({ email: existing.email.toUpperCase() }), { json: true, existing: true });
    expect(res.status).toBe(422);
    expect(res.body.userExistError).toBe(true);
    expect(res.body.message).toBe("Пользователь с таким e-mail уже зарегистрирован");
    expect(res.body.errors.email).toEqual(["Пользователь с таким e-mail уже зарегистрирован"]);
  });
});

describe("POST /api/register: experts", () => {
  it("takes one resume under the plain field name spec 1 §3 gives it ('resume (file)')", async () => {
    const res = await api("/api/register", { form: expertPayload({ resume: file(pdfBytes(newMarker()), "cv.pdf", "application/pdf") }) });
    expect(res.status, res.text).toBe(201);
    expect(await rows("select name, kind from files where owner_user_id = ?", res.body.user.id)).toEqual([{ name: "cv.pdf", kind: "resume" }]);
  });

  it("registers an expert with industries, functions, a new function in moderation and five resume files in S3", async () => {
    const marker = newMarker();
    const resumes = [
      file(pdfBytes(`${marker}-1`), "Резюме Иванова.pdf", "application/pdf"),
      file(docxBytes(`${marker}-2`), "cv.docx"),
      file(docBytes(`${marker}-3`), "cv-old.doc", "application/msword"),
      file(pdfBytes(`${marker}-4`), "portfolio.PDF"),
      file(pdfBytes(`${marker}-5`), "letters.pdf"),
    ];
    const payload = expertPayload({
      industry: [1, 3],
      option: [finance.id, finance.children[0]!.id, finance.children[1]!.id],
      new_option: [{ name: "ESG-отчётность", parent_id: finance.id }],
      resume: resumes,
    });
    const res = await api("/api/register", { form: payload });
    expect(res.status, res.text).toBe(201);
    const userId = res.body.user.id as number;

    const me = await api("/api/user", { token: res.body.token });
    expect(me.body.is_expert).toBe(true);
    expect(me.body.roles.sort()).toEqual(["customer", "executor"]);
    expect(me.body.industries.map((i: { id: number }) => i.id).sort()).toEqual([1, 3]);
    const myOptions = me.body.options as { id: number; name: string; parent_id: number | null; status: string }[];
    expect(myOptions.filter((o) => o.status === "active").map((o) => o.id).sort((a, b) => a - b)).toEqual(
      [finance.id, finance.children[0]!.id, finance.children[1]!.id].sort((a, b) => a - b),
    );
    expect(myOptions.filter((o) => o.status === "moderation")).toEqual([{ id: expect.any(Number), name: "ESG-отчётность", parent_id: finance.id, status: "moderation" }]);

    const [proposed] = await rows<{ status: string; created_by: number; parent_id: number }>("select status, created_by, parent_id from options where name = ?", "ESG-отчётность");
    expect(proposed).toEqual({ status: "moderation", created_by: userId, parent_id: finance.id });
    // Not visible to others until an operator approves it.
    const publicList = await api("/api/options");
    expect(publicList.body.some((o: { name: string }) => o.name === "ESG-отчётность")).toBe(false);

    const stored = await rows<{ key: string; name: string; mime: string; size: number; kind: string }>(
      "select key, name, mime, size, kind from files where owner_user_id = ? order by id",
      userId,
    );
    expect(stored.map((f) => [f.name, f.mime, f.kind])).toEqual([
      ["Резюме Иванова.pdf", "application/pdf", "resume"],
      ["cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "resume"],
      ["cv-old.doc", "application/msword", "resume"],
      ["portfolio.PDF", "application/pdf", "resume"],
      ["letters.pdf", "application/pdf", "resume"],
    ]);
    for (const [i, f] of stored.entries()) {
      expect(f.key).toMatch(/resume\/[0-9a-f-]{36}\.(pdf|docx|doc)$/);
      const bytes = await storage().get(f.key);
      expect(bytes, f.key).not.toBeNull();
      expect(bytes!.byteLength).toBe(f.size);
      expect(new TextDecoder("latin1").decode(bytes!)).toContain(`${marker}-${i + 1}`);
    }
    // A signed URL serves the object itself.
    const url = await storage().signedUrl(stored[0]!.key);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(new TextDecoder("latin1").decode(await download.arrayBuffer())).toContain(`${marker}-1`);
  });

  it("accepts a JSON registration of an expert without files", async () => {
    const res = await api("/api/register", { json: { ...expertPayload(), is_expert: true, industry: [5], option: [finance.id] } });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from user_industries where user_id = ? and industry_id = 5", res.body.user.id)).toBe(1);
  });

  it("accepts a new function alone as the expert's functions", async () => {
    const res = await api("/api/register", { form: expertPayload({ option: undefined, new_option: [{ name: "Управление ИИ-рисками" }] }) });
    expect(res.status, res.text).toBe(201);
    const [row] = await rows<{ status: string; parent_id: number | null }>("select status, parent_id from options where name = ?", "Управление ИИ-рисками");
    expect(row).toEqual({ status: "moderation", parent_id: null });
  });

  it("takes a 'new' function that already exists (any letter case) as the existing one", async () => {
    const existing = finance.children[0]!;
    const before = await count("select count(*) as n from options");
    const res = await api("/api/register", {
      form: expertPayload({ option: undefined, new_option: [{ name: existing.name.toUpperCase(), parent_id: finance.id }, { name: existing.name, parent_id: finance.id }] }),
    });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from options")).toBe(before);
    expect(await count("select count(*) as n from user_options where user_id = ? and option_id = ?", res.body.user.id, existing.id)).toBe(1);
  });

  it(`accepts ${LIMITS.registrationIndustries} industries`, async () => {
    const industry = Array.from({ length: LIMITS.registrationIndustries }, (_, i) => i + 1);
    const res = await api("/api/register", { form: expertPayload({ industry }) });
    expect(res.status, res.text).toBe(201);
    expect(await count("select count(*) as n from user_industries where user_id = ?", res.body.user.id)).toBe(LIMITS.registrationIndustries);
  });
});

describe("POST /api/register: the rules of spec 1 §5, each refused with its message and nothing written", () => {
  it.each([
    ["a missing name", { name: undefined }, "name", "Имя обязательно для заполнения"],
    ["a blank name", { name: "   " }, "name", "Имя обязательно для заполнения"],
    ["a name with digits", { name: "Иван2" }, "name", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a name with a space inside", { name: "Анна Мария" }, "name", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a name with an apostrophe", { name: "O'Neil" }, "name", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a 31-letter name", { name: "А".repeat(31) }, "name", "Максимальная длина - 30 символов"],
    ["a missing last name", { lastName: undefined }, "lastName", "Фамилия обязательна для заполнения"],
    ["a last name with symbols", { lastName: "Петров_" }, "lastName", "Допустимы только буквы (кириллица или латиница) и дефис"],
    ["a missing e-mail", { email: undefined }, "email", "E-mail обязателен"],
    ["an e-mail without @", { email: "ivan.example.ru" }, "email", "некорректный E-mail"],
    ["an e-mail with a space", { email: "ivan petrov@example.ru" }, "email", "некорректный E-mail"],
    ["a missing phone", { phone: undefined }, "phone", "Телефон обязателен для заполнения"],
    ["a phone with letters", { phone: "+7 916 ABC-45-67" }, "phone", "Некорректный номер телефона"],
    ["a phone of 26 characters", { phone: "+7 (916) 123-45-67 000 000" }, "phone", "Максимальная длина - 25 символов"],
    ["a phone too short to be valid", { phone: "+7 916 12" }, "phone", "Некорректный номер телефона"],
    ["a phone that is not a number", { phone: "+7 (000) 000-00-00" }, "phone", "Некорректный номер телефона"],
    ["a missing password", { password: undefined }, "password", "пароль обязателен"],
    ["a 7-character password", { password: "Abcde_1" }, "password", "Пароль должен содержать не менее 8 символов"],
    ["a password without an uppercase letter", { password: "secret_pass1" }, "password", "Пароль должен содержать хотя бы одну заглавную букву"],
    ["a password with Cyrillic letters", { password: "Пароль_Secret1" }, "password", "Допустимы только латинские буквы, цифры и символы _ * @ ! #"],
    ["a password with a dollar sign", { password: "Secret$Pass1" }, "password", "Допустимы только латинские буквы, цифры и символы _ * @ ! #"],
    ["a password with a space", { password: "Secret Pass1" }, "password", "Допустимы только латинские буквы, цифры и символы _ * @ ! #"],
  ])("refuses %s", async (_case, overrides, field, message) => {
    const payload = customerPayload(overrides);
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete (payload as Record<string, unknown>)[k];
    expectFieldError(await refusedRegistration(payload, { json: true }), field, message);
  });

  it("accepts Latin names with a hyphen and a phone written with spaces and brackets", async () => {
    const res = await api("/api/register", { json: customerPayload({ name: "Mary-Jane", lastName: "O-Brien", phone: "8 (916) 123 45 67" }) });
    expect(res.status, res.text).toBe(201);
  });

  it("accepts a password made of every allowed symbol", async () => {
    const res = await api("/api/register", { json: customerPayload({ password: "Aa1_*@!#" }) });
    expect(res.status, res.text).toBe(201);
  });

  it("reports every broken field at once, each under its name", async () => {
    const res = await refusedRegistration({ name: "1", lastName: "", email: "x", phone: "abc", password: "short" }, { json: true });
    expect(res.body.errors).toMatchObject({
      name: ["Допустимы только буквы (кириллица или латиница) и дефис"],
      lastName: ["Фамилия обязательна для заполнения"],
      email: ["некорректный E-mail"],
      phone: ["Некорректный номер телефона"],
    });
    expect(res.body.errors.password).toEqual(
      expect.arrayContaining(["Пароль должен содержать не менее 8 символов", "Пароль должен содержать хотя бы одну заглавную букву"]),
    );
  });

  it("gives the English messages under Content-Language: en", async () => {
    const res = await refusedRegistration(customerPayload({ name: "1", password: "short1A$" }), { json: true, lang: "en" });
    expectFieldError(res, "name", en.validation.name_letters);
    expectFieldError(res, "password", en.validation.password_chars);
  });

  it("requires industries of an expert ('Индустрии обязательны для заполнения')", async () => {
    expectFieldError(await refusedRegistration(expertPayload({ industry: undefined })), "industry", "Индустрии обязательны для заполнения");
  });

  it(`refuses more than ${LIMITS.registrationIndustries} industries ('Превышен лимит индустрий')`, async () => {
    const industry = Array.from({ length: LIMITS.registrationIndustries + 1 }, (_, i) => i + 1);
    expectFieldError(await refusedRegistration(expertPayload({ industry })), "industry", "Превышен лимит индустрий");
  });

  it("requires functions of an expert ('Функции обязательны для заполнения')", async () => {
    expectFieldError(await refusedRegistration(expertPayload({ option: undefined })), "option", "Функции обязательны для заполнения");
  });

  it("refuses an industry or a function that does not exist", async () => {
    expectFieldError(await refusedRegistration(expertPayload({ industry: [1, 99999] })), "industry", "Выбрана несуществующая индустрия");
    expectFieldError(await refusedRegistration(expertPayload({ option: [99999] })), "option", "Выбрана несуществующая функция");
  });

  it("refuses a new function under a parent that does not exist, and writes no option", async () => {
    const res = await refusedRegistration(expertPayload({ new_option: [{ name: "Сиротская функция", parent_id: 99999 }] }));
    expect(res.status).toBe(422);
    expect(await count("select count(*) as n from options where name = ?", "Сиротская функция")).toBe(0);
  });

  it("refuses a new function under a sub-function ('Выберите основную функцию'), as POST /api/options does", async () => {
    const sub = finance.children[0]!;
    const res = await refusedRegistration(expertPayload({ new_option: [{ name: "Внучатая функция", parent_id: sub.id }] }));
    expectFieldError(res, "new_option", "Выберите основную функцию");
    expect(await count("select count(*) as n from options where name = ?", "Внучатая функция")).toBe(0);
  });

  it.each([
    ["a PNG picture", (m: string) => file(pngBytes(m), "photo.png", "image/png")],
    ["a PDF renamed .docx", (m: string) => file(pdfBytes(m), "resume.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")],
    ["a text file renamed .pdf", (m: string) => file(textBytes(m), "resume.pdf", "application/pdf")],
    ["a DOCX renamed .pdf", (m: string) => file(docxBytes(m), "resume.pdf", "application/pdf")],
    ["a file without an extension", (m: string) => file(pdfBytes(m), "resume", "application/pdf")],
    ["an empty file", (_m: string) => file(new Uint8Array(0), "empty.pdf", "application/pdf")],
  ])("refuses %s as a resume ('Неверный тип файла') and leaves nothing in the bucket", async (_case, make) => {
    const marker = newMarker();
    const resume = [file(pdfBytes(marker), "good.pdf", "application/pdf"), make(marker)];
    expectFieldError(await refusedRegistration(expertPayload({ resume }), { marker }), "resume", "Неверный тип файла");
  });

  it(`refuses more than ${LIMITS.registrationFiles} resume files ('Добавьте не более 5 файлов')`, async () => {
    const marker = newMarker();
    const resume = Array.from({ length: LIMITS.registrationFiles + 1 }, (_, i) => file(pdfBytes(`${marker}-${i}`), `cv-${i}.pdf`, "application/pdf"));
    expectFieldError(await refusedRegistration(expertPayload({ resume }), { marker }), "resume", "Добавьте не более 5 файлов");
  });

  it("refuses a resume over 50 MB ('Максимальный размер файла - 50мб')", async () => {
    const marker = newMarker();
    const big = new Uint8Array(LIMITS.fileBytes + 1);
    big.set(pdfBytes(marker));
    const res = await refusedRegistration(expertPayload({ resume: [file(big, "huge.pdf", "application/pdf")] }), { marker });
    expectFieldError(res, "resume", "Максимальный размер файла - 50мб");
  });

  it("refuses a resume that is a text field instead of a file", async () => {
    const res = await refusedRegistration(expertPayload({ resume: ["not-a-file.pdf"] }));
    expectFieldError(res, "resume.0", "Неверный тип файла");
  });

  it("refuses an expert whose e-mail exists after checking nothing else was stored, files included", async () => {
    const existing = await createUser();
    const marker = newMarker();
    const res = await refusedRegistration(expertPayload({ email: existing.email, resume: [file(pdfBytes(marker), "cv.pdf", "application/pdf")] }), { marker, existing: true });
    expect(res.body.userExistError).toBe(true);
  });

  it("keeps only the winner's files when the same e-mail registers twice at once", async () => {
    const email = uniqueEmail("twice");
    const markers = [newMarker(), newMarker()];
    const keysBefore = await bucketKeys();
    const results = await Promise.all(
      markers.map((m) => api("/api/register", { form: expertPayload({ email, resume: [file(pdfBytes(m), "cv.pdf", "application/pdf")] }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const loser = results.findIndex((r) => r.status === 422);
    expect(results[loser]!.body.userExistError).toBe(true);
    expect(await count("select count(*) as n from users where email = ?", email)).toBe(1);
    const winnerId = results[1 - loser]!.body.user.id;
    const files = await rows<{ key: string }>("select key from files where owner_user_id = ?", winnerId);
    expect(files).toHaveLength(1);
    expect(await objectsWithMarker(keysBefore, markers[1 - loser]!)).toEqual([files[0]!.key]);
    expect(await objectsWithMarker(keysBefore, markers[loser]!)).toEqual([]);
  });
});

describe("POST /api/register: bodies that cannot be read", () => {
  it("answers a broken multipart body with 4xx and a message", async () => {
    const before = await count("select count(*) as n from users");
    const res = await api("/api/register", {
      body: "--xyz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nИван\r\n--xy",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toBe("Не удалось прочитать данные запроса");
    expect(await count("select count(*) as n from users")).toBe(before);
  });

  it("answers a multipart body without a boundary with 4xx and a message", async () => {
    const res = await api("/api/register", { body: "name=Иван", headers: { "Content-Type": "multipart/form-data" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось прочитать данные запроса");
  });

  it("answers invalid JSON with 4xx and a message", async () => {
    const res = await api("/api/register", { body: '{"name": "Иван", ', headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось прочитать данные запроса");
  });

  it("answers a JSON array or a JSON string with field messages, not a crash", async () => {
    for (const body of ["[1,2,3]", '"text"', "null", "42"]) {
      const res = await api("/api/register", { body, headers: { "Content-Type": "application/json" } });
      expect(res.status, body).toBe(422);
      expect(res.body.errors.email).toEqual(["E-mail обязателен"]);
    }
  });

  it("answers fields of the wrong type with field messages", async () => {
    const res = await refusedRegistration({ name: 42, lastName: ["Петров"], email: { a: 1 }, phone: true, password: 12345678, industry: "1", is_expert: "maybe" }, { json: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["name", "lastName", "email", "phone", "password", "is_expert"]));
  });

  it("answers huge strings with 422", async () => {
    const huge = "Я".repeat(100_000);
    const res = await refusedRegistration(customerPayload({ name: huge, lastName: huge, email: `${"a".repeat(100_000)}@example.ru`, phone: "9".repeat(100_000), password: `A${"a".repeat(100_000)}` }), { json: true });
    expectFieldError(res, "name", "Максимальная длина - 30 символов");
    expectFieldError(res, "lastName", "Максимальная длина - 30 символов");
    expectFieldError(res, "email", "некорректный E-mail");
    expectFieldError(res, "phone", "Максимальная длина - 25 символов");
    expectFieldError(res, "password", "Пароль слишком длинный");
  });

  it("answers a body over the size limit with 413 before reading it", async () => {
    const res = await api("/api/register", { json: customerPayload({ name: "Я".repeat(600_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Слишком большой запрос");
  });

  it("answers an unsupported content type with a message", async () => {
    const res = await api("/api/register", { body: "name=Иван", headers: { "Content-Type": "text/plain" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Не удалось прочитать данные запроса");
  });

  it("ignores hostile multipart keys instead of failing", async () => {
    const fd = toFormData(customerPayload());
    fd.append("industry[999999999]", "1");
    fd.append("a[b][c][d][e][f]", "1");
    fd.append("[]", "x");
    const res = await api("/api/register", { form: fd });
    expect(res.status, res.text).toBe(201);
  });
});

describe("POST /api/register: rate limit", () => {
  it(`answers 429 with Retry-After after ${RATE_LIMITS.register_ip.limit} registrations from one address`, () =>
    withinOneWindow(RATE_LIMITS.register_ip.window, async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.register_ip.limit; i++) {
        // Refused attempts count too: the limit guards the work, not only the accounts.
        const res = await api("/api/register", { json: customerPayload({ name: "1" }), ip });
        expect(res.status).toBe(422);
      }
      const payload = customerPayload();
      const res = await api("/api/register", { json: payload, ip });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await userByEmail(payload.email)).toBeUndefined();
      expect((await api("/api/register", { json: customerPayload() })).status).toBe(201);
    }));
});

it("signs the new user in with the chosen password", async () => {
  const payload = customerPayload();
  expect((await api("/api/register", { json: payload })).status).toBe(201);
  expect((await api("/api/login", { json: { email: payload.email, password: PASSWORD } })).status).toBe(200);
});

describe("/sign-up, the page (spec 1 §2)", () => {
  it("carries a started request from /auth to the registration, which then opens the request page", async () => {
    const auth = await api(`/auth?redirectTo=${encodeURIComponent("/request-add")}`);
    expect(auth.text).toContain('href="/sign-up?demand=1"');
    expect((await api("/auth")).text).toContain('href="/sign-up"');
    const form = await api("/sign-up?demand=1");
    expect(form.text).toContain('name="is_demand" value="1"');
    const done = await api("/sign-up?demand=1", { form: { ...customerPayload(), is_demand: "1" } });
    expect(done.status, done.text).toBe(302);
    expect(done.headers.get("Location")).toBe("/request-add");
  });

  it("answers a status chosen without scripts with that status's form, keeping what was typed and registering nobody", async () => {
    const payload = customerPayload({ name: "Ольга" });
    const asExpert = await api("/sign-up", { form: { ...payload, is_expert: "0", role: "expert" } });
    expect(asExpert.status, asExpert.text).toBe(200);
    expect(asExpert.text).toContain('name="is_expert" value="1"');
    expect(asExpert.text).toContain("<legend>Экспертиза</legend>");
    expect(asExpert.text).toContain('value="Ольга"');
    expect(asExpert.text).toContain(`value="${payload.email}"`);
    expect(asExpert.text).not.toContain(`value="${payload.password}"`);
    expect(await count("select count(*) as n from users where email = ?", payload.email)).toBe(0);
    const asCustomer = await api("/sign-up?role=expert", { form: { ...payload, is_expert: "1", role: "customer" } });
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.text).toContain('name="is_expert" value="0"');
    expect(asCustomer.text).not.toContain("<legend>Экспертиза</legend>");
    // The same status as the form's registers.
    expect((await api("/sign-up", { form: { ...payload, is_expert: "0", role: "customer" } })).status).toBe(302);
    expect(await count("select count(*) as n from users where email = ?", payload.email)).toBe(1);
  });

  it("ends the session the browser had when a registration is posted from a tab opened before a sign-in", async () => {
    const before = await createUser();
    const login = await api("/api/login", { json: { email: before.email, password: before.password } });
    const old = login.body.token as string;
    const done = await api("/sign-up", { form: customerPayload(), cookie: `session=${old}` });
    expect(done.status, done.text).toBe(302);
    expect((await api("/api/user", { token: old })).status).toBe(401);
    const fresh = /session=([^;]+)/.exec(done.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "")?.[1];
    expect((await api("/api/user", { token: fresh! })).status).toBe(200);
  });
});
