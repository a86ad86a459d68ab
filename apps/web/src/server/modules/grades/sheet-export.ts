import type { z } from "zod";
import { gradeOf, headerLayout, type StudentRow } from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { xlsxResponse } from "../../resource/xlsx.ts";
import { getSheet, type ZSheetQuery } from "./sheet.ts";

/** The rows as one page of the streamed workbook. */
async function* onePage(rows: unknown[][]) {
  yield rows;
}

/**
 * GET admGrades/export (our path; 000 §2.9 "Excel export"): the sheet as the screen shows it, with the same query as
 * admGrades/get, as `calificaciones.xlsx` with one sheet `notas`: a row per student, the screen's columns left to
 * right (each concept's abbreviation), numbers as numbers and the rest as text. Nothing to export answers the
 * success notice 'No hay datos'.
 */
export async function exportSheet(ctx: AuthedContext & { query: z.infer<typeof ZSheetQuery> }): Promise<Reply> {
  const { Results } = (await getSheet(ctx)).data as { Results: StudentRow[] };
  const conceptIds = Results[0]?.grades.map((g) => g.conceptId) ?? [];
  if (conceptIds.length === 0) return { data: null, msgKey: "gradeSheet.noData" };
  const concepts = await ctx.db.evalConcept.findMany({
    where: { id: { in: conceptIds } },
    select: { id: true, parentId: true, level: true, order: true, name: true, abrev: true, type: true, locked: true, canEdit: true, calcAverage: true, qualifications: true },
  });
  const { columns } = headerLayout(concepts.map(({ id, ...c }) => ({ ID: id, ...c })));
  const headers = [ctx.t("gradeSheet.student"), ...columns.map((c) => c.concept.abrev)];
  const rows = Results.map((student) => [
    student.name,
    ...columns.map((column) => {
      const grade = gradeOf(student, column.concept);
      return grade.gradeNum ?? grade.gradeTxt;
    }),
  ]);
  return { data: null, response: xlsxResponse("calificaciones.xlsx", "notas", headers, onePage(rows)) };
}
