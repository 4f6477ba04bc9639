import type { AppContext } from "~/server/context.server";
import { memo } from "~/server/memo.server";
import { listQuestions, type FaqGroupView } from "../reference/reference.server";
import { renderMarkdown } from "./markdown.server";

const FAQ_HTML_TTL_MS = 60_000;

/** Answers become HTML here, on the server: `marked` stays out of the browser bundle. */
const withHtml = (groups: FaqGroupView[]) =>
  groups.map((g) => ({ id: g.id, groupName: g.groupName, questions: g.questions.map((q) => ({ id: q.id, question: q.question, answerHtml: renderMarkdown(q.answer) })) }));

/** Both FAQ sets, ready for the FAQ list (app/components/faq/faq-list.tsx): the FAQ page and the settings page. */
export async function faqSets(ctx: AppContext) {
  // Rendered once per language for as long as the isolate keeps the questions (the same key prefix,
  // so an operator's change forgets both).
  return memo(`ref:faq:html:${ctx.lang}`, FAQ_HTML_TTL_MS, async () => {
    const sets = await listQuestions(ctx);
    return { customer: withHtml(sets.customer), executor: withHtml(sets.expert) };
  });
}
export type FaqSets = Awaited<ReturnType<typeof faqSets>>;
