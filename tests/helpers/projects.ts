import { env } from "cloudflare:test";
import { expect } from "vitest";
import { rows } from "./db";
import { createDemand } from "./demands";
import { createServiceFor, createSignedInUser } from "./factories";

/**
 * Active projects for the completion and rating tests (issue 14). The responses and the shortlist API live
 * on other branches, so the chosen responses are written straight into D1: what `POST /api/respond` and
 * `POST /api/demand/shortlist` leave behind (a paid, active request; `active` responses with their
 * services and team, `rejected` ones for the experts not chosen).
 */

export type Person = Awaited<ReturnType<typeof createSignedInUser>>;

/** Reference ids the ratings name: two leaf competences and two (industry, sub-function) pairs. */
export async function ratingReference() {
  const [i1, i2] = await rows<{ id: number }>("select id from industries order by id limit 2");
  const [o1, o2] = await rows<{ id: number }>("select id from options where parent_id is not null and status = 'active' order by id limit 2");
  const [e1, e2] = await rows<{ id: number }>(
    "select id from expertises e where status = 'active' and not exists (select 1 from expertises c where c.parent_id = e.id) order by id limit 2",
  );
  const [company] = await rows<{ id: number }>("select id from companies where status = 'active' order by id limit 1");
  const [role] = await rows<{ id: number }>("select id from work_roles order by id limit 1");
  return { industries: [i1!.id, i2!.id], options: [o1!.id, o2!.id], expertises: [e1!.id, e2!.id], company: company!.id, role: role!.id };
}

/**
 * An expert with a current work (two specializations: industry[0]×option[0] and industry[1]×option[1],
 * the first with more years) and two competences, so that he has items a customer can rate.
 */
export async function createExpert(name = "Игорь", lastName = "Волков"): Promise<Person> {
  const ref = await ratingReference();
  const user = await createSignedInUser({ roles: ["customer", "executor"], name, lastName });
  const work = await env.DB.prepare("insert into works (user_id, company_id, work_start) values (?, ?, '2015-01-01') returning id").bind(user.id, ref.company).first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare("insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values (?, ?, ?, ?, ?, 5)").bind(work!.id, user.id, ref.industries[0], ref.options[0], ref.role),
    env.DB.prepare("insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values (?, ?, ?, ?, ?, 3)").bind(work!.id, user.id, ref.industries[1], ref.options[1], ref.role),
    ...ref.expertises.map((e) => env.DB.prepare("insert or ignore into user_expertises (user_id, expertise_id) values (?, ?)").bind(user.id, e)),
  ]);
  return user;
}

/** An active service of `owner` (created through the API, then approved in D1). */
export async function activeService(owner: Person, name?: string) {
  const s = await createServiceFor(owner, "individual", name ? { name } : {}, "active");
  return s.id;
}

export type ProjectRespond = { expert: Person; services: number[]; members?: Person[]; status?: "active" | "rejected" };

/**
 * A paid, active request of `customer` with one response per entry: `active` ones are the chosen
 * respondents (with their services and team), `rejected` ones those not chosen. Answers the request's id
 * and the responses' ids in order.
 */
export async function activeProject(customer: Person, entries: ProjectRespond[], name = "Финансовая модель для ритейлера") {
  const d = await createDemand(customer.token, { name });
  await env.DB.prepare("update demands set status = 'active', is_paid = 1, paid_at = ?, started_at = ?, search_finish = null where id = ?")
    .bind(new Date().toISOString(), new Date().toISOString(), d.id)
    .run();
  const respondIds: number[] = [];
  for (const e of entries) {
    const r = await env.DB.prepare("insert into responds (demand_id, user_id, status, responded_at, salary, tax_id, description) values (?, ?, ?, ?, 100000, 1, 'Сделаю') returning id")
      .bind(d.id, e.expert.id, e.status ?? "active", new Date().toISOString())
      .first<{ id: number }>();
    respondIds.push(r!.id);
    const parts = [
      ...e.services.map((s) => env.DB.prepare("insert into respond_services (respond_id, service_id) values (?, ?)").bind(r!.id, s)),
      ...(e.members ?? []).map((m) => env.DB.prepare("insert into respond_members (respond_id, type, user_id) values (?, 'user', ?)").bind(r!.id, m.id)),
    ];
    if (parts.length) await env.DB.batch(parts);
  }
  const [row] = await rows<{ status: string }>("select status from demands where id = ?", d.id);
  expect(row!.status).toBe("active");
  return { demandId: d.id, respondIds };
}

/** Every row of the ratings table about `userId`, for checks that must not go through the code under test. */
export const ratingsOf = (userId: number) =>
  rows<{ id: number; type: string; subject_key: string; rater_key: string; rating: number; comment: string | null; demand_id: number | null; respond_id: number | null; service_id: number | null }>(
    "select * from ratings where rated_user_id = ? order by id",
    userId,
  );
