import { describe, expect, it } from "vitest";
import { emailRaterKey, tribeKey } from "~/domain/reputation/keys";
import { ratingTone, wilsonScore } from "~/domain/reputation/score";

describe("reputation arithmetic", () => {
  it("orders by the Wilson lower bound: many good ratings beat one perfect one", () => {
    expect(wilsonScore(5, 1)).toBeLessThan(wilsonScore(4.6, 20));
    expect(wilsonScore(4, 10)).toBeLessThan(wilsonScore(5, 10));
    expect(wilsonScore(5, 0)).toBe(0);
    // p = 1, n = 1: 1 / (1 + z²) ≈ 0.2066
    expect(wilsonScore(5, 1)).toBeCloseTo(1 / (1 + 1.96 * 1.96), 4);
  });

  it("colours ratings green from 4, yellow from 3, orange above 0, grey at 0", () => {
    expect([ratingTone(4.2), ratingTone(3), ratingTone(0.5), ratingTone(0)]).toEqual(["green", "yellow", "orange", "grey"]);
    expect(ratingTone(6, "days")).toBe("yellow");
    expect(ratingTone(7, "days")).toBe("green");
  });

  it("builds one key per item and per rater, whatever the e-mail's case", () => {
    expect(tribeKey(3, 14)).toBe("tribe:3:14");
    expect(emailRaterKey(" Anna@Mail.RU ")).toBe("e:anna@mail.ru");
  });
});
