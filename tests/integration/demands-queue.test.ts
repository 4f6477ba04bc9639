import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, servicePayload, signIn } from "../helpers/factories";
import { file, newMarker, pdfBytes } from "../helpers/files";

// The operators' `demands` queue (app/domain/admin/queue.ts), read through the console's call.
beforeAll(() => ensureReference());

async function create(token: string, name: string) {
  const [sub] = await rows<{ id: number; parent_id: number }>("select id, parent_id from options where parent_id is not null order by id limit 1");
  const res = await api("/api/demand", {
    token,
    form: { name, service_type_id: 1, duration_id: 3, expert_type: "ordinary", description: "Описание", industries: [1], options: [sub!.parent_id], budget: "50000", execution_period: "01.06.2028" },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

describe("demandsQueue", () => {
  it("lists the waiting requests oldest first with their customer, filters by name, and its summary counts them", async () => {
    const me = await createSignedInUser({ name: "Мария", lastName: "Очередная" });
    const first = await create(me.token, "Очередь: первая");
    const second = await create(me.token, "Очередь: вторая");
    await rows("update demands set status = 'searching' where id = ?", second);
    const third = await create(me.token, "Очередь: третья");
    const operator = await signIn(await createOperator());
    const res = await api(`/api/admin/queues/demands?sort=created_at&dir=asc&filter=${encodeURIComponent("Очередь")}`, { token: operator });
    expect(res.status, res.text).toBe(200);
    const page = res.body as { items: { id: number }[]; total: number };
    expect(page.items.map((i) => i.id)).toEqual([first, third]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ title: "Очередь: первая", userId: me.id, userName: "Мария Очередная", details: { budget: 50000, type: "На проект" } });
    const summaries = (await api("/api/admin/queues", { token: operator })).body as { name: string; count: number; oldest: string | null }[];
    const summary = summaries.find((q) => q.name === "demands")!;
    expect(summary.count).toBeGreaterThanOrEqual(2);
    expect(typeof summary.oldest).toBe("string");
    expect((await api("/api/admin/queues/demands", { token: me.token })).status).toBe(403);
  });

  it("shows the operator the industries, functions and files he approves, and the files open for him", async () => {
    const me = await createSignedInUser();
    const [sub] = await rows<{ id: number; parent_id: number }>("select id, parent_id from options where parent_id is not null order by id limit 1");
    const res = await api("/api/demand", {
      token: me.token,
      form: { name: "С файлами: бриф", service_type_id: 1, duration_id: 3, expert_type: "ordinary", description: "Описание", industries: [1], options: [sub!.parent_id], sub_options: [sub!.id], budget: "50000", execution_period: "01.06.2028", files: [file(pdfBytes(newMarker()), "бриф.pdf", "application/pdf")] },
    });
    expect(res.status, res.text).toBe(201);
    const [names] = await rows<{ industry: string; option: string; sub: string }>(
      "select (select name from industries where id = 1) industry, (select name from options where id = ?) option, (select name from options where id = ?) sub",
      sub!.parent_id,
      sub!.id,
    );
    const operator = await signIn(await createOperator());
    const list = await api(`/api/admin/queues/demands?filter=${encodeURIComponent("С файлами")}`, { token: operator });
    const item = list.body.items[0];
    expect(item.details.industries).toBe(names!.industry);
    expect(item.details.options.split(", ").sort()).toEqual([names!.option, names!.sub].sort());
    expect(item.files).toEqual([{ id: expect.any(Number), name: "бриф.pdf", url: expect.stringMatching(/^\/api\/files\/\d+$/) }]);
    const download = await api(item.files[0].url, { token: operator });
    expect(download.status).toBe(302);
    // The page shows them one click away, the file as a link.
    const page = await api(`/admin/queues/demands?filter=${encodeURIComponent("С файлами")}`, { cookie: `session=${operator}` });
    expect(page.text).toContain(`href="${item.files[0].url}"`);
    expect(page.text).toContain("бриф.pdf");
  });

  it("counts a request's wait from when its version went to moderation, not from its first creation", async () => {
    const me = await createSignedInUser();
    const waiting = await create(me.token, "Ожидание: с утра");
    // Made a month ago, rejected, edited back into moderation now: it has waited a moment.
    const edited = await create(me.token, "Ожидание: после правки");
    await rows("update demands set created_at = '2026-01-05T10:00:00.000Z' where id = ?", edited);
    await rows("update demands set updated_at = '2020-01-01T00:00:00.000Z' where id = ?", waiting);
    const operator = await signIn(await createOperator());
    const res = await api(`/api/admin/queues/demands?sort=created_at&dir=asc&filter=${encodeURIComponent("Ожидание")}`, { token: operator });
    const items = res.body.items as { id: number; createdAt: string }[];
    expect(items.map((i) => i.id)).toEqual([waiting, edited]);
    expect(items[0]!.createdAt).toBe("2020-01-01T00:00:00.000Z");
    expect(items[1]!.createdAt > "2026-01-05T10:00:00.000Z").toBe(true);
    const summary = ((await api("/api/admin/queues", { token: operator })).body as { name: string; oldest: string | null }[]).find((q) => q.name === "demands")!;
    expect(summary.oldest).toBe("2020-01-01T00:00:00.000Z");
  });

  it("refuses to approve a version the operator did not see: the author's edit after the queue was read is 409, the new version approves (requests and services, one and several)", async () => {
    const me = await createSignedInUser();
    const operator = await signIn(await createOperator());
    const d = await create(me.token, "Версия: первая");
    const svc = await createServiceFor(me, "individual", { name: "Версия услуги" });
    const listed = async (queue: string, id: number) => {
      const res = await api(`/api/admin/queues/${queue}?filter=${encodeURIComponent("Версия")}`, { token: operator });
      return (res.body.items as { id: number; version: string }[]).find((i) => i.id === id)!;
    };
    const seenDemand = await listed("demands", d);
    const seenService = await listed("services", svc.id);
    expect(seenDemand.version).toEqual(expect.any(String));

    // The author edits both while the operator reads them.
    const [sub] = await rows<{ parent_id: number }>("select parent_id from options where parent_id is not null order by id limit 1");
    const edited = await api(`/api/demand/${d}`, {
      token: me.token,
      form: { name: "Версия: со ссылкой на сайт", service_type_id: 1, duration_id: 3, expert_type: "ordinary", description: "Другое описание", industries: [1], options: [sub!.parent_id], budget: "50000", execution_period: "01.06.2028" },
    });
    expect(edited.status, edited.text).toBe(200);
    const editedService = await api(`/api/service/${svc.id}`, { token: me.token, json: servicePayload("individual", { name: "Версия услуги, изменённая" }) });
    expect(editedService.status, editedService.text).toBe(200);

    for (const [kind, id, seen] of [["demands", d, seenDemand], ["services", svc.id, seenService]] as const) {
      const stale = await api("/api/admin/moderation", { token: operator, json: { kind, id, decision: "approve", version: seen.version } });
      expect(stale.status, `${kind}: ${stale.text}`).toBe(409);
      expect(stale.body.message).toBe("Автор изменил это после того, как вы открыли очередь. Обновите очередь и проверьте снова");
      const bulk = await api("/api/admin/moderation", { token: operator, json: { kind, ids: [id], versions: { [id]: seen.version }, decision: "approve" } });
      expect(bulk.body.results).toEqual([{ id, status: "invalid", message: "Автор изменил это после того, как вы открыли очередь. Обновите очередь и проверьте снова" }]);
    }
    expect((await rows("select status from demands where id = ?", d))[0]).toEqual({ status: "moderation" });
    expect((await rows("select status from services where id = ?", svc.id))[0]).toEqual({ status: "moderation" });
    expect((await rows("select count(*) as n from audit_log where action in ('demand.approve', 'service.approved') and target_id in (?, ?)", String(d), String(svc.id)))[0]).toEqual({ n: 0 });

    // The version read again is the one approved.
    const fresh = await listed("demands", d);
    expect(fresh.version).not.toBe(seenDemand.version);
    expect((await api("/api/admin/moderation", { token: operator, json: { kind: "demands", id: d, decision: "approve", version: fresh.version } })).status).toBe(200);
    const freshService = await listed("services", svc.id);
    const ok = await api("/api/admin/moderation", { token: operator, json: { kind: "services", ids: [svc.id], versions: { [svc.id]: freshService.version }, decision: "approve" } });
    expect(ok.body.results).toEqual([{ id: svc.id, status: "decided" }]);
    expect((await rows("select status from demands where id = ?", d))[0]).toEqual({ status: "searching" });
    expect((await rows("select status from services where id = ?", svc.id))[0]).toEqual({ status: "active" });
  });
});
