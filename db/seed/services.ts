import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { ratings } from "../schema/reputation";
import { serviceCompanies, serviceExpertises, serviceIndustries, serviceMembers, serviceOptions, services, serviceSpecializations } from "../schema/services";

type Ids = { customer: number; expert: number; operator: number };

/**
 * Demo services of the demo expert (issue 12), so that /services opens filled: an individual and a company
 * service that are active (the company one with the demo customer in the team and the operator still to
 * answer), one waiting in moderation and one hidden. The individual one carries a rating by the customer.
 */
export async function seedServicesDemo(db: Db, ids: Ids) {
  const base = { userId: ids.expert, workloadFormat: "per_week" as const };
  const rows = await db
    .insert(services)
    .values([
      {
        ...base,
        name: "Финансовая модель и оценка бизнеса",
        format: "individual",
        performerType: "individual",
        serviceTypeId: 1,
        description: "Строю финансовую модель компании, оцениваю бизнес методом DCF и готовлю материалы для инвесторов и банков.",
        income: 250000,
        payFormat: "per_month",
        hours: 20,
        status: "active",
      },
      {
        ...base,
        name: "Финансовый due diligence для сделок M&A",
        format: "company",
        performerType: "company",
        serviceTypeId: 1,
        description: "Команда проверяет финансовое состояние цели сделки: качество выручки и прибыли, оборотный капитал, долговую нагрузку.",
        budget: 1500000,
        status: "active",
      },
      {
        ...base,
        name: "Консультация по переходу на МСФО",
        format: "individual",
        performerType: "individual",
        serviceTypeId: 2,
        description: "Разберу вашу отчётность и составлю план перехода на МСФО: сроки, команда, изменения в учёте.",
        income: 5000,
        payFormat: "per_hour",
        hours: 10,
        status: "moderation",
      },
      {
        ...base,
        name: "Постановка управленческого учёта",
        format: "company",
        performerType: "company",
        serviceTypeId: 1,
        description: "Настраиваем управленческую отчётность, бюджетирование и платёжный календарь под задачи собственника.",
        budget: 500000,
        status: "not_active",
      },
    ])
    .returning({ id: services.id });
  const [individual, company, waiting, hidden] = rows.map((r) => r.id) as [number, number, number, number];
  const q: BatchItem<"sqlite">[] = [];
  for (const id of [individual, company, waiting, hidden]) {
    q.push(db.insert(serviceIndustries).values([1, 2].map((industryId) => ({ serviceId: id, industryId }))));
    q.push(db.insert(serviceOptions).values([100, 101].map((optionId) => ({ serviceId: id, optionId }))));
    q.push(db.insert(serviceSpecializations).values([{ serviceId: id, industryId: 1, optionId: 100 }]));
    q.push(db.insert(serviceCompanies).values([1, 2].map((companyId) => ({ serviceId: id, companyId }))));
  }
  // The demo expert's own competences (db/seed/experience-demo.ts).
  q.push(db.insert(serviceExpertises).values([3, 4].map((expertiseId) => ({ serviceId: individual, expertiseId }))));
  q.push(db.insert(serviceExpertises).values([10, 12].map((expertiseId) => ({ serviceId: company, expertiseId }))));
  q.push(
    db.insert(serviceMembers).values([
      { serviceId: company, type: "user", userId: ids.customer, needApprove: false },
      { serviceId: company, type: "user", userId: ids.operator, needApprove: true },
    ]),
  );
  q.push(
    db.insert(ratings).values({
      ratedUserId: ids.expert,
      type: "service",
      subjectKey: `service:${individual}`,
      serviceId: individual,
      raterKey: `u:${ids.customer}`,
      raterUserId: ids.customer,
      rating: 5,
      comment: "Модель помогла договориться с банком о кредите.",
    }),
  );
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
