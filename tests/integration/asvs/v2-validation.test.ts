// ASVS 5.0 level 2: V1 Encoding and Sanitization and V2 Validation and Business Logic (issue 10).
// Each test is named after the requirement it checks; docs/security-asvs-input.md lists every requirement of
// the two chapters with its test, or why it does not apply.
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { CASE_LIMITS } from "~/domain/cases/limits";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { api, freshIp, withinOneWindow } from "../../helpers/api";
import { count, ensureReference, rows } from "../../helpers/db";
import { createOperator, createSignedInUser, createUser, customerPayload, signIn, uniqueEmail } from "../../helpers/factories";
import { docxBytes, file, newMarker, pdfBytes } from "../../helpers/files";
import { mailsTo } from "../../helpers/mail";
import { bucketKeys, objectsWithMarker } from "../../helpers/storage";

const page = (path: string, token: string) => api(path, { cookie: `session=${token}`, headers: { "X-Page-Cache": "bypass" } });
const statusOf = async (id: number) => (await rows<{ status_text: string | null }>("select status_text from users where id = ?", id))[0]!.status_text;

/** A user with the tribe of a work (industry 1 × function 106), so that ratings can be asked for it. */
async function expertWithTribe() {
  const me = await createSignedInUser({ roles: ["customer", "executor"] });
  const work = { company_id: 1, work_start: "2015-03-01", work_finish: "2020-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] };
  expect((await api("/api/user/profile/works", { token: me.token, json: { works: [work] } })).status).toBe(200);
  return me;
}
const tribeItem = (email = uniqueEmail("rater")) => ({ type: "tribe", industry_id: 1, option_id: 106, invite_rate_user: { email, name: "Пётр", lastName: "Сидоров" }, is_invited: 1 });

beforeAll(async () => {
  await ensureReference();
});

/** A company an operator approved, whatever its name (the name is what the test puts into a mail). */
const approvedCompany = async (name: string) => (await rows<{ id: number }>("insert into companies (name, status) values (?, 'active') returning id", name))[0]!.id;

describe("V1 Encoding and Sanitization", () => {
  it("V1.1.1 decodes input once: percent-escapes and HTML entities in a text are stored and returned as they were sent", async () => {
    const me = await createSignedInUser();
    const text = "%3Cb%3E 100%25 &lt;i&gt; &amp;amp; \\u003c";
    expect((await api("/api/user/status", { token: me.token, json: { text } })).status).toBe(200);
    expect(await statusOf(me.id)).toBe(text);
    const form = await api("/api/user/status", { token: me.token, body: new URLSearchParams({ text }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(200);
    expect(await statusOf(me.id)).toBe(text);
  });

  it("V1.1.2 stores text unescaped and escapes it only where a page renders it", async () => {
    const me = await createSignedInUser();
    const viewer = await createSignedInUser();
    const text = `<img src=x onerror="alert(1)"> & "quotes"`;
    expect((await api("/api/user/status", { token: me.token, json: { text } })).status).toBe(200);
    expect(await statusOf(me.id)).toBe(text);
    expect((await api("/api/user", { token: me.token })).text).toContain(JSON.stringify(text).slice(1, -1));
    const html = (await page(`/profile/${me.id}`, viewer.token)).text;
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).not.toContain("<img src=x");
  });

  it("V1.2.1 escapes HTML from user input in e-mails (a company's name in the invitation)", async () => {
    const inviter = await createSignedInUser();
    const email = uniqueEmail("invited");
    const company = `<b onmouseover="x()">Ромашка ${crypto.randomUUID().slice(0, 6)}</b> & Co`;
    // Named in the mail once approved (a proposal is not named to a third party): an operator may pass such a name.
    const res = await api("/api/invite", { token: inviter.token, json: { expert_type: "company", name: "Пётр", lastName: "Сидоров", email, company_id: await approvedCompany(company) } });
    expect(res.status, res.text).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail, "the invitation").toBeTruthy();
    expect(mail!.html).toContain("&lt;b onmouseover=");
    expect(mail!.html).not.toContain("<b onmouseover");
    expect(mail!.text).toContain(company);
  });

  it("V1.2.2 keeps only http(s) links where a link becomes an href: javascript: and data: links are refused (publications, social links)", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    for (const link of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "//evil.example/x", "file:///etc/passwd"]) {
      expect((await api("/api/user/profile/publications", { token: me.token, form: { type: "link", link } })).status, link).toBe(422);
      expect((await api("/api/user/profile", { token: me.token, json: { socials: [{ name: "vk", link }] } })).status, link).toBe(422);
    }
    expect(await count("select count(*) n from publications where user_id = ?", me.id)).toBe(0);
    expect(await count("select count(*) n from user_socials where user_id = ?", me.id)).toBe(0);
    // A case's links are free text (spec 2: "links (text)"), shown as text and never made into an href.
    expect((await api("/api/user/cases", { token: me.token, form: { name: "Кейс", task: "Задача", solution: "Решение", results: "Итог", links: "javascript:alert(1)" } })).status).toBe(200);
    const viewer = await createSignedInUser();
    const html = (await page(`/profile/${me.id}`, viewer.token)).text;
    expect(html).not.toMatch(/href="\s*javascript:/i);
  });

  it("V1.2.3 embeds user text in a page's data without breaking out of its script", async () => {
    const me = await createSignedInUser();
    const viewer = await createSignedInUser();
    const text = `</script><script>alert("x")</script><!--`;
    expect((await api("/api/user/status", { token: me.token, json: { text } })).status).toBe(200);
    const html = (await page(`/profile/${me.id}`, viewer.token)).text;
    expect(html).not.toContain(`<script>alert("x")`);
    expect(html).not.toContain("</script><script>alert");
  });

  it("V1.2.4 treats SQL metacharacters as data in searches and saves", async () => {
    const me = await createSignedInUser();
    const text = `'; drop table users; -- " or 1=1`;
    expect((await api("/api/user/status", { token: me.token, json: { text } })).status).toBe(200);
    expect(await statusOf(me.id)).toBe(text);
    for (const search of [`' or '1'='1`, `" or 1=1 --`, `%' union select email from users --`]) {
      const res = await api(`/api/user/search?search=${encodeURIComponent(search)}`, { token: me.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    expect(await count("select count(*) n from users")).toBeGreaterThan(0);
  });

  it("V1.2.9 escapes LIKE wildcards in searches: an underscore or a percent sign matches only itself", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const target = await createUser({ email: `ivan_${tag}@example.ru` });
    const lookalike = await createUser({ email: `ivanX${tag}@example.ru` });
    const operatorToken = await signIn(await createOperator());
    const html = (await page(`/admin?q=${encodeURIComponent(`ivan_${tag}`)}`, operatorToken)).text;
    expect(html).toContain(target.email);
    expect(html).not.toContain(lookalike.email);
    const percent = (await page(`/admin?q=${encodeURIComponent(`%${tag}`)}`, operatorToken)).text;
    expect(percent).not.toContain(target.email);
    // The people search of recommendations escapes the same way.
    const me = await createSignedInUser();
    const named = await createUser({ name: "Подчёрк", lastName: `Фамилия` });
    expect((await api(`/api/user/search?search=${encodeURIComponent("Подч_рк")}`, { token: me.token })).body).toEqual([]);
    expect((await api(`/api/user/search?search=${encodeURIComponent("Подчёрк")}`, { token: me.token })).body.map((p: { id: number }) => p.id)).toContain(named.id);
  });

  it("V1.3.3 strips paths and control characters from an uploaded file's name", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const res = await api("/api/user/profile/publications", { token: me.token, form: { type: "file", publication_file: file(pdfBytes(newMarker()), "../../etc/evil\u0007\u001b[31m.pdf", "application/pdf") } });
    expect(res.status, res.text).toBe(201);
    const [row] = await rows<{ name: string }>("select name from files where owner_user_id = ?", me.id);
    expect(row!.name).toBe("evil[31m.pdf");
  });

  it("V1.3.4 refuses SVG, a scriptable image, as an avatar", async () => {
    const me = await createSignedInUser();
    const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);
    const res = await api("/api/user/profile", { token: me.token, form: { photo: file(svg, "me.svg", "image/svg+xml") } });
    expect(res.status).toBe(422);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
  });

  it("V1.3.7 V1.3.10 puts user text into mails literally: template and format syntax is not evaluated", async () => {
    const inviter = await createSignedInUser();
    const email = uniqueEmail("invited");
    const company = `{{7*7}} \${7*7} %s%n $t(mail.footer) ${crypto.randomUUID().slice(0, 6).replace(/\d/g, "q")}`;
    expect((await api("/api/invite", { token: inviter.token, json: { expert_type: "company", name: "Пётр", lastName: "Сидоров", email, company_id: await approvedCompany(company) } })).status).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain(company);
    expect(mail!.text).not.toContain("49");
  });

  it("V1.3.11 refuses line breaks in what makes a mail's headers (the address and the names)", async () => {
    const inviter = await createSignedInUser();
    const base = { expert_type: "individual", name: "Пётр", lastName: "Сидоров", email: uniqueEmail("invited") };
    for (const over of [{ email: `${uniqueEmail("a")}\r\nBcc: victim@example.ru` }, { name: "Пётр\r\nBcc: victim@example.ru" }, { lastName: "Сидоров\nSubject: x" }]) {
      expect((await api("/api/invite", { token: inviter.token, json: { ...base, ...over } })).status, JSON.stringify(over)).toBe(422);
    }
    expect((await api("/api/register", { form: customerPayload({ name: "Иван\r\nBcc: victim@example.ru" }) })).status).toBe(422);
    expect(await count("select count(*) n from mail_outbox where \"to\" like '%victim%' or subject like '%victim%'")).toBe(0);
  });

  it("V1.4.2 refuses out-of-range numbers: ids past 2^31, 1e308, negatives and fractions", async () => {
    const me = await createSignedInUser();
    for (const id of ["99999999999999999999", "2147483649", "1e308", "-1", "1.5"]) {
      expect((await api(`/api/user/cases/${id}`, { token: me.token, method: "DELETE" })).status, id).toBe(404);
    }
    for (const ids of [[1e308], [-1], [1.5], [2 ** 53 + 2]]) {
      expect((await api("/api/user/profile/industries", { token: me.token, json: { ids } })).status, JSON.stringify(ids)).toBe(422);
    }
    expect((await api("/api/user/remind-to-rate", { token: me.token, json: { id: -1 } })).status).toBe(422);
  });

  it("V1.5.2 reads JSON into plain data: a __proto__ key sets no prototype, role or field", async () => {
    const me = await createSignedInUser();
    const body = `{"__proto__":{"isAdmin":true,"roles":["admin"],"text":"из прототипа"},"constructor":{"prototype":{"isAdmin":true}},"text":"Мой статус"}`;
    const res = await api("/api/user/status", { token: me.token, body, headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await statusOf(me.id)).toBe("Мой статус");
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await rows("select role from user_roles where user_id = ?", me.id)).toEqual([{ role: "customer" }]);
  });

  it("V1.5.2 reads form fields into plain data: a __proto__ field name pollutes no prototype", async () => {
    const me = await createSignedInUser();
    const fd = new FormData();
    fd.append("text", "Статус");
    fd.append("__proto__[asvsPolluted]", "yes");
    fd.append("text2[__proto__][asvsPolluted]", "yes");
    const res = await api("/api/user/status", { token: me.token, form: fd });
    const polluted = ({} as Record<string, unknown>).asvsPolluted;
    delete (Object.prototype as Record<string, unknown>).asvsPolluted;
    expect(res.status).toBeLessThan(500);
    expect(polluted, "Object.prototype.asvsPolluted").toBeUndefined();
  });
});

describe("V2 Validation and Business Logic", () => {
  it("V2.2.1 validates input against allow lists, types, patterns and ranges", async () => {
    const me = await expertWithTribe();
    const refused: [string, Record<string, unknown>][] = [
      ["/api/user/status", { text: "я".repeat(PROFILE_LIMITS.statusMax + 1) }],
      ["/api/user/status", { text: 42 }],
      ["/api/contact", { name: "R2-D2", phone: "+7 916 555-44-33" }],
      ["/api/contact", { name: "Пётр", phone: "12" }],
      ["/api/user/profile/publications", { type: "video", link: "https://example.ru/v" }],
      ["/api/view-flags", { model: "user", ids: [1] }],
      ["/api/user/invite-rate", { ...tribeItem(), type: "salary" }],
      ["/api/user/invite-rate", { ...tribeItem("not-an-email") }],
      ["/api/user/rate", { hash: "x", rating: 6 }],
      ["/api/register", customerPayload({ email: "ivan@", phone: "not a phone" })],
    ];
    for (const [path, json] of refused) {
      const res = await api(path, { token: path === "/api/register" ? null : me.token, json });
      expect([404, 422], `${path} ${JSON.stringify(json).slice(0, 80)}: ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
    }
  });

  it("V2.2.1 takes only the fields a call expects: roles, verification, ids and owners in a body are ignored (mass assignment)", async () => {
    const email = uniqueEmail("mass");
    const reg = await api("/api/register", { form: customerPayload({ email, roles: ["admin"], role: "admin", is_admin: "1", email_verified_at: "2020-01-01", emailVerifiedAt: "2020-01-01", id: "1" }) });
    expect(reg.status, reg.text).toBe(201);
    const [user] = await rows<{ id: number; email_verified_at: string | null }>("select id, email_verified_at from users where email = ?", email);
    expect(user!.id).not.toBe(1);
    expect(user!.email_verified_at).toBeNull();
    expect((await rows("select role from user_roles where user_id = ? order by role", user!.id)).map((r) => r.role)).toEqual(["customer"]);

    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const other = await createSignedInUser({ roles: ["customer", "executor"] });
    const saved = await api("/api/user/cases", { token: me.token, form: { name: "Кейс", task: "Задача", solution: "Решение", results: "Итог", user_id: String(other.id), userId: String(other.id) } });
    expect(saved.status, saved.text).toBe(200);
    expect(await count("select count(*) n from cases where user_id = ?", other.id)).toBe(0);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(1);
    const profile = await api("/api/user/profile", { token: me.token, json: { phone: "+7 903 111-22-33", id: other.id, user_id: other.id, email_verified_at: null, roles: ["admin"], password_hash: "x" } });
    expect(profile.status, profile.text).toBe(200);
    expect(await rows("select role from user_roles where user_id = ? order by role", me.id)).toEqual([{ role: "customer" }, { role: "executor" }]);
    expect((await rows<{ v: string | null; h: string }>("select email_verified_at v, password_hash h from users where id = ?", me.id))[0]!.v).not.toBeNull();
  });

  it("V2.2.2 enforces validation in the Worker: the API refuses what the page's form would have stopped", async () => {
    // No browser, no page script: the same rules hold for a direct call.
    const res = await api("/api/register", { form: customerPayload({ password: "short", name: "", phone: "" }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["password", "name", "phone"]));
  });

  it("V2.2.3 refuses combinations that do not fit together: a work ending before it starts, a mismatched password confirmation", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const work = { company_id: 1, work_start: "2020-03-01", work_finish: "2015-03-01", workareas: [{ industry_id: 1, option_id: 106, role_id: 3, work_years: 1 }] };
    expect((await api("/api/user/profile/works", { token: me.token, json: { works: [work] } })).status).toBe(422);
    expect(await count("select count(*) n from works where user_id = ?", me.id)).toBe(0);
    const change = await api("/api/user/password", { token: me.token, json: { old_password: me.password, password: "Another_Pass1", password_confirmation: "Another_Pass2" } });
    expect(change.status).toBe(422);
    expect((await api("/api/login", { json: { email: me.email, password: me.password } })).status).toBe(200);
  });

  it("V2.3.1 keeps the steps in order: a resume proposal cannot be confirmed before a resume is read", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const res = await api("/api/user/resume/proposal", { token: me.token, json: { industries: [1], options: [106] } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await count("select count(*) n from user_industries where user_id = ?", me.id)).toBe(0);
  });

  it("V2.3.2 holds the documented limits: industries and functions of a profile, attachments of a case", async () => {
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const many = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect((await api("/api/user/profile/industries", { token: me.token, json: { ids: many(PROFILE_LIMITS.industries + 1) } })).status).toBe(422);
    expect((await api("/api/user/profile/options", { token: me.token, json: { ids: many(PROFILE_LIMITS.options + 1) } })).status).toBe(422);
    const attachments = Array.from({ length: CASE_LIMITS.attachmentsMax + 1 }, (_, i) => ({ file: file(pdfBytes(newMarker()), `a${i}.pdf`, "application/pdf") }));
    expect((await api("/api/user/cases", { token: me.token, form: { name: "Кейс", task: "Задача", solution: "Решение", results: "Итог", attachments } })).status).toBe(422);
    expect(await count("select count(*) n from user_industries where user_id = ?", me.id)).toBe(0);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(0);
  });

  it("V2.3.3 a refused write leaves nothing: a case with one bad attachment keeps neither the case nor the good file", async () => {
    // The injected failures of a D1 batch and of a storage PUT are in tests/integration/faults.test.ts.
    const me = await createSignedInUser({ roles: ["customer", "executor"] });
    const marker = newMarker();
    const before = await bucketKeys();
    const bad = file(new TextEncoder().encode(`MZ not a document ${marker}`), "c.pdf", "application/pdf");
    const res = await api("/api/user/cases", { token: me.token, form: { name: "Кейс", task: "Задача", solution: "Решение", results: "Итог", attachments: [{ file: file(docxBytes(marker), "a.docx") }, { file: bad }] } });
    expect(res.status).toBe(422);
    expect(await count("select count(*) n from cases where user_id = ?", me.id)).toBe(0);
    expect(await count("select count(*) n from files where owner_user_id = ?", me.id)).toBe(0);
    expect(await objectsWithMarker(before, marker)).toEqual([]);
  });

  it("V2.3.4 a rating link yields one rating of its subject, even when three ratings race", async () => {
    const me = await expertWithTribe();
    const rater = uniqueEmail("rater");
    expect((await api("/api/user/invite-rate", { token: me.token, json: tribeItem(rater) })).status).toBe(201);
    const [mail] = await mailsTo(rater);
    const hash = decodeURIComponent(/\/rate-user\?hash=([^\s"&<]+)/.exec(mail!.text)![1]!);
    // A later rating through the same link replaces the earlier one (recommendations.test.ts): racing ones must too.
    const results = await Promise.all([5, 1, 3].map((rating) => api("/api/user/rate", { json: { hash, rating } })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await count("select count(*) n from ratings where rated_user_id = ?", me.id)).toBe(1);
  });

  it("V2.4.1 limits automated calls: the callback form answers 429 past its limit, and stores nothing more", async () => {
    const { limit, window } = RATE_LIMITS.contact_ip;
    await withinOneWindow(window, async () => {
      const ip = freshIp();
      const before = await count("select count(*) n from contact_requests");
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) statuses.push((await api("/api/contact", { ip, json: { name: "Пётр", phone: "+7 916 555-44-33" } })).status);
      expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
      expect(statuses[limit]).toBe(429);
      expect(await count("select count(*) n from contact_requests")).toBe(before + limit);
    });
  });
});
