import { type Column, isTextConcept } from "@pizarra/contracts";

/**
 * A4 landscape with 10 mm margins (the print's @page): the width a run of columns has, in millimetres, beside the
 * students' names.
 */
export const PRINT_PAGE = { size: "A4 landscape", margin: 10, width: 297 - 2 * 10, nameWidth: 52 } as const;

/** A column's width on paper: a text concept's wraps in a wide one, an average holds "6.50 (AD)", a grade one or two figures. */
export function printWidth(column: Column): number {
  if (column.average || column.concept.calcAverage) return 20;
  return isTextConcept(column.concept.type) ? 60 : 12;
}

/**
 * The sheet's columns cut into runs that each fit a page beside the names (a browser clips a table wider than the
 * paper), left to right, as [from, to) ranges; a column wider than a page gets a run of its own.
 */
export function printRuns(columns: readonly Column[], width: number = PRINT_PAGE.width - PRINT_PAGE.nameWidth): [number, number][] {
  const runs: [number, number][] = [];
  let from = 0;
  let used = 0;
  columns.forEach((column, i) => {
    const w = printWidth(column);
    if (i > from && used + w > width) {
      runs.push([from, i]);
      from = i;
      used = 0;
    }
    used += w;
  });
  if (columns.length > from) runs.push([from, columns.length]);
  return runs;
}
