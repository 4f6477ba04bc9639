import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { cases, publications } from "../schema/cases";

/**
 * The demo expert's cases and publications (docs/decisions/0015-cases.md). Statements for seedDemo's
 * batch; attachments and the resume need object storage, which the seed does not touch.
 */
export function demoCasesSeed(db: Db, expertId: number): BatchItem<"sqlite">[] {
  return [
    db.insert(cases).values([
      {
        userId: expertId,
        name: "Управленческий учёт для сети магазинов электроники",
        task: "Собственник не видел прибыльность по магазинам и категориям: отчётность собиралась вручную раз в квартал.",
        solution: "Построил модель управленческого учёта, описал правила распределения затрат, настроил ежемесячный P&L по магазинам в 1С и Power BI.",
        results: "Отчёт готов на 5-й рабочий день месяца; закрыты 4 убыточных точки, маржинальность сети выросла на 3,2 п.п.",
        links: "https://example.ru/cases/retail-management-accounting",
      },
      {
        userId: expertId,
        name: "Подготовка страховой компании к продаже доли",
        task: "Подготовить компанию к due diligence и переговорам с инвестором в сжатые сроки.",
        solution: "Трансформировал отчётность в МСФО, построил финансовую модель на 5 лет, подготовил информационный меморандум.",
        results: "Сделка закрыта за 4 месяца, оценка выше первоначального предложения инвестора на 18%.",
        links: null,
      },
    ]),
    db.insert(publications).values([
      { userId: expertId, type: "link", link: "https://vc.ru/finance/management-accounting-retail", description: "Как внедрить управленческий учёт в рознице за 3 месяца" },
      { userId: expertId, type: "link", link: "https://www.youtube.com/watch?v=demo-ma-talk", description: "Выступление на конференции о сделках M&A" },
    ]),
  ];
}
