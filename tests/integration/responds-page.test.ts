import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { searchingDemand } from "../helpers/demands";
import { createOperator, createServiceFor, createSignedInUser, giveRespondChoices, signIn } from "../helpers/factories";

// /response-request/{id} (spec 3 §2 'Expert responses'): the page without script, through its action and the
// same domain functions as the API (respond, decline an invitation).
beforeAll(() => ensureReference());

const page = (path: string, token: string | null, form?: Record<string, unknown> | FormData) => api(path, { ...(token ? { cookie: `session=${token}` } : {}), ...(form ? { form } : {}) });

let operatorToken: string;
beforeAll(async () => {
  operatorToken = await signIn(await createOperator());
});

async function setup() {
  const customer = await createSignedInUser({ name: "Заказчица", lastName: "Страничная" });
  const demandId = await searchingDemand(customer.token, operatorToken, { name: "Заявка для страницы отклика" });
  const ex = await createSignedInUser({ name: "Эксперт", lastName: "Страничный" });
  const s = await createServiceFor(ex, "individual", {}, "active");
  const [c] = await rows<{ id: number }>("insert into cases (user_id, name, task, solution, results) values (?, 'Кейс страницы', 'З', 'Р', 'Р') returning id", ex.id);
  const [e] = await rows<{ id: number }>("select id from expertises where status = 'active' order by id limit 1");
  const [o] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
  await giveRespondChoices(ex.id, { expertises: [e!.id], options: [o!.id] });
  return { customer, demandId, ex, serviceId: s.id, caseId: c!.id, expertise: e!.id, option: o!.id };
}

describe("/response-request/{id}", () => {
  it("is an expert's page: its header is in the expert mode whatever the device's mode, and the device switches to it", async () => {
    const s = await setup();
    const res = await api(`/response-request/${s.demandId}`, { cookie: `session=${s.ex.token}; mode=customer` });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/aria-pressed="true"[^>]*>Эксперт</);
    expect(res.text).toContain(">Заявки и отклики<");
    expect(res.headers.get("Set-Cookie")).toMatch(/^mode=executor;/);
    // Already in the expert mode: nothing to switch.
    const again = await api(`/response-request/${s.demandId}`, { cookie: `session=${s.ex.token}; mode=executor` });
    expect(again.text).toMatch(/aria-pressed="true"[^>]*>Эксперт</);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows a guest the sign-in prompt, and an expert the request with the customer and 'Откликнуться'", async () => {
    const s = await setup();
    const guest = await page(`/response-request/${s.demandId}`, null);
    expect(guest.status).toBe(200);
    expect(guest.text).toContain("Войдите или зарегистрируйтесь");
    expect(guest.text).not.toContain("Заявка для страницы отклика");
    const seen = await page(`/response-request/${s.demandId}`, s.ex.token);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain("Заявка для страницы отклика");
    expect(seen.text).toContain("Заказчица Страничная");
    expect(seen.text).toMatch(/href="[^"]*\?respond=true"/);
    // The level the request asks for (spec 3 §9's two texts): an ordinary expert learns it wants top management.
    const [{ expert_type }] = (await rows<{ expert_type: string }>("select expert_type from demands where id = ?", s.demandId)) as [{ expert_type: string }];
    expect(seen.text).toContain(`<dt>Уровень эксперта</dt><dd>${expert_type === "premium" ? "ТОП-менеджмент или владельцы бизнеса" : "Специалист или средний менеджмент"}</dd>`);
    // The budget in the page's language: Russian groups digits with a space, English with a comma.
    expect(seen.text).toMatch(/class="respond-page__budget">\d{1,3}(?:\s\d{3})+(?:<!-- -->)? ₽</);
    const en = await api(`/response-request/${s.demandId}`, { cookie: `session=${s.ex.token}`, lang: "en" });
    expect(en.text).toMatch(/class="respond-page__budget">\d{1,3}(?:,\d{3})+(?:<!-- -->)? ₽</);
    const form = await page(`/response-request/${s.demandId}?respond=true`, s.ex.token);
    expect(form.text).toContain("Отправить отклик");
    expect((await page("/response-request/99999999", s.ex.token)).status).toBe(404);
  });

  it("responds without script through the page's action; a refused form answers the field's text and writes nothing", async () => {
    const s = await setup();
    const bad = await page(`/response-request/${s.demandId}`, s.ex.token, { intent: "respond", salary: "-5", description: "", "cases[]": s.caseId, "services[]": s.serviceId });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Некорректная сумма (0 - 2 000 000 000)");
    expect(await count("select count(*) as n from responds where user_id = ?", s.ex.id)).toBe(0);
    const ok = await page(`/response-request/${s.demandId}`, s.ex.token, { intent: "respond", salary: "90000", description: "Готов взяться", cases: [s.caseId], services: [s.serviceId], expertises: [s.expertise], options: [s.option] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toContain("Спасибо за отклик!");
    expect(await rows("select status, salary from responds where user_id = ? and demand_id = ?", s.ex.id, s.demandId)).toEqual([{ status: "sent", salary: 90000 }]);
    expect((await page(`/response-request/${s.demandId}`, s.ex.token)).text).toContain("Вы уже откликнулись на эту заявку");
  });

  it("takes the form's files inline without script (the same input's attachments[]) and as direct uploads (uploads[]) with it, together", async () => {
    const s = await setup();
    // Before the script runs, the direct-upload input carries the inline name inside the focusable field block.
    const shown = await page(`/response-request/${s.demandId}?respond=true`, s.ex.token);
    expect(shown.text).toMatch(/data-field="attachments"[\s\S]*?<input[^>]*name="attachments\[\]"/);
    const bytes = new TextEncoder().encode("загружено заранее");
    const presigned = await api<{ id: string; url: string; headers: Record<string, string> }>("/api/uploads", { token: s.ex.token, json: { kind: "respond", name: "заранее.txt", size: bytes.byteLength } });
    expect(presigned.status, presigned.text).toBe(201);
    expect((await fetch(presigned.body.url, { method: "PUT", headers: presigned.body.headers, body: bytes })).status).toBe(200);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ intent: "respond", salary: "90000", description: "Готов взяться", "cases[]": s.caseId, "services[]": s.serviceId, "expertises[]": s.expertise, "options[]": s.option })) fd.append(k, String(v));
    fd.append("attachments[]", new File(["встроенный файл"], "inline.txt"));
    fd.append("uploads[]", presigned.body.id);
    const ok = await page(`/response-request/${s.demandId}`, s.ex.token, fd);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toContain("Спасибо за отклик!");
    const names = await rows<{ name: string }>("select f.name from respond_files rf join files f on f.id = rf.file_id join responds r on r.id = rf.respond_id where r.user_id = ? order by f.name", s.ex.id);
    expect(names.map((n) => n.name)).toEqual(["inline.txt", "заранее.txt"]);
  });

  it("shows 'У вас нет активных услуг' with 'Создать услугу' to an expert without an active service", async () => {
    const s = await setup();
    const lone = await createSignedInUser();
    const res = await page(`/response-request/${s.demandId}?respond=true`, lone.token);
    expect(res.text).toContain("У вас нет активных услуг");
    expect(res.text).toContain("Создайте услугу от себя или от компании, и попробуйте откликнуться на заявку еще раз");
    expect(res.text).toContain('href="/services"');
  });

  it("declines an invitation ('Не интересно' → 'Удалить'): it becomes declined and the page goes to /projects/response#invite; opening it dropped its new mark", async () => {
    const s = await setup();
    const [inv] = await rows<{ id: number }>("insert into responds (demand_id, user_id, status, is_new, invited_at) values (?, ?, 'invite', 1, '2026-11-01T10:00:00.000Z') returning id", s.demandId, s.ex.id);
    const opened = await page(`/response-request/${s.demandId}?decline=1`, s.ex.token);
    expect(opened.text).toContain("Удалить");
    expect((await rows<{ is_new: number }>("select is_new from responds where id = ?", inv!.id))[0]!.is_new).toBe(0);
    const other = await createSignedInUser();
    expect((await page(`/response-request/${s.demandId}`, other.token, { intent: "decline" })).status).toBe(404);
    const res = await page(`/response-request/${s.demandId}`, s.ex.token, { intent: "decline" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/projects/response#invite");
    expect((await rows<{ status: string }>("select status from responds where id = ?", inv!.id))[0]!.status).toBe("declined");
    expect(await count("select count(*) as n from audit_log where action = 'respond.decline' and target_id = ?", String(s.demandId))).toBe(1);
    // A second decline changes nothing and leaves no audit row.
    expect((await page(`/response-request/${s.demandId}`, s.ex.token, { intent: "decline" })).status).toBe(422);
    expect(await count("select count(*) as n from audit_log where action = 'respond.decline' and target_id = ?", String(s.demandId))).toBe(1);
  });

  it("answers 'Заказчик завершил поиск…' for a stopped request", async () => {
    const s = await setup();
    expect((await api("/api/demand/stop", { token: s.customer.token, json: { id: s.demandId } })).status).toBe(200);
    const res = await page(`/response-request/${s.demandId}?respond=true`, s.ex.token);
    expect(res.text).toContain("Заказчик завершил поиск, отклики больше не принимаются");
    expect(res.text).not.toContain(`name="salary"`);
  });
});
