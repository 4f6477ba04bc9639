import { count, eq } from "drizzle-orm";
import { demandsDemo } from "./demands-demo";
import { seedProjectsDemo } from "./projects-demo";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { landingCompetenceCards, landingExpertCards, landingTaskCards } from "../schema/content";
import { settings } from "../schema/platform";
import {
  communities as communitiesT,
  companies as companiesT,
  durations as durationsT,
  expertises as expertisesT,
  faqGroups as faqGroupsT,
  faqQuestions as faqQuestionsT,
  industries as industriesT,
  institutions as institutionsT,
  options as optionsT,
  serviceTypes as serviceTypesT,
  taxes as taxesT,
  workRoles as workRolesT,
  workTypes as workTypesT,
} from "../schema/reference";
import { userIndustries, userOptions, userRoles, users } from "../schema/users";
import { seedRecommendationsDemo } from "./recommendations";
import { communities, faqGroups, footerPopupUrl, footerSocialServices, supportInfo } from "./content-data";
import { companies, expertises, industries, institutions, options, serviceTypes, taxes, workRoles, workTypes } from "./reference-data";
import { landingCompetenceCards as competenceCards, landingExpertCards as expertCards, landingTaskCards as taskCards } from "./landing-data";
import type { SeedExpertise } from "./types";
import { seedProfileDemo } from "./profile-seed.server";
import { experienceDemo } from "./experience-demo";
import { demoCasesSeed } from "./cases-seed";
import { seedInvites } from "./invites";
import { communitySearchText } from "../../app/domain/communities/search-text";
import { seedServicesDemo } from "./services";
import { seedRespondsDemo } from "./responds-demo";
import { seedPaidProjectDemo } from "./projects-paid-demo";

/** D1 allows at most 100 bound parameters per statement. */
function chunked<T extends Record<string, unknown>>(rows: T[]): T[][] {
  if (!rows.length) return [];
  const perRow = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(100 / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function flattenExpertises(nodes: SeedExpertise[], parentId: number | null, out: { id: number; parentId: number | null; name: string; nameEn: string }[] = []) {
  for (const n of nodes) {
    out.push({ id: n.id, parentId, name: n.name, nameEn: n.nameEn });
    if (n.children) flattenExpertises(n.children, n.id, out);
  }
  return out;
}

/** Reference data and content: written once, when the database has no industries yet. */
export async function seedReference(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(industriesT);
  if ((row?.n ?? 0) > 0) return false;
  const q: BatchItem<"sqlite">[] = [];
  const add = <T extends Record<string, unknown>>(table: Parameters<Db["insert"]>[0], rows: T[]) => {
    for (const part of chunked(rows)) q.push(db.insert(table).values(part as never));
  };
  add(industriesT, industries.map((r, i) => ({ id: r.id, name: r.name, nameEn: r.nameEn, sort: i })));
  add(optionsT, options.map((o) => ({ id: o.id, parentId: null, name: o.name, nameEn: o.nameEn, status: "active" })));
  add(optionsT, options.flatMap((o) => o.children.map((c) => ({ id: c.id, parentId: o.id, name: c.name, nameEn: c.nameEn, status: "active" }))));
  add(workTypesT, workTypes.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn })));
  add(serviceTypesT, serviceTypes.map((s) => ({ id: s.id, type: s.type, name: s.name, nameEn: s.nameEn, fee: s.fee, isRoundedUp: s.isRoundedUp, roundBase: s.roundBase })));
  add(durationsT, serviceTypes.flatMap((s) => s.durations.map((d) => ({ id: d.id, serviceTypeId: s.id, name: d.name, nameEn: d.nameEn, days: d.days }))));
  add(taxesT, taxes.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn, percent: r.percent })));
  add(workRolesT, workRoles.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn, isTop: r.isTop ?? false })));
  add(expertisesT, flattenExpertises(expertises, null).map((e) => ({ ...e, status: "active" })));
  add(companiesT, companies.map((c) => ({ id: c.id, name: c.name, status: "active" })));
  add(institutionsT, institutions.map((c) => ({ id: c.id, name: c.name, status: "active" })));
  add(faqGroupsT, faqGroups.map((g, i) => ({ id: g.id, audience: g.audience, name: g.name, nameEn: g.nameEn, sort: i })));
  add(
    faqQuestionsT,
    faqGroups.flatMap((g) => g.questions.map((qq, i) => ({ groupId: g.id, question: qq.question, answer: qq.answer, questionEn: qq.questionEn, answerEn: qq.answerEn, sort: i }))),
  );
  add(
    communitiesT,
    communities.map((c) => ({ ...c, institutionId: c.institutionId ?? null, companyId: c.companyId ?? null, searchText: communitySearchText(c.name, c.chatName) })),
  );
  add(settings, [
    { key: "content.footer", value: JSON.stringify({ socialServices: footerSocialServices, popupUrl: footerPopupUrl }) },
    { key: "content.support", value: JSON.stringify(supportInfo) },
    { key: "promo.interval_minutes", value: "1440" },
    { key: "demand.moderation", value: "true" },
  ]);
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return true;
}

/** Landing page cards (spec 1 §2), written once when there are none. */
export async function seedLanding(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(landingExpertCards);
  if ((row?.n ?? 0) > 0) return false;
  const q: BatchItem<"sqlite">[] = [];
  const add = <T extends Record<string, unknown>>(table: Parameters<Db["insert"]>[0], rows: T[]) => {
    for (const part of chunked(rows)) q.push(db.insert(table).values(part as never));
  };
  add(landingExpertCards, expertCards.map((c) => ({ ...c, chips: JSON.stringify(c.chips) })));
  add(landingTaskCards, taskCards.map((c) => ({ ...c, chips: JSON.stringify(c.chips) })));
  add(landingCompetenceCards, competenceCards.map((c) => ({ id: c.id, iconName: c.icon_name, name: c.name, nameEn: c.nameEn, chips: JSON.stringify(c.chips), position: c.position })));
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return true;
}

export const DEMO_PASSWORD = "Demo_Pass1";
export const DEMO_ACCOUNTS = {
  customer: { email: "customer@demo.ru", name: "Анна", lastName: "Смирнова", phone: "+7 916 123-45-67" },
  expert: { email: "expert@demo.ru", name: "Игорь", lastName: "Волков", phone: "+7 903 765-43-21" },
  operator: { email: "operator@demo.ru", name: "Ольга", lastName: "Кузнецова", phone: "+7 495 111-22-33" },
} as const;

/** Demo accounts of the README (verified): a customer, an expert with a filled expertise, an operator. */
export async function seedDemo(db: Db, passwordHash: string): Promise<boolean> {
  const existing = await db.query.users.findFirst({ where: eq(users.email, DEMO_ACCOUNTS.customer.email) });
  if (existing) return false;
  const verified = new Date().toISOString();
  const q: BatchItem<"sqlite">[] = [];
  const ids = { customer: 0, expert: 0, operator: 0 };
  for (const key of ["customer", "expert", "operator"] as const) {
    const a = DEMO_ACCOUNTS[key];
    const [u] = await db.insert(users).values({ ...a, passwordHash, emailVerifiedAt: verified, isSubscribed: true }).returning({ id: users.id });
    ids[key] = u!.id;
  }
  q.push(db.insert(userRoles).values([
    { userId: ids.customer, role: "customer" },
    { userId: ids.expert, role: "customer" },
    { userId: ids.expert, role: "executor" },
    { userId: ids.operator, role: "customer" },
    { userId: ids.operator, role: "admin" },
  ]));
  q.push(db.update(users).set({ patronymic: "Сергеевич", corpEmail: "i.volkov@severstal-consult.ru", statusText: "Финансовый директор с 15-летним опытом в ритейле и FMCG. Помогаю строить управленческий учёт и готовить компании к сделкам M&A." }).where(eq(users.id, ids.expert)));
  q.push(db.insert(userIndustries).values([1, 2, 6].map((industryId) => ({ userId: ids.expert, industryId }))));
  const finance = options.find((o) => o.children.length)!;
  q.push(db.insert(userOptions).values([finance.id, ...finance.children.slice(0, 3).map((c) => c.id)].map((optionId) => ({ userId: ids.expert, optionId }))));
  q.push(...experienceDemo(db, ids));
  q.push(...demoCasesSeed(db, ids.expert));
  q.push(...demandsDemo(db, ids.customer));
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await seedProfileDemo(db, ids.expert);
  await seedRecommendationsDemo(db, ids);
  await seedInvites(db, ids.expert);
  await seedServicesDemo(db, ids);
  await seedRespondsDemo(db, ids, passwordHash);
  await seedProjectsDemo(db, ids);
  await seedPaidProjectDemo(db, ids, passwordHash);
  return true;
}
