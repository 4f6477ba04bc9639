import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import ruPage from "~/locales/ru";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api, expectFieldError } from "../helpers/api";
import { count, ensureReference, rows } from "../helpers/db";
import { decodeInviteHash } from "~/domain/auth/invite-hash";
import { createOperator, createSignedInUser, customerPayload, signIn, uniqueEmail } from "../helpers/factories";
import { verifyByMail } from "../helpers/mail";
import { activeProject, activeService, createExpert, ratingReference, ratingsOf, type Person } from "../helpers/projects";

const ru = withServerTexts(ruPage, ruServer);

let ref: Awaited<ReturnType<typeof ratingReference>>;
beforeAll(async () => {
  await ensureReference();
  ref = await ratingReference();
});

/** A customer's active project: one chosen expert with a service and a team member, one expert not chosen. */
async function project() {
  const customer = await createSignedInUser({ name: "Мария", lastName: "Заказчикова" });
  const expert = await createExpert("Игорь", "Волков");
  const member = await createExpert("Нина", "Котова");
  const other = await createExpert("Пётр", "Отказов");
  const service = await activeService(expert, "Финансовая модель компании");
  const otherService = await activeService(other, "Аудит");
  // An active service of the expert that is not part of his response.
  const notAttached = await activeService(expert, "Бюджетирование");
  const p = await activeProject(customer, [
    { expert, services: [service], members: [member] },
    { expert: other, services: [otherService], status: "rejected" },
  ]);
  return { customer, expert, member, other, service, otherService, notAttached, ...p };
}

const rateService = (token: string, body: Record<string, unknown>) => api("/api/demand/finishing", { token, json: { type: "service", comment: "Отличная работа", rating: 5, ...body } });
const ratePerson = (token: string, body: Record<string, unknown>) => api("/api/demand/finishing", { token, json: { type: "user", comment: "Сильный специалист", ...body } });
const ratingCount = () => count("select count(*) as n from ratings");

describe("GET /api/demand/{id}/finishing", () => {
  it("counts an employee invited through the response who registered since as a team member the customer rates", async () => {
    const customer = await createSignedInUser({ name: "Мария", lastName: "Заказчикова" });
    const expert = await createExpert("Игорь", "Волков");
    const service = await activeService(expert, "Финансовая модель компании");
    const invited = await api("/api/invite", { token: expert.token, json: { name: "Олег", lastName: "Новенький", email: uniqueEmail("respond-invitee"), phone: "+7 916 555-44-33", direction_years: 5, projects: 10 } });
    expect(invited.status, invited.text).toBe(201);
    const p = await activeProject(customer, [{ expert, services: [service] }]);
    await rows("insert into respond_members (respond_id, type, invite_id) values (?, 'invited', ?)", p.respondIds[0], invited.body.invite.id);
    const prefill = decodeInviteHash(new URL(invited.body.link).searchParams.get("hash"))!;
    const reg = await api("/api/register", { form: customerPayload({ name: prefill.name, lastName: prefill.lastName, email: prefill.email, phone: prefill.phone, invite_id: prefill.invite_id, is_invited: "1" }) });
    expect(reg.status, reg.text).toBe(201);
    const newcomer = reg.body.user.id as number;
    // Registering the address proves nothing: the team names the account once the address is proven (decision 0055).
    expect(await rows("select user_id from respond_members where invite_id = ?", invited.body.invite.id)).toEqual([{ user_id: null }]);
    await verifyByMail(prefill.email!, reg.body.token);

    const res = await api(`/api/demand/${p.demandId}/finishing`, { token: customer.token });
    expect(res.body.responds[0].services[0].users.map((u: { id: number }) => u.id)).toEqual([expert.id, newcomer]);
    const manage = await api(`/api/demand/${p.demandId}/manage`, { token: customer.token });
    expect(manage.body.responds[0].users).toEqual([expect.objectContaining({ id: newcomer, type: "user", name: "Олег Новенький" })]);
    const rated = await ratePerson(customer.token, { demand_id: p.demandId, user_id: newcomer, services: [{ id: service, rating: 4 }] });
    expect(rated.status, rated.text).toBe(200);
  });

  it("shows the customer the chosen respondents with their services, team, competences and specializations", async () => {
    const p = await project();
    const res = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.demandInfo).toMatchObject({ name: "Финансовая модель для ритейлера", is_completed: false });
    // The expert not chosen is not listed.
    expect(res.body.responds).toHaveLength(1);
    const [r] = res.body.responds;
    expect(r).toMatchObject({ id: p.respondIds[0], user_id: p.expert.id, user_name: "Игорь Волков", user_company: { name_ru: expect.any(String) } });
    expect(r.services).toHaveLength(1);
    expect(r.services[0]).toMatchObject({ id: p.service, name: "Финансовая модель компании", rating: 0, rating_count: 0, is_rated: false, rating_id: null });
    const users = r.services[0].users;
    expect(users.map((u: { id: number }) => u.id)).toEqual([p.expert.id, p.member.id]);
    expect(users[1].expertises.map((e: { id: number }) => e.id).sort()).toEqual([...ref.expertises].sort());
    expect(users[1].expertises[0]).toMatchObject({ is_rated: false, rating_id: null, rating: 0 });
    expect(users[1].tribes).toHaveLength(2);
    expect(users[1].tribes[0]).toMatchObject({ industry_id: ref.industries[0], option_id: ref.options[0], industry_name: expect.any(String), option_name: expect.any(String) });
  });

  it("shows a person's company as the manage page does: the current work's, else the latest's; none while it is still proposed", async () => {
    const p = await project();
    const finishing = async () => (await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token })).body.responds[0];
    const manage = async () => (await api(`/api/demand/${p.demandId}/manage`, { token: p.customer.token })).text;
    // Every work of the respondent has ended: the latest one's company.
    await rows("update works set work_finish = '2025-01-01' where user_id = ?", p.expert.id);
    const [latest] = await rows<{ name: string }>("select c.name from works w join companies c on c.id = w.company_id where w.user_id = ? order by w.work_start desc, w.id desc limit 1", p.expert.id);
    expect((await finishing()).user_company).toEqual({ name_ru: latest!.name });
    expect(await manage()).toContain(latest!.name);
    // A new current work at a company he proposed: no company shown, not an older one, until it is approved.
    const proposedName = `ООО Предложенная ${crypto.randomUUID().slice(0, 8)}`;
    const [company] = await rows<{ id: number }>("insert into companies (name, status, created_by) values (?, 'moderation', ?) returning id", proposedName, p.expert.id);
    await rows("insert into works (user_id, company_id, work_start) values (?, ?, '2025-02-01')", p.expert.id, company!.id);
    const r = await finishing();
    expect(r.user_company).toEqual({ name_ru: null });
    expect(r.services[0].users[0].user_company).toEqual({ name: null });
    expect(await manage()).not.toContain(proposedName);
    await rows("update companies set status = 'active' where id = ?", company!.id);
    expect((await finishing()).user_company).toEqual({ name_ru: proposedName });
  });

  it("is a 404 for anyone but the customer, and a 401 for a guest", async () => {
    const p = await project();
    expect((await api(`/api/demand/${p.demandId}/finishing`, { token: p.expert.token })).status).toBe(404);
    expect((await api(`/api/demand/${p.demandId}/finishing`)).status).toBe(401);
    expect((await api(`/api/demand/999999/finishing`, { token: p.customer.token })).status).toBe(404);
    expect((await api(`/api/demand/abc/finishing`, { token: p.customer.token })).status).toBe(404);
  });

  it("marks what this project rated, with the rating's id and comment", async () => {
    const p = await project();
    const s = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 4 });
    const u = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: ref.expertises[0], rating: 3 }] });
    const res = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
    const svc = res.body.responds[0].services[0];
    expect(svc).toMatchObject({ is_rated: true, rating_id: s.body.ids[0], my_rating: 4, rating_comment: "Отличная работа", rating: 4, rating_count: 1 });
    const member = svc.users[1];
    expect(member).toMatchObject({ is_rated: true, rating_ids: u.body.ids, rating_comment: "Сильный специалист" });
    expect(member.expertises.find((e: { id: number }) => e.id === ref.expertises[0])).toMatchObject({ is_rated: true, rating_id: u.body.ids[0], my_rating: 3, rating: 3 });
  });
});

describe("POST /api/demand/finishing", () => {
  it("rates a service of the chosen response and answers the rating's id, with its source", async () => {
    const p = await project();
    const res = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 4 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids).toHaveLength(1);
    const [row] = await ratingsOf(p.expert.id);
    expect(row).toMatchObject({ id: res.body.ids[0], type: "service", service_id: p.service, rating: 4, comment: "Отличная работа", demand_id: p.demandId, respond_id: p.respondIds[0] });
  });

  it("rates a team member on his competences and specializations, one rating per item", async () => {
    const p = await project();
    const res = await ratePerson(p.customer.token, {
      demand_id: p.demandId,
      user_id: p.member.id,
      expertises: [{ id: ref.expertises[0], rating: 5 }],
      tribes: [{ industry_id: ref.industries[1], option_id: ref.options[1], rating: 4 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids).toHaveLength(2);
    const saved = await ratingsOf(p.member.id);
    expect(saved.map((r) => [r.type, r.rating, r.comment])).toEqual([
      ["expertise", 5, "Сильный специалист"],
      ["tribe", 4, "Сильный специалист"],
    ]);
  });

  it("rates a person's score in a service of his response from the member dialog: a member's own row, the respondent's the service's rating", async () => {
    const p = await project();
    const member = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, services: [{ id: p.service, rating: 4 }] });
    expect(member.status, member.text).toBe(200);
    const [row] = await ratingsOf(p.member.id);
    expect(row).toMatchObject({ id: member.body.ids[0], type: "service", service_id: p.service, rating: 4, comment: "Сильный специалист", respond_id: p.respondIds[0] });
    // The respondent's score in the service is the service dialog's rating: the same row, replaced.
    const service = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 2 });
    const own = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, services: [{ id: p.service, rating: 5 }] });
    expect(own.body.ids).toEqual(service.body.ids);
    const res = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
    const svc = res.body.responds[0].services[0];
    // Both scores count in the service's figures (decision 0033: by service, whoever is rated).
    expect(svc).toMatchObject({ is_rated: true, my_rating: 5, rating: 4.5, rating_count: 2 });
    const [expert, nina] = svc.users;
    expect(expert.services).toEqual([{ id: p.service, name: "Финансовая модель компании", is_rated: true, rating_id: service.body.ids[0], my_rating: 5 }]);
    // The respondent's dialog never deletes the service dialog's rating.
    expect(expert).toMatchObject({ is_rated: false, rating_ids: [] });
    expect(nina.services[0]).toMatchObject({ is_rated: true, rating_id: member.body.ids[0], my_rating: 4 });
    expect(nina).toMatchObject({ is_rated: true, rating_ids: member.body.ids });
  });

  it("takes back a score the member dialog sends as 'Без оценки', and shows the latest save's comment", async () => {
    const p = await project();
    const [e1, e2] = ref.expertises;
    const first = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, comment: "Хорошо", expertises: [{ id: e1, rating: 2 }, { id: e2, rating: 3 }], services: [{ id: p.service, rating: 4 }] });
    expect(first.status, first.text).toBe(200);
    // The form's shape: every item, the unscored one with an empty value (or, through the API, null).
    const again = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, comment: "Передумала", expertises: [{ id: e1, rating: "" }, { id: e2, rating: 5 }], services: [{ id: p.service, rating: null }] });
    expect(again.status, again.text).toBe(200);
    expect((await ratingsOf(p.member.id)).map((r) => [r.type, r.subject_key, r.rating, r.comment])).toEqual([["expertise", `expertise:${e2}`, 5, "Передумала"]]);
    const nina = (await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token })).body.responds[0].services[0].users[1];
    expect(nina.expertises.find((e: { id: number }) => e.id === e1)).toMatchObject({ is_rated: false, my_rating: null });
    expect(nina.services[0]).toMatchObject({ is_rated: false, my_rating: null });
    expect(nina).toMatchObject({ is_rated: true, rating_comment: "Передумала" });
    // An item no longer ratable (the competence left his profile while the dialog was open) is only taken back.
    await rows("delete from user_expertises where user_id = ? and expertise_id = ?", p.member.id, e1);
    const stale = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, comment: "Передумала", expertises: [{ id: e1, rating: "" }, { id: e2, rating: 4 }] });
    expect(stale.status, stale.text).toBe(200);
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: e1, rating: 3 }] }), "expertises", ru.projects.v.expertise_unknown);
    // Taking back every score is the dialog's delete, not a save.
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: e2, rating: "" }] }), "expertises", ru.projects.v.items_required);
    expect((await ratingsOf(p.member.id)).map((r) => [r.subject_key, r.rating])).toEqual([[`expertise:${e2}`, 4]]);
  });

  it("keeps a person's dialog in one response to its own services: his own response's service rating is not his member rating there", async () => {
    const p = await project();
    const own = await activeService(p.member, "Управленческий учёт");
    const second = await activeProject(p.customer, [
      { expert: p.expert, services: [p.service], members: [p.member] },
      { expert: p.member, services: [own] },
    ]);
    const rated = await rateService(p.customer.token, { demand_id: second.demandId, user_id: p.member.id, service_id: own, rating: 5 });
    expect(rated.status, rated.text).toBe(200);
    const read = (await api(`/api/demand/${second.demandId}/finishing`, { token: p.customer.token })).body;
    const inTeam = read.responds[0].services[0].users.find((u: { id: number }) => u.id === p.member.id);
    // Its delete would have taken the other response's service rating with it.
    expect(inTeam).toMatchObject({ is_rated: false, rating_ids: [] });
    expect(read.responds[1].services[0]).toMatchObject({ id: own, is_rated: true, rating_id: rated.body.ids[0] });
  });

  it("refuses a person's score in a service outside his response, writing nothing", async () => {
    const p = await project();
    const before = await ratingCount();
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, services: [{ id: p.notAttached, rating: 5 }] }), "services", ru.projects.v.service_unknown);
    expectFieldError(
      await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: ref.expertises[0], rating: 5 }], services: [{ id: p.otherService, rating: 5 }] }),
      "services",
      ru.projects.v.service_unknown,
    );
    expect(await ratingCount()).toBe(before);
  });

  it("replaces the earlier rating when the same thing is rated again in the same project", async () => {
    const p = await project();
    const first = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 2 });
    const again = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 5, comment: "Передумал" });
    expect(again.body.ids).toEqual(first.body.ids);
    const saved = await ratingsOf(p.expert.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ rating: 5, comment: "Передумал" });
  });

  it("leaves out a competence still in moderation: not listed, not rated; once approved, both (decision 0061)", async () => {
    const p = await project();
    const name = `Оценка стартапов ${crypto.randomUUID().slice(0, 8)}`;
    const proposed = await api("/api/user/profile/expertises", { token: p.member.token, json: { expertises: { items: [], new_items: [{ name }] } } });
    expect(proposed.status, proposed.text).toBe(200);
    const [competence] = await rows<{ id: number; status: string }>("select id, status from expertises where name = ?", name);
    expect(competence!.status).toBe("moderation");
    const listed = async () => {
      const res = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
      const member = res.body.responds[0].services[0].users.find((u: { id: number }) => u.id === p.member.id);
      return (member.expertises as { id: number; name: string }[]).map((e) => e.id);
    };
    expect(await listed()).not.toContain(competence!.id);
    const before = await ratingCount();
    const rate = () => ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: competence!.id, rating: 4 }] });
    expectFieldError(await rate(), "expertises", ru.projects.v.expertise_unknown);
    expect(await ratingCount()).toBe(before);

    const operator = await signIn(await createOperator());
    expect((await api("/api/admin/moderation", { token: operator, json: { kind: "expertises", id: competence!.id, decision: "approve" } })).status).toBe(200);
    expect(await listed()).toContain(competence!.id);
    const rated = await rate();
    expect(rated.status, rated.text).toBe(200);
    expect(await ratingCount()).toBe(before + 1);
  });

  it("leaves out a specialization whose function is still proposed: not listed, not rated, not in the expert's 'Оценки'; once approved, both", async () => {
    const p = await project();
    const [main] = await rows<{ id: number }>("select id from options where parent_id is null and status = 'active' order by id limit 1");
    const [option] = await rows<{ id: number }>("insert into options (name, parent_id, status, created_by) values (?, ?, 'moderation', ?) returning id", `Своя функция ${crypto.randomUUID().slice(0, 8)}`, main!.id, p.member.id);
    const [area] = await rows<{ work_id: number; role_id: number }>("select work_id, role_id from workareas where user_id = ? limit 1", p.member.id);
    await rows("insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values (?, ?, ?, ?, ?, 1)", area!.work_id, p.member.id, ref.industries[0], option!.id, area!.role_id);
    const listed = async () => {
      const res = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
      const member = res.body.responds[0].services[0].users.find((u: { id: number }) => u.id === p.member.id);
      return (member.tribes as { option_id: number }[]).map((t) => t.option_id);
    };
    expect(await listed()).not.toContain(option!.id);
    const before = await ratingCount();
    const rate = () => ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, tribes: [{ industry_id: ref.industries[0], option_id: option!.id, rating: 4 }] });
    expectFieldError(await rate(), "tribes", ru.projects.v.tribe_unknown);
    expect(await ratingCount()).toBe(before);
    // A rating of it given before this rule is not shown on the profile either.
    await rows(
      "insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rating, comment, created_at, updated_at) values (?, 'tribe', ?, ?, ?, 'e:old@example.com', 5, '', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      p.member.id,
      `tribe:${ref.industries[0]}:${option!.id}`,
      ref.industries[0],
      option!.id,
    );
    const shown = async () => (await api(`/profile/${p.member.id}`, { cookie: `session=${p.customer.token}`, headers: { "X-Page-Cache": "bypass" } })).text;
    const [optionName] = await rows<{ name: string }>("select name from options where id = ?", option!.id);
    expect(await shown()).not.toContain(optionName!.name);

    const operator = await signIn(await createOperator());
    expect((await api("/api/admin/moderation", { token: operator, json: { kind: "options", id: option!.id, decision: "approve" } })).status).toBe(200);
    expect(await listed()).toContain(option!.id);
    expect(await shown()).toContain(optionName!.name);
    const rated = await rate();
    expect(rated.status, rated.text).toBe(200);
    expect(await ratingCount()).toBe(before + 2);
  });

  it("refuses a respondent who was not chosen, a service outside the response and foreign items, leaving no rating", async () => {
    const p = await project();
    const before = await ratingCount();
    expect((await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.other.id, service_id: p.otherService })).status).toBe(404);
    expectFieldError(await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.notAttached }), "service_id", ru.projects.v.service_unknown);
    expectFieldError(await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.otherService }), "service_id", ru.projects.v.service_unknown);
    const stranger = await createExpert();
    expect((await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: stranger.id, expertises: [{ id: ref.expertises[0], rating: 5 }] })).status).toBe(404);
    const [foreign] = await rows<{ id: number }>("select id from expertises where id not in (?, ?) and status = 'active' order by id limit 1", ref.expertises[0], ref.expertises[1]);
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: foreign!.id, rating: 5 }] }), "expertises", ru.projects.v.expertise_unknown);
    expectFieldError(
      await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, tribes: [{ industry_id: ref.industries[0], option_id: ref.options[1], rating: 5 }] }),
      "tribes",
      ru.projects.v.tribe_unknown,
    );
    expect(await ratingCount()).toBe(before);
  });

  it("never lets the customer rate himself, should a chosen response's team name him: not listed, 404, nothing written", async () => {
    const p = await project();
    await rows("insert into respond_members (respond_id, type, user_id) values (?, 'user', ?)", p.respondIds[0], p.customer.id);
    const before = await ratingCount();
    const listed = await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token });
    expect(JSON.stringify(listed.body)).not.toContain("Заказчикова");
    expect((await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.customer.id, services: [{ id: p.service, rating: 5 }] })).status).toBe(404);
    expect((await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.customer.id, expertises: [{ id: ref.expertises[0], rating: 5 }] })).status).toBe(404);
    expect(await ratingCount()).toBe(before);
  });

  it("lets only the customer rate: another user 404, a guest 401, nothing written", async () => {
    const p = await project();
    const before = await ratingCount();
    const body = { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service };
    expect((await rateService(p.expert.token, body)).status).toBe(404);
    const stranger = await createSignedInUser();
    expect((await rateService(stranger.token, body)).status).toBe(404);
    expect((await api("/api/demand/finishing", { json: { type: "service", comment: "x", rating: 5, ...body } })).status).toBe(401);
    expect(await ratingCount()).toBe(before);
  });

  it("checks the score, the comment and the items, in the spec's words", async () => {
    const p = await project();
    const base = { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service };
    expectFieldError(await rateService(p.customer.token, { ...base, comment: "" }), "comment", ru.projects.v.comment_required);
    expectFieldError(await rateService(p.customer.token, { ...base, comment: undefined }), "comment", ru.projects.v.comment_required);
    expectFieldError(await rateService(p.customer.token, { ...base, comment: "я".repeat(301) }), "comment", ru.projects.v.comment_max);
    expect((await rateService(p.customer.token, { ...base, comment: "я".repeat(300) })).status).toBe(200);
    // What is not a whole number is no score, whatever z.coerce would have made of it (true was 1, [4] was 4).
    for (const rating of [0, 6, 2.5, "x", null, true, [4], " 3 ", "4e0", ""]) expectFieldError(await rateService(p.customer.token, { ...base, rating }), "rating", ru.projects.v.rating_range);
    expect(await count("select count(*) as n from ratings where demand_id = ? and rating <> 5", p.demandId)).toBe(0);
    expect((await rateService(p.customer.token, { ...base, rating: "4" })).status).toBe(200);
    // Nor is an id anything but its digits.
    for (const demand_id of [[p.demandId], true, ` ${p.demandId}`]) expect((await rateService(p.customer.token, { ...base, demand_id })).status, String(demand_id)).toBe(422);
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id }), "expertises", ru.projects.v.items_required);
    expectFieldError(await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: ref.expertises[0], rating: "" }] }), "expertises", ru.projects.v.items_required);
  });

  it("never answers a 5xx to bad input", async () => {
    const p = await project();
    const bodies: unknown[] = [
      {},
      { type: "nope" },
      { type: "service" },
      { type: "user", demand_id: "x" },
      { type: "user", demand_id: p.demandId, user_id: p.member.id, comment: "x", expertises: "abc" },
      { type: "user", demand_id: p.demandId, user_id: p.member.id, comment: "x", expertises: [null, 1, "a"] },
      { type: "user", demand_id: p.demandId, user_id: p.member.id, comment: "x", tribes: [{ industry_id: -1, option_id: 2 ** 40, rating: 3 }] },
      { type: "service", demand_id: 2 ** 40, user_id: 1, service_id: 1, rating: 3, comment: "x" },
      [1, 2, 3],
      "text",
    ];
    for (const json of bodies) {
      const res = await api("/api/demand/finishing", { token: p.customer.token, json });
      expect([404, 422]).toContain(res.status);
    }
    const raw = await api("/api/demand/finishing", { token: p.customer.token, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(raw.status).toBeLessThan(500);
    expect((await api("/api/rating", { method: "DELETE", token: p.customer.token, json: { ids: "x" } })).status).toBe(422);
    expect((await api("/api/demand/complete", { token: p.customer.token, json: { demand_id: "x" } })).status).toBe(422);
  });
});

describe("POST /api/demand/complete", () => {
  it("completes the project and its chosen responses once, audited once, and freezes the ratings", async () => {
    const p = await project();
    const rated = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service });
    const res = await api("/api/demand/complete", { token: p.customer.token, json: { demand_id: p.demandId } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "completed", message: ru.projects.completed });
    const [d] = await rows<{ status: string; completed_at: string | null }>("select status, completed_at from demands where id = ?", p.demandId);
    expect(d).toMatchObject({ status: "completed", completed_at: expect.any(String) });
    const statuses = await rows<{ status: string }>("select status from responds where demand_id = ? order by id", p.demandId);
    expect(statuses.map((r) => r.status)).toEqual(["completed", "rejected"]);
    expect(await count("select count(*) as n from audit_log where action = 'demand.complete' and target_id = ?", String(p.demandId))).toBe(1);

    // Afterwards: a second completion, new ratings and deletions are refused; nothing changes.
    const again = await api("/api/demand/complete", { token: p.customer.token, json: { demand_id: p.demandId } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ru.projects.already_completed);
    expect(await count("select count(*) as n from audit_log where action = 'demand.complete' and target_id = ?", String(p.demandId))).toBe(1);
    const before = await ratingsOf(p.expert.id);
    const late = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service, rating: 1 });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(ru.projects.not_active);
    expect((await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: ref.expertises[0], rating: 1 }] })).status).toBe(422);
    expect((await api("/api/rating", { method: "DELETE", token: p.customer.token, json: { ids: rated.body.ids } })).status).toBe(422);
    expect(await ratingsOf(p.expert.id)).toEqual(before);
    // The completion data says so.
    expect((await api(`/api/demand/${p.demandId}/finishing`, { token: p.customer.token })).body.demandInfo.is_completed).toBe(true);
  });

  it("lets only the customer complete: another user 404, a guest 401, the request unchanged and not audited", async () => {
    const p = await project();
    expect((await api("/api/demand/complete", { token: p.expert.token, json: { demand_id: p.demandId } })).status).toBe(404);
    expect((await api("/api/demand/complete", { json: { demand_id: p.demandId } })).status).toBe(401);
    expect((await api("/api/demand/complete", { token: p.customer.token, json: { demand_id: 999999 } })).status).toBe(404);
    const [d] = await rows<{ status: string }>("select status from demands where id = ?", p.demandId);
    expect(d!.status).toBe("active");
    expect(await count("select count(*) as n from audit_log where action = 'demand.complete' and target_id = ?", String(p.demandId))).toBe(0);
  });

  it("refuses a request that is not active with 422", async () => {
    const customer = await createSignedInUser();
    const { createDemand } = await import("../helpers/demands");
    const d = await createDemand(customer.token);
    const res = await api("/api/demand/complete", { token: customer.token, json: { demand_id: d.id } });
    expect(res.status).toBe(422);
    // Not 'ratings can no longer change': the project has not begun.
    expect(res.body.message).toBe(ru.projects.not_started);
    const rate = await api("/api/demand/finishing", { token: customer.token, json: { type: "user", demand_id: d.id, user_id: customer.id, comment: "x", expertises: [{ id: ref.expertises[0], rating: 5 }] } });
    expect([rate.status, rate.body.message]).toEqual([422, ru.projects.not_started]);
    expect((await rows<{ status: string }>("select status from demands where id = ?", d.id))[0]!.status).toBe("moderation");
  });
});

describe("DELETE /api/rating", () => {
  it("deletes the customer's own ratings of an active project", async () => {
    const p = await project();
    const s = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service });
    const u = await ratePerson(p.customer.token, { demand_id: p.demandId, user_id: p.member.id, expertises: [{ id: ref.expertises[0], rating: 5 }] });
    const res = await api("/api/rating", { method: "DELETE", token: p.customer.token, json: { ids: [...s.body.ids, ...u.body.ids] } });
    expect(res.status, res.text).toBe(200);
    expect(await ratingsOf(p.expert.id)).toEqual([]);
    expect(await ratingsOf(p.member.id)).toEqual([]);
  });

  it("deletes nothing when one id is someone else's rating or a recommendation", async () => {
    const p = await project();
    const mine = await rateService(p.customer.token, { demand_id: p.demandId, user_id: p.expert.id, service_id: p.service });
    // Another customer's project rating of the same expert, and a recommendation to the expert by this customer.
    const q = await project();
    const theirs = await rateService(q.customer.token, { demand_id: q.demandId, user_id: q.expert.id, service_id: q.service });
    const recommendation = await rows<{ id: number }>(
      "insert into ratings (rated_user_id, type, subject_key, service_id, rater_key, rater_user_id, rating) values (?, 'service', ?, ?, ?, ?, 4) returning id",
      p.expert.id,
      `service:${p.service}`,
      p.service,
      `u:${p.customer.id}`,
      p.customer.id,
    );
    const before = await ratingCount();
    for (const ids of [[...mine.body.ids, ...theirs.body.ids], [...mine.body.ids, recommendation[0]!.id], [999999]]) {
      expect((await api("/api/rating", { method: "DELETE", token: p.customer.token, json: { ids } })).status).toBe(404);
    }
    expect((await api("/api/rating", { method: "DELETE", token: p.expert.token, json: { ids: mine.body.ids } })).status).toBe(404);
    expect((await api("/api/rating", { method: "DELETE", json: { ids: mine.body.ids } })).status).toBe(401);
    expect(await ratingCount()).toBe(before);
  });
});

describe("the completion pages (forms without script)", () => {
  it("rate through the rating page's forms and complete through the project page, with the warning first", async () => {
    const p = await project();
    const cookie = `session=${p.customer.token}`;
    const page = `/complete-project/${p.demandId}`;
    const ratePage = `${page}/service/${p.service}/user/${p.expert.id}/respond/${p.respondIds[0]}`;
    const view = await api(page, { cookie });
    expect(view.status).toBe(200);
    expect(view.text).toContain("<title>Завершение проекта — Экспертная биржа</title>");
    expect(view.text).toContain("Финансовая модель для ритейлера");
    expect(view.text).toContain("Финансовая модель компании");
    // The page's data lists the services, not their teams (the rating page shows those): the member is not in it.
    const data = await api(`${page}.data`, { cookie });
    expect(data.status).toBe(200);
    expect(data.text).toContain("Финансовая модель компании");
    expect(data.text).not.toContain("Котова");
    // Others get the 404 page; the rating page of a service outside the response too.
    expect((await api(page, { cookie: `session=${p.expert.token}` })).status).toBe(404);
    expect((await api(`${page}/service/${p.notAttached}/user/${p.expert.id}/respond/${p.respondIds[0]}`, { cookie })).status).toBe(404);

    const rateView = await api(`${ratePage}?modal=service`, { cookie });
    expect(rateView.status).toBe(200);
    expect(rateView.text).toContain("Оценка услуги и команды");
    // An empty comment is refused next to the field, in the spec's words.
    const bad = await api(`${ratePage}?modal=service`, { cookie, form: { intent: "rate-service", rating: "5", comment: "" } });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(ru.projects.v.comment_required);
    const ok = await api(`${ratePage}?modal=service`, { cookie, form: { intent: "rate-service", rating: "4", comment: "Хорошо" } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(ratePage);
    expect((await ratingsOf(p.expert.id))[0]).toMatchObject({ rating: 4, comment: "Хорошо" });
    // The member's form sends every item; the unscored ones are not rated.
    const member = await api(`${ratePage}?modal=member-${p.member.id}`, {
      cookie,
      form: {
        intent: "rate-user",
        user_id: String(p.member.id),
        comment: "Молодец",
        "services[0][id]": String(p.service),
        "services[0][rating]": "3",
        "expertises[0][id]": String(ref.expertises[0]),
        "expertises[0][rating]": "5",
        "expertises[1][id]": String(ref.expertises[1]),
        "expertises[1][rating]": "",
      },
    });
    expect(member.status).toBe(302);
    expect((await ratingsOf(p.member.id)).map((r) => [r.type, r.rating])).toEqual([
      ["expertise", 5],
      ["service", 3],
    ]);
    // The dialog shows the member's service score; the respondent's shows the service's rating, read-only.
    const memberView = await api(`${ratePage}?modal=member-${p.member.id}`, { cookie });
    expect(memberView.text).toMatch(/name="services\[0\]\[rating\]" checked="" value="3"/);
    const ownView = await api(`${ratePage}?modal=member-${p.expert.id}`, { cookie });
    expect(ownView.text).not.toContain('name="services[0][rating]"');
    expect(ownView.text).toContain("Ваша оценка: 4");

    // Every service is rated: completing needs no warning. A second project with an unrated service warns first.
    const done = await api(page, { cookie, form: { confirm: "1" } });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`${page}?done=1`);
    const success = await api(`${page}?done=1`, { cookie });
    expect(success.text).toContain("Проект успешно завершен");
    // A completed project sends its pages to /.
    expect((await api(page, { cookie })).headers.get("Location")).toBe("/");
    expect((await api(ratePage, { cookie })).headers.get("Location")).toBe("/");

    const q = await project();
    const qPage = `/complete-project/${q.demandId}`;
    const warned = await api(qPage, { cookie: `session=${q.customer.token}`, form: { x: "1" } });
    expect(warned.status).toBe(200);
    expect(warned.text).toContain("Вы оценили не все услуги. Уверены, что хотите завершить проект?");
    expect((await rows<{ status: string }>("select status from demands where id = ?", q.demandId))[0]!.status).toBe("active");

    // A respondent with no competence or specialization: his dialog lists his services (scored in their own
    // dialogs) and says so, with nothing to save; it does not claim he has no services.
    await env.DB.batch([env.DB.prepare("delete from workareas where user_id = ?").bind(q.expert.id), env.DB.prepare("delete from user_expertises where user_id = ?").bind(q.expert.id)]);
    const bare = await api(`${qPage}/service/${q.service}/user/${q.expert.id}/respond/${q.respondIds[0]}?modal=member-${q.expert.id}`, { cookie: `session=${q.customer.token}` });
    expect(bare.status).toBe(200);
    const dialog = bare.text.slice(bare.text.indexOf('<main id="main"'), bare.text.indexOf("</main>"));
    expect(dialog).toContain("Финансовая модель компании");
    expect(dialog).toContain("Услуги исполнителя оцениваются в окне каждой услуги, а компетенций и специализаций для оценки у него нет");
    expect(dialog).not.toContain("У исполнителя нет услуг, компетенций и специализаций для оценки");
    expect(dialog).not.toContain("Сохранить оценку");
    expect(dialog).not.toContain("Оцените хотя бы одну");
  });
});
