"use client";

import { useTranslations } from "next-intl";
import { createPortal } from "react-dom";
import { usePrintWhen } from "../resource/print-view.tsx";
import { SheetHead, type HeadStyle } from "./sheet-head.tsx";
import { cellText, columnKey, gradeOf, headerLayout, type HeaderConcept, type StudentRow } from "@pizarra/contracts";

const HEAD_STYLE: HeadStyle = {
  student: "border border-neutral-400 px-2 py-1 text-left",
  subject: "border border-neutral-400 px-2 py-1",
  concept: () => "border border-neutral-400 px-2 py-1",
};

/**
 * Print (000 §2.9): the 'Reporte de notas' header with the filters in force (Periodo, Grado/Sección, Curso,
 * Profesor), then the sheet as shown, in a view only paper sees (globals.css hides the rest while it is mounted).
 */
export function GradePrint({
  header,
  rows,
  summary,
  onDone,
}: {
  header: HeaderConcept[];
  rows: StudentRow[];
  summary: { label: string; value: string }[];
  onDone: () => void;
}) {
  const t = useTranslations("gradeSheet");
  const layout = headerLayout(header);
  usePrintWhen(true, onDone);

  return createPortal(
    <div data-print-view data-testid="grade-print" className="hidden bg-white p-6 text-sm text-black print:block">
      <h1 className="mb-1 text-xl font-semibold">{t("printTitle")}</h1>
      <p className="mb-4 text-xs text-neutral-600">{summary.map((item) => `${item.label}: ${item.value}`).join(" · ")}</p>
      <table className="w-full border-collapse text-xs">
        <thead>
          <SheetHead layout={layout} style={HEAD_STYLE} />
        </thead>
        <tbody>
          {rows.map((student) => (
            <tr key={student.studentId} className="break-inside-avoid">
              <td className="border border-neutral-300 px-2 py-1">{student.name}</td>
              {layout.columns.map((column) => (
                <td key={columnKey(column)} className="border border-neutral-300 px-2 py-1 text-center">
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
