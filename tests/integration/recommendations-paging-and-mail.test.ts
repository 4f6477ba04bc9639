import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createSignedInUser, uniqueEmail } from "../helpers/factories";
import { mailsTo } from "../helpers/mail";

// The outgoing list is sorted and paged by the database, and the e-mails of one act go out in one mailer
// call (issue 11): what a request costs in D1 round trips (X-D1-Queries) does not grow with what it holds.

let industryId = 0;
let optionIds: number[] = [];
beforeAll(async () => {
  await ensureReference();
  industryId = (await rows<{ id: number }>("select id from industries order by id limit 1"))[0]!.id;
  optionIds = (await rows<{ id: number }>("select id from options where parent_id is not null order by id limit 2")).map((r) => r.id);
});

const queries = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Queries"));

async function expert() {
  const user = await createSignedInUser({ roles: ["customer", "executor"], name: "Игорь", lastName: "Волков" });
  await env.DB.batch([
    env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(user.id, industryId),
    ...optionIds.map((o) => env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(user.id, o)),
  ]);
  return user;
}

const invitedItems = (emails: string[]) => emails.map((email, i) => ({ type: "tribe", industry_id: industryId, option_id: optionIds[i % 2], invite_rate_user: { email, name: "Пётр", lastName: "Сидоров" }, is_invited: 1 }));
const emailsFor = (n: number) => Array.from({ length: n }, (_, i) => uniqueEmail(`asked${i}`));

describe("the outgoing list, paged by the database", () => {
  it("answers a later page with the next items in order (sent, approve, declined, newest first) and the total", async () => {
    const me = await expert();
    expect((await api("/api/user/invite-rates", { token: me.token, json: { items: invitedItems(emailsFor(10)) } })).status).toBe(201);
    expect((await api("/api/user/invite-rates", { token: me.token, json: { items: invitedItems(emailsFor(6)) } })).status).toBe(201);
    const ids = (await rows<{ id: number }>("select id from rate_requests where user_id = ? order by id", me.id)).map((r) => r.id);
    expect(ids).toHaveLength(16);
    const approved = [ids[2]!, ids[12]!];
    const declined = [ids[0]!, ids[5]!, ids[15]!];
    await env.DB.prepare(`update rate_requests set status = 'approve' where id in (${approved.join(",")})`).run();
    await env.DB.prepare(`update rate_requests set status = 'declined' where id in (${declined.join(",")})`).run();
    const sent = ids.filter((id) => !approved.includes(id) && !declined.includes(id));
    const expected = [...sent.reverse(), ...approved.reverse(), ...declined.reverse()];

    await api("/api/user/profile/recommendations?type=tribe", { token: me.token }); // the isolate learns the session (decision 0043)
    const pages = await Promise.all([1, 2, 3, 4].map((page) => api(`/api/user/profile/recommendations?type=tribe&page=${page}`, { token: me.token })));
    expect(pages.map((p) => p.body.data.map((i: { id: number }) => i.id))).toEqual([expected.slice(0, 7), expected.slice(7, 14), expected.slice(14), []]);
    expect(pages.map((p) => p.body.meta)).toEqual([1, 2, 3, 4].map((page) => ({ current_page: page, per_page: 7, total: 16, last_page: 3 })));
    expect(pages[2]!.body.data.map((i: { status: string }) => i.status)).toEqual(["declined", "declined"]);
    // Without a section filter the same order; the other sections count apart.
    expect((await api("/api/user/profile/recommendations?page=2", { token: me.token })).body.data.map((i: { id: number }) => i.id)).toEqual(expected.slice(7, 14));
    expect((await api("/api/user/profile/recommendations?type=expertise&page=2", { token: me.token })).body.meta).toEqual({ current_page: 2, per_page: 7, total: 0, last_page: 1 });
    // The count and the page in one batch, whichever page, with the session's statement riding it.
    expect(pages.map(queries)).toEqual([1, 1, 1, 1]);
  });

  it("reads the request page (what may be asked and every section) in one batch whatever the user asked", async () => {
    const few = await expert();
    const many = await expert();
    expect((await api("/api/user/invite-rates", { token: few.token, json: { items: invitedItems(emailsFor(1)) } })).status).toBe(201);
    expect((await api("/api/user/invite-rates", { token: many.token, json: { items: invitedItems(emailsFor(10)) } })).status).toBe(201);
    const fresh = { "X-Page-Cache": "bypass" };
    await api("/profile/recommendation-request", { cookie: `session=${few.token}`, headers: fresh }); // warms the isolate's caches
    await api("/profile/recommendation-request", { cookie: `session=${many.token}`, headers: fresh });
    const a = await api("/profile/recommendation-request", { cookie: `session=${few.token}`, headers: fresh });
    const b = await api("/profile/recommendation-request?tribe_page=2", { cookie: `session=${many.token}`, headers: fresh });
    expect([a.status, b.status]).toEqual([200, 200]);
    // The session's statement rides the page's one batch (decision 0043). The API's list reads through
    // Drizzle's raw rows, which do not carry the session's statement: the session, then its read.
    expect([queries(a), queries(b)]).toEqual([1, 1]);
    expect(queries(await api("/api/user/invite-rates", { token: many.token }))).toBe(2);
    // Arriving from a service's 'Запросить оценку' (?service=) opens the dialog once: the pager's links do
    // not carry the preselection, or every page would open the dialog again.
    const fromService = await api("/profile/recommendation-request?service=999&expertise=998", { cookie: `session=${many.token}`, headers: fresh });
    expect(fromService.text).toContain('href="/profile/recommendation-request?tribe_page=2#tribe"');
    expect(fromService.text).not.toMatch(/href="[^"]*[?&](service|expertise)=/);
  });
});

describe("the e-mails of one act, in one mailer call", () => {
  it("mails every person asked at once, at a fixed number of D1 round trips whatever their number", async () => {
    const one = await expert();
    const single = emailsFor(1);
    const first = await api("/api/user/invite-rates", { token: one.token, json: { items: invitedItems(single) } });
    expect(first.status, first.text).toBe(201);

    const me = await expert();
    const colleague = await createSignedInUser({ name: "Олег", lastName: "Коллегов" });
    const emails = emailsFor(6);
    const items = [...invitedItems(emails), { type: "tribe", industry_id: industryId, option_id: optionIds[0], rater_user_id: colleague.id }];
    const res = await api("/api/user/invite-rates", { token: me.token, json: { items } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.items).toHaveLength(7);

    // Every person has his own mail with his own links, in the outbox.
    for (const email of emails) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Игорь Волков просит вас дать рекомендацию");
      expect(mails[0]!.text.match(/\/rate-user\?hash=/g)).toHaveLength(1);
    }
    const toColleague = await mailsTo(colleague.email);
    expect(toColleague).toHaveLength(1);
    expect(toColleague[0]!.text).toContain("/multi-rate-user?hash=");
    // One mailer call (one outbox batch) and one read of what the mails say: seven people cost what one does.
    expect(queries(res)).toBe(queries(first));
  });

  it("re-sends a reminder to the one person it names", async () => {
    const me = await expert();
    const [email] = emailsFor(1);
    expect((await api("/api/user/invite-rates", { token: me.token, json: { items: invitedItems([email!, ...emailsFor(2)]) } })).status).toBe(201);
    const [row] = await rows<{ id: number }>("select r.id from rate_requests r join rate_invitations i on i.id = r.invitation_id where i.rater_email = ?", email);
    await env.DB.prepare("update rate_invitations set remind_available_at = 0 where rater_email = ?").bind(email).run();
    const res = await api("/api/user/remind-to-rate", { token: me.token, json: { id: row!.id } });
    expect(res.status, res.text).toBe(200);
    const mails = await mailsTo(email!);
    expect(mails.map((m) => m.subject)).toEqual(["Напоминание: Игорь Волков ждёт вашей оценки", "Игорь Волков просит вас дать рекомендацию"]);
  });

  it("mails no reminder to a rater blocked since he was asked: his link could not be used", async () => {
    const me = await expert();
    const colleague = await createSignedInUser({ name: "Олег", lastName: "Коллегов" });
    expect((await api("/api/user/invite-rates", { token: me.token, json: { items: [{ type: "tribe", industry_id: industryId, option_id: optionIds[0], rater_user_id: colleague.id }] } })).status).toBe(201);
    const [row] = await rows<{ id: number }>("select r.id from rate_requests r join rate_invitations i on i.id = r.invitation_id where i.rater_user_id = ?", colleague.id);
    const listed = async () => (await api("/api/user/profile/recommendations?type=tribe", { token: me.token })).body.data.find((i: { id: number }) => i.id === row!.id);
    expect(await listed()).toMatchObject({ status: "sent", can_remind: true });
    await env.DB.batch([
      env.DB.prepare("update rate_invitations set remind_available_at = 0 where rater_user_id = ?").bind(colleague.id),
      env.DB.prepare("update users set blocked_at = ? where id = ?").bind(new Date().toISOString(), colleague.id),
    ]);
    const res = await api("/api/user/remind-to-rate", { token: me.token, json: { id: row!.id } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.id).toEqual(["Этот человек сейчас не может оценивать"]);
    expect(await mailsTo(colleague.email)).toHaveLength(1);
    // The page offers no 'Напомнить' for it.
    expect(await listed()).toMatchObject({ status: "sent", can_remind: false });
  });
});
