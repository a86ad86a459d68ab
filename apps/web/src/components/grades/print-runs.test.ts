import type { Column, HeaderConcept } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { printRuns, printWidth } from "./print-runs.ts";

/** A column as its width on paper reads it: its concept's type and whether it is an average. */
const column = (ID: number, extra: Partial<HeaderConcept> = {}, average = false): Column => ({
  concept: { ID, type: 0, calcAverage: false, ...extra } as HeaderConcept,
  average,
});

describe("printRuns", () => {
  it("cuts the columns into runs that fit the page beside the names, every column in exactly one run, in order", () => {
    const columns = [...Array.from({ length: 30 }, (_, i) => column(i + 1)), column(99, { calcAverage: true }, true), column(100, { type: 2 })];
    const width = 100;
    const runs = printRuns(columns, width);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]![0]).toBe(0);
    expect(runs.at(-1)![1]).toBe(columns.length);
    runs.forEach(([from, to], i) => {
      if (i > 0) expect(from).toBe(runs[i - 1]![1]);
      expect(columns.slice(from, to).reduce((sum, c) => sum + printWidth(c), 0)).toBeLessThanOrEqual(width);
    });
  });

  it("gives a column wider than the page a run of its own, and an empty sheet none", () => {
    expect(printRuns([column(1), column(2, { type: 2 }), column(3)], 50)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(printRuns([])).toEqual([]);
  });
});
