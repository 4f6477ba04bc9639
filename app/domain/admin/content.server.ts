import { and, asc, count, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { settings } from "../../../db/schema/platform";
import { communities, companies, faqGroups, faqQuestions, industries, institutions, options } from "../../../db/schema/reference";
import { auditInsert, auditOfInserted } from "~/server/audit.server";
import { bumpContentVersion } from "~/server/content-version.server";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import type { Actor } from "~/server/session.server";
import { communitySearchText } from "../communities/search-text";
import { DomainError, fieldError, notFound } from "../errors";
import { renderMarkdown } from "../faq/markdown.server";
import { LANDING_FIGURES_KEY, landingFigures } from "../landing/figures.server";
import { foldName } from "../names";
import { requireOperator } from "../policy.server";
import { footerContent, supportContent } from "../reference/reference.server";
import { col } from "../reads";
import { parseInput } from "../validation";
import { auditIfChangedQuery, auditIfInsertedQuery } from "./decision.server";
import { communitiesQuery, communitySchema, faqGroupSchema, faqQuestionSchema, footerSchema, landingFiguresSchema, previewSchema, supportSchema } from "./content-schema";

/**
 * The operator's content (issue 15): the FAQ, the footer and support contacts, the landing's figures and
 * the communities. Every edit is one batch: the change, its audit row (who, what, the new value) and the
 * content version's step (app/server/content-version.server.ts), so every isolate's guest pages and
 * content reads show the change with the next request.
 */

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
const saved = (ctx: AppContext) => ({ message: ctx.t("contentEdit.saved") });

/** GET /api/admin/content: everything editable but the communities (they page: adminCommunities). */
export async function contentOverview(ctx: AppContext, actor: Actor | null | undefined) {
  requireOperator(actor);
  const [groups, questions] = await ctx.db.batch([
    ctx.db.select().from(faqGroups).orderBy(asc(faqGroups.audience), asc(faqGroups.sort), asc(faqGroups.id)),
    ctx.db.select().from(faqQuestions).orderBy(asc(faqQuestions.sort), asc(faqQuestions.id)),
  ]);
  const [footer, support, figures] = await Promise.all([footerContent(ctx), supportContent(ctx), landingFiguresOf(ctx)]);
  return {
    faq: groups.map((g) => ({
      id: g.id,
      audience: g.audience,
      name: g.name,
      name_en: g.nameEn,
      sort: g.sort,
      questions: questions
        .filter((q) => q.groupId === g.id)
        .map((q) => ({ id: q.id, group_id: q.groupId, question: q.question, question_en: q.questionEn, answer: q.answer, answer_en: q.answerEn, sort: q.sort })),
    })),
    footer: { social_services: footer.socialServices, popup_url: footer.popupUrl },
    support: { email: support.options.email, tel: support.options.tel, social_services: support.socialServices },
    landing_figures: figures,
  };
}

const landingFiguresOf = landingFigures;

/** POST /api/admin/content/faq/groups[/{id}]: a group of one audience, both languages. */
export async function saveFaqGroup(ctx: AppContext, actor: Actor | null | undefined, id: number | null, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(faqGroupSchema, raw ?? {});
  const values = { audience: input.audience, name: input.name, nameEn: input.name_en, sort: input.sort };
  if (id === null) {
    const [[row]] = await ctx.db.batch([
      ctx.db.insert(faqGroups).values(values).returning({ id: faqGroups.id }),
      auditOfInserted(ctx, { actorUserId: operator.user.id, action: "content.faq_group_created", targetType: "faq_group", meta: input }),
      bumpContentVersion(ctx),
    ]);
    return { ...saved(ctx), id: row!.id };
  }
  const [changed] = await ctx.db.batch([
    ctx.db.update(faqGroups).set(values).where(eq(faqGroups.id, id)).returning({ id: faqGroups.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "content.faq_group_updated", targetType: "faq_group", targetId: id, meta: input }),
    bumpContentVersion(ctx),
  ]);
  if (!changed.length) throw notFound();
  return { ...saved(ctx), id };
}

/** DELETE /api/admin/content/faq/groups/{id}: only an empty group (its questions go first, on purpose). */
export async function deleteFaqGroup(ctx: AppContext, actor: Actor | null | undefined, id: number) {
  const operator = requireOperator(actor);
  const [gone] = await ctx.db.batch([
    ctx.db
      .delete(faqGroups)
      .where(and(eq(faqGroups.id, id), sql`not exists (select 1 from ${faqQuestions} where ${faqQuestions.groupId} = ${id})`))
      .returning({ id: faqGroups.id, name: faqGroups.name }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "content.faq_group_deleted", targetType: "faq_group", targetId: id }),
    bumpContentVersion(ctx),
  ]);
  if (!gone.length) {
    const [exists] = await ctx.db.select({ id: faqGroups.id }).from(faqGroups).where(eq(faqGroups.id, id)).limit(1);
    throw exists ? new DomainError("conflict", "contentEdit.group_not_empty") : notFound();
  }
  return { message: ctx.t("contentEdit.deleted") };
}

/** POST /api/admin/content/faq/questions[/{id}]: a question and its answer (Markdown) in both languages. */
export async function saveFaqQuestion(ctx: AppContext, actor: Actor | null | undefined, id: number | null, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(faqQuestionSchema, raw ?? {});
  const values = { groupId: input.group_id, question: input.question, questionEn: input.question_en, answer: input.answer, answerEn: input.answer_en, sort: input.sort };
  const groupExists = sql`exists (select 1 from ${faqGroups} where ${faqGroups.id} = ${input.group_id})`;
  if (id === null) {
    const [rows] = await ctx.db.batch([
      ctx.db
        .insert(faqQuestions)
        .select(
          sql`select null, ${input.group_id}, ${input.question}, ${input.answer}, ${input.question_en}, ${input.answer_en}, ${input.sort} where ${groupExists}`,
        )
        .returning({ id: faqQuestions.id }),
      auditIfInsertedQuery(ctx, { actorUserId: operator.user.id, action: "content.faq_question_created", targetType: "faq_question", meta: input }),
      bumpContentVersion(ctx),
    ]);
    if (!rows.length) throw fieldError("group_id", "contentEdit.group_unknown");
    return { ...saved(ctx), id: rows[0]!.id };
  }
  const [changed] = await ctx.db.batch([
    ctx.db.update(faqQuestions).set(values).where(and(eq(faqQuestions.id, id), groupExists)).returning({ id: faqQuestions.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "content.faq_question_updated", targetType: "faq_question", targetId: id, meta: input }),
    bumpContentVersion(ctx),
  ]);
  if (!changed.length) {
    const [group] = await ctx.db.select({ id: faqGroups.id }).from(faqGroups).where(eq(faqGroups.id, input.group_id)).limit(1);
    throw group ? notFound() : fieldError("group_id", "contentEdit.group_unknown");
  }
  return { ...saved(ctx), id };
}

/** DELETE /api/admin/content/faq/questions/{id}. */
export async function deleteFaqQuestion(ctx: AppContext, actor: Actor | null | undefined, id: number) {
  const operator = requireOperator(actor);
  const [gone] = await ctx.db.batch([
    ctx.db.delete(faqQuestions).where(eq(faqQuestions.id, id)).returning({ id: faqQuestions.id, question: faqQuestions.question }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "content.faq_question_deleted", targetType: "faq_question", targetId: id }),
    bumpContentVersion(ctx),
  ]);
  if (!gone.length) throw notFound();
  return { message: ctx.t("contentEdit.deleted") };
}

/** The preview of an answer: the HTML the FAQ page will show (the same renderer, so the same safety). */
export function previewAnswer(actor: Actor | null | undefined, raw: unknown) {
  requireOperator(actor);
  const input = parseInput(previewSchema, raw ?? {});
  return { html: renderMarkdown(input.answer) };
}

/** A content setting with its old value in the audit row. */
async function saveSetting(ctx: AppContext, operator: Actor, key: string, action: string, value: unknown, before: unknown) {
  await ctx.db.batch([
    ctx.db
      .insert(settings)
      .values({ key, value: JSON.stringify(value) })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } }),
    bumpContentVersion(ctx),
    auditInsert(ctx, { actorUserId: operator.user.id, action, targetType: "setting", targetId: key, meta: { from: before, to: value } }),
  ] as Batch);
  return saved(ctx);
}

/** POST /api/admin/content/footer {social_services, popup_url}. */
export async function saveFooter(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(footerSchema, raw ?? {});
  const before = await footerContent(ctx);
  return saveSetting(ctx, operator, "content.footer", "content.footer_updated", { socialServices: input.social_services, popupUrl: input.popup_url }, before);
}

/** POST /api/admin/content/support {email, tel, social_services}. */
export async function saveSupport(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(supportSchema, raw ?? {});
  const before = await supportContent(ctx);
  return saveSetting(ctx, operator, "content.support", "content.support_updated", { email: input.email, tel: input.tel, socialServices: input.social_services }, before);
}

/** POST /api/admin/content/landing-figures {experts, areas, competences}. */
export async function saveLandingFigures(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(landingFiguresSchema, raw ?? {});
  const before = await landingFiguresOf(ctx);
  return saveSetting(ctx, operator, LANDING_FIGURES_KEY, "content.landing_figures_updated", input, before);
}

const PER_PAGE = 50;

/** GET /api/admin/content/communities?search=&page=: every community, by name, 50 a page, paged in SQL. */
export async function adminCommunities(ctx: AppContext, actor: Actor | null | undefined, raw: unknown) {
  requireOperator(actor);
  const q = parseInput(communitiesQuery, raw ?? {});
  const where = q.search ? likeContains(communities.searchText, foldName(q.search)) : undefined;
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select({
        id: communities.id,
        type: communities.type,
        name: communities.name,
        chat_name: communities.chatName,
        chat_link: communities.chatLink,
        industry_id: communities.industryId,
        option_id: communities.optionId,
        institution_id: communities.institutionId,
        company_id: communities.companyId,
        // Aliased (col): D1's batch keys rows by column name, and the joined names took the community's
        // `name` (the editor showed, and a save of the untouched form wrote, the company's name).
        industry: col(industries.name, "industry_name"),
        option: col(options.name, "option_name"),
        institution: col(institutions.name, "institution_name"),
        company: col(companies.name, "company_name"),
      })
      .from(communities)
      .leftJoin(industries, eq(industries.id, communities.industryId))
      .leftJoin(options, eq(options.id, communities.optionId))
      .leftJoin(institutions, eq(institutions.id, communities.institutionId))
      .leftJoin(companies, eq(companies.id, communities.companyId))
      .where(where)
      .orderBy(asc(communities.name), asc(communities.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    ctx.db.select({ n: count() }).from(communities).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items: rows, total: n, page: q.page, pages: Math.max(1, Math.ceil(n / PER_PAGE)), search: q.search ?? "" };
}

/**
 * POST /api/admin/content/communities[/{id}]: a community with its chat and what it belongs to. Its
 * search_text is written with it (communitySearchText), so the directory's search finds the new name.
 * The referenced entries must exist (an approved function, company or institution).
 */
export async function saveCommunity(ctx: AppContext, actor: Actor | null | undefined, id: number | null, raw: unknown) {
  const operator = requireOperator(actor);
  const input = parseInput(communitySchema, raw ?? {});
  const refs: [string, number | null, ReturnType<typeof sql>][] = [
    ["industry_id", input.industry_id, sql`select 1 from ${industries} where ${industries.id} = ${input.industry_id}`],
    ["option_id", input.option_id, sql`select 1 from ${options} where ${options.id} = ${input.option_id} and ${options.status} = 'active'`],
    ["institution_id", input.institution_id, sql`select 1 from ${institutions} where ${institutions.id} = ${input.institution_id} and ${institutions.status} = 'active'`],
    ["company_id", input.company_id, sql`select 1 from ${companies} where ${companies.id} = ${input.company_id} and ${companies.status} = 'active'`],
  ];
  for (const [field, value, exists] of refs) {
    if (value === null) continue;
    const found = await ctx.db.get<unknown>(sql`${exists} limit 1`);
    if (!found) throw fieldError(field, "contentEdit.reference_unknown");
  }
  const values = {
    type: input.type,
    name: input.name,
    chatName: input.chat_name,
    chatLink: input.chat_link,
    industryId: input.industry_id,
    optionId: input.option_id,
    institutionId: input.institution_id,
    companyId: input.company_id,
    searchText: communitySearchText(input.name, input.chat_name),
  };
  if (id === null) {
    const [[row]] = await ctx.db.batch([
      ctx.db.insert(communities).values(values).returning({ id: communities.id }),
      auditOfInserted(ctx, { actorUserId: operator.user.id, action: "content.community_created", targetType: "community", meta: input }),
      bumpContentVersion(ctx),
    ]);
    return { ...saved(ctx), id: row!.id };
  }
  const [changed] = await ctx.db.batch([
    ctx.db.update(communities).set(values).where(eq(communities.id, id)).returning({ id: communities.id }),
    auditIfChangedQuery(ctx, { actorUserId: operator.user.id, action: "content.community_updated", targetType: "community", targetId: id, meta: input }),
    bumpContentVersion(ctx),
  ]);
  if (!changed.length) throw notFound();
  return { ...saved(ctx), id };
}
