import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference, rows } from "../helpers/db";
import { createSignedInUser } from "../helpers/factories";
import { inlinedLoaderData } from "../helpers/page-data";
import { activeProject, activeService, createExpert, ratingReference } from "../helpers/projects";

let ref: Awaited<ReturnType<typeof ratingReference>>;
beforeAll(async () => {
  await ensureReference();
  ref = await ratingReference();
});

/** The Wilson lower bound (z = 1.96) of average/5 over n ratings, written out here by hand (spec 2 §9). */
function wilson(average: number, n: number) {
  const z = 1.96;
  const p = average / 5;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/** A recommendation rating by a registered rater (what POST /api/user/rate leaves), written straight into D1. */
async function recommendation(ratedUserId: number, raterId: number, item: { type: "service"; service: number } | { type: "tribe"; industry: number; option: number }, rating: number) {
  if (item.type === "service")
    await rows("insert into ratings (rated_user_id, type, subject_key, service_id, rater_key, rater_user_id, rating) values (?, 'service', ?, ?, ?, ?, ?)", ratedUserId, `service:${item.service}`, item.service, `u:${raterId}`, raterId, rating);
  else
    await rows(
      "insert into ratings (rated_user_id, type, subject_key, industry_id, option_id, rater_key, rater_user_id, rating, comment) values (?, 'tribe', ?, ?, ?, ?, ?, ?, 'Рекомендую')",
      ratedUserId,
      `tribe:${item.industry}:${item.option}`,
      item.industry,
      item.option,
      `u:${raterId}`,
      raterId,
      rating,
    );
}

describe("project ratings in the reputation", () => {
  it("count at once in the service's rating, the competence's rating and the specialization order, beside recommendations", async () => {
    const expert = await createExpert("Игорь", "Волков");
    const service = await activeService(expert, "Финансовая модель компании");
    const c1 = await createSignedInUser({ name: "Мария", lastName: "Первая" });
    const c2 = await createSignedInUser({ name: "Олег", lastName: "Второй" });
    const A = await activeProject(c1, [{ expert, services: [service] }], "Проект Альфа");
    const B = await activeProject(c2, [{ expert, services: [service] }], "Проект Бета");
    const [e0] = ref.expertises;
    const [i0, i1] = ref.industries;
    const [o0, o1] = ref.options;

    // Before any rating the specializations are ordered by years: option[0] (5 years) before option[1] (3).
    const groupsBefore = (await api("/api/user/profile/abilities", { token: expert.token })).body as { option_id: number[]; rating: number; n_rating: number }[];
    expect(groupsBefore.map((g) => g.option_id[0])).toEqual([o0, o1]);

    const rate = (token: string, json: Record<string, unknown>) => api("/api/demand/finishing", { token, json: { comment: "Спасибо за работу", ...json } });
    // Project A: service 4, then re-rated 2 (replaces); tribe (i1, o1) 5; competence e0 4.
    expect((await rate(c1.token, { type: "service", demand_id: A.demandId, user_id: expert.id, service_id: service, rating: 4 })).status).toBe(200);
    expect((await rate(c1.token, { type: "service", demand_id: A.demandId, user_id: expert.id, service_id: service, rating: 2 })).status).toBe(200);
    expect((await rate(c1.token, { type: "user", demand_id: A.demandId, user_id: expert.id, expertises: [{ id: e0, rating: 4 }], tribes: [{ industry_id: i1, option_id: o1, rating: 5 }] })).status).toBe(200);
    // The same customer's recommendations stay separate rows: service 5, tribe (i0, o0) 3.
    await recommendation(expert.id, c1.id, { type: "service", service }, 5);
    await recommendation(expert.id, c1.id, { type: "tribe", industry: i0, option: o0 }, 3);
    // Project B (another customer): service 5; tribe (i1, o1) 4; tribe (i0, o0) 2; competence e0 5.
    expect((await rate(c2.token, { type: "service", demand_id: B.demandId, user_id: expert.id, service_id: service, rating: 5 })).status).toBe(200);
    const b = await rate(c2.token, {
      type: "user",
      demand_id: B.demandId,
      user_id: expert.id,
      expertises: [{ id: e0, rating: 5 }],
      tribes: [
        { industry_id: i1, option_id: o1, rating: 4 },
        { industry_id: i0, option_id: o0, rating: 2 },
      ],
    });
    expect(b.status).toBe(200);

    // By hand: service (2 + 5 + 5) / 3 = 4 over 3; e0 (4 + 5) / 2 = 4.5 over 2;
    // o1 (5 + 4) / 2 = 4.5 over 2; o0 (3 + 2) / 2 = 2.5 over 2: o1 now ranks first.
    const svc = await api(`/api/service/${service}`, { token: expert.token });
    expect(svc.body).toMatchObject({ rating: 4, rating_count: 3 });
    const competences = (await api("/api/user/profile/expertises", { token: expert.token })).body as { expertise_id: number; rating: number; rating_count: number }[];
    expect(competences.find((c) => c.expertise_id === e0)).toMatchObject({ rating: 4.5, rating_count: 2 });
    const groups = (await api("/api/user/profile/abilities", { token: expert.token })).body as { option_id: number[]; rating: number; n_rating: number }[];
    expect(groups.map((g) => [g.option_id[0], g.rating, g.n_rating])).toEqual([
      [o1, 4.5, 2],
      [o0, 2.5, 2],
    ]);
    expect(wilson(4.5, 2)).toBeGreaterThan(wilson(2.5, 2));

    // A later project of another customer shows the service with the same figures.
    const c3 = await createSignedInUser();
    const C = await activeProject(c3, [{ expert, services: [service] }], "Проект Гамма");
    const later = await api(`/api/demand/${C.demandId}/finishing`, { token: c3.token });
    expect(later.body.responds[0].services[0]).toMatchObject({ rating: 4, rating_count: 3, is_rated: false });
    const laterExpert = later.body.responds[0].services[0].users[0];
    expect(laterExpert.expertises.find((e: { id: number }) => e.id === e0)).toMatchObject({ rating: 4.5, rating_count: 2 });

    // Deleting B's rating of (i0, o0) counts at once too: o0 is then 3 over 1.
    const [o0FromB] = await rows<{ id: number }>("select id from ratings where demand_id = ? and type = 'tribe' and option_id = ?", B.demandId, o0);
    expect((await api("/api/rating", { method: "DELETE", token: c2.token, json: { ids: [o0FromB!.id] } })).status).toBe(200);
    const after = (await api("/api/user/profile/abilities", { token: expert.token })).body as { option_id: number[]; rating: number; n_rating: number }[];
    expect(after.map((g) => [g.option_id[0], g.rating, g.n_rating])).toEqual([
      [o1, 4.5, 2],
      [o0, 3, 1],
    ]);
  });

  it("shows on the profile the project ratings beside the recommendations, each with its source", async () => {
    const expert = await createExpert("Игорь", "Волков");
    const service = await activeService(expert, "Финансовая модель компании");
    const customer = await createSignedInUser();
    const p = await activeProject(customer, [{ expert, services: [service] }], "Проект Дельта");
    await api("/api/demand/finishing", { token: customer.token, json: { type: "service", demand_id: p.demandId, user_id: expert.id, service_id: service, rating: 5, comment: "Всё в срок" } });
    await recommendation(expert.id, customer.id, { type: "tribe", industry: ref.industries[0], option: ref.options[0] }, 4);
    const page = await api("/profile/information", { cookie: `session=${expert.token}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Проект «Проект Дельта»");
    expect(page.text).toContain("Всё в срок");
    expect(page.text).toContain("Рекомендация");
  });
});

// Decision 0060: a rating belongs to the person. Deleting the competence or the place of work it rated takes
// its line off the profile, never the rating: it stays in 'Оценки' and in the overall rating, and the line
// shows it again once the competence or the specialization is back.
describe("a rating outlives what it rated", () => {
  it("stays in the list and the overall rating when the competence and the work go, and comes back with them", async () => {
    const expert = await createExpert("Игорь", "Волков");
    const service = await activeService(expert, "Финансовая модель компании");
    const customer = await createSignedInUser();
    const p = await activeProject(customer, [{ expert, services: [service] }], "Проект Эпсилон");
    const [e0] = ref.expertises;
    const [, i1] = ref.industries;
    const [, o1] = ref.options;
    const rated = await api("/api/demand/finishing", {
      token: customer.token,
      json: { type: "user", demand_id: p.demandId, user_id: expert.id, comment: "Сильный специалист", expertises: [{ id: e0, rating: 3 }], tribes: [{ industry_id: i1, option_id: o1, rating: 5 }] },
    });
    expect(rated.status, rated.text).toBe(200);
    const [competence] = await rows<{ name: string }>("select name from expertises where id = ?", e0);
    const overall = async () => (await api(`/api/demand/${p.demandId}/manage`, { token: customer.token })).body.responds[0] as { rating: number; rating_count: number };
    const profile = async (cookie = `session=${expert.token}`, path = "/profile/information") => {
      const page = await api(path, { cookie, headers: { "X-Page-Cache": "bypass" } });
      expect(page.status).toBe(200);
      const { data } = await inlinedLoaderData(page.text);
      return Object.values(data.loaderData).find((d) => d && "received" in d) as {
        received: { subject: string; rating: number }[];
        experience: { works: { id: number }[]; hidingRatings: Record<number, string[]> };
      };
    };
    expect(await overall()).toMatchObject({ rating: 4, rating_count: 2 });

    // The owner's page names the rated specialization his only work alone gives; a visitor's view names none.
    const before = await profile();
    const workId = before.experience.works[0]!.id;
    expect(before.experience.hidingRatings).toEqual({ [workId]: [`${i1}:${o1}`] });
    const visitor = await createSignedInUser();
    expect((await profile(`session=${visitor.token}`, `/profile/${expert.id}`)).experience.hidingRatings).toEqual({});

    // The competence goes: its line with it; its rating stays listed and counted.
    expect((await api(`/api/user/profile/expertises/${e0}`, { method: "DELETE", token: expert.token })).status).toBe(200);
    const competences = async () => (await api("/api/user/profile/expertises", { token: expert.token })).body as { expertise_id: number; rating: number; rating_count: number }[];
    expect((await competences()).some((c) => c.expertise_id === e0)).toBe(false);
    expect((await profile()).received).toContainEqual(expect.objectContaining({ subject: competence!.name, rating: 3 }));
    expect(await overall()).toMatchObject({ rating: 4, rating_count: 2 });

    // The work goes: the specializations with it; the rating of (i1, o1) stays listed and counted.
    expect((await api(`/api/user/profile/works/${workId}`, { method: "DELETE", token: expert.token })).status).toBe(200);
    expect((await api("/api/user/profile/abilities", { token: expert.token })).body).toEqual([]);
    const after = await profile();
    expect(after.received.map((r) => r.rating).sort()).toEqual([3, 5]);
    expect(after.experience.hidingRatings).toEqual({});
    expect(await overall()).toMatchObject({ rating: 4, rating_count: 2 });

    // Both come back, and their lines show the ratings again.
    const readd = await api("/api/user/profile/expertises", { token: expert.token, json: { expertises: { items: [{ expertise_id: e0 }] } } });
    expect(readd.status, readd.text).toBe(200);
    expect((await competences()).find((c) => c.expertise_id === e0)).toMatchObject({ rating: 3, rating_count: 1 });
    const work = { company_id: ref.company, work_start: "2016-01-01", work_finish: null, workareas: [{ industry_id: i1, option_id: o1, role_id: ref.role, work_years: 1 }] };
    const saved = await api("/api/user/profile/works", { token: expert.token, json: { works: [work] } });
    expect(saved.status, saved.text).toBe(200);
    const groups = (await api("/api/user/profile/abilities", { token: expert.token })).body as { option_id: number[]; rating: number; n_rating: number }[];
    expect(groups.map((g) => [g.option_id[0], g.rating, g.n_rating])).toEqual([[o1, 5, 1]]);
  });
});

describe("the demo projects", () => {
  it("hold an active project half rated and a completed one whose ratings show on the expert's profile", async () => {
    const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import("../../db/seed/seed.server");
    expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
    const customer = (await api("/api/login", { json: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_PASSWORD } })).body.token as string;
    const list = await api("/api/demand", { token: customer });
    const active = list.body.active.data[0];
    const finishing = await api(`/api/demand/${active.id}/finishing`, { token: customer });
    expect(finishing.status, finishing.text).toBe(200);
    const services = finishing.body.responds[0].services as { is_rated: boolean }[];
    expect(services.map((s) => s.is_rated)).toEqual([true, false]);
    const expert = (await api("/api/login", { json: { email: DEMO_ACCOUNTS.expert.email, password: DEMO_PASSWORD } })).body.token as string;
    const profile = await api("/profile/information", { cookie: `session=${expert}` });
    expect(profile.text).toContain("Проект «Оценка бизнеса перед сделкой M&amp;A»");
  });
});
