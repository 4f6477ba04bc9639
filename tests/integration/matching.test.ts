import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { mailsTo, waitForMails } from "../helpers/mail";
import { approve, bulkExperts, createExpert, createTribeDemand, freshTribe, invitedIds, waitForMailCount } from "../helpers/matching";

let operatorToken: string;

beforeAll(async () => {
  await ensureReference();
  operatorToken = await signIn(await createOperator());
});

const customer = () => createSignedInUser();

describe("matching on approval (README 'Matching')", () => {
  it("invites an expert who shares an industry and a function, and nobody who shares only one of them", async () => {
    const tribe = await freshTribe();
    const other = await freshTribe();
    const fits = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const fitsByMain = await createExpert({ industries: [other.industry, tribe.industry], options: [tribe.option] });
    const industryOnly = await createExpert({ industries: [tribe.industry], options: [other.sub] });
    const functionOnly = await createExpert({ industries: [other.industry], options: [tribe.sub] });
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe);
    expect(await invitedIds(id)).toEqual([]);
    await approve(id, operatorToken);
    expect(await invitedIds(id)).toEqual([fits.id, fitsByMain.id].sort((a, b) => a - b));
    const [row] = await rows<{ status: string; is_new: number; invited_at: string | null; responded_at: string | null }>("select status, is_new, invited_at, responded_at from responds where demand_id = ? and user_id = ?", id, fits.id);
    expect(row).toMatchObject({ status: "invite", is_new: 1, responded_at: null });
    expect(row!.invited_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await count("select count(*) as n from responds where demand_id = ? and user_id in (?, ?)", id, industryOnly.id, functionOnly.id)).toBe(0);
  });

  it("a sub-function of the request's function fits, one under another function does not", async () => {
    const tribe = await freshTribe();
    const other = await freshTribe();
    const sibling = await createExpert({ industries: [tribe.industry], options: [tribe.sub2] });
    const stranger = await createExpert({ industries: [tribe.industry], options: [other.option, other.sub] });
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe);
    await approve(id, operatorToken);
    expect(await invitedIds(id)).toEqual([sibling.id]);
    expect(stranger.id).toBeGreaterThan(0);
  });

  it("a premium request invites only experts with a work in a top-management role; an ordinary one invites both", async () => {
    const tribe = await freshTribe();
    const top = await createExpert({ industries: [tribe.industry], options: [tribe.sub], top: true });
    const plain = await createExpert({ industries: [tribe.industry], options: [tribe.sub], top: false });
    const noWork = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await customer();
    const premium = await createTribeDemand(c.token, tribe, { expert_type: "premium" });
    const ordinary = await createTribeDemand(c.token, tribe, { expert_type: "ordinary" });
    await approve(premium, operatorToken);
    await approve(ordinary, operatorToken);
    expect(await invitedIds(premium)).toEqual([top.id]);
    expect(await invitedIds(ordinary)).toEqual([top.id, plain.id, noWork.id].sort((a, b) => a - b));
  });

  it("never invites the customer himself, a blocked user, nor one whose address is not confirmed", async () => {
    const tribe = await freshTribe();
    const self = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const blocked = await createExpert({ industries: [tribe.industry], options: [tribe.sub], blocked: true });
    // An unconfirmed address may be someone else's (decision 0055): no invitation is mailed to it.
    const unconfirmed = await createExpert({ industries: [tribe.industry], options: [tribe.sub], verified: false });
    const fits = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const id = await createTribeDemand(self.token, tribe);
    await approve(id, operatorToken);
    expect(await invitedIds(id)).toEqual([fits.id]);
    expect([blocked.id, unconfirmed.id]).not.toContain(fits.id);
    // The one invitation's e-mail has gone out; none went to the unconfirmed address.
    await waitForMails(fits.email);
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });

  it("a rejected request invites nobody", async () => {
    const tribe = await freshTribe();
    await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe);
    const res = await api("/api/admin/moderation", { token: operatorToken, json: { kind: "demands", id, decision: "reject", reason: "Нет бюджета" } });
    expect(res.status, res.text).toBe(200);
    expect(await count("select count(*) as n from responds where demand_id = ?", id)).toBe(0);
  });

  it("e-mails each invited expert in his language with the link to the request's response form", async () => {
    const tribe = await freshTribe();
    const ru = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const en = await createExpert({ industries: [tribe.industry], options: [tribe.sub], locale: "en" });
    const outsider = await createExpert({ industries: [tribe.industry], options: [] });
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe, { name: "Аудит <склада>" });
    await approve(id, operatorToken);
    const [ruMail] = await waitForMails(ru.email);
    const [enMail] = await waitForMails(en.email);
    expect(ruMail!.subject).toBe("Новая заявка для вас");
    expect(ruMail!.text).toContain("«Аудит <склада>»");
    expect(ruMail!.html).toContain("Аудит &lt;склада&gt;");
    expect(ruMail!.text).toContain(`http://localhost/response-request/${id}?respond=true`);
    expect(enMail!.subject).toBe("A new request for you");
    expect(enMail!.text).toContain(`/response-request/${id}?respond=true`);
    expect(await count("select count(*) as n from mail_outbox where \"to\" = ? and subject in ('Новая заявка для вас', 'A new request for you')", outsider.email)).toBe(0);
  });
});

describe("matching on restart and re-entry", () => {
  it("a restart invites only experts who fit since, and never re-invites a declined one", async () => {
    const tribe = await freshTribe();
    const first = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const decliner = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe);
    await approve(id, operatorToken);
    await waitForMails(first.email);
    const declined = await api("/api/reject-respond", { token: decliner.token, json: { demand_id: id } });
    expect(declined.status, declined.text).toBe(200);
    const before = await rows<{ id: number; user_id: number; invited_at: string }>("select id, user_id, invited_at from responds where demand_id = ? order by id", id);

    const late = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    expect((await api("/api/demand/stop", { token: c.token, json: { id } })).status).toBe(200);
    const restarted = await api("/api/demand/restart", { token: c.token, json: { id, extension: 5 } });
    expect(restarted.status, restarted.text).toBe(200);

    expect(await invitedIds(id)).toEqual([first.id, late.id]);
    const after = await rows<{ id: number; user_id: number; status: string; invited_at: string }>("select id, user_id, status, invited_at from responds where demand_id = ? order by id", id);
    // The earlier rows are untouched (same ids, same invitation time); the declined one stays declined.
    expect(after.slice(0, 2).map((r) => [r.id, r.invited_at])).toEqual(before.map((r) => [r.id, r.invited_at]));
    expect(after.find((r) => r.user_id === decliner.id)!.status).toBe("declined");
    await waitForMails(late.email);
    // One invitation mail each: the restart mailed only the new expert.
    expect(await count("select count(*) as n from mail_outbox where \"to\" = ? and subject = 'Новая заявка для вас'", first.email)).toBe(1);
    expect(await count("select count(*) as n from mail_outbox where \"to\" = ? and subject = 'Новая заявка для вас'", decliner.email)).toBe(1);
  });

  it("a request created while moderation of requests is off invites at once", async () => {
    const tribe = await freshTribe();
    const fits = await createExpert({ industries: [tribe.industry], options: [tribe.sub] });
    const set = (on: boolean) => api("/api/admin/settings", { method: "POST", token: operatorToken, json: { moderate_demands: on } });
    const off = await set(false);
    expect(off.status, off.text).toBeLessThan(300);
    try {
      const c = await customer();
      const id = await createTribeDemand(c.token, tribe);
      expect(await invitedIds(id)).toEqual([fits.id]);
    } finally {
      await set(true);
    }
  });
});

describe("matching at scale", () => {
  it("approving a request that fits 300 experts invites and e-mails every one of them", async () => {
    const tribe = await freshTribe();
    const prefix = await bulkExperts(300, tribe);
    const c = await customer();
    const id = await createTribeDemand(c.token, tribe);
    const started = Date.now();
    await approve(id, operatorToken);
    const took = Date.now() - started;
    expect(await count("select count(*) as n from responds r join users u on u.id = r.user_id where r.demand_id = ? and r.status = 'invite' and u.email like ?", id, `${prefix}-%`)).toBe(300);
    expect(await waitForMailCount(prefix, 300)).toBe(300);
    // Indicative only (the machine is shared): the approval does not wait for the 300 mails.
    expect(took).toBeLessThan(10_000);
  });
});
