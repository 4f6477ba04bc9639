import { describe, expect, it } from "vitest";
import { dayToMonthValue, groupSpecializations, monthChoices, monthValueToDay, studyYearRange, workDateProblem, worksHidingRatings, workYears, type SpecializationItem } from "~/domain/experience/rules";

const now = new Date(Date.UTC(2026, 10, 22));
const item = (over: Partial<SpecializationItem>): SpecializationItem => ({ name: "Ритейл - Бюджетирование", industry_id: 5, option_id: 106, companies: [], roles: [], years: 1, rating: 0, rating_count: 0, ...over });

describe("work dates (spec 2 §5)", () => {
  it("requires a real date with a year from 1950 to this year and a month that has come", () => {
    expect(workDateProblem("", now)).toBe("required");
    expect(workDateProblem("2015-13-01", now)).toBe("required");
    expect(workDateProblem("1949-12-01", now)).toBe("year_range");
    expect(workDateProblem("2027-01-01", now)).toBe("year_range");
    expect(workDateProblem("2026-12-01", now)).toBe("month_past");
    expect(workDateProblem("2026-11-01", now)).toBeNull();
    expect(workDateProblem("1950-01-01", now)).toBeNull();
  });

  it("counts the whole period in years rounded over 365 days, to today while working", () => {
    expect(workYears("2015-03-01", "2020-03-01", now)).toBe(5);
    expect(workYears("2015-03-01", "2015-08-01", now)).toBe(0);
    expect(workYears("2015-03-01", "2015-09-15", now)).toBe(1);
    expect(workYears("2023-11-01", null, now)).toBe(3);
  });

  it("maps the month select's 'YYYY.MM.01' to the payload's 'YYYY-MM-DD' and back", () => {
    expect(monthValueToDay("2015.03.01")).toBe("2015-03-01");
    expect(dayToMonthValue("2015-03-01")).toBe("2015.03.01");
    const months = monthChoices(now);
    expect(months[0]).toEqual({ value: "2026.11.01", year: 2026, month: 11 });
    expect(months.at(-1)).toEqual({ value: "1950.01.01", year: 1950, month: 1 });
  });

  it("takes graduation years from 50 years back to 5 ahead", () => {
    expect(studyYearRange(now)).toEqual({ from: 1976, to: 2031 });
  });
});

describe("specializations (spec 2 §3)", () => {
  it("groups items by the function after ' - ', sums years, averages the rated items and orders by Wilson score", () => {
    const groups = groupSpecializations([
      item({ name: "Ритейл - Бюджетирование", companies: ["X5"], roles: ["CFO"], years: 3, rating: 5, rating_count: 1 }),
      item({ name: "Банки - Бюджетирование", industry_id: 1, companies: ["Сбер", "X5"], roles: ["CFO"], years: 2, rating: 0, rating_count: 0 }),
      item({ name: "Ритейл - M&A", option_id: 108, years: 1, rating: 4.5, rating_count: 10 }),
      item({ name: "Ритейл - МСФО", option_id: 110, years: 9 }),
    ]);
    expect(groups.map((g) => g.name)).toEqual(["M&A", "Бюджетирование", "МСФО"]);
    expect(groups[1]).toMatchObject({ tribe: [expect.objectContaining({ name: "Ритейл - Бюджетирование" }), expect.objectContaining({ name: "Банки - Бюджетирование" })], companies: ["X5", "Сбер"], roles: ["CFO"], years: 5, rating: 5, n_rating: 1, industry_id: [5, 1], option_id: [106] });
    expect(groups[2]).toMatchObject({ rating: 0, n_rating: 0 });
  });
});

describe("the rated specializations a work alone gives (decision 0060)", () => {
  const work = (id: number, pairs: [number, number][]) => ({ id, workareas: pairs.map(([industry, option]) => ({ industry: { id: industry }, option: { id: option } })) });
  const groups = groupSpecializations([
    item({ name: "Ритейл - Бюджетирование", industry_id: 5, option_id: 106, rating: 4, rating_count: 2 }),
    item({ name: "Банки - Бюджетирование", industry_id: 1, option_id: 106 }),
    item({ name: "Ритейл - МСФО", industry_id: 5, option_id: 107, rating: 5, rating_count: 1 }),
  ]);

  it("names a work's rated pairs that no other work gives, and no pair another work also gives", () => {
    // Work 1 alone gives (5, 107), rated; work 2 gives (5, 106) as work 3 does; work 4 only an unrated pair.
    const works = [work(1, [[5, 107]]), work(2, [[5, 106], [1, 106]]), work(3, [[5, 106]]), work(4, [[1, 106]])];
    expect(worksHidingRatings(works, groups)).toEqual({ 1: ["5:107"] });
    // Once work 3 is gone, work 2 alone gives the rated (5, 106).
    expect(worksHidingRatings([works[0]!, works[1]!, works[3]!], groups)).toEqual({ 1: ["5:107"], 2: ["5:106"] });
    // One work giving both rated pairs names both.
    expect(worksHidingRatings([work(7, [[5, 106], [5, 107], [1, 106]])], groups)).toEqual({ 7: ["5:106", "5:107"] });
  });

  it("names none when nothing is rated or there is no work", () => {
    expect(worksHidingRatings([work(1, [[5, 106]])], groupSpecializations([item({})]))).toEqual({});
    expect(worksHidingRatings([], groups)).toEqual({});
  });
});
