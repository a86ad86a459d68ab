"use client";

import { cellText, columnKey, gradeOf, headerLayout, type HeaderConcept, sliceLayout, type StudentRow } from "@pizarra/contracts";
import { useTranslations } from "next-intl";
import { createPortal } from "react-dom";
import { usePrintWhen } from "../resource/print-view.tsx";
import { PRINT_PAGE, printRuns, printWidth } from "./print-runs.ts";
import { type HeadStyle, SheetHead } from "./sheet-head.tsx";

const HEAD_STYLE: HeadStyle = {
  student: "border border-neutral-400 px-1.5 py-1 text-left",
  subject: "border border-neutral-400 px-1.5 py-1",
  concept: () => "border border-neutral-400 px-1 py-1",
};

/** The paper's size and margins while the print view is mounted (it is only then: the rest of the app keeps its own). */
const PAGE_RULE = `@page { size: ${PRINT_PAGE.size}; margin: ${PRINT_PAGE.margin}mm; }`;

/**
 * Print (000 §2.9): the 'Reporte de notas' header with what the sheet is about (Periodo, Grado/Sección, Curso,
 * Profesor), then the sheet, on landscape pages, in a view only paper sees (globals.css hides the rest while it is
 * mounted). A sheet wider than a page goes a run of columns at a time, each run on pages of its own under the header
 * again, with the students' names before it and its header rows on every page; averages keep their letter. `ask`
 * opens the browser's print dialog (the Print button); without it the browser's own print (Ctrl+P) is under way.
 */
export function GradePrint({
  header,
  rows,
  summary,
  ask,
  onDone,
}: {
  header: HeaderConcept[];
  rows: StudentRow[];
  summary: { label: string; value: string }[];
  ask: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("gradeSheet");
  const layout = headerLayout(header);
  usePrintWhen(ask, onDone);

  return createPortal(
    <div data-print-view data-testid="grade-print" className="hidden bg-white text-sm text-black print:block">
      <style>{PAGE_RULE}</style>
      {printRuns(layout.columns).map(([from, to], run) => {
        const part = sliceLayout(layout, from, to);
        return (
          <section key={from} data-testid="grade-print-run" className={run > 0 ? "break-before-page" : undefined}>
            <h1 className="mb-1 text-lg font-semibold">{t("printTitle")}</h1>
            <p className="mb-3 text-xs text-neutral-700">{summary.map((item) => `${item.label}: ${item.value}`).join(" · ")}</p>
            <table className="table-fixed border-collapse text-xs">
              <colgroup>
                <col style={{ width: `${PRINT_PAGE.nameWidth}mm` }} />
                {part.columns.map((column) => (
                  <col key={columnKey(column)} style={{ width: `${printWidth(column)}mm` }} />
                ))}
              </colgroup>
              <thead>
                <SheetHead layout={part} style={HEAD_STYLE} />
              </thead>
              <tbody>
                {rows.map((student) => (
                  <tr key={student.studentId} className="break-inside-avoid">
                    <th scope="row" className="border border-neutral-300 px-1.5 py-1 text-left font-normal">
                      {student.name}
                    </th>
                    {part.columns.map((column) => (
                      <td key={columnKey(column)} className="border border-neutral-300 px-1 py-1 text-center break-words">
                        {cellText(column, gradeOf(student, column.concept))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>,
    document.body,
  );
}
