import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createOperator, createSignedInUser, signIn } from "../helpers/factories";
import { approve, createTribeDemand, freshTribe } from "../helpers/matching";

// The signal chips of the my-projects lists and the menus' 'new' chip (spec 1 §4, spec 3 §2): one rule
// (app/domain/visits/fresh.server.ts), and the menu's statement rides in the session's batch (decision 0039).

let operatorToken: string;
beforeAll(async () => {
  await ensureReference();
  operatorToken = await signIn(await createOperator());
});

const fresh = { "X-Page-Cache": "bypass" };
const queries = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Queries"));
/** The menus' 'new' chip (app/components/menu-link.tsx). */
const NEW_CHIP = 'class="chip chip--new"';

async function searchingDemand() {
  const customer = await createSignedInUser();
  const id = await createTribeDemand(customer.token, await freshTribe());
  await approve(id, operatorToken);
  return { id, customer };
}

async function insertRespond(demandId: number, userId: number, status: string, isNew = 0) {
  const [row] = await rows<{ id: number }>(
    "insert into responds (demand_id, user_id, status, is_new, responded_at, salary, tax_id) values (?, ?, ?, ?, ?, 50000, 1) returning id",
    demandId,
    userId,
    status,
    isNew,
    status === "invite" ? null : new Date().toISOString(),
  );
  return row!.id;
}

const page = (path: string, token: string, mode: "customer" | "executor") => api(path, { cookie: `session=${token}; mode=${mode}`, headers: fresh });

describe("the menus' 'new' chip", () => {
  it("shows an expert his new invitation until he opens it, at no extra round trip", async () => {
    const { id } = await searchingDemand();
    const expert = await createSignedInUser();
    const invite = await insertRespond(id, expert.id, "invite", 1);
    await page("/profile/information", expert.token, "executor"); // warms the isolate's reference caches
    const before = await page("/profile/information", expert.token, "executor");
    expect(before.status).toBe(200);
    expect(before.text).toContain(NEW_CHIP);
    // The session and the menu's statement ride the page's own batch: this isolate knows the session
    // (decision 0043; the first view above made two round trips).
    expect(queries(before)).toBe(1);
    // A page without a batch of its own (its FAQ comes from the isolate's content cache once warm): the
    // session's batch alone, with the same answer.
    await page("/profile/settings", expert.token, "executor");
    const settings = await page("/profile/settings", expert.token, "executor");
    expect(settings.status).toBe(200);
    expect(settings.text).toContain(NEW_CHIP);
    expect(queries(settings)).toBe(1);
    // The customer mode's menu looks at the customer's lists: nothing new there.
    expect((await page("/profile/information", expert.token, "customer")).text).not.toContain(NEW_CHIP);

    const opened = await api("/api/view-flags", { token: expert.token, json: { model: "invite", ids: [invite] } });
    expect(opened.status).toBe(200);
    const after = await page("/profile/information", expert.token, "executor");
    expect(after.text).not.toContain(NEW_CHIP);
    // The chip the isolate remembered no longer holds: the page ran again on the session's answer (its
    // statement, then the page's batch).
    expect(queries(after)).toBe(2);
  });

  it("drops an unopened invitation from the chips once its request stops searching, and keeps it in the list marked over", async () => {
    const { id, customer } = await searchingDemand();
    const expert = await createSignedInUser();
    await insertRespond(id, expert.id, "invite", 1);
    const before = await page("/projects/response", expert.token, "executor");
    expect(before.text).toContain(NEW_CHIP);
    expect(before.text).toMatch(/class="signal-chip signal-chip--fresh"><span aria-hidden="true">\+1<\/span><span class="visually-hidden">[^<]+<\/span>/);
    expect(before.text).toContain("xproject--new");

    const stopped = await api("/api/demand/stop", { token: customer.token, json: { id } });
    expect(stopped.status, stopped.text).toBe(200);
    const after = await page("/projects/response", expert.token, "executor");
    // No news: neither the menu's chip nor the tab's, nor the card's mark; the card says the search is over.
    expect(after.text).not.toContain(NEW_CHIP);
    expect(after.text).not.toContain("signal-chip--fresh");
    expect(after.text).not.toContain("xproject--new");
    expect(after.text).toContain("Поиск завершен");
    expect(after.text).toMatch(/class="signal-chip"><span aria-hidden="true">1<\/span><span class="visually-hidden">всего 1 [^<]*<\/span>/);
    // The same for an invitation whose last day has passed, before the Cron sweep has run.
    const other = await searchingDemand();
    await insertRespond(other.id, expert.id, "invite", 1);
    expect((await page("/profile/settings", expert.token, "executor")).text).toContain(NEW_CHIP);
    await rows("update demands set search_finish = '2020-01-01' where id = ?", other.id);
    expect((await page("/profile/settings", expert.token, "executor")).text).not.toContain(NEW_CHIP);
  });

  it("shows a customer a response he has not opened, and his list's 'Поиск' tab counts it until he does", async () => {
    const { id, customer } = await searchingDemand();
    const expert = await createSignedInUser();
    const respond = await insertRespond(id, expert.id, "sent");
    const list = await page("/projects/request", customer.token, "customer");
    expect(list.status).toBe(200);
    expect(list.text).toContain(NEW_CHIP);
    expect(list.text).toMatch(/class="signal-chip signal-chip--fresh"><span aria-hidden="true">\+1<\/span><span class="visually-hidden">1 новая<\/span>/);
    // An expert's own mode knows nothing of it.
    expect((await page("/projects/request", customer.token, "executor")).text).not.toContain(NEW_CHIP);

    expect((await api("/api/view-flags", { token: customer.token, json: { model: "respond", ids: [respond] } })).status).toBe(200);
    const seen = await page("/projects/request", customer.token, "customer");
    expect(seen.text).not.toContain(NEW_CHIP);
    expect(seen.text).not.toContain("signal-chip--fresh");
  });

  it("counts a request whose status changed after the customer last looked at its tab, and forgets it once he looks", async () => {
    const { id, customer } = await searchingDemand();
    const stopped = await api("/api/demand/stop", { token: customer.token, json: { id } });
    expect(stopped.status, stopped.text).toBe(200);
    // Never looked at 'Неактивные': its request is new there.
    const before = await page("/projects/request", customer.token, "customer");
    expect(before.text).toContain(NEW_CHIP);
    expect(before.text).toMatch(/<span aria-hidden="true">\+1<\/span><span class="visually-hidden">1 новая<\/span>/);

    const later = new Date(Date.now() + 1000).toISOString();
    expect((await api("/api/client/storage", { token: customer.token, json: { customer: { expired: later } } })).status).toBe(200);
    const after = await page("/projects/request", customer.token, "customer");
    expect(after.text).not.toContain(NEW_CHIP);
    expect(after.text).toMatch(/class="signal-chip"><span aria-hidden="true">1<\/span><span class="visually-hidden">всего 1 заявка<\/span>/);
  });

  it("leaves an expert's sent response old when the customer marks it a favourite: the customer's mark is his own", async () => {
    const { id, customer } = await searchingDemand();
    const expert = await createSignedInUser();
    const respond = await insertRespond(id, expert.id, "sent");
    expect((await api("/api/view-flags", { token: customer.token, json: { model: "respond", ids: [respond] } })).status).toBe(200);
    expect((await api("/api/client/storage", { token: expert.token, json: { executor: { sent: new Date().toISOString() } } })).status).toBe(200);
    expect((await page("/projects/response", expert.token, "executor")).text).not.toContain(NEW_CHIP);
    await new Promise((r) => setTimeout(r, 5)); // a later millisecond than the visit

    const marked = await api("/api/demand/favorites", { token: customer.token, json: { demand_id: id, respond_id: respond } });
    expect(marked.status, marked.text).toBe(200);
    expect(await rows("select is_favorite from responds where id = ?", respond)).toEqual([{ is_favorite: 1 }]);
    const after = await page("/projects/response", expert.token, "executor");
    expect(after.text).not.toContain(NEW_CHIP);
    expect(after.text).not.toContain("signal-chip--fresh");
  });

  it("leaves the chip off for a user with nothing in his lists", async () => {
    const nobody = await createSignedInUser();
    for (const mode of ["customer", "executor"] as const) {
      const res = await page("/profile/settings", nobody.token, mode);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(NEW_CHIP);
    }
  });
});
