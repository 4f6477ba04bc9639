import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { idOrNotFound, parseInput, type ParseOptions } from "~/domain/validation";

const schema = z.object({
  title: z.string().min(1, "validation.required").max(3, "cases.v.title_max"),
  attachments: z.array(z.object({ file: z.string("validation.file_required") })).max(5, "validation.too_many"),
  year: z.number().max(2030, "experience.year_range"),
});

function failure(input: unknown, opts?: ParseOptions): DomainError {
  try {
    parseInput(schema, input, opts);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("parsed");
}

describe("parseInput (the one zod issue → field error mapper)", () => {
  it("answers the parsed data when the input is valid", () => {
    expect(parseInput(schema, { title: "abc", attachments: [{ file: "a" }], year: 2020 })).toEqual({ title: "abc", attachments: [{ file: "a" }], year: 2020 });
  });

  it("keeps validation.* keys, turns any other message into validation.invalid, and puts the first as the code", () => {
    const e = failure({ title: "", attachments: [], year: "x" });
    expect(e.kind).toBe("validation");
    expect(e.fields).toEqual({ title: ["validation.required"], year: ["validation.invalid"] });
    expect(e.code).toBe("validation.required");
  });

  it("keeps every area's message keys without being told the area, with their params", () => {
    expect(failure({ title: "abcd", attachments: [], year: 2040 }).fields).toEqual({ title: ["cases.v.title_max"], year: ["experience.year_range"] });
    expect(failure({ title: "abc", attachments: [], year: 2040 }, { params: { max: 2030 } })).toMatchObject({
      code: "experience.year_range",
      params: { max: 2030 },
    });
  });

  it("turns zod's own words, which are sentences and not keys, into validation.invalid", () => {
    const own = z.object({ reason: z.string().min(1) });
    try {
      parseInput(own, { reason: "" });
      throw new Error("parsed");
    } catch (e) {
      expect((e as DomainError).fields).toEqual({ reason: ["validation.invalid"] });
    }
  });

  it("names a field inside a list by its full path, or by the list with topLevel, each message once", () => {
    const input = { title: "a", attachments: [{ file: 1 }, { file: 2 }], year: 2020 };
    expect(failure(input).fields).toEqual({ "attachments.0.file": ["validation.file_required"], "attachments.1.file": ["validation.file_required"] });
    expect(failure(input, { topLevel: true }).fields).toEqual({ attachments: ["validation.file_required"] });
  });

  it("reports a problem of the whole input on 'form'", () => {
    expect(failure("not an object").fields).toEqual({ form: ["validation.invalid"] });
  });
});

describe("idOrNotFound", () => {
  it("reads an id from a path or a form", () => {
    expect(idOrNotFound("42")).toBe(42);
    expect(idOrNotFound(7)).toBe(7);
  });

  it.each([["abc"], ["0"], ["-1"], ["1.5"], [undefined], [String(2 ** 31 + 1)]])("answers not found for %s", (raw) => {
    expect(() => idOrNotFound(raw)).toThrowError(expect.objectContaining({ kind: "not_found" }));
  });
});
