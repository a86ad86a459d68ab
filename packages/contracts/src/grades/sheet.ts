/**
 * The grade sheet as both the screen and the server's exports read it (000 §2.9, §3): the header tree laid out as
 * table rows and columns, a student's grade of a column, and how a cell reads.
 */
import type { TFinalHeaderAnswer } from "./concepts.ts";
import type { TSheetAnswer } from "./entry.ts";
import { CONCEPT_TYPE, letterOf } from "./scale.ts";

type FinalHeaderConcept = TFinalHeaderAnswer[number];
type Extras = "specialType" | "activityId" | "activityName";
/**
 * A concept of the grid's header (000 §3), as admEvalConcept/getHeader answers it, or getHeaderFinal with its subject;
 * the export's own read leaves out what it does not lay out (specialType).
 */
export type HeaderConcept = Omit<FinalHeaderConcept, Extras> & Partial<Pick<FinalHeaderConcept, Extras>>;

/** A student row of the sheet's read (000 §3). */
export type StudentRow = TSheetAnswer["Results"][number];
/** One grade of a student row (000 §3). */
export type SheetGrade = StudentRow["grades"][number];

/** A header cell: the concept, how many columns and header rows it spans. */
export interface HeaderCell {
  concept: HeaderConcept;
  colSpan: number;
  rowSpan: number;
  /** The column of an averaging concept's own value, under its children. */
  average: boolean;
}

/** A grid column: a last-level concept, or an averaging concept's own value after its children. */
export interface Column {
  concept: HeaderConcept;
  average: boolean;
}

/** A column's key among the header's cells and a row's: its concept, and whether it is that concept's average. */
export const columnKey = (column: Column | HeaderCell) => `${column.concept.ID}${column.average ? "a" : ""}`;

interface Node {
  concept: HeaderConcept;
  children: Node[];
}

const depthOf = (node: Node): number => 1 + Math.max(0, ...node.children.map(depthOf));

/** A subject over its columns, on a final sheet. */
export interface SubjectSpan {
  activityId: number;
  name: string;
  colSpan: number;
}

/**
 * 000 §2.9: the header tree of concepts by level as table rows (colspan over the columns below, rowspan down to the
 * last header row for a concept without children) and the grid's columns, left to right. A concept that averages its
 * children also gets a column of its own after them, where its computed value shows.
 */
export function headerLayout(concepts: readonly HeaderConcept[]): { rows: HeaderCell[][]; columns: Column[]; subjects: SubjectSpan[] } {
  // Subjects keep the order they come in (a final sheet's, by name); within one, concepts go by their order.
  const rank = new Map<number | null, number>();
  for (const c of concepts) if (!rank.has(c.activityId ?? null)) rank.set(c.activityId ?? null, rank.size);
  const byOrder = (a: Node, b: Node) =>
    rank.get(a.concept.activityId ?? null)! - rank.get(b.concept.activityId ?? null)! || a.concept.order - b.concept.order || a.concept.ID - b.concept.ID;
  const nodes = new Map(concepts.map((concept) => [concept.ID, { concept, children: [] } as Node]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.concept.parentId === null ? undefined : nodes.get(node.concept.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const depth = Math.max(0, ...roots.map(depthOf));
  const rows: HeaderCell[][] = Array.from({ length: depth }, () => []);
  const columns: Column[] = [];

  const place = (node: Node, row: number): number => {
    const cell: HeaderCell = { concept: node.concept, colSpan: 0, rowSpan: 1, average: false };
    rows[row]!.push(cell);
    if (node.children.length === 0) {
      cell.colSpan = 1;
      cell.rowSpan = depth - row;
      columns.push({ concept: node.concept, average: false });
      return 1;
    }
    let span = 0;
    for (const child of node.children.sort(byOrder)) span += place(child, row + 1);
    if (node.concept.calcAverage) {
      rows[row + 1]!.push({ concept: node.concept, colSpan: 1, rowSpan: depth - row - 1, average: true });
      columns.push({ concept: node.concept, average: true });
      span += 1;
    }
    cell.colSpan = span;
    return span;
  };
  for (const root of roots.sort(byOrder)) place(root, 0);
  const subjects: SubjectSpan[] = [];
  for (const { concept } of columns) {
    if (concept.activityId === undefined || concept.activityId === null) continue;
    const last = subjects.at(-1);
    if (last?.activityId === concept.activityId) last.colSpan += 1;
    else subjects.push({ activityId: concept.activityId, name: concept.activityName ?? "", colSpan: 1 });
  }
  return { rows, columns, subjects };
}

/**
 * Why no cell of a sheet may be typed in, whatever its concept: the person has no write access to the module, the
 * sheet's period is closed, or they do not teach the course in that section (the save would refuse it: 001 §6).
 */
export type SheetLock = "noWrite" | NonNullable<TSheetAnswer["lock"]>;

/** Why a cell cannot be typed in: an average is computed, a concept is locked or closed to editing, or the sheet is locked. */
export type ReadOnlyReason = "average" | "locked" | "notEditable" | SheetLock;

/** Why a cell cannot be typed in, the concept's own reason first; null when it can. */
export function readOnlyReason(column: Column, sheetLock: SheetLock | null): ReadOnlyReason | null {
  if (column.average || column.concept.calcAverage) return "average";
  if (column.concept.locked) return "locked";
  if (!column.concept.canEdit) return "notEditable";
  return sheetLock;
}

export type SheetLayout = ReturnType<typeof headerLayout>;

/**
 * The part of a layout over its columns from `from` up to `to` (not included): paper takes a sheet too wide for a page
 * a run of columns at a time, each header cell (and subject) keeping the part of its span that falls in the run.
 */
export function sliceLayout(layout: SheetLayout, from: number, to: number): SheetLayout {
  const index = new Map(layout.columns.map((column, i) => [columnKey(column), i]));
  // A column's cell starts at its column; a parent's at its first child's, so the rows are read from the bottom up.
  const starts = new Map<HeaderCell, number>();
  for (let r = layout.rows.length - 1; r >= 0; r--) {
    for (const cell of layout.rows[r]!) {
      const own = index.get(columnKey(cell));
      const below = (layout.rows[r + 1] ?? []).filter((c) => !c.average && c.concept.parentId === cell.concept.ID).map((c) => starts.get(c)!);
      starts.set(cell, own ?? Math.min(...below));
    }
  }
  const overlap = (start: number, span: number) => Math.min(start + span, to) - Math.max(start, from);
  const rows = layout.rows.map((cells) =>
    cells.flatMap((cell) => {
      const colSpan = overlap(starts.get(cell)!, cell.colSpan);
      return colSpan > 0 ? [{ ...cell, colSpan }] : [];
    }),
  );
  let start = 0;
  const subjects = layout.subjects.flatMap((subject) => {
    const colSpan = overlap(start, subject.colSpan);
    start += subject.colSpan;
    return colSpan > 0 ? [{ ...subject, colSpan }] : [];
  });
  return { rows, columns: layout.columns.slice(from, to), subjects };
}

/** A cell may be typed in when its concept is neither locked, read-only nor an average, and the sheet is not locked. */
export const isEditable = (column: Column, sheetLock: SheetLock | null) => readOnlyReason(column, sheetLock) === null;

/** Of the grade read's answer: what the sheet is about (000 §2.9 print header, the export's file name). */
export type SheetAbout = NonNullable<TSheetAnswer["about"]>;

/** A student's grade of a concept; a concept without one yet reads as no grade. */
export function gradeOf(student: StudentRow, concept: HeaderConcept): SheetGrade {
  return (
    student.grades.find((g) => g.conceptId === concept.ID) ?? {
      conceptId: concept.ID,
      gradeNum: null,
      gradeTxt: null,
      type: concept.type,
      parentId: concept.parentId,
      locked: concept.locked,
      canEdit: concept.canEdit,
      calcAverage: concept.calcAverage,
      sync: false,
    }
  );
}

/** Numbers show in numeric and averaging columns; the rest hold text or a qualification. */
export const isNumericColumn = (column: Column) => column.average || column.concept.calcAverage || column.concept.type === CONCEPT_TYPE.numeric;

/** A cell as read: an average with two decimals and its letter (000 §3), a typed number as it is, else the text. */
export function cellText(column: Column, grade: SheetGrade): string {
  if (!isNumericColumn(column)) return grade.gradeTxt ?? "";
  if (grade.gradeNum === null) return "";
  return column.average || column.concept.calcAverage ? `${grade.gradeNum.toFixed(2)} (${letterOf(grade.gradeNum) ?? ""})` : String(grade.gradeNum);
}
