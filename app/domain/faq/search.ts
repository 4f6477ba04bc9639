import { foldName } from "../names";

/**
 * The FAQ search (spec 1 §2): questions whose text contains the query, trimmed and case-insensitive
 * (ё and е alike, runs of spaces as one). Shared by the page in the browser and its loader without
 * JavaScript, so both find the same questions.
 */
export function filterQuestions<Q extends { question: string }, G extends { questions: Q[] }>(groups: G[], query: string): G[] {
  const q = foldName(query);
  if (!q) return groups;
  return groups.map((g) => ({ ...g, questions: g.questions.filter((item) => foldName(item.question).includes(q)) })).filter((g) => g.questions.length > 0);
}
