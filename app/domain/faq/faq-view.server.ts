import type { AppContext } from "~/server/context.server";
import { contentMemo } from "~/server/content-version.server";
import { listQuestions, type FaqGroupView } from "../reference/reference.server";
import { renderMarkdown } from "./markdown.server";

/** Answers become HTML here, on the server: `marked` stays out of the browser bundle. */
const withHtml = (groups: FaqGroupView[]) =>
  groups.map((g) => ({ id: g.id, groupName: g.groupName, questions: g.questions.map((q) => ({ id: q.id, question: q.question, answerHtml: renderMarkdown(q.answer) })) }));

/** Both FAQ sets, ready for the FAQ list (app/components/faq/faq-list.tsx): the FAQ page and the settings page. */
export async function faqSets(ctx: AppContext) {
  // Rendered once per language and content version (an operator's change is a new version).
  return contentMemo(ctx, `faq:html:${ctx.lang}`, async () => {
    const sets = await listQuestions(ctx);
    return { customer: withHtml(sets.customer), executor: withHtml(sets.expert) };
  });
}
export type FaqSets = Awaited<ReturnType<typeof faqSets>>;
