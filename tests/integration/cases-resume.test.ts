import { beforeAll, describe, expect, it } from "vitest";
// The fixtures made by scripts/make-resume-fixtures.mjs (tests/fixtures/resume-ru.pdf and .docx, as base64).
import { resumeDocxBase64 as docxFixture, resumePdfBase64 as pdfFixture } from "../fixtures/resume-fixtures";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { docBytes, file, newMarker, pdfBytes, textBytes } from "../helpers/files";
import { mailsTo } from "../helpers/mail";
import { bucketKeys, objectsWithMarker, storage } from "../helpers/storage";
import { presign, uploadDirect } from "../helpers/uploads";

beforeAll(() => ensureReference());

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const expert = () => createSignedInUser({ roles: ["customer", "executor"] });
const upload = (token: string, f: File, lang?: "en") => api("/api/user/resume", { token, lang, form: { resume: f } });
const process = (token: string | undefined, value: number) => api("/api/user/resume/process", { token, json: { process: value } });
const state = async (userId: number) => ({
  files: await rows("select id, key, name from files where owner_user_id = ? and kind = 'resume' order by id", userId),
  state: await rows("select choice, processed, proposal from resume_states where user_id = ?", userId),
  industries: await rows("select industry_id from user_industries where user_id = ? order by industry_id", userId),
  options: await rows("select option_id from user_options where user_id = ? order by option_id", userId),
});

describe("POST and DELETE /api/user/resume", () => {
  it("adds a resume, then replaces it (the old object deleted), with the spec's success texts", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    const first = await upload(me.token, file(pdfBytes(marker), "Резюме.pdf"));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ message: "Резюме успешно добавлено", resume_filename: "Резюме.pdf", resume_processed: null });
    const [old] = await rows<{ key: string }>("select key from files where owner_user_id = ? and kind = 'resume'", me.id);
    const second = await upload(me.token, file(bytesOf(docxFixture), "Резюме 2024.docx"));
    expect(second.body).toMatchObject({ message: "Резюме успешно обновлено", resume_filename: "Резюме 2024.docx" });
    expect(await storage().exists(old!.key)).toBe(false);
    expect(await count("select count(*) n from files where owner_user_id = ? and kind = 'resume'", me.id)).toBe(1);
    expect(await objectsWithMarker(before, marker)).toEqual([]);
    // Read through a signed URL by the owner only.
    const own = await api(second.body.resume, { token: me.token });
    expect(own.status).toBe(302);
    const other = await createSignedInUser();
    expect((await api(second.body.resume, { token: other.token })).status).toBe(404);
  });

  it.each([
    ["a text file named .pdf", () => file(textBytes("x"), "cv.pdf"), "Неверный тип файла"],
    ["a PNG", () => file(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), "cv.png"), "Неверный тип файла"],
    [
      "50 MB",
      () => {
        const big = new Uint8Array(52_428_800);
        big.set(pdfBytes("big"));
        return file(big, "cv.pdf");
      },
      "Максимальный размер файла - 50мб",
    ],
  ])("refuses %s and stores nothing", async (_case, make, message) => {
    const me = await expert();
    expectFieldError(await upload(me.token, make()), "resume", message);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
  });

  it("answers in English under Content-Language: en", async () => {
    const me = await expert();
    expectFieldError(await upload(me.token, file(textBytes("x"), "cv.doc"), "en"), "resume", "Wrong file type");
  });

  it("deletes the resume and its object; a guest gets 401", async () => {
    const me = await expert();
    await upload(me.token, file(pdfBytes(newMarker()), "cv.pdf"));
    const [row] = await rows<{ key: string }>("select key from files where owner_user_id = ?", me.id);
    expect((await api("/api/user/resume", { method: "DELETE" })).status).toBe(401);
    expect((await upload("", file(pdfBytes("x"), "cv.pdf"))).status).toBe(401);
    expect(await storage().exists(row!.key)).toBe(true);
    const res = await api("/api/user/resume", { token: me.token, method: "DELETE" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resume: null, resume_filename: null });
    expect(await storage().exists(row!.key)).toBe(false);
    expect((await api("/api/user/resume", { token: me.token, method: "DELETE" })).status).toBe(404);
  });

  it("takes the newest of the resumes sent at registration as the profile's resume", async () => {
    const res = await api("/api/register", {
      form: {
        name: "Иван",
        lastName: "Петров",
        email: `reg-${crypto.randomUUID().slice(0, 8)}@example.ru`,
        phone: "+7 916 123-45-67",
        password: "Secret_Pass1",
        is_expert: "1",
        industry: [1],
        option: [100],
        resume: [file(pdfBytes("a"), "old.pdf"), file(pdfBytes("b"), "new.pdf")],
      },
    });
    expect(res.status, res.text).toBe(201);
    const del = await api("/api/user/resume", { token: res.body.token, method: "DELETE" });
    expect(del.body).toMatchObject({ resume_filename: "old.pdf" });
  });
});

describe("the resume sent straight to storage (decision 0062)", () => {
  const sendId = (token: string, id: string | string[]) => api("/api/user/resume", { token, json: { uploads: Array.isArray(id) ? id : [id] } });

  it("becomes the profile's resume by its upload id, replacing the old one, and reads back like an inline one", async () => {
    const me = await expert();
    const marker = newMarker();
    const before = await bucketKeys();
    expect((await upload(me.token, file(pdfBytes(marker), "Старое.pdf"))).status).toBe(200);
    const [old] = await rows<{ key: string }>("select key from files where owner_user_id = ? and kind = 'resume'", me.id);
    const sent = await uploadDirect(me.token, bytesOf(docxFixture), "Резюме 2025.docx", { kind: "profile_resume" });
    const res = await sendId(me.token, sent.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: "Резюме успешно обновлено", resume_filename: "Резюме 2025.docx" });
    const now = await rows<{ key: string; mime: string }>("select key, mime from files where owner_user_id = ? and kind = 'resume'", me.id);
    expect(now).toHaveLength(1);
    expect(now[0]!.key).toMatch(new RegExp(`^users/${me.id}/resume/`));
    expect(now[0]!.mime).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(await storage().exists(old!.key)).toBe(false);
    expect(await count("select count(*) n from uploads where id = ?", sent.id)).toBe(0);
    expect(await objectsWithMarker(before, marker)).toEqual([]);
    // The same id a second time (a double submit) finds nothing to claim, and changes nothing.
    expectFieldError(await sendId(me.token, sent.id), "resume", "Файл не найден: загрузите его снова");
    expect(await rows("select key from files where owner_user_id = ? and kind = 'resume'", me.id)).toEqual([{ key: now[0]!.key }]);
    // And it is processed like an inline one.
    expect((await process(me.token, 1)).status).toBe(200);
  });

  it("refuses another user's upload, a guest's (registration) one, content of another type, two files, and a guest", async () => {
    const me = await expert();
    const other = await expert();
    const keep = await upload(me.token, file(pdfBytes(newMarker()), "Моё.pdf"));
    expect(keep.status).toBe(200);
    const snapshot = () => rows("select id, key, name from files where owner_user_id = ? order by id", me.id);
    const before = await snapshot();
    const notFound = "Файл не найден: загрузите его снова";
    const others = await uploadDirect(other.token, pdfBytes("x"), "cv.pdf", { kind: "profile_resume" });
    expectFieldError(await sendId(me.token, others.id), "resume", notFound);
    const guests = await uploadDirect(null, pdfBytes("x"), "cv.pdf", { kind: "resume" });
    expectFieldError(await sendId(me.token, guests.id), "resume", notFound);
    // Text named .pdf: refused by its content, and removed for good (its id is named as gone).
    const fake = await uploadDirect(me.token, textBytes("не резюме"), "cv.pdf", { kind: "profile_resume" });
    const refused = await sendId(me.token, fake.id);
    expectFieldError(refused, "resume", "Неверный тип файла");
    expect(refused.body.uploads_gone).toEqual([fake.id]);
    const a = await uploadDirect(me.token, pdfBytes("a"), "a.pdf", { kind: "profile_resume" });
    const b = await uploadDirect(me.token, pdfBytes("b"), "b.pdf", { kind: "profile_resume" });
    expectFieldError(await sendId(me.token, [a.id, b.id]), "resume", "Резюме — один файл: выберите один");
    expect(await snapshot()).toEqual(before);
    // The URL itself: a guest may not ask for one of this kind; a type the resume does not take is refused first.
    expect((await presign(null, { kind: "profile_resume", name: "cv.pdf", size: 10 })).status).toBe(401);
    expectFieldError(await presign(me.token, { kind: "profile_resume", name: "cv.png", size: 10 }), "name", "Неверный тип файла");
    expectFieldError(await presign(me.token, { kind: "profile_resume", name: "cv.pdf", size: 52_428_800 }), "size", "Максимальный размер файла - 50мб");
    expect((await api("/api/user/resume", { json: { uploads: [a.id] } })).status).toBe(401);
  });
});

describe("POST /api/user/resume/process", () => {
  it("reads a PDF resume into a proposal, e-mails the expert, and adds what the expert confirms", async () => {
    const me = await expert();
    await upload(me.token, file(bytesOf(pdfFixture), "Волков.pdf"));
    const res = await process(me.token, 1);
    expect(res.status, res.text).toBe(200);
    const p = res.body.proposal;
    const names = (l: { name: string }[]) => l.map((x) => x.name);
    expect(names(p.industries)).toEqual(expect.arrayContaining(["Ритейл", "FMCG", "Банки и финансы", "Страхование"]));
    expect(names(p.options)).toEqual(expect.arrayContaining(["Бюджетирование", "Управленческий учёт"]));
    expect(names(p.expertises)).toEqual(expect.arrayContaining(["Финансовое моделирование", "Оценка бизнеса", "DCF-анализ"]));
    expect(p.works).toContainEqual({ company: "ООО «Северсталь Консалтинг»", work_start: "2018-01-01", work_finish: null, period: "2018 – н.в." });
    expect(p.works).toContainEqual(expect.objectContaining({ company: "ПАО «Ритейл Групп»", work_start: "2012-01-01", work_finish: "2018-03-01" }));
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe("Мы обработали ваше резюме");
    expect(mail!.text).toContain("/profile/information");
    expect((await state(me.id)).state[0]).toMatchObject({ choice: 1, processed: 0 });

    // The profile page renders step 3 with its proposal before any script runs (its code loads lazily).
    const page = await api("/profile/information", { cookie: `session=${me.token}`, headers: { "X-Page-Cache": "bypass" } });
    expect(page.text).toContain('data-step="3"');
    expect(page.text).toContain("Подтверждение отправлено на вашу почту. Отметьте, что добавить в профиль:");
    expect(page.text).toContain("ООО «Северсталь Консалтинг»");

    // A second processing is refused.
    expectFieldError(await process(me.token, 1), "process", "Резюме уже обработано: заполнить профиль по резюме можно один раз");

    const ritail = p.industries.find((i: { name: string }) => i.name === "Ритейл");
    const budget = p.options.find((o: { name: string }) => o.name === "Бюджетирование");
    const dcf = p.expertises.find((e: { name: string }) => e.name === "DCF-анализ");
    // Ids outside the proposal are ignored.
    const confirm = await api("/api/user/resume/proposal", { token: me.token, json: { industries: [ritail.id, 40], options: [budget.id], expertises: [dcf.id] } });
    expect(confirm.status, confirm.text).toBe(200);
    expect(confirm.body).toEqual({ resume_processed: 1, added: { industries: ["Ритейл"], options: ["Бюджетирование"], expertises: ["DCF-анализ"] } });
    const after = await state(me.id);
    expect(after.industries).toEqual([{ industry_id: ritail.id }]);
    // The function comes with its main function.
    expect(after.options).toEqual([{ option_id: budget.parent_id }, { option_id: budget.id }].sort((a, b) => a.option_id - b.option_id));
    expect(await rows("select expertise_id from user_expertises where user_id = ?", me.id)).toEqual([{ expertise_id: dcf.id }]);
    expect(after.state[0]).toMatchObject({ processed: 1 });
    // Confirming twice is refused.
    expect((await api("/api/user/resume/proposal", { token: me.token, json: { industries: [ritail.id] } })).status).toBe(422);
  });

  it("keeps the profile's limits as its sections do: 100 competences held refuse the proposal's; a main function held already is not counted again", async () => {
    const me = await expert();
    await upload(me.token, file(bytesOf(pdfFixture), "Волков.pdf"));
    const p = (await process(me.token, 1)).body.proposal;
    const dcf = p.expertises.find((e: { name: string }) => e.name === "DCF-анализ");
    const budget = p.options.find((o: { name: string }) => o.name === "Бюджетирование");
    const tag = newMarker();
    const hundred = "with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)";
    await rows(`${hundred} insert into expertises (name, status) select ? || ' ' || i, 'active' from n`, 100, `Компетенция ${tag}`);
    await rows("insert into user_expertises (user_id, expertise_id) select ?, id from expertises where instr(name, ?) = 1", me.id, `Компетенция ${tag} `);
    // 99 functions: the proposed one's main function and 98 others under it.
    await rows(`${hundred} insert into options (name, parent_id, status) select ? || ' ' || i, ?, 'active' from n`, 98, `Функция ${tag}`, budget.parent_id);
    await rows("insert into user_options (user_id, option_id) select ?, id from options where instr(name, ?) = 1 or id = ?", me.id, `Функция ${tag} `, budget.parent_id);

    expectFieldError(await api("/api/user/resume/proposal", { token: me.token, json: { expertises: [dcf.id] } }), "expertises", "Превышен лимит компетенций");
    expect(await count("select count(*) as n from user_expertises where user_id = ?", me.id)).toBe(100);
    expect((await state(me.id)).state[0]).toMatchObject({ processed: 0 });
    const fits = await api("/api/user/resume/proposal", { token: me.token, json: { options: [budget.id] } });
    expect(fits.status, fits.text).toBe(200);
    expect(await count("select count(*) as n from user_options where user_id = ?", me.id)).toBe(100);
  });

  it("processes once when asked twice at once: one proposal, one e-mail, the other refused", async () => {
    const me = await expert();
    await upload(me.token, file(bytesOf(pdfFixture), "Волков.pdf"));
    const both = await Promise.all([process(me.token, 1), process(me.token, 1)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await mailsTo(me.email)).filter((m) => m.subject === "Мы обработали ваше резюме")).toHaveLength(1);
  });

  it("confirms once when two confirmations come at once: one is added, the other refused and adds nothing", async () => {
    const me = await expert();
    await upload(me.token, file(bytesOf(pdfFixture), "Волков.pdf"));
    const p = (await process(me.token, 1)).body.proposal;
    const [a, b] = p.expertises as { id: number }[];
    const both = await Promise.all([a, b].map((e) => api("/api/user/resume/proposal", { token: me.token, json: { expertises: [e!.id] } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    const won = both.findIndex((r) => r.status === 200);
    expect(await rows("select expertise_id from user_expertises where user_id = ?", me.id)).toEqual([{ expertise_id: [a, b][won]!.id }]);
  });

  it("reads a DOCX resume", async () => {
    const me = await expert();
    await upload(me.token, file(bytesOf(docxFixture), "cv.docx"));
    const res = await process(me.token, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.proposal.industries.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(["Ритейл", "FMCG"]));
    expect(res.body.proposal.works).toHaveLength(2);
  });

  it("refuses a binary .doc with a clear message, and processing without a resume", async () => {
    const me = await expert();
    expectFieldError(await process(me.token, 1), "resume", "Сначала загрузите резюме");
    await upload(me.token, file(docBytes("x"), "cv.doc"));
    const res = await process(me.token, 1);
    expectFieldError(res, "resume", "Заполнить профиль по резюме можно из файла PDF или DOCX. Загрузите резюме в одном из этих форматов или заполните профиль самостоятельно");
    expect(await count("select count(*) n from resume_states where user_id = ? and choice = 1", me.id)).toBe(0);
  });

  it("counts each reading of the resume, refused ones included: the eleventh in an hour is refused with 429, another user's are his own", async () => {
    const me = await expert();
    await upload(me.token, file(docBytes("x"), "cv.doc"));
    for (let i = 0; i < 10; i++) expect((await process(me.token, 1)).status).toBe(422);
    const limited = await process(me.token, 1);
    expect(limited.status).toBe(429);
    expect(limited.text).not.toContain("Заполнить профиль по резюме можно из файла PDF");
    const other = await expert();
    await upload(other.token, file(bytesOf(pdfFixture), "Волков.pdf"));
    expect((await process(other.token, 1)).status).toBe(200);
  });

  it("records 'fill myself' (0) and a close (-1); a new resume brings the offer back; bad values and guests are refused", async () => {
    const me = await expert();
    await upload(me.token, file(pdfBytes("x"), "cv.pdf"));
    expect((await process(me.token, 0)).status).toBe(200);
    expect((await state(me.id)).state[0]).toMatchObject({ choice: 0, processed: null });
    await upload(me.token, file(pdfBytes("y"), "cv2.pdf"));
    expect((await state(me.id)).state[0]).toMatchObject({ choice: null });
    expect((await process(me.token, -1)).status).toBe(200);
    expect((await state(me.id)).state[0]).toMatchObject({ choice: -1 });
    expect((await process(me.token, 2)).status).toBe(422);
    // Nothing but 1, 0 or -1 (or their digits from a form) is a choice: false, null or "" was taken as 0, true as 1.
    for (const value of [null, "", false, true, [], [1], "1.0"]) expect((await api("/api/user/resume/process", { token: me.token, json: { process: value } })).status, JSON.stringify(value)).toBe(422);
    expect((await state(me.id)).state[0]).toMatchObject({ choice: -1 });
    expect((await api("/api/user/resume/process", { token: me.token, form: { process: "0" } })).status).toBe(200);
    expect((await process(undefined, 1)).status).toBe(401);
    expect((await api("/api/user/resume/proposal", { json: {} })).status).toBe(401);
  });
});

describe("the page's resume actions (/profile/resume)", () => {
  it("closing the banner records the visit event parse_close and reports -1; a guest records nothing", async () => {
    const me = await expert();
    const res = await api("/profile/resume", { cookie: `session=${me.token}`, form: { intent: "close", _fetch: "1" } });
    expect(res.status, res.text).toBe(200);
    expect(await count("select count(*) n from client_events where user_id = ? and name = 'parse_close'", me.id)).toBe(1);
    expect((await state(me.id)).state[0]).toMatchObject({ choice: -1 });
    const events = await count("select count(*) n from client_events where name = 'parse_close'");
    await api("/profile/resume", { form: { intent: "close", _fetch: "1" } });
    expect(await count("select count(*) n from client_events where name = 'parse_close'")).toBe(events);
  });

  it("answers a form sent without JavaScript with a redirect back to the profile", async () => {
    const me = await expert();
    const res = await api("/profile/resume", { cookie: `session=${me.token}`, form: { process: "0" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile/information");
    expect((await state(me.id)).state[0]).toMatchObject({ choice: 0 });
  });
});
