"use client";

import { Avatar, AvatarFallback, AvatarImage, Button, cn } from "@pizarra/ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo, useCallback, useEffect, useMemo, useRef } from "react";
import { type Column, gradeOf, headerLayout, type HeaderConcept, type StudentRow } from "@pizarra/contracts";
import { AutoCompleteRow, canAutoComplete } from "./auto-complete.tsx";
import { type CellTexts, GradeCell, type Move, useCellTexts } from "./grade-cell.tsx";
import { NAME_COLUMN } from "./name-column.ts";
import { SheetHead, type HeadStyle } from "./sheet-head.tsx";
import type { CellChange } from "./use-grade-sheet.ts";

/** 000 §9: the arrows scroll 80 % of the visible width. */
const SCROLL_STEP = 0.8;
const HEAD_STYLE: HeadStyle = {
  student: cn(NAME_COLUMN, "z-30 bg-muted py-2 font-medium"),
  subject: "border-r border-b px-2 py-1.5 text-center font-semibold whitespace-nowrap",
  concept: (cell) => cn("border-r border-b px-2 py-1.5 text-center font-medium whitespace-nowrap", cell.average && "bg-muted/80 italic"),
  marked: true,
};

/**
 * 000 §2.9: the header tree of concepts by level over one row per student (photo and name) and one cell per
 * last-level concept (and per average). The header and the names stay in view while the grid scrolls; the arrows
 * scroll it sideways. The cursor moves like a spreadsheet's. A save renders again only the rows whose grades it changed.
 */
export function GradeGrid({
  header,
  rows,
  canWrite,
  onSave,
  onRefresh,
}: {
  header: HeaderConcept[];
  rows: StudentRow[];
  canWrite: boolean;
  onSave: (cells: CellChange[]) => Promise<boolean>;
  onRefresh: () => void;
}) {
  const t = useTranslations("gradeSheet");
  const texts = useCellTexts();
  const scroller = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => headerLayout(header), [header]);
  const columnCount = layout.columns.length;
  const rowCount = rows.length;
  // Auto-complete reads the rows when a fill is confirmed: it need not render again on every save.
  const latestRows = useRef(rows);
  useEffect(() => {
    latestRows.current = rows;
  }, [rows]);
  const currentRows = useCallback(() => latestRows.current, []);

  const move = useCallback(
    (row: number, column: number, where: Move) => {
      const focusCell = (r: number, c: number) => scroller.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
      const last = columnCount - 1;
      if (where === "up") return focusCell(Math.max(0, row - 1), column);
      if (where === "down") return focusCell(Math.min(rowCount - 1, row + 1), column);
      if (where === "left") return focusCell(row, Math.max(0, column - 1));
      if (where === "right") return focusCell(row, Math.min(last, column + 1));
      if (where === "next") return column < last ? focusCell(row, column + 1) : focusCell(Math.min(rowCount - 1, row + 1), 0);
      return column > 0 ? focusCell(row, column - 1) : focusCell(Math.max(0, row - 1), last);
    },
    [columnCount, rowCount],
  );
  const scroll = (direction: 1 | -1) => {
    const box = scroller.current;
    box?.scrollBy({ left: direction * box.clientWidth * SCROLL_STEP, behavior: "smooth" });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end gap-1">
        <Button variant="outline" size="icon" aria-label={t("scrollLeft")} title={t("scrollLeft")} data-testid="grade-scroll-left" onClick={() => scroll(-1)}>
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="icon" aria-label={t("scrollRight")} title={t("scrollRight")} data-testid="grade-scroll-right" onClick={() => scroll(1)}>
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
      <div ref={scroller} className="max-h-[75vh] overflow-auto rounded-lg border bg-card" data-testid="grade-grid">
        <table className="border-separate border-spacing-0 text-sm">
          <thead className="sticky top-0 z-20 bg-muted">
            <SheetHead layout={layout} style={HEAD_STYLE} />
          </thead>
          <tbody>
            {canAutoComplete(header) && <AutoCompleteRow columns={layout.columns} rows={currentRows} canWrite={canWrite} onFill={onSave} />}
            {rows.map((student, r) => (
              <GradeRow
                key={student.studentId}
                student={student}
                index={r}
                columns={layout.columns}
                canWrite={canWrite}
                texts={texts}
                onSave={onSave}
                onMove={move}
                onRefresh={onRefresh}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A student's row: photo and name, then a cell per column. */
const GradeRow = memo(function GradeRow({
  student,
  index,
  columns,
  canWrite,
  texts,
  onSave,
  onMove,
  onRefresh,
}: {
  student: StudentRow;
  index: number;
  columns: Column[];
  canWrite: boolean;
  texts: CellTexts;
  onSave: (cells: CellChange[]) => Promise<boolean>;
  onMove: (row: number, column: number, where: Move) => void;
  onRefresh: () => void;
}) {
  return (
    <tr data-testid={`grade-row-${student.studentId}`} className="hover:bg-muted/30">
      <th scope="row" title={student.name} className={cn(NAME_COLUMN, "z-10 bg-card py-1 font-normal")}>
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
      {columns.map((column, c) => {
        const grade = gradeOf(student, column.concept);
        return (
          <td key={`${column.concept.ID}${column.average ? "a" : ""}`} className="border-r border-b p-0.5">
            <GradeCell
              column={column}
              grade={grade}
              canWrite={canWrite}
              at={`${index}:${c}`}
              testId={`grade-cell-${student.studentId}-${column.concept.ID}`}
              texts={texts}
              onSave={(value) => void onSave([{ studentId: student.studentId, conceptId: column.concept.ID, value, previous: grade }])}
              onMove={(where) => onMove(index, c, where)}
              onRefresh={onRefresh}
            />
          </td>
        );
      })}
    </tr>
  );
});
