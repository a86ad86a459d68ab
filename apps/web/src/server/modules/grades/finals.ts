import {
  type TFinalQuery,
  type TGradeSaveAnswer,
  type TMasterSave,
  type TReportsAnswer,
  type TReportsQuery,
  type TSheetAnswer,
  ZFinalQuery,
} from "@pizarra/contracts";
import type { AuthedContext, JsonText, Reply } from "../../http/context.ts";
import { CONCEPT_LABELS, finalConcepts, finalShape } from "./concept-headers.ts";
import { saveCells } from "./save-grades.ts";
import { finalAbout, sheetAnswer, studentsOf } from "./sheet.ts";

/**
 * What the final sheet's routes (getFinal and its export) declare: the sheet's query, named with the concepts' labels,
 * and the right it decides: read on admGradesBehavior for a behaviour sheet (isBehavior "true"), else on admGrades.
 */
export const FINAL_SHEET = {
  query: ZFinalQuery,
  labelKey: CONCEPT_LABELS,
  need: { byQuery: (query: TFinalQuery) => (query.isBehavior === "true" ? "admGradesBehavior" : "admGrades") },
};

/**
 * GET admGrades/getFinal (000 §7): the final sheet of a section (or of a student group's members) in a period, one row
 * per student, surname first, with photo, each with a grade of exactly the concepts getHeaderFinal answers for the
 * same query, in that order: the subjects' concepts, or the behaviour ones when isBehavior is "true".
 */
export async function getFinal(ctx: AuthedContext & { query: TFinalQuery }): Promise<Reply<JsonText<TSheetAnswer>>> {
  const shape = await finalShape(ctx, false);
  const roster = shape?.groupId ? { groupId: shape.groupId } : shape?.sectionId && shape.sectionId > 0 ? { sectionId: shape.sectionId } : null;
  const [concepts, students, about] =
    shape && roster
      ? await Promise.all([finalConcepts(ctx.db, shape), studentsOf(ctx.db, roster), finalAbout(ctx.db, shape.periodId, roster)])
      : [[], [], { about: null, lock: null }];
  return {
    data: await sheetAnswer(
      ctx.db,
      students,
      concepts.map((c) => ({ ...c, id: c.ID })),
      about,
      ctx.user.givenNamesFirst,
    ),
  };
}

/**
 * The report items of the grade screens (001 §2) as 000 §2.9's selectedReport numbers. admGrades: by grade/section 2,
 * by teacher 1, by course 5 (the deep link: grade plus course, then section), by group 8, descriptive conclusions 6
 * (the course summary), descriptive conclusions by group 9, and, with admGradesRep, final grades 4 (every level) and
 * final grades Minedu 3 (level 0). admGradesBehavior: behaviour grades 4, tutor comments 6, by group 8.
 */
const REPORTS = {
  academic: [
    { ID: 2, key: "bySection", module: "admGrades" },
    { ID: 1, key: "byTeacher", module: "admGrades" },
    { ID: 5, key: "byCourse", module: "admGrades" },
    { ID: 8, key: "byGroup", module: "admGrades" },
    { ID: 6, key: "conclusions", module: "admGrades" },
    { ID: 9, key: "conclusionsByGroup", module: "admGrades" },
    { ID: 4, key: "finals", module: "admGradesRep" },
    { ID: 3, key: "finalsMinedu", module: "admGradesRep" },
  ],
  behavior: [
    { ID: 4, key: "behavior", module: "admGradesBehavior" },
    { ID: 6, key: "tutorComments", module: "admGradesBehavior" },
    { ID: 8, key: "behaviorByGroup", module: "admGradesBehavior" },
  ],
} as const;

/** GET admGrades/reports (001 §7): the report items the user's menu lets them open (each item's module), localized. */
export async function reports(ctx: AuthedContext & { query: TReportsQuery }): Promise<Reply<TReportsAnswer>> {
  const items = ctx.query.isBehavior === "true" ? REPORTS.behavior : REPORTS.academic;
  return {
    data: items.filter((r) => ctx.user.access.get(r.module)?.read).map((r) => ({ ID: r.ID, name: ctx.t(`grades.reports.${r.key}`) })),
  };
}

/**
 * POST admGrades/master (001 §7): the homeroom teacher's (the master's) entry in any course and in behaviour, for users
 * with write on admGradesMaster (which waives "you do not teach this course"); a cell of an averaging concept (sent
 * with `averaged: true`) asks for that average to be recalculated for the student.
 */
export async function saveMaster(ctx: AuthedContext & { body: TMasterSave }): Promise<Reply<TGradeSaveAnswer>> {
  return saveCells(ctx, ctx.body.grades, [false, true], true);
}
