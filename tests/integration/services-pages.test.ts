import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, servicePayload, signIn } from "../helpers/factories";
import { actionData } from "../helpers/page-data";

// The service pages' loaders and actions (issue 12): they call the services domain directly, so the same
// rules hold as for the API; a page form changes nothing for anyone but who may.

beforeAll(() => ensureReference());

const status = async (id: number) => (await rows<{ status: string; deleted_at: string | null }>("select status, deleted_at from services where id = ?", id))[0]!;
const page = (path: string, token: string, form?: Record<string, unknown>) => api(path, { cookie: `session=${token}`, ...(form ? { form } : {}) });

describe("/services", () => {
  it("lists the owner's services and answers the list's buttons for the owner only", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const other = await createSignedInUser({ roles: ["customer", "executor"] });
    const svc = await createServiceFor(owner, "individual", { name: "Услуга для страницы" }, "active");
    const list = await page("/services", owner.token);
    expect(list.status).toBe(200);
    expect(list.text).toContain("Услуга для страницы");

    // Another user's hide and delete change nothing.
    expect((await page("/services", other.token, { intent: "hide", id: svc.id })).status).toBeGreaterThanOrEqual(403);
    expect((await page("/services", other.token, { intent: "delete", id: svc.id })).status).toBeGreaterThanOrEqual(403);
    expect(await status(svc.id)).toMatchObject({ status: "active", deleted_at: null });

    expect((await page("/services", owner.token, { intent: "hide", id: svc.id })).status).toBe(200);
    expect((await status(svc.id)).status).toBe("not_active");
    expect((await page("/services", owner.token, { intent: "delete", id: svc.id })).status).toBe(200);
    expect((await status(svc.id)).deleted_at).not.toBeNull();
  });

  it("sends a guest to sign in", async () => {
    const res = await api("/services");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("/service-add", () => {
  it("checks a step without saving, saves through the domain, and refuses a guest", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const before = (await rows<{ n: number }>("select count(*) as n from services where user_id = ?", owner.id))[0]!.n;
    const check = await page("/service-add?index", owner.token, { intent: "check", format: "individual", name: "", description: "" });
    expect(check.status).toBe(200);
    expect(check.text).toContain("Название услуги обязательно для заполнения");
    const bad = await page("/service-add?index", owner.token, { intent: "save", ...servicePayload("individual", { hours: 61 }) });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Находится вне диапозона от 1 до 60");
    expect((await rows<{ n: number }>("select count(*) as n from services where user_id = ?", owner.id))[0]!.n).toBe(before);

    const ok = await page("/service-add?index", owner.token, { intent: "save", ...servicePayload("individual", { name: "Со страницы", maturity: "Оказана 12 раз" }) });
    expect(ok.status, ok.text).toBe(200);
    const saved = await rows<{ id: number; status: string; maturity: string }>("select id, status, maturity from services where user_id = ? and name = 'Со страницы'", owner.id);
    expect(saved.map(({ status, maturity }) => ({ status, maturity }))).toEqual([{ status: "moderation", maturity: "Оказана 12 раз" }]);
    // The wizard shows it for editing (spec 3 §3's `maturity`), so that a save from the page keeps it.
    const edit = await page(`/service-add/${saved[0]!.id}`, owner.token);
    expect(edit.text).toMatch(/name="maturity"[^>]*value="Оказана 12 раз"/);

    const guest = await api("/service-add?index", { form: { intent: "save", ...servicePayload("individual") } });
    expect(guest.status).toBe(401);
  });

  it("tells the page a saved service is active at once while operators do not moderate services, and which list button was pressed", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const operator = await signIn(await createOperator());
    // The script's request (single fetch): the action's data, which the page's dialog and live region read.
    const saveData = async () => actionData((await page("/service-add.data?index", owner.token, { intent: "save", ...servicePayload("individual", { name: `Услуга ${crypto.randomUUID().slice(0, 6)}` }) })).text);
    expect(await saveData()).toMatchObject({ saved: true, active: false });
    expect((await api("/api/admin/settings", { token: operator, json: { moderate_services: false } })).status).toBe(200);
    try {
      expect(await saveData()).toMatchObject({ saved: true, active: true });
    } finally {
      await api("/api/admin/settings", { token: operator, json: { moderate_services: true } });
    }
    const svc = await createServiceFor(owner, "individual", {}, "active");
    expect(await actionData((await page("/services.data", owner.token, { intent: "hide", id: svc.id })).text)).toEqual({ ok: true, done: "hide" });
  });

  it("opens the owner's service for editing and sends a team member to the read-only view", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const member = await createSignedInUser({ roles: ["customer", "executor"] });
    const svc = await createServiceFor(owner, "company", { users: [{ id: member.id, type: "user" }] }, "active");
    const edit = await page(`/service-add/${svc.id}`, owner.token);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain("<title>Редактирование услуги — Экспертная биржа</title>");
    const asMember = await page(`/service-add/${svc.id}`, member.token);
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe(`/service-add/quick-view/${svc.id}`);
    const view = await page(`/service-add/quick-view/${svc.id}`, member.token);
    expect(view.status).toBe(200);
    expect(view.text).toContain("<title>Просмотр услуги — Экспертная биржа</title>");
    expect((await page("/service-add", owner.token)).text).toContain("<title>Новая услуга — Экспертная биржа</title>");
  });
});

describe("/admin/queues/services", () => {
  it("lets an operator approve a waiting service on the console's queue page, and nobody else", async () => {
    const owner = await createSignedInUser({ roles: ["customer", "executor"] });
    const name = `На одобрение ${crypto.randomUUID().slice(0, 6)}`;
    const svc = await createServiceFor(owner, "individual", { name, description: "Очередь оператора: описание" });
    const operator = await createOperator();
    const token = await signIn(operator);
    // Filtered: the queue pages 25 at a time, and other tests' services wait in it too.
    const queue = await page(`/admin/queues/services?filter=${encodeURIComponent(name)}`, token);
    expect(queue.status).toBe(200);
    expect(queue.text).toContain(name);
    expect((await page("/admin/queues/services", owner.token, { id: svc.id, decision: "approve" })).status).toBe(403);
    expect((await status(svc.id)).status).toBe("moderation");
    const res = await page("/admin/queues/services", token, { id: svc.id, decision: "approve" });
    expect(res.status, res.text).toBe(200);
    expect((await status(svc.id)).status).toBe("active");
  });
});
