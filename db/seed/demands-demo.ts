import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { demandIndustries, demandOptions, demandSubOptions, demands, type DemandStatus } from "../schema/demands";
import { options } from "./reference-data";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

type DemoDemand = { name: string; status: DemandStatus; type: 1 | 2; duration: number; budget: number; expert: "ordinary" | "premium"; started?: number; finish?: number; paid?: boolean; reason?: string };

/**
 * The demo customer's requests, one in every status (spec README "Demo data"), with dates relative to the
 * seeding day: a search started 3 days ago, one ending tomorrow, one whose period is over, an active and
 * a completed project, one waiting for the operator and one the operator rejected.
 */
export function demandsDemo(db: Db, customerId: number): BatchItem<"sqlite">[] {
  const now = Date.now();
  const list: DemoDemand[] = [
    { name: "Финансовая модель для сети кофеен", status: "searching", type: 1, duration: 3, budget: 150_000, expert: "ordinary", started: now - 3 * DAY, finish: now + 11 * DAY },
    { name: "Консультация по выходу на маркетплейсы", status: "searching", type: 2, duration: 7, budget: 9_000, expert: "ordinary", started: now - 13 * DAY, finish: now + DAY },
    { name: "Стратегия развития розничной сети до 2030 года", status: "moderation", type: 1, duration: 5, budget: 600_000, expert: "premium" },
    { name: "Аудит управленческой отчётности", status: "rejected", type: 1, duration: 3, budget: 80_000, expert: "ordinary", reason: "Опишите, какие отчёты нужно проверить и что должно получиться в итоге" },
    { name: "Подготовка к раунду инвестиций", status: "search_expired", type: 1, duration: 4, budget: 250_000, expert: "premium", started: now - 20 * DAY, finish: now - 6 * DAY },
    { name: "Внедрение бюджетирования в производственной компании", status: "active", type: 1, duration: 5, budget: 400_000, expert: "ordinary", started: now - 30 * DAY, finish: now - 16 * DAY, paid: true },
    { name: "Оценка бизнеса перед сделкой M&A", status: "completed", type: 1, duration: 4, budget: 300_000, expert: "premium", started: now - 90 * DAY, finish: now - 76 * DAY, paid: true },
  ];
  const finance = options.find((o) => o.children.length)!;
  const q: BatchItem<"sqlite">[] = [];
  list.forEach((d, i) => {
    const created = iso(now - (list.length - i) * DAY - (d.started ? now - d.started : 0));
    q.push(
      db.insert(demands).values({
        userId: customerId,
        name: d.name,
        description: `${d.name}: задача, исходные данные и ожидаемый результат описаны в приложенном техническом задании.`,
        serviceTypeId: d.type,
        durationId: d.duration,
        budget: d.budget,
        expertType: d.expert,
        needTeam: i % 3 === 0,
        executionPeriod: day(now + 120 * DAY),
        status: d.status,
        rejectReason: d.reason ?? null,
        searchStartedAt: d.started ? iso(d.started) : null,
        searchFinish: d.finish ? day(d.finish) : null,
        isPaid: !!d.paid,
        createdAt: created,
        updatedAt: created,
      }),
    );
    const id = sql`(select id from demands where user_id = ${customerId} and name = ${d.name})` as unknown as number;
    q.push(db.insert(demandIndustries).values([1, 2].map((industryId) => ({ demandId: id, industryId }))));
    q.push(db.insert(demandOptions).values({ demandId: id, optionId: finance.id }));
    q.push(db.insert(demandSubOptions).values({ demandId: id, optionId: finance.children[i % finance.children.length]!.id }));
  });
  return q;
}
