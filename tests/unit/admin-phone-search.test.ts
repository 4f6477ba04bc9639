import { describe, expect, it } from "vitest";
import { phoneSearchDigits } from "~/domain/admin/users.server";

describe("the digits a phone search looks for", () => {
  it("takes a complete number by its national number, however it is written and wherever the operator is", () => {
    for (const typed of ["+7 916 123-45-67", "8 (916) 123 45 67", "89161234567", "+79161234567"]) {
      expect(phoneSearchDigits(typed, "RU"), typed).toBe("9161234567");
      expect(phoneSearchDigits(typed, "DE"), typed).toBe("9161234567");
      expect(phoneSearchDigits(typed, null), typed).toBe("9161234567");
    }
  });
  it("takes a part of a number by its digits, and no phone for text or too few digits", () => {
    expect(phoneSearchDigits("123-45", "RU")).toBe("12345");
    expect(phoneSearchDigits("Анна", "RU")).toBeNull();
    expect(phoneSearchDigits("12", "RU")).toBeNull();
    expect(phoneSearchDigits("a1b2c3", "RU")).toBeNull();
  });
});
