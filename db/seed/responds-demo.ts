import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { cases } from "../schema/cases";
import { demandIndustries, demandOptions, demands } from "../schema/demands";
import { userExpertises } from "../schema/experience";
import { respondCases, respondExpertises, respondOptions, respondServices, responds, type RespondStatus } from "../schema/responds";
import { serviceIndustries, serviceOptions, services } from "../schema/services";
import { userIndustries, userOptions, userRoles, users } from "../schema/users";
import { options } from "./reference-data";

type Ids = { customer: number; expert: number; operator: number };

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Two more demo experts who respond to the demo customer's requests (password Demo_Pass1, like the others). */
export const DEMO_EXTRA_EXPERTS = [
  { email: "expert2@demo.ru", name: "Мария", lastName: "Соколова", phone: "+7 916 222-33-44", service: "Бюджетирование и платёжный календарь", case: "Бюджетирование в производственном холдинге" },
  { email: "expert3@demo.ru", name: "Дмитрий", lastName: "Орлов", phone: "+7 926 333-44-55", service: "Оценка бизнеса для сделок", case: "Оценка сети клиник перед продажей" },
] as const;

/**
 * Responses on the demo data (issue 13): the demo customer's requests get responses from the demo expert and
 * two extra experts with active services and cases; the demo expert has a new invitation and an opened one,
 * sent responses (one viewed by the customer) and a rejected one ('Выбран другой исполнитель').
 */
export async function seedRespondsDemo(db: Db, ids: Ids, passwordHash: string) {
  const now = Date.now();
  const finance = options.find((o) => o.children.length)!;
  const verified = iso(now);

  // The extra experts, each with an active service, a case and competences.
  const extra: { id: number; service: number; case: number }[] = [];
  for (const [i, e] of DEMO_EXTRA_EXPERTS.entries()) {
    const [u] = await db.insert(users).values({ email: e.email, name: e.name, lastName: e.lastName, phone: e.phone, passwordHash, emailVerifiedAt: verified }).returning({ id: users.id });
    const id = u!.id;
    const [s] = await db
      .insert(services)
      .values({ userId: id, name: e.service, format: "individual", performerType: "individual", serviceTypeId: 1, description: `${e.service}: от диагностики до внедрения.`, income: 200_000 + i * 50_000, payFormat: "per_month", hours: 20, workloadFormat: "per_week", status: "active" })
      .returning({ id: services.id });
    const [c] = await db.insert(cases).values({ userId: id, name: e.case, task: "Задача заказчика", solution: "Что сделано", results: "Измеримый результат" }).returning({ id: cases.id });
    await db.batch([
      db.insert(userRoles).values([
        { userId: id, role: "customer" },
        { userId: id, role: "executor" },
      ]),
      db.insert(userIndustries).values([1, 2].map((industryId) => ({ userId: id, industryId }))),
      db.insert(userOptions).values([finance.id, finance.children[0]!.id].map((optionId) => ({ userId: id, optionId }))),
      db.insert(userExpertises).values([3, 5].map((expertiseId) => ({ userId: id, expertiseId }))),
      db.insert(serviceIndustries).values([1, 2].map((industryId) => ({ serviceId: s!.id, industryId }))),
      db.insert(serviceOptions).values([100].map((optionId) => ({ serviceId: s!.id, optionId }))),
    ]);
    extra.push({ id, service: s!.id, case: c!.id });
  }
  const [maria, dmitry] = extra as [(typeof extra)[0], (typeof extra)[0]];

  // A request of Мария's, so that the demo expert has an invitation he has already opened.
  const [own] = await db
    .insert(demands)
    .values({
      userId: maria.id,
      name: "Платёжный календарь для дистрибьютора",
      description: "Нужен платёжный календарь на 13 недель с привязкой к бюджету движения денежных средств.",
      serviceTypeId: 1,
      durationId: 3,
      budget: 120_000,
      expertType: "ordinary",
      executionPeriod: iso(now + 90 * DAY).slice(0, 10),
      status: "searching",
      searchStartedAt: iso(now - 2 * DAY),
      searchFinish: iso(now + 12 * DAY).slice(0, 10),
      createdAt: iso(now - 3 * DAY),
      updatedAt: iso(now - 2 * DAY),
    })
    .returning({ id: demands.id });
  await db.batch([db.insert(demandIndustries).values({ demandId: own!.id, industryId: 1 }), db.insert(demandOptions).values({ demandId: own!.id, optionId: finance.id })]);
  // A request of Дмитрий's, whose choice went to someone else: the demo expert's rejected response
  // ('Выбран другой исполнитель'), while the demo customer's active and completed projects are his.
  const [dmitrysOwn] = await db
    .insert(demands)
    .values({
      userId: dmitry.id,
      name: "Финансовая модель клиники",
      description: "Нужна модель окупаемости второй клиники с тремя сценариями загрузки.",
      serviceTypeId: 1,
      durationId: 3,
      budget: 180_000,
      expertType: "ordinary",
      executionPeriod: iso(now + 60 * DAY).slice(0, 10),
      status: "active",
      searchStartedAt: iso(now - 40 * DAY),
      searchFinish: iso(now - 26 * DAY).slice(0, 10),
      isPaid: true,
      createdAt: iso(now - 41 * DAY),
      updatedAt: iso(now - 20 * DAY),
    })
    .returning({ id: demands.id });
  await db.batch([db.insert(demandIndustries).values({ demandId: dmitrysOwn!.id, industryId: 1 }), db.insert(demandOptions).values({ demandId: dmitrysOwn!.id, optionId: finance.id })]);

  const names = ["Финансовая модель для сети кофеен", "Консультация по выходу на маркетплейсы", "Подготовка к раунду инвестиций", "Внедрение бюджетирования в производственной компании", "Оценка бизнеса перед сделкой M&A"];
  const rows = await db.select({ id: demands.id, name: demands.name }).from(demands).where(and(eq(demands.userId, ids.customer), inArray(demands.name, names)));
  const demandId = (name: string) => rows.find((r) => r.name === name)!.id;

  const [expertService] = await db.select({ id: services.id }).from(services).where(and(eq(services.userId, ids.expert), eq(services.status, "active"))).limit(1);
  const [expertCase] = await db.select({ id: cases.id }).from(cases).where(eq(cases.userId, ids.expert)).limit(1);
  const demo = { id: ids.expert, service: expertService!.id, case: expertCase!.id };

  type Plan = { demand: number; who: { id: number; service: number; case: number }; status: RespondStatus; salary?: number; text?: string; invited?: number; responded?: number; viewed?: boolean; isNew?: boolean };
  const plan: Plan[] = [
    // The coffee chain's model: three responses, the demo expert's viewed by the customer.
    { demand: demandId(names[0]!), who: demo, status: "sent", salary: 120_000, text: "Построю модель денежных потоков с тремя сценариями за 3 недели: делал такую для сети магазинов.", invited: 3, responded: 2, viewed: true },
    { demand: demandId(names[0]!), who: maria, status: "sent", salary: 110_000, text: "Сделаю модель и платёжный календарь, покажу чувствительность к трафику и среднему чеку.", responded: 1 },
    { demand: demandId(names[0]!), who: dmitry, status: "sent", salary: 140_000, text: "Модель с оценкой стоимости сети и сценариями развития.", responded: 0.5 },
    // The marketplaces consultation: the demo expert's new invitation, Мария's response.
    { demand: demandId(names[1]!), who: demo, status: "invite", invited: 1, isNew: true },
    { demand: demandId(names[1]!), who: maria, status: "sent", salary: 8_000, text: "Разберу юнит-экономику на маркетплейсах за одну консультацию.", responded: 5 },
    // Мария's request: the demo expert's opened invitation.
    { demand: own!.id, who: demo, status: "invite", invited: 2 },
    // The investment round (search over): the demo expert's sent response, not viewed yet.
    { demand: demandId(names[2]!), who: demo, status: "sent", salary: 230_000, text: "Подготовлю финансовую модель и материалы для инвесторов.", invited: 19, responded: 18 },
    { demand: demandId(names[2]!), who: dmitry, status: "sent", salary: 240_000, text: "Оценка и модель для раунда.", responded: 17 },
    // Budgeting (active): the demo expert chosen (projects-demo.ts rates half of it), Мария not.
    { demand: demandId(names[3]!), who: demo, status: "active", salary: 380_000, text: "Внедрю бюджетирование и обучу финансовую службу.", invited: 29, responded: 28, viewed: true },
    { demand: demandId(names[3]!), who: maria, status: "rejected", salary: 350_000, text: "Внедрю бюджетирование за 2 месяца.", responded: 28, viewed: true },
    // Дмитрий's clinic model (active): another expert chosen, the demo expert's response rejected.
    { demand: dmitrysOwn!.id, who: demo, status: "rejected", salary: 170_000, text: "Модель окупаемости с тремя сценариями за 3 недели.", invited: 40, responded: 39, viewed: true },
    // The M&A valuation (completed): Дмитрий's response.
    { demand: demandId(names[4]!), who: dmitry, status: "completed", salary: 280_000, text: "Оценка DCF и сравнительным методом.", responded: 85, viewed: true },
  ];
  for (const p of plan) {
    const answered = p.status !== "invite";
    const created = iso(now - (p.invited ?? p.responded ?? 0) * DAY);
    const [r] = await db
      .insert(responds)
      .values({
        demandId: p.demand,
        userId: p.who.id,
        status: p.status,
        isNew: !!p.isNew,
        invitedAt: p.invited !== undefined ? iso(now - p.invited * DAY) : null,
        respondedAt: answered ? iso(now - (p.responded ?? 0) * DAY) : null,
        salary: answered ? (p.salary ?? 0) : null,
        taxId: answered ? 1 : null,
        description: answered ? (p.text ?? null) : null,
        viewedAt: p.viewed ? iso(now - Math.max(0, (p.responded ?? 1) - 0.5) * DAY) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: responds.id });
    if (!answered) continue;
    await db.batch([
      db.insert(respondCases).values({ respondId: r!.id, caseId: p.who.case }),
      db.insert(respondServices).values({ respondId: r!.id, serviceId: p.who.service }),
      db.insert(respondExpertises).values({ respondId: r!.id, expertiseId: 3 }),
      db.insert(respondOptions).values({ respondId: r!.id, optionId: finance.id }),
    ]);
  }
}
