// Prepared statements (decision 0041): the SQL of the hot reads is built once per isolate and bound per
// request. What is checked here: a prepared statement answers exactly what Drizzle's builder answered (rows,
// mapping, nulls, joined columns, booleans), the reads of GET /api/user and the profile page answer the same
// as their statements built afresh, and nothing of one request (values, rows, D1 binding) reaches another.
import { env } from "cloudflare:test";
import { speculativeD1 } from "~/server/speculation.server";
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { files } from "../../db/schema/platform";
import { workRoles } from "../../db/schema/reference";
import { users } from "../../db/schema/users";
import { createStorage } from "../../storage/s3.server";
import type { AppContext } from "~/server/context.server";
import { countingD1 } from "~/server/d1-counter.server";
import { parseEnv, type Bindings } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { api } from "../helpers/api";
import { createSignedInUser } from "../helpers/factories";

const reads = await import("~/domain/reads");
const { builtAfresh, col, isPrepared, prepared, runBatch, runReads } = reads;
type Read<T> = import("~/domain/reads").Read<T>;
type Params<V> = import("~/domain/reads").Params<V>;

/** A request's context as app/server/context.server.ts builds it: its own counted D1 binding. */
function requestContext(): AppContext {
  const appEnv = parseEnv(env as unknown as Bindings);
  const queries = { n: 0, statements: 0 };
  const d1 = countingD1(env.DB, queries);
  return {
    env: appEnv,
    bindings: env as unknown as Bindings,
    db: createDb(d1),
    d1,
    d1Binding: env.DB,
    storage: createStorage({ endpoint: appEnv.S3_ENDPOINT, region: appEnv.S3_REGION, bucket: appEnv.S3_BUCKET, accessKeyId: appEnv.S3_ACCESS_KEY_ID, secretAccessKey: appEnv.S3_SECRET_ACCESS_KEY }),
    mailer: createMailer(appEnv, createDb(env.DB)),
    lang: "ru",
    t: ((key: string) => key) as unknown as TFunction,
    now: () => new Date("2026-11-23T10:00:00Z"),
    requestId: `prepared-${crypto.randomUUID()}`,
    ip: "10.251.0.1",
    country: null,
    userAgent: null,
    waitUntil: (p) => void p.catch(() => {}),
    queries,
    d1Session: { from: null, bookmark: () => null },
    speculation: speculativeD1(d1).speculation,
  };
}

/** The same read with each prepared statement built afresh by Drizzle on the request's database (the code before 0041). */
const afresh = <T,>(ctx: AppContext, r: Read<T>): Read<T> => ({ ...r, queries: r.queries.map((q) => (isPrepared(q) ? builtAfresh(ctx, q) : q)) });

let expert: { id: number; token: string };
let customer: { id: number; token: string };

beforeAll(async () => {
  // The demo data: an expert with works, competences, ratings, cases and responses, and a customer.
  expect((await api("/dev/seed", { method: "POST" })).status).toBe(200);
  const login = async (email: string) => {
    const res = await api("/api/login", { json: { email, password: "Demo_Pass1" } });
    expect(res.status, email).toBe(200);
    const token = res.body.token as string;
    return { id: (await api("/api/user", { token })).body.id as number, token };
  };
  expert = await login("expert@demo.ru");
  customer = await login("customer@demo.ru");
});

// Statements of this test, each written once as a builder and used both ways.
const fullUser = (db: AppContext["db"], p: Params<{ id: number }>) => db.select().from(users).where(eq(users.id, p.id)).limit(1);
const userWithPhoto = (db: AppContext["db"], p: Params<{ id: number }>) =>
  db
    .select({ user: { id: col(users.id, "u_id"), name: users.name, subscribed: users.isSubscribed }, photo: { id: col(files.id, "f_id"), key: files.key }, photoName: col(files.name, "f_name") })
    .from(users)
    .leftJoin(files, eq(files.id, users.photoFileId))
    .where(eq(users.id, p.id));
const allRoles = (db: AppContext["db"]) => db.select().from(workRoles).orderBy(workRoles.id);

describe("prepared statements (decision 0041)", () => {
  it("map their rows exactly as Drizzle's builder does: nulls, joined columns under col() aliases, nested objects of a left join, booleans", async () => {
    const ctx = requestContext();
    const userStmt = prepared(fullUser);
    const photoStmt = prepared(userWithPhoto);
    const rolesStmt = prepared(allRoles);
    const fresh = await createSignedInUser();
    const mine = await runBatch(ctx, [userStmt({ id: expert.id }), photoStmt({ id: fresh.id }), rolesStmt({}), userStmt({ id: fresh.id })] as const);
    // One round trip for the four statements, on the request's binding.
    expect(ctx.queries.n).toBe(1);
    const theirs = await ctx.db.batch([fullUser(ctx.db, { id: expert.id } as never), userWithPhoto(ctx.db, { id: fresh.id } as never), allRoles(ctx.db), fullUser(ctx.db, { id: fresh.id } as never)]);
    expect(mine).toEqual(theirs);
    const [[u], [withPhoto], roles] = mine;
    // What the comparison covered: a full row with nulls and a boolean, a left join without a match (its
    // nested object null, as Drizzle maps it), booleans of a reference list.
    expect(u!.id).toBe(expert.id);
    expect(typeof u!.isSubscribed).toBe("boolean");
    expect(Object.values(u!).some((v) => v === null)).toBe(true);
    expect(withPhoto).toEqual({ user: { id: fresh.id, name: fresh.name, subscribed: expect.any(Boolean) }, photo: null, photoName: null });
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => typeof r.isTop === "boolean")).toBe(true);
  });

  it("the reads of GET /api/user and of the profile page answer what their statements built afresh answered", async () => {
    const { userRead } = await import("~/domain/users/users.server");
    const { profileExperienceRead } = await import("~/domain/experience/profile.server");
    const { resumeUserFieldsRead } = await import("~/domain/cases/resume.server");
    const { contactsRead, headRead, projectsRead } = await import("~/domain/profile/profile.server");
    const { councilRead } = await import("~/domain/profile/council.server");
    const { rejectedProposalsRead } = await import("~/domain/admin/reference-queues.server");
    const { competencesRead } = await import("~/domain/experience/expertises.server");
    const { experienceRead, specializationsRead } = await import("~/domain/experience/works.server");
    const { receivedRatingsRead } = await import("~/domain/reputation/ratings.server");
    const { casesSectionsRead } = await import("~/domain/cases/profile-sections.server");
    const ctx = requestContext();
    const id = expert.id;
    const parts: Record<string, Read<unknown>> = {
      user: userRead(ctx, id),
      experience: profileExperienceRead(ctx, id, { readOnly: false }),
      experienceReadOnly: profileExperienceRead(ctx, id, { readOnly: true }),
      resumeFields: resumeUserFieldsRead(ctx, id),
      head: headRead(ctx, id),
      ownContacts: contactsRead(ctx, id, id),
      // Someone else's contacts: the other shape of the statement (the paid-response rule).
      contactsSeenByCustomer: contactsRead(ctx, customer.id, id),
      contactsSeenByStranger: contactsRead(ctx, customer.id + 100_000, id),
      projects: projectsRead(ctx, id),
      council: councilRead(ctx, id),
      rejected: rejectedProposalsRead(ctx, id),
      works: experienceRead(ctx, id, { readOnly: false }),
      specializations: specializationsRead(ctx, id, { readOnly: false }),
      competences: competencesRead(ctx, id, { readOnly: false }),
      received: receivedRatingsRead(ctx, id),
      ...casesSectionsRead(ctx, id, { readOnly: false, viewerId: id }),
    };
    for (const [name, r] of Object.entries(parts)) {
      // Every statement of these reads has a fixed shape (or one prepared statement per shape).
      expect(r.queries.every(isPrepared), `${name}'s statements are all prepared`).toBe(true);
    }
    const prepared = await runReads(ctx, parts);
    const built = await runReads(ctx, Object.fromEntries(Object.entries(parts).map(([k, r]) => [k, afresh(ctx, r)])));
    expect(prepared).toEqual(built);
    // The demo expert's profile is filled: the comparison is over rows, not over empty lists.
    const p = prepared as Record<string, any>;
    expect(p.user.u.id).toBe(id);
    expect(p.experience.work.length).toBeGreaterThan(0);
    expect(p.experience.abilities.length).toBeGreaterThan(0);
    expect(p.experience.expertises.length).toBeGreaterThan(0);
    expect(p.received.length).toBeGreaterThan(0);
    expect(p.projects.industries.length).toBeGreaterThan(0);
    expect(p.ownContacts.email).toBe("expert@demo.ru");
    expect(p.contactsSeenByStranger).toBeNull();
    // Two round trips: one batch each way.
    expect(ctx.queries.n).toBe(2);
  });

  it("the lists' and projects' reads (requests, the expert's projects, request management, completion) answer what their statements built afresh answered", async () => {
    const { demandListRead } = await import("~/domain/demands/demands.server");
    const { expertProjectsRead } = await import("~/domain/responds/expert-projects.server");
    const { API_GROUPS, PAGE_TABS } = await import("~/domain/responds/expert-projects");
    const { manageRead } = await import("~/domain/projects/manage.server");
    const { finishingList, finishingListRead, finishingRead } = await import("~/domain/projects/finishing.server");
    const { optionsRead } = await import("~/domain/reference/reference.server");
    const ctx = requestContext();
    // The demo customer's request with the most responses, and one of his projects with chosen respondents.
    const one = async (q: string, ...binds: unknown[]) => (await env.DB.prepare(q).bind(...binds).first<{ id: number; user_id: number }>())!;
    const managed = await one("select d.id, r.user_id from demands d join responds r on r.demand_id = d.id where d.user_id = ? and d.deleted_at is null and r.status in ('sent','active','completed','rejected') group by d.id order by count(*) desc limit 1", customer.id);
    const project = await one("select d.id, d.user_id from demands d join responds r on r.demand_id = d.id where d.user_id = ? and r.status in ('active','completed') limit 1", customer.id);
    expect(managed, "the demo customer has a request with responses").toBeTruthy();
    expect(project, "the demo customer has a project with chosen respondents").toBeTruthy();
    const earlier = "2026-01-01T00:00:00.000Z";
    const later = "2026-11-23T09:00:00.000Z";
    const future = "2100-01-01T00:00:00.000Z";
    const parts: Record<string, Read<unknown>> = {
      demandsApi: demandListRead(ctx, customer.id, { page: 1 }),
      demandsPaged: demandListRead(ctx, customer.id, { group: "searching", page: 2 }),
      // The page's signal counts: no visit, a visit long ago, a recent one, mixed.
      demandsFirstVisit: demandListRead(ctx, customer.id, { page: 1 }, {}),
      demandsSeenEarlier: demandListRead(ctx, customer.id, { page: 1 }, { search: earlier, active: earlier, expired: earlier, completed: earlier }),
      demandsSeenMixed: demandListRead(ctx, customer.id, { page: 1 }, { active: later, completed: null }),
      demandsSeenAfterAll: demandListRead(ctx, customer.id, { page: 1 }, { search: future, active: future, expired: future, completed: future }),
      expertApi: expertProjectsRead(ctx, expert.id, API_GROUPS, { page: 1 }),
      expertTabsFirstVisit: expertProjectsRead(ctx, expert.id, PAGE_TABS, { page: 1 }, {}),
      expertTabsSeen: expertProjectsRead(ctx, expert.id, PAGE_TABS, { group: "invite", page: 1 }, { sent: earlier, active: later, completed: earlier, rejected: null }),
      expertTabsSeenAfterAll: expertProjectsRead(ctx, expert.id, PAGE_TABS, { page: 1 }, { invite: future, sent: future, active: future, completed: future, rejected: future }),
      manageAll: manageRead(ctx, customer.id, managed.id),
      manageNoneOpened: manageRead(ctx, customer.id, managed.id, { partsOf: null }),
      manageOneOpened: manageRead(ctx, customer.id, managed.id, { partsOf: managed.user_id }),
      manageSomeoneElse: manageRead(ctx, expert.id, managed.id),
      // finishingRead asks only whose request it is (the actor's user id).
      finishing: finishingRead(ctx, { user: { id: customer.id } } as import("~/server/session.server").Actor, project.id),
      // The functions a guest and a signed-in user may pick (the service wizard's).
      optionsGuest: optionsRead(ctx, null, {}),
      optionsSignedIn: optionsRead(ctx, { user: { id: expert.id } } as import("~/server/session.server").Actor, {}),
      // The completion page's read: the same less the teams.
      finishingList: finishingListRead(ctx, { user: { id: customer.id } } as import("~/server/session.server").Actor, project.id),
    };
    for (const [name, r] of Object.entries(parts)) expect(r.queries.every(isPrepared), `${name}'s statements are all prepared`).toBe(true);
    const prepared = (await runReads(ctx, parts)) as Record<string, any>;
    const built = await runReads(ctx, Object.fromEntries(Object.entries(parts).map(([k, r]) => [k, afresh(ctx, r)])));
    expect(prepared).toEqual(built);
    // Over rows, not empty lists: what each part holds, and that the visits changed the counts.
    const total = (groups: Record<string, { total: number }>) => Object.values(groups).reduce((n, g) => n + g.total, 0);
    expect(total(prepared.demandsApi)).toBeGreaterThan(0);
    expect(total(prepared.expertApi)).toBeGreaterThan(0);
    // The visit times are the statement's values: before a first visit every item of a group that counts
    // changes is new, after a visit later than every change none is (the unviewed groups ignore visits).
    const changes = (groups: Record<string, { fresh: number; total: number }>, unviewed: string) =>
      Object.entries(groups).filter(([g]) => g !== unviewed).map(([g, x]) => [g, x.fresh, x.total]);
    expect(changes(prepared.demandsFirstVisit, "searching").map(([g, , total]) => [g, total, total])).toEqual(changes(prepared.demandsFirstVisit, "searching"));
    expect(changes(prepared.demandsSeenAfterAll, "searching").every(([, f]) => f === 0)).toBe(true);
    expect(changes(prepared.demandsFirstVisit, "searching").some(([, f]) => Number(f) > 0)).toBe(true);
    expect(changes(prepared.expertTabsFirstVisit, "invite").map(([g, , total]) => [g, total, total])).toEqual(changes(prepared.expertTabsFirstVisit, "invite"));
    expect(changes(prepared.expertTabsSeenAfterAll, "invite").every(([, f]) => f === 0)).toBe(true);
    expect(changes(prepared.expertTabsFirstVisit, "invite").some(([, f]) => Number(f) > 0)).toBe(true);
    expect(prepared.manageAll.responds.length).toBeGreaterThan(0);
    expect(prepared.manageOneOpened.responds.find((x: { user_id: number }) => x.user_id === managed.user_id)).toBeTruthy();
    // None opened: 7 statements fewer, and the same request, list and contacts with no response's parts.
    expect(parts.manageNoneOpened!.queries.length).toBe(parts.manageAll!.queries.length - 7);
    const partsOf = ["companies", "files", "cases", "options", "expertises", "services", "users"] as const;
    const withoutParts = (info: { responds: Record<string, unknown>[] }) => ({ ...info, responds: info.responds.map((r) => ({ ...r, ...Object.fromEntries(partsOf.map((k) => [k, []])) })) });
    expect(prepared.manageNoneOpened).toEqual(withoutParts(prepared.manageAll));
    expect(prepared.manageAll.responds.some((r: Record<string, unknown[]>) => partsOf.some((k) => r[k]!.length > 0)), "some response has parts to leave out").toBe(true);
    expect(prepared.manageAll.industries.length + prepared.manageAll.options.length, "the request's own lists follow the parts in the batch").toBeGreaterThan(0);
    expect(prepared.manageSomeoneElse).toBeNull();
    expect(prepared.finishing.responds.length).toBeGreaterThan(0);
    expect(prepared.optionsGuest.length).toBeGreaterThan(0);
    // The page's read answers what the full one answers, less each service's team.
    expect(prepared.finishingList).toEqual(finishingList(prepared.finishing));
    const services = prepared.finishing.responds.flatMap((r: { services: { users: unknown[] }[] }) => r.services);
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((sv: { users: unknown[] }) => sv.users.length > 0)).toBe(true);
  });

  it("the services' reads (/services, the response form's picker, one service) answer what their statements built afresh answered", async () => {
    const { myServicesRead, serviceRead, teamExpertisesRead } = await import("~/domain/services/services.server");
    type Actor = import("~/server/session.server").Actor;
    const as = (id: number) => ({ user: { id, roles: ["executor"], isVerified: true } }) as unknown as Actor;
    const ctx = requestContext();
    // A team member of one of the demo expert's company services, and a service of each kind.
    const member = (await env.DB.prepare("select m.user_id, s.id from service_members m join services s on s.id = m.service_id where m.type = 'user' and m.user_id != s.user_id and s.deleted_at is null limit 1").first<{ user_id: number; id: number }>())!;
    expect(member, "the demo data has a team service with a member").toBeTruthy();
    const own = (await env.DB.prepare("select id from services where user_id = ? and deleted_at is null and status = 'active' limit 1").bind(expert.id).first<{ id: number }>())!;
    const newcomer = await createSignedInUser();
    const parts: Record<string, Read<unknown>> = {
      mine: myServicesRead(ctx, as(expert.id), {}),
      mineActive: myServicesRead(ctx, as(expert.id), { active: 1 }),
      memberOf: myServicesRead(ctx, as(member.user_id), {}),
      none: myServicesRead(ctx, as(newcomer.id), {}),
      one: serviceRead(ctx, as(expert.id), own.id),
      team: serviceRead(ctx, as(member.user_id), member.id),
      // One person's competences (the wizard of an individual service).
      ownExpertises: teamExpertisesRead(ctx, [expert.id], expert.id),
    };
    for (const [name, r] of Object.entries(parts)) expect(r.queries.every(isPrepared), `${name}'s statements are all prepared`).toBe(true);
    const prepared = (await runReads(ctx, parts)) as Record<string, any>;
    const built = await runReads(ctx, Object.fromEntries(Object.entries(parts).map(([k, r]) => [k, afresh(ctx, r)])));
    expect(prepared).toEqual(built);
    // Over rows: the expert's lists hold services with their industries and teams, the member sees the team service.
    expect(prepared.mine.data.length).toBeGreaterThan(1);
    expect(prepared.mine.data.some((sv: { industries: unknown[] }) => sv.industries.length > 0)).toBe(true);
    expect(prepared.mine.company.some((sv: { users: unknown[] }) => sv.users.length > 0)).toBe(true);
    expect(prepared.mineActive.data.every((sv: { status: string }) => sv.status === "active")).toBe(true);
    expect(prepared.memberOf.data.map((sv: { id: number }) => sv.id)).toContain(member.id);
    expect(prepared.none.data).toEqual([]);
    expect([prepared.one.id, prepared.team.id, prepared.team.is_member]).toEqual([own.id, member.id, true]);
    // One person's statement answers what a team's does for a team of him and someone with no competences.
    expect(prepared.ownExpertises.length).toBeGreaterThan(0);
    const withNewcomer = teamExpertisesRead(ctx, [expert.id, newcomer.id], expert.id);
    expect(withNewcomer.queries.some(isPrepared)).toBe(false);
    expect((await runReads(ctx, { e: withNewcomer })).e).toEqual(prepared.ownExpertises);
  });

  it("gives each request its own rows and binds on each request's own D1 binding, however they interleave", async () => {
    const { userRead } = await import("~/domain/users/users.server");
    const { profileExperienceRead } = await import("~/domain/experience/profile.server");
    const other = await createSignedInUser();
    const a = requestContext();
    const b = requestContext();
    const [forExpert, forOther] = await Promise.all([
      runReads(a, { user: userRead(a, expert.id), experience: profileExperienceRead(a, expert.id, { readOnly: false }) }),
      runReads(b, { user: userRead(b, other.id), experience: profileExperienceRead(b, other.id, { readOnly: false }) }),
    ]);
    expect(forExpert.user!.u.email).toBe("expert@demo.ru");
    expect(forExpert.experience.work.length).toBeGreaterThan(0);
    expect(forOther.user!.u.email).toBe(other.email);
    expect(forOther.experience.work).toEqual([]);
    // Each request's batch went over its own binding (counted there), one round trip each.
    expect(a.queries.n).toBe(1);
    expect(b.queries.n).toBe(1);
    // The same statement twice in one batch with two values: each with its own rows.
    const stmt = prepared(fullUser);
    const [[one], [two]] = await runBatch(a, [stmt({ id: expert.id }), stmt({ id: other.id })] as const);
    expect([one!.id, two!.id]).toEqual([expert.id, other.id]);
  });

  it("GET /api/user answers each caller his own data when called at once, in the same round trips", async () => {
    const other = await createSignedInUser();
    // Each session known to the isolate first, so that both calls guess it (decision 0043).
    for (const token of [expert.token, other.token]) await api("/api/user", { token });
    const [mine, theirs] = await Promise.all([api("/api/user", { token: expert.token }), api("/api/user", { token: other.token })]);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect([mine.body.id, mine.body.email]).toEqual([expert.id, "expert@demo.ru"]);
    expect([theirs.body.id, theirs.body.email]).toEqual([other.id, other.email]);
    expect(mine.body.work.length).toBeGreaterThan(0);
    expect(theirs.body.work).toEqual([]);
    expect(mine.headers.get("X-D1-Queries")).toBe("1");
    expect(theirs.headers.get("X-D1-Queries")).toBe("1");
  });
});

describe("the database object of a request (db/client.ts)", () => {
  it("makes its relational query builders on first use, each on the request's own binding", async () => {
    const a = requestContext();
    const b = requestContext();
    expect(a.db.query.users).toBe(a.db.query.users);
    expect(a.db.query.users).not.toBe(b.db.query.users);
    const [mine, theirs] = await Promise.all([a.db.query.users.findFirst({ where: eq(users.id, expert.id) }), b.db.query.users.findFirst({ where: eq(users.id, customer.id) })]);
    expect([mine?.email, theirs?.email]).toEqual(["expert@demo.ru", "customer@demo.ru"]);
    expect([a.queries.n, b.queries.n]).toEqual([1, 1]);
  });
});
