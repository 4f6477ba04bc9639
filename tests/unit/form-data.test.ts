import { describe, expect, it } from "vitest";
import { formDataToObject, UnsafeFormKeyError } from "~/lib/form-data";

describe("multipart fields (spec README: arrays as key[i], objects as key[i][field])", () => {
  it("builds arrays and arrays of objects", () => {
    const fd = new FormData();
    fd.append("name", "Анна");
    fd.append("industry[0]", "3");
    fd.append("industry[1]", "5");
    fd.append("new_option[0][name]", "Своя функция");
    fd.append("new_option[0][parent_id]", "2");
    fd.append("option[]", "7");
    fd.append("option[]", "8");
    expect(formDataToObject(fd)).toEqual({
      name: "Анна",
      industry: ["3", "5"],
      new_option: [{ name: "Своя функция", parent_id: "2" }],
      option: ["7", "8"],
    });
  });

  it("reads a textarea's CRLF line breaks as one character each, as its counter counted them", () => {
    const fd = new FormData();
    fd.append("description", "Первая строка\r\nвторая\rтретья\nчетвёртая");
    expect(formDataToObject(fd).description).toBe("Первая строка\nвторая\nтретья\nчетвёртая");
  });

  it("keeps files as File objects", () => {
    const fd = new FormData();
    fd.append("resume[0]", new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" }));
    const out = formDataToObject(fd) as { resume: File[] };
    expect(out.resume[0]).toBeInstanceOf(File);
    expect(out.resume[0]!.name).toBe("cv.pdf");
  });

  it("ignores hostile keys instead of allocating huge arrays or deep objects", () => {
    const fd = new FormData();
    fd.append("industry[99999999]", "1");
    fd.append("a[b][c][d][e][f]", "x");
    fd.append("]broken[", "x");
    expect(formDataToObject(fd)).toEqual({});
  });

  it("does not mix a scalar and an array under one name", () => {
    const fd = new FormData();
    fd.append("industry", "1");
    fd.append("industry[0]", "2");
    const out = formDataToObject(fd);
    expect(out.industry).toBe("1");
  });
});

describe("keys that would reach an object's prototype (issue 10, finding 1)", () => {
  const hostile = ["__proto__[zzz]", "__proto__", "constructor[prototype][zzz]", "a[__proto__][zzz]", "a[0][__proto__][zzz]", "a[constructor][prototype][zzz]", "prototype[zzz]"];

  it.each(hostile)("refuses %s and leaves Object.prototype untouched", (key) => {
    const fd = new FormData();
    fd.append("email", "a@example.ru");
    fd.append(key, "polluted");
    expect(() => formDataToObject(fd)).toThrow(UnsafeFormKeyError);
    expect(({} as Record<string, unknown>).zzz).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("zzz");
  });

  it("still takes names that only contain those words", () => {
    const fd = new FormData();
    fd.append("proto", "1");
    fd.append("constructors[0]", "2");
    fd.append("a[prototype_x]", "3");
    expect(formDataToObject(fd)).toEqual({ proto: "1", constructors: ["2"], a: { prototype_x: "3" } });
  });
});
