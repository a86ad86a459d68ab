import type { TDefaultFiltersAnswer, TSheetAnswer, TSheetQuery } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
import { notFound, validationRefusal } from "../../http/app-error.ts";
import { type AuthedContext, JsonText, type Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { fileUrl } from "../../storage/storage.ts";
import { CONCEPT_SELECT, readGradeRows } from "./grade-store.ts";
import { sectionRoster } from "./roster.ts";
import { canRecalculate, gradableSections } from "./save-grades.ts";

/**
 * The grade sheet read (000 §7): the rows of a section's (or a student group's) students with their grades, and the
 * filters the screen opens with. Saves go through save-grades.ts.
 */

/** The students of a sheet: those of a section or the members of a student group (001 §3 "Group", staff=false). */
export type Roster = { sectionId: number; groupId?: undefined } | { groupId: number; sectionId?: undefined };

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

/** A grade's number or text as JSON. */
const jsonValue = (value: number | string | null | undefined) =>
  typeof value === "number" ? (Number.isFinite(value) ? String(value) : "null") : value == null ? "null" : JSON.stringify(value);

/**
 * 000 §3: one row per student (name, photo) with a grade of every concept, in the concepts' order (one query), written
 * as JSON as the grades are read: building a large sheet's cells as objects first and then writing them costs the
 * call processor it does not need. What a cell says of its concept is the same on every row, so it is written once.
 */
export async function sheetAnswer(
  db: TenantDb,
  students: Awaited<ReturnType<typeof studentsOf>>,
  concepts: SheetConcept[],
  { about, lock }: Pick<TSheetAnswer, "about" | "lock">,
  givenNamesFirst: boolean,
): Promise<JsonText<TSheetAnswer>> {
  const grades = await readGradeRows(
    db,
    concepts.map((c) => c.id),
    students.map((s) => s.id),
  );
  const parts = concepts.map(({ id, type, parentId, locked, canEdit, calcAverage }) => {
    const head = `{"conceptId":${id},"gradeNum":`;
    const tail = `,${JSON.stringify({ type, parentId, locked, canEdit, calcAverage, sync: false }).slice(1)}`;
    return { head, tail, empty: `${head}null,"gradeTxt":null${tail}` };
  });
  const column = new Map(concepts.map((c, i) => [c.id, i]));
  const cells = new Map(students.map((s) => [s.id, parts.map((p) => p.empty)]));
  for (const [conceptId, studentId, gradeNum, gradeTxt] of grades) {
    const i = column.get(conceptId)!;
    cells.get(studentId)![i] = `${parts[i]!.head}${jsonValue(gradeNum)},"gradeTxt":${jsonValue(gradeTxt)}${parts[i]!.tail}`;
  }
  const rows = students.map(
    (s) =>
      `${JSON.stringify({ studentId: s.id, name: fullName(s, givenNamesFirst), img: fileUrl(s.face) }).slice(0, -1)},"grades":[${cells.get(s.id)!.join(",")}]}`,
  );
  return new JsonText(`{"Results":[${rows.join(",")}],"RowCount":${rows.length},"PageCount":1,${JSON.stringify({ about, lock }).slice(1)}`);
}

/** A grade and its section as the sheet names them ("3.º grado A"), or a student group's name. */
async function placeOf(db: TenantDb, roster: Roster): Promise<string> {
  if (roster.groupId) return (await db.userGroup.findFirst({ where: { id: roster.groupId }, select: { name: true } }))?.name ?? "";
  const section = await db.section.findFirst({ where: { id: roster.sectionId }, select: { name: true, superSection: { select: { name: true } } } });
  return section ? `${section.superSection.name} ${section.name}` : "";
}

/**
 * What a course's sheet is about (000 §2.9 print header: period, grade and section, course, the course-section's
 * teacher) and why the caller may type none of it: its period is closed, or they do not teach the course there (the
 * save refuses both: save-grades.ts).
 */
async function courseAbout(ctx: AuthedContext, activityId: number, roster: Roster): Promise<Pick<TSheetAnswer, "about" | "lock">> {
  const [activity, place, part, gradable] = await Promise.all([
    ctx.db.activity.findFirst({ where: { id: activityId }, select: { name: true, period: { select: { name: true, closed: true } } } }),
    placeOf(ctx.db, roster),
    roster.sectionId ? ctx.db.activityPart.findFirst({ where: { activityId, sectionId: roster.sectionId }, select: { masterId: true } }) : null,
    gradableSections(ctx.db, ctx, [activityId]),
  ]);
  const master = part?.masterId ? await ctx.db.user.findFirst({ where: { id: part.masterId }, select: { name: true, last: true, last2: true } }) : null;
  const sections = gradable?.get(activityId);
  // A student group's members come from several sections: any of them the caller teaches opens the sheet, and the save checks each.
  const mine = !gradable || sections === null || (sections !== undefined && (roster.sectionId ? sections.has(roster.sectionId) : sections.size > 0));
  return {
    about: { period: activity?.period.name ?? "", section: place, course: activity?.name ?? null, teacher: fullName(master, ctx.user.givenNamesFirst) },
    lock: activity?.period.closed ? "periodClosed" : mine ? null : "notYourCourse",
  };
}

/** What a final sheet is about (its period, and its section or group) and whether its period is closed. */
export async function finalAbout(db: TenantDb, periodId: number, roster: Roster): Promise<Pick<TSheetAnswer, "about" | "lock">> {
  const [period, place] = await Promise.all([db.period.findFirst({ where: { id: periodId }, select: { name: true, closed: true } }), placeOf(db, roster)]);
  return { about: { period: period?.name ?? "", section: place, course: null, teacher: null }, lock: period?.closed ? "periodClosed" : null };
}

/**
 * GET admGrades/get (000 §7): one row per student of the section (surname first, with photo), each with the grade of
 * every concept of the subject's tree for that section, as the header lists them. With a student group (reports 8
 * and 9), its members, whatever their section, and the subject's shared concepts only.
 */
export async function getSheet(ctx: AuthedContext & { query: TSheetQuery }): Promise<Reply<JsonText<TSheetAnswer>>> {
  const { activityId, ...roster } = await courseOf(ctx, ctx.query);
  const sections = roster.sectionId ? [{ sectionId: null }, { sectionId: roster.sectionId }] : [{ sectionId: null }];
  const [tree, students, about] = await Promise.all([
    ctx.db.evalConcept.findMany({
      where: { activityId, OR: sections },
      orderBy: [{ level: "asc" }, { order: "asc" }],
      select: { ...CONCEPT_SELECT, hidden: true },
    }),
    studentsOf(ctx.db, roster),
    courseAbout(ctx, activityId, roster),
  ]);
  // A hidden concept hides its whole branch, as the header does (levels come in order, so parents are decided first).
  const shown = new Set<number>();
  for (const c of tree) if (!c.hidden && (c.parentId === null || shown.has(c.parentId))) shown.add(c.id);
  return {
    data: await sheetAnswer(
      ctx.db,
      students,
      tree.filter((c) => shown.has(c.id)),
      about,
      ctx.user.givenNamesFirst,
    ),
  };
}

/**
 * GET admGrades/defaultFilters (000 §7): the current period and, for someone who teaches, their first course-section
 * with the "by teacher" report (1); anyone else starts on "by grade/section/course" (2) with nothing chosen; and
 * whether the user may 'Calcular CPROM' (the school's setting).
 */
export async function defaultFilters(ctx: AuthedContext): Promise<Reply<TDefaultFiltersAnswer>> {
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
