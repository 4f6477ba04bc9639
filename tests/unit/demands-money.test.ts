import { describe, expect, it } from "vitest";
import { customerPrice, expertBudget, securityDeposit } from "~/domain/demands/money";
import { addDays, daysToEnd, searchPassed, searchProgress } from "~/domain/demands/progress";
import { parseDeadline } from "~/domain/demands/schema";

const project = { fee: "0.15", isRoundedUp: false, roundBase: 1000 };
const consultation = { fee: "0.2", isRoundedUp: true, roundBase: 500 };

describe("expertBudget (spec README: round(budget / (1 + fee) / round_base) × round_base)", () => {
  it("rounds down for a type that does not round up", () => {
    expect(expertBudget(30_000, project)).toBe(26_000); // 26 086.9…
    expect(expertBudget(1_000, project)).toBe(0); // 869.5… floors to no whole step
    expect(expertBudget(2_000_000_000, project)).toBe(1_739_130_000);
  });
  it("rounds up for a type that rounds up", () => {
    expect(expertBudget(9_000, consultation)).toBe(7_500);
    expect(expertBudget(1_000, consultation)).toBe(1_000); // 833.3… → 2 steps of 500
    expect(expertBudget(2_000_000_000, consultation)).toBe(1_666_667_000);
  });
  it("keeps an exact multiple where floating point falls just short or just over", () => {
    expect(expertBudget(36_000, { fee: "0.2", isRoundedUp: false, roundBase: 1000 })).toBe(30_000);
    expect(expertBudget(36_000, { fee: "0.2", isRoundedUp: true, roundBase: 1000 })).toBe(30_000);
    expect(expertBudget(11_500, { fee: 0.15, isRoundedUp: true, roundBase: 1000 })).toBe(10_000);
  });
  it("answers 0 for zero, a negative budget or a broken fee, and treats a round base of 0 as 1", () => {
    expect(expertBudget(0, project)).toBe(0);
    expect(expertBudget(-5, project)).toBe(0);
    expect(expertBudget(1000, { fee: "x", isRoundedUp: true, roundBase: 500 })).toBe(0);
    expect(expertBudget(1150, { fee: "0.15", isRoundedUp: false, roundBase: 0 })).toBe(1000);
  });
});

describe("customerPrice (salary × (1 + percent / 100), whole rubles)", () => {
  it("adds the tax and rounds half up", () => {
    expect(customerPrice(100_000, 0)).toBe(100_000);
    expect(customerPrice(100_000, 20)).toBe(120_000);
    expect(customerPrice(1_001, 6)).toBe(1_061); // 1 061.06
    expect(customerPrice(25, 6)).toBe(27); // 26.5 → 27
    expect(customerPrice(2_000_000_000, 20)).toBe(2_400_000_000);
    expect(customerPrice(0, 20)).toBe(0);
  });
});

describe("securityDeposit (30 % of the budget; an hourly consultation: 100 % of the expert's price)", () => {
  it("takes 30 % of the budget", () => {
    expect(securityDeposit({ budget: 30_000 })).toBe(9_000);
    expect(securityDeposit({ budget: 1_001 })).toBe(300); // 300.3
    expect(securityDeposit({ budget: 2_000_000_000 })).toBe(600_000_000);
    expect(securityDeposit({ budget: 0 })).toBe(0);
  });
  it("takes the whole price for an hourly consultation", () => {
    expect(securityDeposit({ budget: 9_000, hourlyConsultation: true, expertPrice: 12_720 })).toBe(12_720);
    expect(securityDeposit({ budget: 9_000, hourlyConsultation: true, expertPrice: null })).toBe(0);
  });
});

describe("the search's dates", () => {
  const now = new Date("2026-11-23T10:00:00.000Z");
  it("counts the rounded days to the last day plus one, 14 when missing", () => {
    expect(daysToEnd(null, now)).toBe(14);
    expect(daysToEnd("2026-11-23", now)).toBe(1);
    expect(daysToEnd("2026-12-07", now)).toBe(15);
    expect(daysToEnd("2026-11-01", now)).toBe(0);
  });
  it("counts the last day as one day left all day long, and the day before as two", () => {
    for (const time of ["00:00:00", "11:59:59", "12:00:01", "23:59:59"]) {
      const at = new Date(`2026-11-23T${time}.000Z`);
      expect(daysToEnd("2026-11-23", at), time).toBe(1);
      expect(daysToEnd("2026-11-24", at), time).toBe(2);
      expect(daysToEnd("2026-11-22", at), time).toBe(0);
    }
  });
  it("expires only after the last day", () => {
    expect(searchPassed("2026-11-23", now)).toBe(false);
    expect(searchPassed("2026-11-22", now)).toBe(true);
    expect(searchPassed(null, now)).toBe(false);
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
  });
  it("fills the bar: active 100, moderation 0, else the elapsed share", () => {
    expect(searchProgress("active", null, null, now)).toBe(100);
    expect(searchProgress("moderation", null, null, now)).toBe(0);
    expect(searchProgress("searching", "2026-11-23T10:00:00.000Z", "2026-12-06", now)).toBe(0);
    expect(searchProgress("searching", "2026-11-16T00:00:00.000Z", "2026-11-29", new Date("2026-11-23T00:00:00.000Z"))).toBe(50);
    expect(searchProgress("searching", "2026-11-01T00:00:00.000Z", "2026-11-10", now)).toBe(100);
    expect(searchProgress("searching", null, null, now)).toBe(0);
    // Stopped halfway: half, not a full bar; its period over: full.
    expect(searchProgress("search_expired", "2026-11-16T00:00:00.000Z", "2026-11-29", new Date("2026-11-23T00:00:00.000Z"))).toBe(50);
    expect(searchProgress("search_expired", "2026-11-01T00:00:00.000Z", "2026-11-10", now)).toBe(100);
  });
});

describe("parseDeadline (dd.MM.yyyy, a real day, year ≤ 2029)", () => {
  it("takes a real date and refuses the rest", () => {
    expect(parseDeadline("29.02.2028")).toBe("2028-02-29");
    expect(parseDeadline("31.12.2029")).toBe("2029-12-31");
    for (const bad of ["29.02.2027", "31.04.2028", "01.01.2030", "1.1.2028", "01-01-2028", "00.01.2028", "01.13.2028", " 01.01.2028"]) expect(parseDeadline(bad), bad).toBeNull();
  });
});
