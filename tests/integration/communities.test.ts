import { beforeAll, describe, expect, it } from "vitest";
import { userInstitutions, workareas, works } from "../../db/schema/experience";
import { userIndustryOptions } from "../../db/schema/profile";
import { communities, companies, industries, institutions, options } from "../../db/schema/reference";
import { userOptions } from "../../db/schema/users";
import { communitySearchText } from "~/domain/communities/search-text";
import ruPage from "~/locales/ru.pages";
import ruServer from "~/locales/ru.server";
import { api, expectFieldError } from "../helpers/api";
import { db, ensureReference } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";

type Page = { data: { id: number; name: string; chat_name: string | null; chat_link: string | null }[]; current_page: number; last_page: number; total: number };

beforeAll(async () => {
  await ensureReference();
});

const id = async (q: Promise<{ id: number }[]>) => (await q)[0]!.id;

/**
 * Reference rows of this test only (an industry pair, a function with sub-functions, a place of study and of
 * work), so that the seeded communities never fit and every list is exactly what the test built.
 */
async function world() {
  const tag = crypto.randomUUID().slice(0, 8);
  const d = db();
  const industry = await id(d.insert(industries).values({ name: `Отрасль ${tag}`, nameEn: `Industry ${tag}` }).returning({ id: industries.id }));
  const industry2 = await id(d.insert(industries).values({ name: `Отрасль-2 ${tag}`, nameEn: `Industry 2 ${tag}` }).returning({ id: industries.id }));
  const main = await id(d.insert(options).values({ name: `Функция ${tag}` }).returning({ id: options.id }));
  const sub = await id(d.insert(options).values({ name: `Подфункция ${tag}`, parentId: main }).returning({ id: options.id }));
  const sub2 = await id(d.insert(options).values({ name: `Подфункция-2 ${tag}`, parentId: main }).returning({ id: options.id }));
  const institution = await id(d.insert(institutions).values({ name: `Университет ${tag}` }).returning({ id: institutions.id }));
  const company = await id(d.insert(companies).values({ name: `Компания ${tag}` }).returning({ id: companies.id }));
  const company2 = await id(d.insert(companies).values({ name: `Компания-2 ${tag}` }).returning({ id: companies.id }));
  return { tag, industry, industry2, main, sub, sub2, institution, company, company2 };
}
type World = Awaited<ReturnType<typeof world>>;

async function community(row: { type: "tribe" | "option" | "alumni"; name: string; chatName?: string | null; chatLink?: string | null; industryId?: number; optionId?: number; institutionId?: number; companyId?: number }) {
  const chatName = row.chatName === undefined ? `@chat_${crypto.randomUUID().slice(0, 6)}` : row.chatName;
  const chatLink = row.chatLink === undefined ? (chatName ? `https://t.me/${chatName.slice(1)}` : null) : row.chatLink;
  return id(db().insert(communities).values({ ...row, chatName, chatLink, searchText: communitySearchText(row.name, chatName) }).returning({ id: communities.id }));
}

/**
 * A user whose profile has: the sub-function `sub` chosen under `industry`, a work at `company` in
 * `industry2` with the main function, the function `sub`, and a study at `institution`.
 */
async function profiled(w: World) {
  const user = await createSignedInUser({ roles: ["customer", "executor"] });
  const d = db();
  const workId = await id(d.insert(works).values({ userId: user.id, companyId: w.company, workStart: "2015-01-01" }).returning({ id: works.id }));
  await d.batch([
    d.insert(userIndustryOptions).values({ userId: user.id, industryId: w.industry, optionId: w.sub }),
    d.insert(workareas).values({ workId, userId: user.id, industryId: w.industry2, optionId: w.main, roleId: 1, workYears: 5 }),
    d.insert(userOptions).values({ userId: user.id, optionId: w.sub }),
    d.insert(userInstitutions).values({ userId: user.id, institutionId: w.institution, studyFinish: "2010-01-01" }),
  ]);
  return user;
}

const list = (token: string, query: string) => api<Page>(`/api/user/communities?${query}`, { token });
const names = (page: Page) => page.data.map((c) => c.name).sort();

describe("GET /api/user/communities", () => {
  it("lists the tribes of the profile's industry–function pairs, a main function's chat fitting its sub-functions", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "tribe", name: `A ${w.tag} отрасль и функция`, industryId: w.industry, optionId: w.main });
    await community({ type: "tribe", name: `B ${w.tag} отрасль и подфункция`, industryId: w.industry, optionId: w.sub });
    await community({ type: "tribe", name: `C ${w.tag} другая подфункция`, industryId: w.industry, optionId: w.sub2 });
    await community({ type: "tribe", name: `D ${w.tag} место работы`, industryId: w.industry2, optionId: w.main });
    await community({ type: "tribe", name: `E ${w.tag} подфункция не с работы`, industryId: w.industry2, optionId: w.sub });
    await community({ type: "option", name: `F ${w.tag} функция, не трайб`, optionId: w.main });
    const res = await list(user.token, "type=tribe");
    expect(res.status, res.text).toBe(200);
    expect(names(res.body)).toEqual([`A ${w.tag} отрасль и функция`, `B ${w.tag} отрасль и подфункция`, `D ${w.tag} место работы`]);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(["chat_link", "chat_name", "id", "name"]);
  });

  it("lists the communities of the profile's functions, a main function's chat fitting its sub-functions", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "option", name: `A ${w.tag} главная функция`, optionId: w.main });
    await community({ type: "option", name: `B ${w.tag} подфункция`, optionId: w.sub });
    await community({ type: "option", name: `C ${w.tag} чужая подфункция`, optionId: w.sub2 });
    await community({ type: "tribe", name: `D ${w.tag} трайб`, industryId: w.industry, optionId: w.sub });
    const res = await list(user.token, "type=option");
    expect(res.status, res.text).toBe(200);
    expect(names(res.body)).toEqual([`A ${w.tag} главная функция`, `B ${w.tag} подфункция`]);
    expect(res.body.total).toBe(2);
  });

  it("lists the alumni communities of the profile's places of study and work", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "alumni", name: `A ${w.tag} университет`, institutionId: w.institution });
    await community({ type: "alumni", name: `B ${w.tag} компания`, companyId: w.company, chatName: null, chatLink: null });
    await community({ type: "alumni", name: `C ${w.tag} другая компания`, companyId: w.company2 });
    const res = await list(user.token, "type=alumni");
    expect(res.status, res.text).toBe(200);
    expect(names(res.body)).toEqual([`A ${w.tag} университет`, `B ${w.tag} компания`]);
    // 'Сообщество еще не создано' is the page's: the API answers the empty link as it is.
    expect(res.body.data.find((c) => c.name.startsWith("B"))).toMatchObject({ chat_name: null, chat_link: null });
  });

  it("lists nothing for a user without profile data", async () => {
    const w = await world();
    await community({ type: "option", name: `A ${w.tag}`, optionId: w.main });
    const user = await createSignedInUser();
    for (const type of ["tribe", "option", "alumni"]) {
      const res = await list(user.token, `type=${type}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
    }
  });

  it("does not show me communities of another user's profile", async () => {
    const w = await world();
    const me = await profiled(w);
    const other = await createSignedInUser();
    const d = db();
    const workId = await id(d.insert(works).values({ userId: other.id, companyId: w.company2, workStart: "2015-01-01" }).returning({ id: works.id }));
    await d.batch([
      d.insert(userIndustryOptions).values({ userId: other.id, industryId: w.industry, optionId: w.sub2 }),
      d.insert(workareas).values({ workId, userId: other.id, industryId: w.industry, optionId: w.sub2, roleId: 1, workYears: 2 }),
      d.insert(userOptions).values({ userId: other.id, optionId: w.sub2 }),
    ]);
    await community({ type: "tribe", name: `Их трайб ${w.tag}`, industryId: w.industry, optionId: w.sub2 });
    await community({ type: "option", name: `Их функция ${w.tag}`, optionId: w.sub2 });
    await community({ type: "alumni", name: `Их компания ${w.tag}`, companyId: w.company2 });
    for (const [type, theirs] of [["tribe", `Их трайб ${w.tag}`], ["option", `Их функция ${w.tag}`], ["alumni", `Их компания ${w.tag}`]] as const) {
      const mine = await list(me.token, `type=${type}`);
      expect(names(mine.body), type).not.toContain(theirs);
      const their = await list(other.token, `type=${type}`);
      expect(names(their.body), type).toContain(theirs);
    }
  });

  it("searches the name and the chat name, whatever the letter case", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "option", name: `Клуб финансистов ${w.tag}`, chatName: "@fin_people", optionId: w.main });
    await community({ type: "option", name: `Ёлочный клуб ${w.tag}`, chatName: "@trees", optionId: w.main });
    await community({ type: "option", name: `Другое ${w.tag}`, chatName: "@other", optionId: w.main });
    expect(names((await list(user.token, `type=option&search=${encodeURIComponent("КЛУБ")}`)).body)).toEqual([`Клуб финансистов ${w.tag}`, `Ёлочный клуб ${w.tag}`].sort());
    expect(names((await list(user.token, `type=option&search=${encodeURIComponent("елочный")}`)).body)).toEqual([`Ёлочный клуб ${w.tag}`]);
    expect(names((await list(user.token, "type=option&search=FIN_PEOPLE")).body)).toEqual([`Клуб финансистов ${w.tag}`]);
    // Longer than the 50 bytes D1 takes as a LIKE pattern: still found, still case-blind.
    await community({ type: "option", name: `Клуб руководителей финансовых служб крупных компаний ${w.tag}`, optionId: w.main });
    expect(names((await list(user.token, `type=option&search=${encodeURIComponent("РУКОВОДИТЕЛЕЙ ФИНАНСОВЫХ СЛУЖБ КРУПНЫХ")}`)).body)).toEqual([`Клуб руководителей финансовых служб крупных компаний ${w.tag}`]);
    const none = await list(user.token, `type=option&search=${encodeURIComponent("нет такого")}`);
    expect(none.body).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
  });

  it("takes _ and % in a search as themselves", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "option", name: `Рост 100% ${w.tag}`, chatName: "@grow_fast", optionId: w.main });
    await community({ type: "option", name: `Рост 1000 ${w.tag}`, chatName: "@growXfast", optionId: w.main });
    expect(names((await list(user.token, `type=option&search=${encodeURIComponent("100%")}`)).body)).toEqual([`Рост 100% ${w.tag}`]);
    expect(names((await list(user.token, "type=option&search=grow_fast")).body)).toEqual([`Рост 100% ${w.tag}`]);
    expect((await list(user.token, `type=option&search=${encodeURIComponent("%")}`)).body.total).toBe(1);
    expect((await list(user.token, "type=option&search=_")).body.total).toBe(1);
  });

  it("pages by 5 unless per_page says otherwise, in name order, with total and last_page", async () => {
    const w = await world();
    const user = await profiled(w);
    const all = Array.from({ length: 7 }, (_, i) => `Сообщество ${i + 1} ${w.tag}`);
    for (const name of [...all].reverse()) await community({ type: "option", name, optionId: w.sub });
    const first = await list(user.token, "type=option");
    expect(first.body.data.map((c) => c.name)).toEqual(all.slice(0, 5));
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 7 });
    const second = await list(user.token, "type=option&page=2");
    expect(second.body.data.map((c) => c.name)).toEqual(all.slice(5));
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 7 });
    const byThree = await list(user.token, "type=option&page=3&per_page=3");
    expect(byThree.body.data.map((c) => c.name)).toEqual(all.slice(6));
    expect(byThree.body).toMatchObject({ current_page: 3, last_page: 3, total: 7 });
    const past = await list(user.token, "type=option&page=9");
    expect(past.body).toEqual({ data: [], current_page: 9, last_page: 2, total: 7 });
    const searched = await list(user.token, `type=option&per_page=2&search=${encodeURIComponent("сообщество 1")}`);
    expect(searched.body).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect((await list(user.token, "type=option&per_page=50")).body.data).toHaveLength(7);
    expect((await list(user.token, "type=option&per_page=1")).body.last_page).toBe(7);
  });

  it("refuses a bad query with the field's text", async () => {
    const user = await createSignedInUser();
    const t = ruServer.communities;
    expectFieldError(await list(user.token, ""), "type", t.type_invalid);
    expectFieldError(await list(user.token, "type=tribes"), "type", t.type_invalid);
    expectFieldError(await list(user.token, "type=tribe&page=0"), "page", t.page_invalid);
    expectFieldError(await list(user.token, "type=tribe&page=1.5"), "page", t.page_invalid);
    expectFieldError(await list(user.token, "type=tribe&page=abc"), "page", t.page_invalid);
    expectFieldError(await list(user.token, "type=tribe&per_page=0"), "per_page", t.per_page_invalid);
    expectFieldError(await list(user.token, "type=tribe&per_page=51"), "per_page", t.per_page_invalid);
    expectFieldError(await list(user.token, `type=tribe&search=${"я".repeat(101)}`), "search", t.search_max);
    const res = await api(`/api/user/communities?type=tribe&page=0`, { token: user.token });
    expect(res.body.message).toBe(t.page_invalid);
    expect((await list(user.token, `type=tribe&search=${"я".repeat(100)}&per_page=50`)).status).toBe(200);
  });

  it("answers 401 to a guest", async () => {
    const res = await api("/api/user/communities?type=tribe");
    expect(res.status).toBe(401);
  });
});

describe("the /community pages", () => {
  it("shows the user's chats, 'Сообщество еще не создано' for one without a link, and a search that finds nothing", async () => {
    const w = await world();
    const user = await profiled(w);
    await community({ type: "alumni", name: `Выпускники ${w.tag}`, chatName: "@alumni_x", institutionId: w.institution });
    await community({ type: "alumni", name: `Коллеги ${w.tag}`, chatName: null, chatLink: null, companyId: w.company });
    const cookie = `session=${user.token}`;
    const page = await api("/community/alumni", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Выпускники ${w.tag}`);
    expect(page.text).toContain("https://t.me/alumni_x");
    expect(page.text).toContain(ruPage.communities.notCreated);
    const none = await api(`/community/alumni?search=${encodeURIComponent("нет такого")}`, { cookie });
    expect(none.text).toContain(ruPage.communities.nothingFound);
  });

  it("shows a user without profile data the not-found screen with its link to the profile", async () => {
    const user = await createSignedInUser();
    const page = await api("/community/functions", { cookie: `session=${user.token}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain(ruPage.communities.notFoundTitle);
    expect(page.text).toContain('href="/profile/information"');
  });

  it("sends a page past the last to the last one, keeping the search", async () => {
    const w = await world();
    const user = await profiled(w);
    for (let i = 1; i <= 6; i++) await community({ type: "option", name: `Клуб ${i} ${w.tag}`, optionId: w.sub });
    const page = await api(`/community/functions?search=${encodeURIComponent(w.tag)}&page=9`, { cookie: `session=${user.token}` });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/community/functions?search=${w.tag}&page=2`);
  });

  it("answers a bad page number with the first page rather than an error", async () => {
    const user = await createSignedInUser();
    const page = await api("/community/industry-functions?page=abc&search=", { cookie: `session=${user.token}` });
    expect(page.status).toBe(200);
  });

  it("sends a guest to sign in", async () => {
    const page = await api("/community/alumni", { headers: {} });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/auth?redirectTo=");
  });
});
