import {
  type Column,
  gradeOf,
  headerLayout,
  type HeaderConcept,
  letterOf,
  type SheetAbout,
  type TFinalQuery,
  type TSheetAnswer,
  type TSheetQuery,
} from "@pizarra/contracts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { xlsxResponse } from "../../resource/xlsx.ts";
import { getFinal } from "./finals.ts";
import { getSheet } from "./sheet.ts";

/** The rows as one page of the streamed workbook. */
async function* onePage(rows: unknown[][]) {
  yield rows;
}

/** Characters a file name cannot hold on some system (Windows' reserved ones), and line breaks and tabs, as spaces. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\s]+/g;

/** 'calificaciones.xlsx' (000 §7) named after the course and section it holds: "calificaciones - Matemática - 3.º grado A.xlsx". */
export function sheetFileName(about: SheetAbout | null): string {
  const parts = [about?.course, about?.section].map((part) => part?.replace(UNSAFE_IN_NAME, " ").trim()).filter(Boolean);
  return `${["calificaciones", ...parts].join(" - ")}.xlsx`;
}

/**
 * The sheet as the screen shows it (000 §2.9 "Excel export"), sheet `notas` of a file named after its course and
 * section: a row per student and the screen's columns left to right, each headed by its concept's path of
 * abbreviations (and its subject on a final sheet), so that the fourth term's exam is not mistaken for the first's;
 * numbers as numbers, the rest as text, and beside each average its letter (000 §3), as the screen shows it. Nothing
 * to export answers the success notice 'No hay datos'.
 */
export async function sheetWorkbook(ctx: AuthedContext, { Results, about }: TSheetAnswer): Promise<Reply<null>> {
  const conceptIds = Results[0]?.grades.map((g) => g.conceptId) ?? [];
  if (conceptIds.length === 0) return { data: null, msgKey: "gradeSheet.noData" };
  const concepts = await ctx.db.evalConcept.findMany({
    where: { id: { in: conceptIds } },
    select: {
      id: true,
      parentId: true,
      level: true,
      order: true,
      name: true,
      abrev: true,
      type: true,
      locked: true,
      canEdit: true,
      calcAverage: true,
      qualifications: true,
      activityId: true,
      activity: { select: { name: true } },
    },
  });
  const order = new Map(conceptIds.map((id, i) => [id, i]));
  const header: HeaderConcept[] = concepts
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map(({ id, activity, ...c }) => ({ ID: id, ...c, activityName: activity?.name ?? null }));
  const byId = new Map(header.map((c) => [c.ID, c]));
  const path = (c: HeaderConcept): string[] => [
    ...(c.parentId !== null && byId.has(c.parentId) ? path(byId.get(c.parentId)!) : c.activityName ? [c.activityName] : []),
    c.abrev,
  ];
  const { columns } = headerLayout(header);
  const averaged = (column: Column) => column.average || column.concept.calcAverage;
  const headers = [
    ctx.t("gradeSheet.student"),
    ...columns.flatMap((column) => {
      const name = path(column.concept).join(" › ");
      return averaged(column) ? [name, `${name} (${ctx.t("gradeSheet.letter")})`] : [name];
    }),
  ];
  const rows = Results.map((student) => [
    student.name,
    ...columns.flatMap((column) => {
      const grade = gradeOf(student, column.concept);
      return averaged(column) ? [grade.gradeNum, letterOf(grade.gradeNum)] : [grade.gradeNum ?? grade.gradeTxt];
    }),
  ]);
  return { data: null, response: xlsxResponse(sheetFileName(about), "notas", headers, onePage(rows)) };
}

/** GET admGrades/export (our path): a course's sheet, with the query of admGrades/get. */
export async function exportSheet(ctx: AuthedContext & { query: TSheetQuery }): Promise<Reply<null>> {
  return sheetWorkbook(ctx, (await getSheet(ctx)).data.parse());
}

/** GET admGrades/exportFinal (our path): a final sheet (reports 3, 4, 6 and the behaviour ones), with getFinal's query. */
export async function exportFinal(ctx: AuthedContext & { query: TFinalQuery }): Promise<Reply<null>> {
  return sheetWorkbook(ctx, (await getFinal(ctx)).data.parse());
}
