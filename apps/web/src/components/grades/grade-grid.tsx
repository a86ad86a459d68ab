"use client";

import { Avatar, AvatarFallback, AvatarImage, Button, cn } from "@pizarra/ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo, useCallback, useEffect, useMemo, useRef } from "react";
import {
  type Column,
  columnKey,
  gradeOf,
  type HeaderCell,
  headerLayout,
  type HeaderConcept,
  isTextConcept,
  type SheetLock,
  type StudentRow,
} from "@pizarra/contracts";
import { AutoCompleteRow, canAutoComplete } from "./auto-complete.tsx";
import { type CellTexts, GradeCell, type Move, ReadOnlyReasons, useCellTexts } from "./grade-cell.tsx";
import { NAME_COLUMN } from "./name-column.ts";
import { type HeadStyle, headRowsOf, SheetHead } from "./sheet-head.tsx";
import { ColumnSlots, placeOf, type Slot, useSheetWindow } from "./sheet-window.tsx";
import type { CellChange } from "./use-grade-sheet.ts";

/** 000 §9: the arrows scroll 80 % of the visible width. */
const SCROLL_STEP = 0.8;
/**
 * A column's least width, on its header cell and on its cells alike, so that drawing or dropping a column's cells never
 * changes its width (and moves the columns after it) as the window scrolls: a text column as wide as its cells' longest
 * text (a max-w-48 box in the cell's padding and border), any other as wide as a grade's box.
 */
const columnWidth = (column: Column | HeaderCell) => (!column.average && isTextConcept(column.concept.type) ? "min-w-[calc(12rem+5px)]" : "min-w-16");
const HEAD_STYLE: HeadStyle = {
  student: cn(NAME_COLUMN, "z-30 bg-muted py-2 font-medium"),
  subject: "border-r border-b px-2 py-1.5 text-center font-semibold whitespace-nowrap",
  concept: (cell) =>
    cn(
      "border-r border-b px-2 py-1.5 text-center font-medium whitespace-nowrap",
      cell.colSpan === 1 && columnWidth(cell),
      cell.average && "bg-muted/80 italic",
    ),
  marked: true,
};

/**
 * 000 §2.9: the header tree of concepts by level over one row per student (photo and name) and one cell per
 * last-level concept (and per average). The header and the names stay in view while the grid scrolls; the arrows
 * scroll it sideways. The cursor moves like a spreadsheet's. A save renders again only the rows whose grades it changed.
 * Only the rows and columns in view, and a few ahead, are in the document (sheet-window.tsx): the table says its size
 * and each drawn row and cell its place (aria-rowcount, aria-rowindex, aria-colindex).
 */
export function GradeGrid({
  header,
  rows,
  lock,
  onSave,
  onRefresh,
}: {
  header: HeaderConcept[];
  rows: StudentRow[];
  /** Why no cell of the sheet may be typed in (no write access, a closed period, not the caller's course), if so. */
  lock: SheetLock | null;
  onSave: (cells: CellChange[]) => Promise<boolean>;
  onRefresh: () => void;
}) {
  const t = useTranslations("gradeSheet");
  const texts = useCellTexts();
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const above = useRef<HTMLTableRowElement>(null);
  const layout = useMemo(() => headerLayout(header), [header]);
  const columnCount = layout.columns.length;
  const rowCount = rows.length;
  const headRows = headRowsOf(layout);
  const autoComplete = canAutoComplete(header);
  const view = useSheetWindow({ scroller, head, above: autoComplete ? above : null, rowCount, columnCount });
  const firstRow = headRows + (autoComplete ? 1 : 0) + 1;
  const columnIndex = useMemo(() => new Map(layout.columns.map((column, c) => [columnKey(column), c])), [layout.columns]);
  const measure = useMemo(
    () => ({ column: (cell: HeaderCell) => columnIndex.get(columnKey(cell)), ref: view.measureColumn }),
    [columnIndex, view.measureColumn],
  );
  // Auto-complete reads the rows when a fill is confirmed: it need not render again on every save.
  const latestRows = useRef(rows);
  useEffect(() => {
    latestRows.current = rows;
  }, [rows]);
  const currentRows = useCallback(() => latestRows.current, []);

  const { focusCell } = view;
  const move = useCallback(
    (row: number, column: number, where: Move) => {
      const last = columnCount - 1;
      if (where === "up") return focusCell(Math.max(0, row - 1), column);
      if (where === "down") return focusCell(Math.min(rowCount - 1, row + 1), column);
      if (where === "left") return focusCell(row, Math.max(0, column - 1));
      if (where === "right") return focusCell(row, Math.min(last, column + 1));
      if (where === "next") return column < last ? focusCell(row, column + 1) : focusCell(Math.min(rowCount - 1, row + 1), 0);
      return column > 0 ? focusCell(row, column - 1) : focusCell(Math.max(0, row - 1), last);
    },
    [columnCount, rowCount, focusCell],
  );
  const scroll = (direction: 1 | -1) => {
    const box = scroller.current;
    box?.scrollBy({ left: direction * box.clientWidth * SCROLL_STEP, behavior: "smooth" });
  };

  return (
    <div className="flex flex-col gap-2">
      <ReadOnlyReasons texts={texts} />
      <div className="flex justify-end gap-1">
        <Button variant="outline" size="icon" aria-label={t("scrollLeft")} title={t("scrollLeft")} data-testid="grade-scroll-left" onClick={() => scroll(-1)}>
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="icon" aria-label={t("scrollRight")} title={t("scrollRight")} data-testid="grade-scroll-right" onClick={() => scroll(1)}>
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
      <div
        ref={scroller}
        className="max-h-[75vh] overflow-auto rounded-lg border bg-card"
        style={view.scrollPadding}
        data-testid="grade-grid"
        onFocus={(e) => view.follow(e.target)}
        onPointerDown={(e) => view.follow(e.target)}
      >
        <table className="border-separate border-spacing-0 text-sm" aria-rowcount={firstRow - 1 + rowCount} aria-colcount={columnCount + 1}>
          <thead ref={head} className="sticky top-0 z-20 bg-muted">
            <SheetHead layout={layout} style={HEAD_STYLE} measure={measure} />
          </thead>
          <tbody>
            {autoComplete && (
              <AutoCompleteRow
                ref={above}
                ariaRow={headRows + 1}
                columns={layout.columns}
                slots={view.columnSlots}
                rows={currentRows}
                lock={lock}
                onFill={onSave}
              />
            )}
            {view.rowSlots.map((slot) =>
              "gap" in slot ? (
                <tr key={`gap-${slot.gap}`} aria-hidden>
                  <td colSpan={columnCount + 1} className="p-0" style={{ height: slot.size }} />
                </tr>
              ) : (
                <GradeRow
                  key={rows[slot.index]!.studentId}
                  student={rows[slot.index]!}
                  index={slot.index}
                  ariaRow={firstRow + slot.index}
                  columns={layout.columns}
                  slots={view.columnSlots}
                  lock={lock}
                  texts={texts}
                  measure={view.measureRow}
                  onSave={onSave}
                  onMove={move}
                  onRefresh={onRefresh}
                />
              ),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A student's row: photo and name, then a cell per column drawn, and a gap cell for each run of columns not drawn. */
const GradeRow = memo(function GradeRow({
  student,
  index,
  ariaRow,
  columns,
  slots,
  lock,
  texts,
  measure,
  onSave,
  onMove,
  onRefresh,
}: {
  student: StudentRow;
  index: number;
  /** Its place among the table's rows (aria-rowindex): not every row is in the document. */
  ariaRow: number;
  columns: Column[];
  slots: Slot[];
  lock: SheetLock | null;
  texts: CellTexts;
  measure: (row: HTMLTableRowElement | null) => void;
  onSave: (cells: CellChange[]) => Promise<boolean>;
  onMove: (row: number, column: number, where: Move) => void;
  onRefresh: () => void;
}) {
  return (
    <tr ref={measure} data-index={index} aria-rowindex={ariaRow} data-testid={`grade-row-${student.studentId}`} className="hover:bg-muted/30">
      <th scope="row" aria-colindex={1} title={student.name} className={cn(NAME_COLUMN, "z-10 bg-card py-1 font-normal")}>
        <span className="flex items-center gap-2">
          <Avatar className="hidden size-7 sm:flex">
            {student.img && <AvatarImage src={student.img} alt="" />}
            <AvatarFallback className="text-[10px]">{student.name.slice(0, 1).toUpperCase()}</AvatarFallback>
          </Avatar>
          <span className="min-w-0 text-xs leading-tight sm:truncate sm:text-sm" data-testid={`grade-name-${student.studentId}`}>
            {student.name}
          </span>
        </span>
      </th>
      <ColumnSlots
        columns={columns}
        slots={slots}
        cell={(column, c) => (
          <SheetCell
            key={columnKey(column)}
            student={student}
            index={index}
            column={column}
            c={c}
            lock={lock}
            texts={texts}
            onSave={onSave}
            onMove={onMove}
            onRefresh={onRefresh}
          />
        )}
      />
    </tr>
  );
});

/**
 * A grade's cell of the sheet: rendered again only when its student's row changed (a save) or its props did, so that
 * the window's move on a scroll renders only the cells it brings in.
 */
const SheetCell = memo(function SheetCell({
  student,
  index,
  column,
  c,
  lock,
  texts,
  onSave,
  onMove,
  onRefresh,
}: {
  student: StudentRow;
  index: number;
  column: Column;
  c: number;
  lock: SheetLock | null;
  texts: CellTexts;
  onSave: (cells: CellChange[]) => Promise<boolean>;
  onMove: (row: number, column: number, where: Move) => void;
  onRefresh: () => void;
}) {
  const grade = gradeOf(student, column.concept);
  return (
    <td aria-colindex={c + 2} className={cn("border-r border-b p-0.5", columnWidth(column))}>
      <GradeCell
        column={column}
        grade={grade}
        lock={lock}
        at={placeOf(index, c)}
        testId={`grade-cell-${student.studentId}-${column.concept.ID}`}
        texts={texts}
        onSave={(value) => void onSave([{ studentId: student.studentId, conceptId: column.concept.ID, value, previous: grade }])}
        onMove={(where) => onMove(index, c, where)}
        onRefresh={onRefresh}
      />
    </td>
  );
});
