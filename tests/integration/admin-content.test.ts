import { beforeAll, describe, expect, it } from "vitest";
import { GUEST_VERSION_MS } from "~/server/content-version.server";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";

beforeAll(() => ensureReference());

const tag = () => crypto.randomUUID().slice(0, 8);
let operator: Awaited<ReturnType<typeof createOperator>>;
let op: string;
beforeAll(async () => {
  operator = await createOperator();
  op = await signIn(operator);
});

const cacheOf = (res: { headers: Headers }) => res.headers.get("X-Page-Cache");
const firstQuestion = async () => (await rows<{ id: number; group_id: number; question: string; question_en: string; answer: string; answer_en: string; sort: number }>("select * from faq_questions order by id limit 1"))[0]!;
const questionBody = (q: Awaited<ReturnType<typeof firstQuestion>>, over: Record<string, unknown> = {}) => ({
  group_id: q.group_id,
  question: q.question,
  question_en: q.question_en,
  answer: q.answer,
  answer_en: q.answer_en,
  sort: q.sort,
  ...over,
});
const figures = { experts: "1000+", areas: "70", competences: "800" };
const footer = { social_services: [{ code: "tg", name: "Telegram", link: "https://t.me/expert_market" }], popup_url: "https://t.me/expert_market_bot" };
const support = { email: "support@expert-market.ru", tel: "+7 (495) 123-45-67", social_services: [] };
const community = { type: "option", name: "Финансисты", chat_name: "Чат финансистов", chat_link: "https://t.me/fin_chat", option_id: 106 };

describe("only operators reach the content calls and pages (401/302 guests, 403 customers and experts)", () => {
  const calls: [string, string, () => Promise<unknown> | unknown][] = [
    ["GET", "/api/admin/content", () => undefined],
    ["POST", "/api/admin/content/faq/groups", () => ({ audience: "customer", name: `Группа ${tag()}`, name_en: "Group", sort: 99 })],
    ["POST", "/api/admin/content/faq/questions", async () => questionBody(await firstQuestion(), { question: `Вопрос ${tag()}`, sort: 999 })],
    ["POST", "/api/admin/content/faq/preview", () => ({ answer: "**жирный**" })],
    ["POST", "/api/admin/content/footer", () => footer],
    ["POST", "/api/admin/content/support", () => support],
    ["POST", "/api/admin/content/landing-figures", () => figures],
    ["GET", "/api/admin/content/communities?page=1", () => undefined],
    ["POST", "/api/admin/content/communities", () => ({ ...community, name: `Сообщество ${tag()}` })],
  ];
  it.each(calls)("%s %s", async (method, path, body) => {
    const customer = await createSignedInUser({ roles: ["customer"] });
    const expert = await createSignedInUser({ roles: ["executor"] });
    const json = await body();
    const call = (token?: string) => api(path, { method, token, json });
    expect((await call()).status).toBe(401);
    expect((await call(customer.token)).status).toBe(403);
    expect((await call(expert.token)).status).toBe(403);
    const mine = await call(op);
    expect(mine.status, mine.text).toBe(200);
  });

  it("the item calls too (question, group, community by id; deletes)", async () => {
    const q = await firstQuestion();
    const [community] = await rows<{ id: number }>("select id from communities order by id limit 1");
    const paths: [string, string, unknown][] = [
      ["POST", `/api/admin/content/faq/questions/${q.id}`, questionBody(q)],
      ["POST", `/api/admin/content/faq/groups/${q.group_id}`, { audience: "customer", name: "x", name_en: "x" }],
      ["DELETE", `/api/admin/content/faq/questions/${q.id}`, undefined],
      ["DELETE", `/api/admin/content/faq/groups/${q.group_id}`, undefined],
      ["POST", `/api/admin/content/communities/${community!.id}`, community],
    ];
    const customer = await createSignedInUser();
    for (const [method, path, json] of paths) {
      expect((await api(path, { method, json })).status, path).toBe(401);
      expect((await api(path, { method, json, token: customer.token })).status, path).toBe(403);
    }
  });

  it.each(["/admin/content", "/admin/content/faq", "/admin/content/communities", "/admin/content/communities?q=%D0%B0"])("page %s", async (path) => {
    const customer = await createSignedInUser();
    const expert = await createSignedInUser({ roles: ["executor"] });
    expect((await api(path)).status).toBe(302);
    expect((await api(path, { cookie: `session=${customer.token}` })).status).toBe(403);
    expect((await api(path, { cookie: `session=${expert.token}` })).status).toBe(403);
    const mine = await api(path, { cookie: `session=${op}` });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("<h1");
  });
});

describe("a content change is live at once, also where the page was cached a moment before", () => {
  it("the FAQ answer on the public FAQ page (guest, cached) and in GET /api/questions", async () => {
    const q = await firstQuestion();
    await api("/faq");
    const cached = await api("/faq");
    expect(cacheOf(cached)).toBe("hit");
    const answer = `Новый ответ ${tag()} с **выделением**`;
    const res = await api(`/api/admin/content/faq/questions/${q.id}`, { token: op, json: questionBody(q, { answer }) });
    expect(res.status, res.text).toBe(200);
    const after = await api("/faq");
    expect(cacheOf(after)).toBe("miss");
    expect(after.text).toContain(answer.split(" с ")[0]);
    expect(after.text).toContain("<strong>выделением</strong>");
    const listed = await api("/api/questions");
    expect(JSON.stringify(listed.body)).toContain(answer.split(" с ")[0]);
    // The next guest is served the new page from the cache again.
    expect(cacheOf(await api("/faq"))).toBe("hit");
    const [audit] = await rows<{ actor_user_id: number; target_id: string; meta: string }>("select * from audit_log where action = 'content.faq_question_updated' order by id desc limit 1");
    expect(audit).toMatchObject({ actor_user_id: operator.id, target_id: String(q.id) });
    expect(JSON.parse(audit!.meta).answer).toBe(answer);
  });

  it("after an edit, concurrent readers of the new content each get it: none waits on another request's read", async () => {
    const q = await firstQuestion();
    // Each round moves the content version on, so the first reads of the new version all miss the cache at
    // once and each request makes its own read (decision 0045; tests/unit/memo.test.ts: no load is shared).
    for (let round = 0; round < 3; round++) {
      const answer = `Ответ ${tag()}`;
      expect((await api(`/api/admin/content/faq/questions/${q.id}`, { token: op, json: questionBody(q, { answer }) })).status).toBe(200);
      const all = await Promise.all(Array.from({ length: 20 }, () => api("/api/questions")));
      expect(all.map((r) => r.status)).toEqual(all.map(() => 200));
      for (const r of all) expect(JSON.stringify(r.body)).toContain(answer);
    }
  });

  it("the landing's figures", async () => {
    await api("/");
    expect(cacheOf(await api("/"))).toBe("hit");
    // A new figure each run, always of the plural form 'many' (it ends in 0): '7520+ экспертов'.
    const experts = `${(Math.floor(Math.random() * 900) + 100) * 10}+`;
    expect((await api("/api/admin/content/landing-figures", { token: op, json: { ...figures, experts } })).status).toBe(200);
    const page = await api("/");
    expect(page.text).toContain(`>${experts}</strong>`);
    expect(page.text).toMatch(/<\/strong> (<!-- -->)?экспертов<\/li>/);
    // Each word follows its figure's number.
    expect((await api("/api/admin/content/landing-figures", { token: op, json: { ...figures, areas: "71", competences: "802" } })).status).toBe(200);
    const edited = (await api("/")).text;
    expect(edited).toMatch(/>71<\/strong> (<!-- -->)?направление бизнеса<\/li>/);
    expect(edited).toMatch(/>802<\/strong> (<!-- -->)?области компетенций<\/li>/);
    expect((await api("/api/admin/content/landing-figures", { token: op, json: figures })).status).toBe(200);
    expect(await count("select count(*) as n from audit_log where action = 'content.landing_figures_updated' and actor_user_id = ?", operator.id)).toBeGreaterThan(0);
  });

  it("the footer on every page, guests' and signed-in users'", async () => {
    const user = await createSignedInUser();
    await api("/faq");
    await api("/profile/settings", { cookie: `session=${user.token}` });
    const link = `https://t.me/new_channel_${tag()}`;
    expect((await api("/api/admin/content/footer", { token: op, json: { ...footer, social_services: [{ code: "tg", name: "Telegram", link }] } })).status).toBe(200);
    expect((await api("/faq")).text).toContain(link);
    expect((await api("/")).text).toContain(link);
    expect((await api("/profile/settings", { cookie: `session=${user.token}` })).text).toContain(link);
    expect((await api("/api/content/footer")).body.socialServices[0].link).toBe(link);
    // Put back what the other tests expect.
    await api("/api/admin/content/footer", { token: op, json: footer });
  });

  it("the content page refuses each bad field beside it, named by its label, and saves nothing", async () => {
    const post = (fields: Record<string, string>) =>
      api("/admin/content", { method: "POST", cookie: `session=${op}`, body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const before = await count("select count(*) as n from audit_log where action like 'content.%'");
    const figuresRefused = await post({ intent: "figures", experts: "", areas: "70", competences: "много" });
    expect(figuresRefused.status).toBe(422);
    // Each message below its own field, which names it and is marked invalid; none in a summary by code.
    expect(figuresRefused.text).toMatch(/name="experts"[^>]*aria-invalid="true"[^>]*aria-describedby="figures-experts-error"/);
    expect(figuresRefused.text).toMatch(/<p id="figures-experts-error" class="field__error" role="alert">Поле обязательно для заполнения<\/p>/);
    expect(figuresRefused.text).toMatch(/name="competences"[^>]*aria-invalid="true"/);
    expect(figuresRefused.text).not.toMatch(/name="areas"[^>]*aria-invalid/);
    expect(figuresRefused.text).not.toContain("experts: ");
    const supportRefused = await post({ intent: "support", email: "нет", tel: "", "social_services[0][code]": "tg", "social_services[0][name]": "Telegram", "social_services[0][link]": "javascript:alert(1)" });
    expect(supportRefused.status).toBe(422);
    expect(supportRefused.text).toMatch(/name="email"[^>]*aria-invalid="true"[^>]*aria-describedby="support-email-error"/);
    expect(supportRefused.text).toMatch(/name="social_services\[0\]\[link\]"[^>]*aria-invalid="true"[^>]*aria-describedby="support-social_services-0-link-error"/);
    expect(supportRefused.text).toContain('id="support-social_services-0-link-error"');
    expect(supportRefused.text).not.toMatch(/name="social_services\[0\]\[name\]"[^>]*aria-invalid/);
    const community = await api("/admin/content/communities", {
      method: "POST",
      cookie: `session=${op}`,
      body: new URLSearchParams({ form_key: "new", type: "tribe", name: "", option_id: "106" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(community.status).toBe(422);
    expect(community.text).toMatch(/name="name"[^>]*aria-invalid="true"[^>]*aria-describedby="new-name-error"/);
    expect(community.text).toMatch(/name="industry_id"[^>]*aria-invalid="true"[^>]*aria-describedby="new-industry_id-error"/);
    expect(community.text).not.toMatch(/name="option_id"[^>]*aria-invalid/);
    expect(community.text).not.toContain("industry_id: ");
    expect(await count("select count(*) as n from audit_log where action like 'content.%'")).toBe(before);
  });

  it("support contacts", async () => {
    const email = `help-${tag()}@expert-market.ru`;
    expect((await api("/api/admin/content/support", { token: op, json: { ...support, email } })).status).toBe(200);
    expect((await api("/api/content/support")).body.options.email).toBe(email);
  });

  it("a guest page from the cache reads the content version after an edit, and costs no D1 once the version is recent", async () => {
    const email = `cache-${tag()}@expert-market.ru`;
    expect((await api("/api/admin/content/support", { token: op, json: { ...support, email } })).status).toBe(200);
    // The edit moved the version: the page is rendered afresh, not served from before the edit.
    expect(cacheOf(await api("/faq"))).not.toBe("hit");
    const afterEdit = await api("/faq");
    expect(cacheOf(afterEdit)).toBe("hit");
    // Right after an edit made in this isolate, every guest page asks D1 for the version (the editor sees his edit).
    expect(afterEdit.headers.get("X-D1-Queries")).toBe("1");
    await new Promise((resolve) => setTimeout(resolve, GUEST_VERSION_MS + 100));
    await api("/faq"); // learns the version
    const hit = await api("/faq");
    expect(cacheOf(hit)).toBe("hit");
    expect(hit.headers.get("X-D1-Queries")).toBe("0");
  });
});

describe("FAQ groups, questions and the preview", () => {
  it("adds a group and a question that the FAQ page shows, deletes them, and refuses to delete a group with questions", async () => {
    const name = `Оплата ${tag()}`;
    const group = await api("/api/admin/content/faq/groups", { token: op, json: { audience: "expert", name, name_en: "Payment", sort: 50 } });
    expect(group.status).toBe(200);
    const question = `Когда приходят деньги ${tag()}?`;
    // An emptied order field (the form's number input sends "") is order 0; "5.0" from a number input is 5.
    const q = await api("/api/admin/content/faq/questions", { token: op, json: { group_id: group.body.id, question, question_en: "When?", answer: "Сразу.", answer_en: "At once.", sort: "" } });
    expect(q.status, q.text).toBe(200);
    expect(await rows("select sort from faq_questions where id = ?", q.body.id)).toEqual([{ sort: 0 }]);
    const five = await api("/api/admin/content/faq/groups", { token: op, json: { audience: "expert", name: `Порядок ${tag()}`, name_en: "Order", sort: "5.0" } });
    expect(five.status, five.text).toBe(200);
    expect((await api(`/api/admin/content/faq/groups/${five.body.id}`, { method: "DELETE", token: op })).status).toBe(200);
    expect((await api("/faq?mode=executor")).text).toContain(question.replace("?", ""));
    // Their audit rows name what was created.
    expect(await count("select count(*) as n from audit_log where action = 'content.faq_group_created' and target_id = ?", String(group.body.id))).toBe(1);
    expect(await count("select count(*) as n from audit_log where action = 'content.faq_question_created' and target_id = ?", String(q.body.id))).toBe(1);
    expect((await api(`/api/admin/content/faq/groups/${group.body.id}`, { method: "DELETE", token: op })).status).toBe(409);
    expect((await api(`/api/admin/content/faq/questions/${q.body.id}`, { method: "DELETE", token: op })).status).toBe(200);
    expect((await api(`/api/admin/content/faq/groups/${group.body.id}`, { method: "DELETE", token: op })).status).toBe(200);
    expect((await api("/faq?mode=executor")).text).not.toContain(name);
    expect(await count("select count(*) as n from audit_log where action like 'content.faq_%' and actor_user_id = ?", operator.id)).toBeGreaterThanOrEqual(4);
  });

  it("previews an answer as the FAQ page renders it: safe HTML, nothing saved", async () => {
    const before = await count("select count(*) as n from audit_log");
    const res = await api("/api/admin/content/faq/preview", { token: op, json: { answer: "**да** <script>alert(1)</script> [x](javascript:alert(1))" } });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain("<strong>да</strong>");
    expect(res.body.html).not.toContain("<script>");
    expect(res.body.html).not.toContain('href="javascript:');
    expect(await count("select count(*) as n from audit_log")).toBe(before);
  });

  it("the FAQ page of the console saves an answer and previews one", async () => {
    const q = await firstQuestion();
    const post = (fields: Record<string, string>) =>
      api("/admin/content/faq", { method: "POST", cookie: `session=${op}`, body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const form = { form_key: `q${q.id}`, id: String(q.id), group_id: String(q.group_id), question: q.question, question_en: q.question_en, answer_en: q.answer_en, sort: "0" };
    const preview = await post({ ...form, intent: "preview", answer: "*курсив*" });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("<em>курсив</em>");
    const answer = `Ответ со страницы ${tag()}`;
    expect((await post({ ...form, intent: "save_question", answer })).status).toBe(200);
    expect((await api("/faq")).text).toContain(answer);
    expect((await post({ ...form, intent: "save_question", answer: "" })).status).toBe(422);
  });
});

describe("communities", () => {
  it("adds and changes a community with its chat and what it belongs to; the directory's search finds the new name", async () => {
    const t = tag();
    const created = await api("/api/admin/content/communities", { token: op, json: { ...community, name: `Казначеи ${t}` } });
    expect(created.status, created.text).toBe(200);
    const name = `Ёлочные КАЗНАЧЕИ ${t}`;
    expect(await count("select count(*) as n from audit_log where action = 'content.community_created' and target_id = ?", String(created.body.id))).toBe(1);
    const changed = await api(`/api/admin/content/communities/${created.body.id}`, { token: op, json: { type: "tribe", name, chat_name: "Чат", chat_link: "https://t.me/x", industry_id: 1, option_id: 106, company_id: 1 } });
    expect(changed.status, changed.text).toBe(200);
    const [row] = await rows<{ type: string; industry_id: number; option_id: number; company_id: number | null; search_text: string }>("select * from communities where id = ?", created.body.id);
    expect(row).toMatchObject({ type: "tribe", industry_id: 1, option_id: 106, company_id: null });
    expect(row!.search_text).toContain(`елочные казначеи ${t}`);
    const found = await api(`/api/admin/content/communities?search=${encodeURIComponent(`елочные казначеи ${t}`)}`, { token: op });
    expect(found.body.items.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    // Each name under its own key: the community's own, and the names of what it belongs to.
    const [industry] = await rows<{ name: string }>("select name from industries where id = 1");
    const [option] = await rows<{ name: string }>("select name from options where id = 106");
    expect(found.body.items[0]).toMatchObject({ name, chat_name: "Чат", industry: industry!.name, option: option!.name, company: null });
    expect(await count("select count(*) as n from audit_log where action in ('content.community_created', 'content.community_updated') and actor_user_id = ?", operator.id)).toBeGreaterThanOrEqual(2);
  });

  it("refuses a community without what its type needs or with unknown references (422), changing nothing", async () => {
    const before = await count("select count(*) as n from communities");
    for (const body of [
      { ...community, option_id: undefined },
      { ...community, type: "tribe" },
      { ...community, type: "alumni", option_id: undefined },
      { ...community, type: "alumni", option_id: undefined, institution_id: 1, company_id: 1 },
      { ...community, option_id: 99999999 },
      { ...community, chat_link: "javascript:alert(1)" },
      { ...community, name: "" },
      { ...community, type: "nope" },
    ]) {
      const res = await api("/api/admin/content/communities", { token: op, json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    // Each missing part in the console's own words (they read 'Некорректное значение' before).
    expectFieldError(await api("/api/admin/content/communities", { token: op, json: { ...community, option_id: undefined } }), "option_id", "Выберите функцию");
    expectFieldError(await api("/api/admin/content/communities", { token: op, json: { ...community, type: "tribe" } }), "industry_id", "Выберите индустрию");
    expectFieldError(await api("/api/admin/content/communities", { token: op, json: { ...community, type: "alumni", option_id: undefined } }), "institution_id", "Выберите либо учебное заведение, либо компанию");
    expect(await count("select count(*) as n from communities")).toBe(before);
    expect((await api("/api/admin/content/communities/99999999", { token: op, json: community })).status).toBe(404);
  });
});

describe("bad input never 5xx and changes nothing", () => {
  it("refuses malformed bodies", async () => {
    const before = await count("select count(*) as n from audit_log");
    const q = await firstQuestion();
    const cases: [string, unknown][] = [
      ["/api/admin/content/landing-figures", { experts: "", areas: "70", competences: "800" }],
      ["/api/admin/content/landing-figures", { experts: "<b>1</b>", areas: "70", competences: "800" }],
      ["/api/admin/content/landing-figures", { experts: "1".repeat(13), areas: "70", competences: "800" }],
      ["/api/admin/content/footer", { social_services: [{ code: "x", name: "x", link: "javascript:alert(1)" }] }],
      ["/api/admin/content/footer", { social_services: "nope" }],
      ["/api/admin/content/footer", { social_services: Array.from({ length: 11 }, () => ({ code: "x", name: "x", link: "https://x.ru" })) }],
      ["/api/admin/content/support", { email: "not an email", tel: "" }],
      ["/api/admin/content/faq/questions", questionBody(q, { group_id: 99999999 })],
      ["/api/admin/content/faq/questions", questionBody(q, { answer: "x".repeat(5001) })],
      ["/api/admin/content/faq/questions", questionBody(q, { question: "" })],
      [`/api/admin/content/faq/questions/${q.id}`, questionBody(q, { group_id: 99999999 })],
      ["/api/admin/content/faq/groups", { audience: "everyone", name: "x", name_en: "x" }],
      ["/api/admin/content/faq/preview", { answer: 5 }],
    ];
    for (const [path, json] of cases) {
      const res = await api(path, { token: op, json });
      expect(res.status, `${path} ${JSON.stringify(json).slice(0, 80)}`).toBe(422);
    }
    for (const path of ["/api/admin/content/footer", "/api/admin/content/faq/questions"]) {
      const res = await api(path, { token: op, body: "{broken", headers: { "Content-Type": "application/json" } });
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect((await api("/api/admin/content/faq/questions/99999999", { token: op, json: questionBody(q) })).status).toBe(404);
    expect((await api("/api/admin/content/faq/questions/99999999", { method: "DELETE", token: op })).status).toBe(404);
    expect(await count("select count(*) as n from audit_log")).toBe(before);
    expect((await firstQuestion()).group_id).toBe(q.group_id);
  });
});
