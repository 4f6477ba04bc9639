import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { usableBy } from "../reference/usable";
import { inIds } from "../id-list";
import type { BatchItem } from "drizzle-orm/batch";
import { workareas, works } from "../../../db/schema/experience";
import { companies, industries, options, workRoles } from "../../../db/schema/reference";
import { nameMatches } from "../reference/reference.server";
import { parseInput } from "../validation";
import { searchQuery } from "../reference/schema";
import { ratingsBySubject } from "../reputation/ratings.server";
import { auditInsert, auditOfInserted } from "~/server/audit.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { DomainError, notFound } from "../errors";
import { sqlBatch } from "../admin/decision.server";
import { isGuardFailure } from "../batch-guard";
import { tribeKey } from "../reputation/keys";
import { roundRating } from "../reputation/score";
import { foldName, localName, sameNamed } from "../names";
import { groupSpecializations, workYears, type SpecializationItem } from "./rules";
import { nameSearch, newCompany, parseExperience, worksSave, type WorkInput } from "./schema";
import { col, prepared, read, runBatch, type Params, type RowsOf } from "../reads";
import type { Db } from "../../../db/client";

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export type WorkView = {
  id: number;
  company: string;
  company_id: number;
  status: "active" | "moderation" | "rejected";
  work_start: string;
  work_finish: string | null;
  workareas: { id: number; industry: { id: number; name: string }; option: { id: number; parent_id: number | null; name: string }; role: { id: number; name: string }; work_years: number }[];
};

/** A user's works (all, or one of them: `workId`), current works first, then the latest. */
const worksSelect = (db: Db, where: (t: typeof works) => SQL | undefined) =>
  db
    .select({ id: works.id, companyId: works.companyId, company: companies.name, status: companies.status, workStart: works.workStart, workFinish: works.workFinish })
    .from(works)
    .innerJoin(companies, eq(companies.id, works.companyId))
    .where(where(works))
    .orderBy(sql`${works.workFinish} is not null`, desc(works.workFinish), desc(works.workStart), desc(works.id));

/** The workareas of a user's works (all, or of one work). */
const workareasSelect = (db: Db, where: (t: typeof workareas) => SQL | undefined) =>
  db
    .select({
      id: col(workareas.id, "wa_id"),
      workId: col(workareas.workId, "wa_work_id"),
      industryId: col(industries.id, "ind_id"),
      industry: col(industries.name, "ind_name"),
      industryEn: col(industries.nameEn, "ind_name_en"),
      optionId: col(options.id, "opt_id"),
      optionParent: col(options.parentId, "opt_parent"),
      optionStatus: col(options.status, "opt_status"),
      option: col(options.name, "opt_name"),
      optionEn: col(options.nameEn, "opt_name_en"),
      roleId: col(workRoles.id, "role_id"),
      role: col(workRoles.name, "role_name"),
      roleEn: col(workRoles.nameEn, "role_name_en"),
    })
    .from(workareas)
    .innerJoin(industries, eq(industries.id, workareas.industryId))
    .innerJoin(options, eq(options.id, workareas.optionId))
    .innerJoin(workRoles, eq(workRoles.id, workareas.roleId))
    .where(where(workareas))
    .orderBy(asc(workareas.id));

/** The statements of this area's profile reads, their SQL built once per isolate (decision 0041): one per shape. */
const workStatements = {
  works: prepared((db, p: Params<{ userId: number }>) => worksSelect(db, (t) => eq(t.userId, p.userId))),
  areas: prepared((db, p: Params<{ userId: number }>) => workareasSelect(db, (t) => eq(t.userId, p.userId))),
  work: prepared((db, p: Params<{ userId: number; workId: number }>) => worksSelect(db, (t) => and(eq(t.userId, p.userId), eq(t.id, p.workId)))),
  workAreas: prepared((db, p: Params<{ userId: number; workId: number }>) => workareasSelect(db, (t) => and(eq(t.userId, p.userId), eq(t.workId, p.workId)))),
  roles: prepared((db) => db.select().from(workRoles).orderBy(asc(workRoles.id))),
  hasWork: prepared((db, p: Params<{ userId: number }>) => db.select({ id: works.id }).from(works).where(eq(works.userId, p.userId)).limit(1)),
  abilities: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({
        industryId: col(workareas.industryId, "ab_ind_id"),
        optionId: col(workareas.optionId, "ab_opt_id"),
        industry: col(industries.name, "ab_ind_name"),
        industryEn: col(industries.nameEn, "ab_ind_name_en"),
        option: col(options.name, "ab_opt_name"),
        optionEn: col(options.nameEn, "ab_opt_name_en"),
        role: col(workRoles.name, "ab_role_name"),
        roleEn: col(workRoles.nameEn, "ab_role_name_en"),
        company: col(companies.name, "ab_company"),
        companyStatus: col(companies.status, "ab_company_status"),
        optionStatus: col(options.status, "ab_opt_status"),
        // The years are the period's, counted on each read (to today while working, spec 2 §3).
        workStart: col(works.workStart, "ab_work_start"),
        workFinish: col(works.workFinish, "ab_work_finish"),
      })
      .from(workareas)
      .innerJoin(works, eq(works.id, workareas.workId))
      .innerJoin(companies, eq(companies.id, works.companyId))
      .innerJoin(industries, eq(industries.id, workareas.industryId))
      .innerJoin(options, eq(options.id, workareas.optionId))
      .innerJoin(workRoles, eq(workRoles.id, workareas.roleId))
      .where(eq(workareas.userId, p.userId))
      .orderBy(asc(workareas.id)),
  ),
};

/** The two reads of a user's works (one batch with whatever else the caller reads); one work's with `workId`. */
export function worksQueries(userId: number, workId?: number) {
  const s = workStatements;
  return workId === undefined ? ([s.works({ userId }), s.areas({ userId })] as const) : ([s.work({ userId, workId }), s.workAreas({ userId, workId })] as const);
}

type WorkRows = RowsOf<ReturnType<typeof worksQueries>[0]>;
type AreaRows = RowsOf<ReturnType<typeof worksQueries>[1]>;

/**
 * `publicOnly` (anyone but the owner): a work at a company and a workarea with a function still proposed
 * (in moderation, or rejected) are left out: an entry reaches others once an operator approves it (decision
 * 0014), as the competences do.
 */
export function worksView(ctx: AppContext, rows: WorkRows, areas: AreaRows, publicOnly = false): WorkView[] {
  return rows.filter((w) => !publicOnly || w.status === "active").map((w) => ({
    id: w.id,
    company: w.company,
    company_id: w.companyId,
    status: w.status,
    work_start: w.workStart,
    work_finish: w.workFinish,
    workareas: areas
      .filter((a) => a.workId === w.id && (!publicOnly || a.optionStatus === "active"))
      .map((a) => ({
        id: a.id,
        industry: { id: a.industryId, name: localName(ctx, a.industry, a.industryEn) },
        option: { id: a.optionId, parent_id: a.optionParent, name: localName(ctx, a.option, a.optionEn) },
        role: { id: a.roleId, name: localName(ctx, a.role, a.roleEn) },
        // spec 2 §3: the whole period in years, to today while working: counted now, not when it was saved.
        work_years: workYears(w.workStart, w.workFinish, ctx.now()),
      })),
  }));
}

/** A user's works (GET /api/user/profile/works, the `work` of GET /api/user and /api/user/{id}). One batch. */
export async function listWorks(ctx: AppContext, userId: number): Promise<WorkView[]> {
  const [rows, areas] = await runBatch(ctx, worksQueries(userId));
  return worksView(ctx, rows, areas);
}

/** GET /api/user/profile/works/{id}: only the owner's; someone else's answers like a missing one. */
export async function getWork(ctx: AppContext, actor: Actor, id: number): Promise<WorkView> {
  const [rows, areas] = await runBatch(ctx, worksQueries(actor.user.id, id));
  const work = worksView(ctx, rows, areas)[0];
  if (!work) throw notFound();
  return work;
}

/** DELETE /api/user/profile/works/{id}: the work and its workareas, in one batch. */
export async function deleteWork(ctx: AppContext, actor: Actor, id: number) {
  const own = and(eq(works.id, id), eq(works.userId, actor.user.id));
  const [deleted] = await ctx.db.batch([
    ctx.db.delete(works).where(own).returning({ id: works.id }),
    ctx.db.delete(workareas).where(and(eq(workareas.workId, id), eq(workareas.userId, actor.user.id))),
  ]);
  if (!deleted.length) throw notFound();
  return { id };
}

/** A company the user may pick: an active one, or their own in moderation. */
const pickable = (actor: Actor) => usableBy(companies, actor.user.id);

/**
 * POST /api/user/profile/works {works:[work]}: creates a work, or edits it when work_id is given.
 * References are checked in one read batch, everything is written in one write batch: a new company
 * (in moderation, spec 2 §4), the work and its workareas, with the years of the period.
 */
export async function saveWorks(ctx: AppContext, actor: Actor, raw: unknown, again = false): Promise<{ works: Awaited<ReturnType<typeof listWorks>> }> {
  const now = ctx.now();
  const input = parseExperience(worksSave(now), raw, { year: now.getUTCFullYear() });
  const list = input.works;
  const ids = (pick: (w: WorkInput) => number[]) => [...new Set(list.flatMap(pick))];
  const companyIds = ids((w) => (w.company_id ? [w.company_id] : []));
  const industryIds = ids((w) => w.workareas.map((a) => a.industry_id));
  const optionIds = ids((w) => w.workareas.map((a) => a.option_id));
  const roleIds = ids((w) => w.workareas.map((a) => a.role_id));
  const workIds = ids((w) => (w.work_id ? [w.work_id] : []));
  const newNames = [...new Set(list.flatMap((w) => (w.new_company ? [w.new_company.replace(/\s+/g, " ")] : [])))];
  const none = sql`0`;
  // Each list as one bound parameter (inIds): ten works of thirty workareas name up to 300 ids, over D1's 100
  // parameters a statement.
  const [comp, ind, opt, rol, own, sameName] = await ctx.db.batch([
    ctx.db.select({ id: companies.id }).from(companies).where(companyIds.length ? and(inIds(companies.id, companyIds), pickable(actor)) : none),
    ctx.db.select({ id: industries.id }).from(industries).where(industryIds.length ? inIds(industries.id, industryIds) : none),
    // spec README: a workarea's option is a sub-function.
    ctx.db.select({ id: options.id }).from(options).where(optionIds.length ? and(inIds(options.id, optionIds), sql`${options.parentId} is not null`, usableBy(options, actor.user.id)) : none),
    ctx.db.select({ id: workRoles.id }).from(workRoles).where(roleIds.length ? inIds(workRoles.id, roleIds) : none),
    ctx.db.select({ id: works.id }).from(works).where(workIds.length ? and(inIds(works.id, workIds), eq(works.userId, actor.user.id)) : none),
    // A typed name is compared with every pickable company in JS (SQLite folds ASCII only).
    ctx.db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(newNames.length ? pickable(actor) : none),
  ]);
  const has = (rows: { id: number }[], id: number) => rows.some((r) => r.id === id);
  const fields: Record<string, string[]> = {};
  list.forEach((w, i) => {
    if (w.company_id && !has(comp, w.company_id)) fields[`works.${i}.company_id`] = ["experience.company_required"];
    if (w.workareas.some((a) => !has(ind, a.industry_id) || !has(opt, a.option_id))) fields[`works.${i}.workareas`] = ["experience.workareas_required"];
    if (w.workareas.some((a) => !has(rol, a.role_id))) fields[`works.${i}.role_id`] = ["experience.role_required"];
  });
  if (Object.keys(fields).length) throw new DomainError("validation", Object.values(fields)[0]![0]!, { fields });
  if (list.some((w) => w.work_id && !has(own, w.work_id))) throw notFound();

  const q: BatchItem<"sqlite">[] = [];
  // A name proposed twice in one save (another case, ё for е) is one company, under its first spelling.
  const created = new Map<string, string>();
  for (const w of list) {
    let companyId: number | ReturnType<typeof sql> | undefined = w.company_id;
    if (!companyId) {
      const typed = w.new_company!.replace(/\s+/g, " ");
      const existing = sameNamed(sameName, typed);
      if (existing) companyId = existing.id;
      else {
        let name = created.get(foldName(typed));
        if (name === undefined) {
          name = typed;
          created.set(foldName(typed), name);
          q.push(ctx.db.insert(companies).values({ name, status: "moderation", createdBy: actor.user.id }));
          q.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "company.proposed", targetType: "company", meta: { name } }));
        }
        companyId = sql`(select max(id) from ${companies} where ${companies.createdBy} = ${actor.user.id} and ${companies.name} = ${name})`;
      }
    }
    const years = workYears(w.work_start, w.work_finish, now);
    let workRef: number | ReturnType<typeof sql>;
    if (w.work_id) {
      workRef = w.work_id;
      q.push(ctx.db.update(works).set({ companyId: companyId as number, workStart: w.work_start, workFinish: w.work_finish }).where(and(eq(works.id, w.work_id), eq(works.userId, actor.user.id))));
      q.push(ctx.db.delete(workareas).where(and(eq(workareas.workId, w.work_id), eq(workareas.userId, actor.user.id))));
    } else {
      q.push(ctx.db.insert(works).values({ userId: actor.user.id, companyId: companyId as number, workStart: w.work_start, workFinish: w.work_finish }));
      // Inside the batch (one transaction) the user's newest work is the one just written.
      workRef = sql`(select max(id) from ${works} where ${works.userId} = ${actor.user.id})`;
    }
    const rows = w.workareas.map((a) => ({ workId: workRef as number, userId: actor.user.id, industryId: a.industry_id, optionId: a.option_id, roleId: a.role_id, workYears: years }));
    // D1 binds at most 100 parameters per statement (7 per row here, with the work's subquery).
    for (let i = 0; i < rows.length; i += 10) q.push(ctx.db.insert(workareas).values(rows.slice(i, i + 10)));
  }
  // The companies and functions checked above are still the user's to pick when the batch writes: an
  // operator's rejection or merge landing in between fails it whole (no work at a removed entry). So does an
  // edited work deleted in between (another tab): its workareas would be written for a work that is gone.
  const editedWorks = list.flatMap((w) => (w.work_id ? [w.work_id] : []));
  const pickedCompanies = [...new Set([...companyIds, ...list.flatMap((w) => (w.company_id ? [] : (sameNamed(sameName, w.new_company!.replace(/\s+/g, " "))?.id ?? [])))])];
  q.push(
    sql`select json('lost race') as failed where exists (select 1 from json_each(${JSON.stringify(pickedCompanies)}) j where not exists (select 1 from ${companies} where ${companies.id} = j.value and ${pickable(actor)}))
      or exists (select 1 from json_each(${JSON.stringify(optionIds)}) j where not exists (select 1 from ${options} where ${options.id} = j.value and ${usableBy(options, actor.user.id)}))
      or exists (select 1 from json_each(${JSON.stringify(editedWorks)}) j where not exists (select 1 from ${works} where ${works.id} = j.value and ${works.userId} = ${actor.user.id}))` as never,
  );
  // Each new company goes to the operators' moderation queue: counted per company.
  if (created.size && !again) await hitAll(ctx, [{ name: "proposals_user", subject: actor.user.id, weight: created.size }]);
  try {
    await sqlBatch(ctx, q as never[]);
  } catch (e) {
    // Checked again: the entry that went is now the field's error (once; a second loss is a conflict).
    if (!isGuardFailure(e)) throw e;
    if (again) throw new DomainError("conflict", "experience.changed_meanwhile");
    return saveWorks(ctx, actor, raw, true);
  }
  return { works: await listWorks(ctx, actor.user.id) };
}

/** GET /api/companies?name: active companies matching the name, and the caller's own in moderation. */
export async function searchCompanies(ctx: AppContext, actor: Actor, raw: unknown) {
  const { name } = parseExperience(nameSearch, raw);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(pickable(actor)).orderBy(asc(companies.name));
  const q = name ? foldName(name) : "";
  return rows.filter((r) => !q || foldName(r.name).includes(q)).slice(0, 100);
}

/** POST /api/companies {name}: a new company goes to moderation; an existing name is reused. */
export async function createCompany(ctx: AppContext, actor: Actor, raw: unknown) {
  const { name: rawName } = parseExperience(newCompany, raw);
  const name = rawName.replace(/\s+/g, " ");
  const same = sameNamed(await ctx.db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(pickable(actor)), name);
  if (same) return { id: same.id, name: same.name, status: same.status };
  await hit(ctx, "proposals_user", actor.user.id);
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(companies).values({ name, status: "moderation", createdBy: actor.user.id }).returning({ id: companies.id }),
    auditOfInserted(ctx, { actorUserId: actor.user.id, action: "company.proposed", targetType: "company", meta: { name } }),
  ]);
  return { id: row!.id, name, status: "moderation" as const };
}

/** GET /api/work_roles: the roles of the reference data. */
export async function listWorkRoles(ctx: AppContext, raw: unknown = {}) {
  // spec 3 §7: `search` narrows the list (as the work types').
  const { search } = parseInput(searchQuery, raw);
  const rows = await ctx.db.select().from(workRoles).orderBy(asc(workRoles.id));
  return rows.filter((r) => !search || nameMatches(search, r.name, r.nameEn)).map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn) }));
}

/** The reads of the specializations: the workareas with their companies, and the tribe ratings. */
export function abilitiesQueries(userId: number) {
  return [workStatements.abilities({ userId }), ratingsBySubject(userId, "tribe")] as const;
}

export function abilitiesView(ctx: AppContext, areas: RowsOf<ReturnType<typeof abilitiesQueries>[0]>, rated: RowsOf<ReturnType<typeof abilitiesQueries>[1]>, publicOnly = false) {
  const byKey = new Map(rated.map((r) => [r.key, r]));
  const items = new Map<string, SpecializationItem>();
  for (const a of areas) {
    // As worksView: a proposed function is the owner's alone until approved; so is a proposed company's
    // name, while the (industry, function) pair it was done in stays a specialization of his.
    if (publicOnly && a.optionStatus !== "active") continue;
    const company = publicOnly && a.companyStatus !== "active" ? null : a.company;
    const key = tribeKey(a.industryId, a.optionId);
    let item = items.get(key);
    if (!item) {
      const r = byKey.get(key);
      items.set(
        key,
        (item = {
          name: `${localName(ctx, a.industry, a.industryEn)} - ${localName(ctx, a.option, a.optionEn)}`,
          industry_id: a.industryId,
          option_id: a.optionId,
          companies: [],
          roles: [],
          years: 0,
          rating: r ? roundRating(Number(r.avg)) : 0,
          rating_count: r ? Number(r.n) : 0,
        }),
      );
    }
    if (company !== null && !item.companies.includes(company)) item.companies.push(company);
    const role = localName(ctx, a.role, a.roleEn);
    if (!item.roles.includes(role)) item.roles.push(role);
    item.years += workYears(a.workStart, a.workFinish, ctx.now());
  }
  return groupSpecializations([...items.values()]);
}

/** GET /api/user/profile/abilities (and the `abilities` of GET /api/user/{id}): grouped, best first. One batch. */
export async function listAbilities(ctx: AppContext, userId: number) {
  const [areas, rated] = await runBatch(ctx, abilitiesQueries(userId));
  return abilitiesView(ctx, areas, rated);
}

export type SectionOptions = { readOnly: boolean };

/** The #experience section of the profile page: the works and, for the owner, the roles. Three statements. */
export function experienceRead(ctx: AppContext, userId: number, opts: SectionOptions) {
  return read([...worksQueries(userId), workStatements.roles({})], ([rows, areas, roles]) => ({
    readOnly: opts.readOnly,
    works: worksView(ctx, rows, areas, opts.readOnly),
    roles: opts.readOnly ? [] : roles.map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn) })),
  }));
}
export type ExperienceSectionData = Awaited<ReturnType<ReturnType<typeof experienceRead>["view"]>>;

/** The specializations part of the #projects section. Three statements. */
export function specializationsRead(ctx: AppContext, userId: number, opts: SectionOptions) {
  return read([...abilitiesQueries(userId), workStatements.hasWork({ userId })], ([areas, rated, hasWork]) => ({
    readOnly: opts.readOnly,
    groups: abilitiesView(ctx, areas, rated, opts.readOnly),
    hasWork: hasWork.length > 0,
  }));
}
export type SpecializationsSectionData = Awaited<ReturnType<ReturnType<typeof specializationsRead>["view"]>>;
