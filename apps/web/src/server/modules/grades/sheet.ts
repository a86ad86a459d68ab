import { cellKey, type StudentRow, type TDefaultFilters, type TSheetAnswer, type TSheetQuery } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import { notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { fileUrl } from "../../storage/storage.ts";
import { CONCEPT_SELECT, readGrades } from "./grade-store.ts";
import { sectionRoster } from "./roster.ts";
import { canRecalculate } from "./save-grades.ts";

/**
 * The grade sheet read (000 §7): the rows of a section's (or a student group's) students with their grades, and the
 * filters the screen opens with. Saves go through save-grades.ts.
 */

/** The students of a sheet: those of a section or the members of a student group (001 §3 "Group", staff=false). */
type Roster = { sectionId: number; groupId?: undefined } | { groupId: number; sectionId?: undefined };

/**
 * The section (or student group) and subject a sheet is about: from the course-section, from the subject and the
 * section given, or (reports 8 and 9) from the subject and a student group.
 */
async function courseOf(ctx: AuthedContext, query: TSheetQuery): Promise<{ activityId: number } & Roster> {
  if (query.activityPartId) {
    const part = await ctx.db.activityPart.findFirst({ where: { id: query.activityPartId }, select: { activityId: true, sectionId: true } });
    if (!part) throw notFound();
    return part;
  }
  const missing = !query.activityId ? "activityId" : !query.sectionId && !query.groupId ? "sectionId" : null;
  if (missing) throw validationRefusal({ [missing]: ctx.t("validation.required", { attribute: ctx.t(`grades.filters.${missing}`) }) });
  if (query.groupId) {
    const [activity, group] = await Promise.all([
      ctx.db.activity.findFirst({ where: { id: query.activityId }, select: { id: true } }),
      ctx.db.userGroup.findFirst({ where: { id: query.groupId, staff: false }, select: { id: true } }),
    ]);
    if (!activity || !group) throw notFound();
    return { activityId: activity.id, groupId: group.id };
  }
  const part = await ctx.db.activityPart.findFirst({
    where: { activityId: query.activityId, sectionId: query.sectionId },
    select: { activityId: true, sectionId: true },
  });
  if (!part) throw notFound();
  return part;
}

/** The active students of a section or of a student group, surname first, with their photo (one query). */
export const studentsOf = (db: TenantDb, roster: Roster) => sectionRoster(db, roster, { face: true });

/** What a sheet row needs of a concept. */
type SheetConcept = { id: number; type: number; parentId: number | null; locked: boolean; canEdit: boolean; calcAverage: boolean };

/** 000 §3: one row per student (name, photo) with a grade of every concept, in the concepts' order (one query). */
export async function studentRows(db: TenantDb, students: Awaited<ReturnType<typeof studentsOf>>, concepts: SheetConcept[]): Promise<StudentRow[]> {
  const byCell = await readGrades(
    db,
    concepts.map((c) => c.id),
    students.map((s) => s.id),
  );
  return students.map((s) => ({
    studentId: s.id,
    name: fullName(s),
    img: fileUrl(s.face),
    grades: concepts.map((c) => {
      const grade = byCell.get(cellKey(c.id, s.id));
      return {
        conceptId: c.id,
        gradeNum: grade?.gradeNum ?? null,
        gradeTxt: grade?.gradeTxt ?? null,
        type: c.type,
        parentId: c.parentId,
        locked: c.locked,
        canEdit: c.canEdit,
        calcAverage: c.calcAverage,
        sync: false,
      };
    }),
  }));
}

/**
 * GET admGrades/get (000 §7): one row per student of the section (surname first, with photo), each with the grade of
 * every concept of the subject's tree for that section, as the header lists them. With a student group (reports 8
 * and 9), its members, whatever their section, and the subject's shared concepts only.
 */
export async function getSheet(ctx: AuthedContext & { query: TSheetQuery }): Promise<Reply<TSheetAnswer>> {
  const { activityId, ...roster } = await courseOf(ctx, ctx.query);
  const sections = roster.sectionId ? [{ sectionId: null }, { sectionId: roster.sectionId }] : [{ sectionId: null }];
  const [tree, students] = await Promise.all([
    ctx.db.evalConcept.findMany({
      where: { activityId, OR: sections },
      orderBy: [{ level: "asc" }, { order: "asc" }],
      select: { ...CONCEPT_SELECT, hidden: true },
    }),
    studentsOf(ctx.db, roster),
  ]);
  // A hidden concept hides its whole branch, as the header does (levels come in order, so parents are decided first).
  const shown = new Set<number>();
  for (const c of tree) if (!c.hidden && (c.parentId === null || shown.has(c.parentId))) shown.add(c.id);
  const Results = await studentRows(
    ctx.db,
    students,
    tree.filter((c) => shown.has(c.id)),
  );
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/**
 * GET admGrades/defaultFilters (000 §7): the current period and, for someone who teaches, their first course-section
 * with the "by teacher" report (1); anyone else starts on "by grade/section/course" (2) with nothing chosen; and
 * whether the user may 'Calcular CPROM' (the school's setting).
 */
export async function defaultFilters(ctx: AuthedContext): Promise<Reply<TDefaultFilters>> {
  const period = await ctx.db.period.findFirst({ where: { current: true }, select: { id: true } });
  const part = period
    ? await ctx.db.activityPart.findFirst({
        where: { masterId: ctx.user.id, activity: { periodId: period.id } },
        orderBy: { id: "asc" },
        select: { id: true, activityId: true, sectionId: true, section: { select: { parentId: true } } },
      })
    : null;
  return {
    data: {
      selectedReport: part ? 1 : 2,
      periodId: period?.id ?? 0,
      superSectionId: part?.section.parentId ?? null,
      sectionId: part?.sectionId ?? null,
      activityId: part?.activityId ?? null,
      masterId: part ? ctx.user.id : null,
      activityPartId: part?.id ?? null,
      canRecalculate: await canRecalculate(ctx),
    },
  };
}
