import { describe, expect, it } from "vitest";
import { formDataToObject } from "~/lib/form-data";

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
