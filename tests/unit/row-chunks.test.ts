import { describe, expect, it } from "vitest";
import { rowChunks } from "~/domain/id-list";

// D1 binds at most 100 parameters a statement: a multi-row INSERT is split so that no chunk passes it.
describe("rowChunks", () => {
  it("keeps every chunk's bound values under 100 and every row once, in order", () => {
    for (const perRow of [1, 2, 3, 7]) {
      const rows = Array.from({ length: 250 }, (_, i) => i);
      const parts = rowChunks(rows, perRow);
      for (const p of parts) expect(p.length * perRow).toBeLessThan(100);
      expect(parts.flat()).toEqual(rows);
    }
  });

  it("answers no chunk for no rows", () => {
    expect(rowChunks([], 2)).toEqual([]);
  });
});
