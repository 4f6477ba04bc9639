import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { rateInvitations, rateRequests } from "../schema/recommendations";
import { ratings } from "../schema/reputation";
import { options } from "./reference-data";

const DAY = 86_400_000;

/**
 * The demo expert's reputation (README demo accounts): ratings of a specialization and a competence,
 * outgoing recommendation requests (one waiting, one answered) and an incoming one from the customer.
 * Keys as app/domain/reputation/keys.ts builds them.
 */
export async function seedRecommendationsDemo(db: Db, ids: { customer: number; expert: number; operator: number }) {
  const finance = options.find((o) => o.children.length)!;
  const [first, second] = [finance.children[0]!.id, finance.children[1]!.id];
  const now = Date.now();
  const q: BatchItem<"sqlite">[] = [
    db.insert(ratings).values([
      { ratedUserId: ids.expert, type: "tribe", subjectKey: `tribe:1:${first}`, industryId: 1, optionId: first, raterKey: `u:${ids.customer}`, raterUserId: ids.customer, rating: 5, comment: "Быстро навёл порядок в управленческой отчётности." },
      { ratedUserId: ids.expert, type: "tribe", subjectKey: `tribe:1:${first}`, industryId: 1, optionId: first, raterKey: "e:partner@example.ru", raterEmail: "partner@example.ru", rating: 4 },
      { ratedUserId: ids.expert, type: "expertise", subjectKey: "expertise:3", expertiseId: 3, raterKey: `u:${ids.customer}`, raterUserId: ids.customer, rating: 5 },
    // The work experience's demo ratings may already hold the same rater and item: theirs stays.
    ]).onConflictDoNothing(),
    db.insert(rateInvitations).values({ id: 1, userId: ids.expert, raterUserId: ids.customer, remindAvailableAt: now - DAY }),
    db.insert(rateRequests).values({ invitationId: 1, userId: ids.expert, type: "tribe", subjectKey: `tribe:2:${second}`, industryId: 2, optionId: second }),
    db.insert(rateInvitations).values({ id: 2, userId: ids.expert, raterEmail: "partner@example.ru", raterName: "Павел", raterLastName: "Партнёров", remindAvailableAt: now - DAY }),
    db.insert(rateRequests).values({ invitationId: 2, userId: ids.expert, type: "tribe", subjectKey: `tribe:1:${first}`, industryId: 1, optionId: first, status: "approve" }),
    db.insert(rateInvitations).values({ id: 3, userId: ids.customer, raterUserId: ids.expert, remindAvailableAt: now + DAY }),
    db.insert(rateRequests).values({ invitationId: 3, userId: ids.customer, type: "expertise", subjectKey: "expertise:4", expertiseId: 4 }),
  ];
  await db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
