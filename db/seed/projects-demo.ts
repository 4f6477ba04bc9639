import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { demands } from "../schema/demands";
import { userExpertises, workareas } from "../schema/experience";
import { ratings } from "../schema/reputation";
import { respondServices, responds } from "../schema/responds";
import { services } from "../schema/services";
import { expertiseKey, projectRaterKey, serviceKey, tribeKey } from "../../app/domain/reputation/keys";

type Ids = { customer: number; expert: number; operator: number };
const DAY = 86_400_000;

/**
 * The completion flow's demo (issue 14): the demo customer's active and completed requests get the demo
 * expert as the chosen respondent with two of his services: the active one half rated (one of the two
 * services and one specialization), ready for /complete-project/{id}; the completed one rated, its ratings
 * showing on the expert's profile with the project's name.
 */
export async function seedProjectsDemo(db: Db, ids: Ids) {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const offered = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.userId, ids.expert), eq(services.status, "active")))
    .orderBy(asc(services.id));
  const [tribe] = await db.select({ industryId: workareas.industryId, optionId: workareas.optionId }).from(workareas).where(eq(workareas.userId, ids.expert)).orderBy(asc(workareas.id)).limit(1);
  const [competence] = await db.select({ id: userExpertises.expertiseId }).from(userExpertises).where(eq(userExpertises.userId, ids.expert)).orderBy(asc(userExpertises.id)).limit(1);
  // The demo customer's active and completed requests of the requests' demo (db/seed/demands-demo.ts).
  const projects = [
    { name: "Внедрение бюджетирования в производственной компании", status: "active" as const, started: now - 20 * DAY, completed: null },
    { name: "Оценка бизнеса перед сделкой M&A", status: "completed" as const, started: now - 120 * DAY, completed: now - 30 * DAY },
  ];
  for (const p of projects) {
    const [d] = await db
      .update(demands)
      .set({ paymentRequestedAt: iso(p.started - 3 * DAY), paidAt: iso(p.started - DAY), startedAt: iso(p.started), completedAt: p.completed ? iso(p.completed) : null })
      .where(and(eq(demands.userId, ids.customer), eq(demands.name, p.name), eq(demands.status, p.status)))
      .returning({ id: demands.id });
    if (!d) continue;
    const demandId = d.id;
    // The chosen response of the demo expert; if another demo already wrote it, that row is the one rated.
    await db
      .insert(responds)
      .values({
        demandId,
        userId: ids.expert,
        status: p.status,
        respondedAt: iso(p.started - 10 * DAY),
        salary: 300_000,
        taxId: 1,
        description: "Выстрою учёт и модель под ваши данные, первые результаты — через две недели.",
        viewedAt: iso(p.started - 9 * DAY),
      })
      .onConflictDoNothing();
    const [r] = await db.select({ id: responds.id }).from(responds).where(and(eq(responds.demandId, demandId), eq(responds.userId, ids.expert)));
    const respondId = r!.id;
    const rated = (subject: { type: "service" | "expertise" | "tribe"; key: string; serviceId?: number; expertiseId?: number; industryId?: number; optionId?: number }, rating: number, comment: string) => ({
      ratedUserId: ids.expert,
      type: subject.type,
      subjectKey: subject.key,
      serviceId: subject.serviceId ?? null,
      expertiseId: subject.expertiseId ?? null,
      industryId: subject.industryId ?? null,
      optionId: subject.optionId ?? null,
      raterKey: projectRaterKey(demandId),
      raterUserId: ids.customer,
      rating,
      comment,
      demandId,
      respondId,
    });
    const rows: ReturnType<typeof rated>[] = [];
    if (offered[0]) rows.push(rated({ type: "service", key: serviceKey(offered[0].id), serviceId: offered[0].id }, p.status === "active" ? 4 : 5, "Модель получилась понятной, команда защитила её перед банком."));
    if (p.status === "completed" && offered[1]) rows.push(rated({ type: "service", key: serviceKey(offered[1].id), serviceId: offered[1].id }, 4, "Проверка заняла чуть больше времени, но выводы точные."));
    if (tribe) rows.push(rated({ type: "tribe", key: tribeKey(tribe.industryId, tribe.optionId), industryId: tribe.industryId, optionId: tribe.optionId }, 5, "Сильный финансовый директор, знает отрасль."));
    if (p.status === "completed" && competence) rows.push(rated({ type: "expertise", key: expertiseKey(competence.id), expertiseId: competence.id }, 5, "Сильный финансовый директор, знает отрасль."));
    await db.batch([
      db.insert(respondServices).values(offered.slice(0, 2).map((s) => ({ respondId, serviceId: s.id }))).onConflictDoNothing(),
      ...(rows.length ? [db.insert(ratings).values(rows).onConflictDoNothing()] : []),
    ]);
  }
}
