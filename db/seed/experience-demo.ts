import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { expertiseConfirmations, userExpertises, userInstitutions, workareas, works } from "../schema/experience";
import { ratings } from "../schema/reputation";

// Keys as app/domain/reputation/keys.ts builds them (the seed stays free of app imports).
const tribe = (industryId: number, optionId: number) => `tribe:${industryId}:${optionId}`;
const expertise = (id: number) => `expertise:${id}`;

/**
 * The demo expert's work experience, competences with confirmations, and ratings from the other demo
 * people and invited raters, so that /profile/information shows rated specializations (spec 2 §3).
 * Reference ids: companies 27 X5 Group, 9 Северсталь, 1 Сбер; industries 5 Ритейл, 11 Металлургия,
 * 1 Банки и финансы; sub-functions 106 Бюджетирование, 107 Управленческий учёт, 108 M&A, 110 МСФО;
 * roles 3 Финансовый директор, 2 Руководитель направления, 10 Консультант; competences 3, 4, 10, 12.
 */
export function experienceDemo(db: Db, ids: { customer: number; expert: number; operator: number }): BatchItem<"sqlite">[] {
  const u = ids.expert;
  const years = (from: string, to: string | null) => Math.round(((to ? Date.parse(to) : Date.now()) - Date.parse(from)) / 86_400_000 / 365);
  const list = [
    { companyId: 27, start: "2019-02-01", finish: null, areas: [[5, 107, 3], [5, 108, 3]] },
    { companyId: 9, start: "2013-09-01", finish: "2019-01-01", areas: [[11, 106, 2], [11, 107, 2]] },
    { companyId: 1, start: "2009-07-01", finish: "2013-08-01", areas: [[1, 110, 10]] },
  ] as const;
  const q: BatchItem<"sqlite">[] = [];
  // Inside one batch the expert's newest row is the one just written.
  const workId = sql`(select max(id) from ${works} where ${works.userId} = ${u})` as unknown as number;
  list.forEach((w) => {
    q.push(db.insert(works).values({ userId: u, companyId: w.companyId, workStart: w.start, workFinish: w.finish }));
    q.push(db.insert(workareas).values(w.areas.map(([industryId, optionId, roleId]) => ({ workId, userId: u, industryId, optionId, roleId, workYears: years(w.start, w.finish) }))));
  });
  q.push(db.insert(userExpertises).values([3, 4, 10, 12].map((expertiseId) => ({ userId: u, expertiseId }))));
  q.push(db.insert(userInstitutions).values({ userId: u, institutionId: 8, studyFinish: "2009-01-01" }));
  const institutionId = sql`(select max(id) from ${userInstitutions} where ${userInstitutions.userId} = ${u})` as unknown as number;
  q.push(
    db.insert(expertiseConfirmations).values([
      { userId: u, expertiseId: 10, confirmType: "institution", userInstitutionId: institutionId },
      { userId: u, expertiseId: 3, confirmType: "publication", description: "Модель оценки сделки M&A в ритейле", link: "https://example.ru/articles/ma-model" },
    ]),
  );
  const raters = [
    { raterKey: `u:${ids.customer}`, raterUserId: ids.customer, raterEmail: null },
    { raterKey: `u:${ids.operator}`, raterUserId: ids.operator, raterEmail: null },
    { raterKey: "e:colleague1@demo.ru", raterUserId: null, raterEmail: "colleague1@demo.ru" },
    { raterKey: "e:colleague2@demo.ru", raterUserId: null, raterEmail: "colleague2@demo.ru" },
  ];
  const rate = (n: number, row: { type: "tribe" | "expertise"; subjectKey: string; industryId?: number; optionId?: number; expertiseId?: number }, scores: number[]) =>
    scores.map((rating, i) => ({ ratedUserId: u, ...raters[i % raters.length]!, ...row, rating, comment: n === 0 && i === 0 ? "Сильный финансовый директор, рекомендую" : null }));
  const rows = [
      ...rate(0, { type: "tribe", subjectKey: tribe(5, 107), industryId: 5, optionId: 107 }, [5, 5, 4, 5]),
      ...rate(1, { type: "tribe", subjectKey: tribe(5, 108), industryId: 5, optionId: 108 }, [4, 5]),
      ...rate(2, { type: "tribe", subjectKey: tribe(11, 106), industryId: 11, optionId: 106 }, [3]),
      ...rate(3, { type: "expertise", subjectKey: expertise(3), expertiseId: 3 }, [5, 4, 5]),
      ...rate(4, { type: "expertise", subjectKey: expertise(10), expertiseId: 10 }, [4]),
  ];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < rows.length; i += 5) q.push(db.insert(ratings).values(rows.slice(i, i + 5)));
  return q;
}
