import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { cases } from "../schema/cases";
import { demandIndustries, demandOptions, demandSubOptions, demands } from "../schema/demands";
import { respondCases, respondCompanies, respondExpertises, respondOptions, respondServices, responds } from "../schema/responds";
import { services } from "../schema/services";
import { userIndustries, userOptions, userRoles, users } from "../schema/users";
import { options } from "./reference-data";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** The second demo expert: a respondent beside the demo expert (same password as the README's accounts). */
export const EXTRA_DEMO_EXPERT = { email: "expert4@demo.ru", name: "Марина", lastName: "Белова", phone: "+7 925 555-12-34" } as const;
export const PAID_DEMO_DEMAND = "Финансовый аудит дистрибьютора";

/**
 * Demo data of request management (issue 14, spec README "Demo data"): a paid request of the demo customer
 * with two responses, ready to start: the demo expert's (viewed, a favourite, with his services, cases and
 * competences) and the extra demo expert's. The customer asked for the contract and the operator marked it
 * signed, so the contacts are open and 'Начать проект' works at once. Runs after the services' demo.
 */
export async function seedPaidProjectDemo(db: Db, ids: { customer: number; expert: number }, passwordHash: string) {
  const now = Date.now();
  const [extra] = await db
    .insert(users)
    .values({ ...EXTRA_DEMO_EXPERT, passwordHash, emailVerifiedAt: iso(now), isSubscribed: true, statusText: "Аудитор, 12 лет в дистрибуции и логистике" })
    .returning({ id: users.id });
  const extraId = extra!.id;
  const finance = options.find((o) => o.children.length)!;
  const [expertServices, expertCases] = await db.batch([
    db.select({ id: services.id }).from(services).where(and(eq(services.userId, ids.expert), eq(services.status, "active"))).limit(3),
    db.select({ id: cases.id }).from(cases).where(eq(cases.userId, ids.expert)).limit(2),
  ]);
  const demandId = sql`(select id from demands where user_id = ${ids.customer} and name = ${PAID_DEMO_DEMAND})` as unknown as number;
  const respondOf = (userId: number) => sql`(select id from responds where demand_id = (select id from demands where user_id = ${ids.customer} and name = ${PAID_DEMO_DEMAND}) and user_id = ${userId})` as unknown as number;
  const started = now - 5 * DAY;
  const q: BatchItem<"sqlite">[] = [
    db.insert(userRoles).values([
      { userId: extraId, role: "customer" },
      { userId: extraId, role: "executor" },
    ]),
    db.insert(userIndustries).values([1, 2].map((industryId) => ({ userId: extraId, industryId }))),
    db.insert(userOptions).values([finance.id, finance.children[0]!.id].map((optionId) => ({ userId: extraId, optionId }))),
    db.insert(demands).values({
      userId: ids.customer,
      name: PAID_DEMO_DEMAND,
      description: "Нужен независимый аудит управленческой отчётности дистрибьютора: выручка, маржа по каналам, оборачиваемость запасов. Итог — отчёт с рекомендациями для собственника.",
      serviceTypeId: 1,
      durationId: 4,
      budget: 350_000,
      expertType: "ordinary",
      executionPeriod: day(now + 90 * DAY),
      status: "searching",
      searchStartedAt: iso(started),
      searchFinish: day(started + 14 * DAY),
      isPaid: true,
      paymentRequestedAt: iso(now - 2 * DAY),
      paidAt: iso(now - DAY),
      createdAt: iso(started - DAY),
      updatedAt: iso(now - DAY),
    }),
    db.insert(demandIndustries).values([1, 2].map((industryId) => ({ demandId, industryId }))),
    db.insert(demandOptions).values({ demandId, optionId: finance.id }),
    db.insert(demandSubOptions).values({ demandId, optionId: finance.children[0]!.id }),
    db.insert(responds).values([
      {
        demandId,
        userId: ids.expert,
        status: "sent",
        invitedAt: iso(started),
        respondedAt: iso(started + DAY),
        salary: 300_000,
        taxId: 3,
        description: "Проводил аудит отчётности у трёх федеральных дистрибьюторов. Начну с карты каналов и маржинальности, за четыре недели подготовлю отчёт и план мер.",
        viewedAt: iso(now - 3 * DAY),
        isFavorite: true,
        createdAt: iso(started),
      },
      {
        demandId,
        userId: extraId,
        status: "sent",
        invitedAt: iso(started),
        respondedAt: iso(started + 2 * DAY),
        salary: 260_000,
        taxId: 1,
        description: "Сделаю аудит запасов и оборачиваемости с выездом на склад, отчёт — за три недели.",
        createdAt: iso(started),
      },
    ]),
    db.insert(respondOptions).values([respondOf(ids.expert), respondOf(extraId)].map((respondId) => ({ respondId, optionId: finance.children[0]!.id }))),
    db.insert(respondCompanies).values([respondOf(ids.expert), respondOf(extraId)].map((respondId, i) => ({ respondId, companyId: i + 1 }))),
    db.insert(respondExpertises).values([
      { respondId: respondOf(ids.expert), expertiseId: sql`(select min(id) from expertises where parent_id is not null and status = 'active')` as unknown as number },
    ]),
  ];
  if (expertServices.length) q.push(db.insert(respondServices).values(expertServices.map((s) => ({ respondId: respondOf(ids.expert), serviceId: s.id }))));
  if (expertCases.length) q.push(db.insert(respondCases).values(expertCases.map((c) => ({ respondId: respondOf(ids.expert), caseId: c.id }))));
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
