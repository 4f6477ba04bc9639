import { describe, expect, it } from "vitest";
import { foldName, localName, sameNamed } from "~/domain/names";

describe("foldName", () => {
  it("ignores letter case, Cyrillic included", () => {
    expect(foldName("АУДИТ Ernst")).toBe(foldName("аудит ernst"));
  });

  it("treats ё as е", () => {
    expect(foldName("Объём")).toBe("объем");
    expect(foldName("ЁЛКА")).toBe("елка");
  });

  it("trims and treats a run of spaces, tabs or line breaks as one space", () => {
    expect(foldName("  Налоговый \t\n консалтинг  ")).toBe("налоговый консалтинг");
  });
});

describe("sameNamed (a proposed name that exists is the existing entry)", () => {
  const rows = [
    { id: 1, name: "Налоговый консалтинг", status: "moderation" },
    { id: 2, name: "налоговый  КОНСАЛТИНГ", status: "active" },
    { id: 3, name: "Аудит", status: "moderation" },
    { id: 4, name: "Учёт", status: "moderation" },
  ];

  it("finds an entry whose name differs only by case, ё and spaces", () => {
    expect(sameNamed(rows, " аудит ")?.id).toBe(3);
    expect(sameNamed(rows, "УЧЕТ")?.id).toBe(4);
  });

  it("prefers an active entry over one in moderation", () => {
    expect(sameNamed(rows, "Налоговый консалтинг")?.id).toBe(2);
  });

  it("takes the first of the same name when none is active or the rows carry no status", () => {
    expect(sameNamed([{ id: 7, name: "Аудит" }, { id: 8, name: "АУДИТ" }], "аудит")?.id).toBe(7);
  });

  it("finds nothing for a name that is only similar", () => {
    expect(sameNamed(rows, "Аудиты")).toBeUndefined();
    expect(sameNamed([], "Аудит")).toBeUndefined();
  });
});

describe("localName", () => {
  it("gives an English reader the English name, and the Russian one when there is none", () => {
    expect(localName({ lang: "en" }, "Ритейл", "Retail")).toBe("Retail");
    expect(localName({ lang: "en" }, "Ритейл", null)).toBe("Ритейл");
    expect(localName({ lang: "en" }, "Ритейл", "")).toBe("Ритейл");
  });

  it("gives a Russian reader the Russian name", () => {
    expect(localName({ lang: "ru" }, "Ритейл", "Retail")).toBe("Ритейл");
  });
});
