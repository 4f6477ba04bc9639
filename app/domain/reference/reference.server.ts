import { and, asc, eq, or, sql } from "drizzle-orm";
import { isUsableBy, usableBy } from "./usable";
import type { Db } from "../../../db/client";
import { faqGroups, faqQuestions, industries, options, taxes, workTypes } from "../../../db/schema/reference";
import { settings } from "../../../db/schema/platform";
import { auditOfInserted } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { memo } from "~/server/memo.server";
import { contentMemo } from "~/server/content-version.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { fieldError, notFound } from "../errors";
import { foldName, localName, sameNamed } from "../names";
import { parseInput } from "../validation";
import { prepared, read, runRead, type Params } from "../reads";
import { newOptionSchema, searchQuery } from "./schema";

/** Case-insensitive for Cyrillic too (SQLite's LIKE and lower() fold ASCII only): these lists are small, so filter in JS. */
/** A reference item's name (or its English one) contains the search, case, ё and spaces aside. */
export const nameMatches = (search: string, ...names: (string | null)[]) => names.some((n) => n !== null && foldName(n).includes(foldName(search)));

const REFERENCE_TTL_MS = 60_000;

export async function listIndustries(ctx: AppContext) {
  const rows = await memo("ref:industries", REFERENCE_TTL_MS, () => ctx.db.select().from(industries).orderBy(asc(industries.sort), asc(industries.name)));
  return rows.map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn) }));
}

export async function getIndustry(ctx: AppContext, id: number) {
  const row = (await memo("ref:industries", REFERENCE_TTL_MS, () => ctx.db.select().from(industries).orderBy(asc(industries.sort), asc(industries.name)))).find((r) => r.id === id);
  if (!row) throw notFound();
  return { id: row.id, name: localName(ctx, row.name, row.nameEn) };
}

/**
 * Active functions of the tree (parent_id null = main). A signed-in user also sees the ones they proposed.
 * One read, so that a page puts it in its own batch (not cached: an approved function shows at once).
 */
export function optionsRead(ctx: AppContext, actor: Actor | null, raw: unknown) {
  const { search } = parseInput(searchQuery, raw);
  const statement = actor ? optionsStatements.signedIn({ userId: actor.user.id }) : optionsStatements.guest({});
  return read([statement] as const, ([rows]) =>
    rows.filter((r) => !search || nameMatches(search, r.name, r.nameEn)).map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn), parent_id: r.parentId, status: r.status })),
  );
}

/**
 * The functions a caller may pick, built once per isolate (decision 0041): the active ones, and for a
 * signed-in caller his own proposals in moderation too. Parents first, then by parent and name.
 */
const optionsSelect = (db: Db) => db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId, status: options.status }).from(options);
const optionsOrder = [sql`${options.parentId} is not null`, asc(options.parentId), asc(options.name)] as const;
const optionsStatements = {
  guest: prepared((db) => optionsSelect(db).where(eq(options.status, "active")).orderBy(...optionsOrder)),
  signedIn: prepared((db, p: Params<{ userId: number }>) =>
    optionsSelect(db)
      .where(usableBy(options, p.userId))
      .orderBy(...optionsOrder),
  ),
};

export async function listOptions(ctx: AppContext, actor: Actor | null, raw: unknown) {
  return runRead(ctx, optionsRead(ctx, actor, raw));
}

/** POST /api/options {name}: a new function goes to moderation; the same name under the same parent is reused. */
export async function createOption(ctx: AppContext, actor: Actor, raw: unknown) {
  const input = parseInput(newOptionSchema, raw);
  await hit(ctx, "options_user", actor.user.id);
  if (input.parent_id) {
    const parent = await ctx.db.query.options.findFirst({ where: and(eq(options.id, input.parent_id), eq(options.status, "active")) });
    if (!parent || parent.parentId !== null) throw fieldError("parent_id", "validation.option_parent");
  }
  // Compared in JS: SQLite's lower() folds ASCII only, so «АУДИТ» and «аудит» were different names.
  const siblings = await ctx.db.query.options.findMany({
    where: input.parent_id ? eq(options.parentId, input.parent_id) : sql`${options.parentId} is null`,
  });
  const reuse = sameNamed(
    siblings.filter((o) => isUsableBy(o, actor.user.id)),
    input.name,
  );
  if (reuse) return { id: reuse.id, status: reuse.status };
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(options)
      .values({ name: input.name, parentId: input.parent_id ?? null, status: "moderation", createdBy: actor.user.id })
      .returning({ id: options.id }),
    auditOfInserted(ctx, { actorUserId: actor.user.id, action: "option.proposed", targetType: "option" }),
  ]);
  return { id: row!.id, status: "moderation" as const };
}

export async function listWorkTypes(ctx: AppContext, raw: unknown) {
  const { search } = parseInput(searchQuery, raw);
  const rows = await ctx.db.select().from(workTypes).orderBy(asc(workTypes.id));
  return rows.filter((r) => !search || nameMatches(search, r.name, r.nameEn)).map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn) }));
}

/** GET /api/taxes: the tax regimes of the reference data (spec 2 §7), with their rate in percent. */
export async function listTaxes(ctx: AppContext) {
  const rows = await memo("ref:taxes", REFERENCE_TTL_MS, () => ctx.db.select().from(taxes).orderBy(asc(taxes.id)));
  return rows.map((r) => ({ id: r.id, name: localName(ctx, r.name, r.nameEn), percent: r.percent }));
}

/** A content setting (footer, support, the landing's figures): kept per content version (content-version.server). */
export async function readSetting<T>(ctx: AppContext, key: string, fallback: T): Promise<T> {
  // Parsed once per content version: every page's footer and support read two of these.
  const value = await contentMemo(ctx, `setting:${key}`, async () => {
    const row = await ctx.db.query.settings.findFirst({ where: eq(settings.key, key) });
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  });
  return value === undefined ? fallback : (value as T);
}

export type SocialService = { code: string; name: string; link: string };

export async function footerContent(ctx: AppContext) {
  const content = await readSetting(ctx, "content.footer", { socialServices: [] as SocialService[], popupUrl: null as string | null });
  return { socialServices: content.socialServices, popupUrl: content.popupUrl };
}

export async function supportContent(ctx: AppContext) {
  const content = await readSetting(ctx, "content.support", { email: "", tel: "", socialServices: [] as SocialService[] });
  return { options: { email: content.email, tel: content.tel }, socialServices: content.socialServices };
}

/** GET /api/questions: the customer and expert FAQ sets, groups in order, answers in markdown. */
export async function listQuestions(ctx: AppContext) {
  const rows = await contentMemo(ctx, "faq", () =>
    ctx.db
      .select({ group: faqGroups, q: faqQuestions })
      .from(faqGroups)
      .leftJoin(faqQuestions, eq(faqQuestions.groupId, faqGroups.id))
      .orderBy(asc(faqGroups.sort), asc(faqGroups.id), asc(faqQuestions.sort), asc(faqQuestions.id)),
  );
  const sets = { customer: [] as FaqGroupView[], expert: [] as FaqGroupView[] };
  const byId = new Map<number, FaqGroupView>();
  for (const { group, q } of rows) {
    let g = byId.get(group.id);
    if (!g) {
      g = { id: group.id, groupName: localName(ctx, group.name, group.nameEn), questions: [] };
      byId.set(group.id, g);
      sets[group.audience].push(g);
    }
    if (q) g.questions.push({ id: q.id, question: localName(ctx, q.question, q.questionEn), answer: localName(ctx, q.answer, q.answerEn) });
  }
  return sets;
}
export type FaqGroupView = { id: number; groupName: string; questions: { id: number; question: string; answer: string }[] };
