import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expertises, industries, options } from "../../db/seed/reference-data";
import { docxText } from "~/domain/cases/resume-text.server";
import { findWorkPeriods, indexText, mentions, proposeFromText } from "~/domain/cases/resume-match";
import { shortFileName } from "~/domain/cases/limits";

type Node = { id: number; name: string; nameEn: string; children?: Node[] };
const flat = (list: Node[], parentId: number | null = null): { id: number; name: string; nameEn: string; parentId: number | null }[] =>
  list.flatMap((n) => [{ id: n.id, name: n.name, nameEn: n.nameEn, parentId }, ...flat(n.children ?? [], n.id)]);
const refs = () => {
  const exp = flat(expertises as Node[]);
  const parents = new Set(exp.map((e) => e.parentId));
  return { industries, options: flat(options as Node[]), expertises: exp.filter((e) => !parents.has(e.id)) };
};
const none = () => ({ industries: new Set<number>(), options: new Set<number>(), expertises: new Set<number>() });

describe("reading a resume against the reference data", () => {
  it("finds names in any case ending, in Russian and English, as whole words", () => {
    const has = (text: string, name: string) => mentions(indexText(text), name);
    expect(has("Опыт в ритейле", "Ритейл")).toBe(true);
    expect(has("Построение финансового моделирования", "Финансовое моделирование")).toBe(true);
    expect(has("Financial modelling, DCF", "Financial Modelling")).toBe(true);
    expect(has("FMCGX brands", "FMCG")).toBe(false);
    expect(has("Отчётность по МСФО и РСБУ", "МСФО")).toBe(true);
    expect(has("моделирование финансовое", "Финансовое моделирование")).toBe(false);
  });

  it("proposes the industries, functions and competences of the DOCX fixture, without what the profile has", () => {
    const text = docxText(new Uint8Array(readFileSync("tests/fixtures/resume-ru.docx")));
    expect(text).toContain("ООО «Северсталь Консалтинг»");
    const has = none();
    has.industries.add(2);
    const p = proposeFromText(text, refs(), has, 2026);
    const names = (l: { name: string }[]) => l.map((x) => x.name);
    expect(names(p.industries)).toEqual(expect.arrayContaining(["Ритейл", "FMCG", "Банки и финансы"]));
    expect(names(p.industries)).not.toContain("Страхование");
    expect(names(p.options)).toEqual(expect.arrayContaining(["Бюджетирование", "Управленческий учёт", "МСФО"]));
    expect(names(p.expertises)).toEqual(expect.arrayContaining(["Финансовое моделирование", "Оценка бизнеса", "DCF-анализ", "МСФО"]));
    expect(names(p.industries)).not.toContain("Металлургия");
    expect(p.works).toEqual([
      { company: "ООО «Северсталь Консалтинг»", work_start: "2018-01-01", work_finish: null, period: "2018 – н.в." },
      { company: "ПАО «Ритейл Групп»", work_start: "2012-01-01", work_finish: "2018-03-01", period: "Январь 2012 — Март 2018" },
    ]);
  });

  it("reads year ranges with hyphens, 'по настоящее время' and English words, and skips impossible ones", () => {
    const works = findWorkPeriods("Газпром нефть 2015 - 2017\nMay 2019 - present, Acme Corp\n2030 - 2031 Будущее\n2019 - 2016 Назад", 2026);
    expect(works.map((w) => [w.company, w.work_start, w.work_finish])).toEqual([
      ["Газпром нефть", "2015-01-01", "2017-01-01"],
      ["Acme Corp", "2019-05-01", null],
    ]);
  });

  it("shows a file name beyond 35 characters truncated, its extension kept", () => {
    expect(shortFileName("short.pdf")).toBe("short.pdf");
    expect(shortFileName(`${"а".repeat(40)}.docx`)).toBe(`${"а".repeat(35)}….docx`);
  });
});

describe("the profile sections on someone else's profile", () => {
  it("never load publications or the resume for anyone but the owner", async () => {
    const { drizzle } = await import("drizzle-orm/d1");
    const { casesSectionsRead } = await import("~/domain/cases/profile-sections.server");
    const { loadResumeBanner } = await import("~/domain/cases/resume.server");
    // Statements are only built here, never run: a D1 binding is not needed.
    const ctx = { db: drizzle({} as never) } as never;
    const other = casesSectionsRead(ctx, 1, { readOnly: true, viewerId: 2 });
    expect(other.cases.queries.length).toBe(2);
    expect(other.publications.queries).toHaveLength(0);
    expect(other.resume.queries).toHaveLength(0);
    expect(await other.publications.view([])).toBeNull();
    expect(await other.resume.view([])).toBeNull();
    const own = casesSectionsRead(ctx, 1, { readOnly: false, viewerId: 1 });
    expect(own.publications.queries).toHaveLength(1);
    expect(own.resume.queries.length).toBeGreaterThan(0);
    expect(await loadResumeBanner({} as never, 1, { readOnly: true })).toBeNull();
  });
});
