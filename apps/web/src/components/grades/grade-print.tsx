"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { useLatest } from "../resource/use-latest.ts";
import { cellText, gradeOf, headerLayout, type HeaderConcept, type StudentRow } from "@pizarra/contracts";

/**
 * Print (000 §2.9): the 'Reporte de notas' header with the filters in force (Periodo, Grado/Sección, Curso,
 * Profesor), then the sheet as shown, in a view only paper sees (globals.css hides the rest while it is mounted).
 */
export function GradePrint({ header, rows, summary, onDone }: { header: HeaderConcept[]; rows: StudentRow[]; summary: { label: string; value: string }[]; onDone: () => void }) {
  const t = useTranslations("gradeSheet");
  const done = useLatest(onDone);
  const layout = headerLayout(header);

  useEffect(() => {
    const finish = () => done.current();
    window.addEventListener("afterprint", finish, { once: true });
    const frame = window.requestAnimationFrame(() => window.print());
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("afterprint", finish);
    };
  }, [done]);

  return createPortal(
    <div data-print-view data-testid="grade-print" className="hidden bg-white p-6 text-sm text-black print:block">
      <h1 className="mb-1 text-xl font-semibold">{t("printTitle")}</h1>
      <p className="mb-4 text-xs text-neutral-600">{summary.map((item) => `${item.label}: ${item.value}`).join(" · ")}</p>
      <table className="w-full border-collapse text-xs">
        <thead>
          {layout.rows.map((cells, level) => (
            <tr key={level}>
              {level === 0 && (
                <th rowSpan={layout.rows.length} className="border border-neutral-400 px-2 py-1 text-left">
                  {t("student")}
                </th>
              )}
              {cells.map((cell) => (
                <th key={`${cell.concept.ID}${cell.average ? "a" : ""}`} colSpan={cell.colSpan} rowSpan={cell.rowSpan} className="border border-neutral-400 px-2 py-1">
                  {cell.concept.abrev}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((student) => (
            <tr key={student.studentId} className="break-inside-avoid">
              <td className="border border-neutral-300 px-2 py-1">{student.name}</td>
              {layout.columns.map((column) => (
                <td key={`${column.concept.ID}${column.average ? "a" : ""}`} className="border border-neutral-300 px-2 py-1 text-center">
                  {cellText(column, gradeOf(student, column.concept))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
