"use client";

import { columnKey, type HeaderCell, type headerLayout } from "@pizarra/contracts";
import { cn } from "@pizarra/ui";
import { useTranslations } from "next-intl";

/** How the screen and the print dress the header: the student column's, the subjects' and the concepts' cells. */
export interface HeadStyle {
  student: string;
  subject: string;
  concept: (cell: HeaderCell) => string;
  /** Test ids and titles, on screen only. */
  marked?: boolean;
}

/**
 * On screen, where the grid draws a window of a large sheet: how a header cell that is a column's own is found and
 * measured (its column's index, the measuring ref). The header rows then say their place (aria-rowindex).
 */
export interface HeadMeasure {
  column: (cell: HeaderCell) => number | undefined;
  ref: (cell: HTMLTableCellElement | null) => void;
}

/** How many rows the header takes: a row of subjects on a final sheet, then one per level of the concept tree. */
export const headRowsOf = (layout: ReturnType<typeof headerLayout>) => layout.rows.length + (layout.subjects.length ? 1 : 0);

/**
 * The sheet's header rows (000 §2.9): on a final sheet, a row of subjects over their columns; then the concept tree
 * by level (colspan over the columns below, rowspan down to the last row); the student column spans them all.
 */
export function SheetHead({ layout, style, measure }: { layout: ReturnType<typeof headerLayout>; style: HeadStyle; measure?: HeadMeasure }) {
  const t = useTranslations("gradeSheet");
  const headRows = headRowsOf(layout);
  const student = (
    <th rowSpan={headRows} scope="col" className={style.student}>
      {t("student")}
    </th>
  );
  return (
    <>
      {layout.subjects.length > 0 && (
        <tr aria-rowindex={measure && 1}>
          {student}
          {layout.subjects.map((subject) => (
            <th
              key={subject.activityId}
              colSpan={subject.colSpan}
              scope="colgroup"
              data-testid={style.marked ? `grade-subject-${subject.activityId}` : undefined}
              className={style.subject}
            >
              {subject.name}
            </th>
          ))}
        </tr>
      )}
      {layout.rows.map((cells, level) => (
        <tr key={level} aria-rowindex={measure && headRows - layout.rows.length + level + 1}>
          {level === 0 && layout.subjects.length === 0 && student}
          {cells.map((cell) => {
            const column = measure?.column(cell);
            return (
              <th
                key={columnKey(cell)}
                ref={column === undefined ? undefined : measure?.ref}
                data-column={column}
                colSpan={cell.colSpan}
                rowSpan={cell.rowSpan}
                scope={cell.colSpan > 1 ? "colgroup" : "col"}
                title={style.marked ? cell.concept.name : undefined}
                data-testid={style.marked ? `grade-head-${cell.concept.ID}${cell.average ? "-avg" : ""}` : undefined}
                className={cn(style.concept(cell))}
              >
                {cell.concept.abrev}
              </th>
            );
          })}
        </tr>
      ))}
    </>
  );
}
