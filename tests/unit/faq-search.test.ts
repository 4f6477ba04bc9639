import { describe, expect, it } from "vitest";
import { filterQuestions } from "~/domain/faq/search";

const groups = [
  { id: 1, groupName: "Бюджет", questions: [{ question: "Какая комиссия у сервиса?" }, { question: "Как указать бюджет?" }] },
  { id: 2, groupName: "Договор", questions: [{ question: "Как заключается договор?" }, { question: "Что такое обеспечительный платёж?" }] },
];

describe("filterQuestions", () => {
  it("keeps every group for an empty or blank query", () => {
    expect(filterQuestions(groups, "")).toEqual(groups);
    expect(filterQuestions(groups, "   ")).toEqual(groups);
  });

  it("matches the question text trimmed and case-insensitive, and drops empty groups", () => {
    expect(filterQuestions(groups, "  КОМИССИЯ ")).toEqual([{ ...groups[0], questions: [{ question: "Какая комиссия у сервиса?" }] }]);
  });

  it("treats ё as е and runs of spaces as one", () => {
    expect(filterQuestions(groups, "обеспечительный   платеж").map((g) => g.id)).toEqual([2]);
  });

  it("finds nothing for an unknown word", () => {
    expect(filterQuestions(groups, "квантовый")).toEqual([]);
  });
});
