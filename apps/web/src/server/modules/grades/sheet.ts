import { CONCEPT_TYPE, GRADE_MAX, GRADE_MIN, GRADE_TEXT_MAX, splitList, type StudentRow, ZRecordId } from "@pizarra/contracts";
import type { Prisma, TenantDb } from "@pizarra/db";
import { z } from "zod";
import { AppError, fieldRefusal, notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { fileUrl } from "../../storage/storage.ts";
import { CONCEPT_SELECT, lockStudents, recompute, recomputeAverages, sameValue, studentKey, writeGrades, type Average, type CellKey, type Concept, type Value } from "./averages.ts";

type Tx = Prisma.TransactionClient;

const ID = ZRecordId;
/** 000 §7: the grade screen's query (the section comes from the course-section when only that is given). */
export const ZSheetQuery = z.object({
  activityId: ID.optional(),
  activityPartId: ID.optional(),
  periodId: z.coerce.number().int().min(0).max(999_999).optional(),
  sectionId: ID.optional(),
  groupId: ID.optional(),
});
/** One cell of a save: a concept and a student, with the value typed. */
const ZCell = z.object({
  conceptId: ID,
  studentId: ID,
  gradeNum: z.union([z.number(), z.string(), z.null()]).optional(),
  gradeTxt: z.union([z.string().max(GRADE_TEXT_MAX * 4), z.null()]).optional(),
});
const cells = <T extends z.ZodType>(cell: T) => z.object({ grades: z.array(cell).min(1).max(5_000) });
/** 000 §7: POST admGrades (and admGrades/behavior): the cells that changed. */
export const ZGradeSave = cells(ZCell);
/** 001 §7: POST admGrades/master: cells as above; `averaged` asks for the cell's average to be recalculated. */
export const ZMasterSave = cells(ZCell.extend({ averaged: z.boolean().optional() }));

/** 001 §6: role 100 may grade any course; anyone else only a course-section they teach (its teacher, or one of the subject's). */
async function assertTeaches(db: TenantDb | Tx, ctx: AuthedContext, activityId: number, sectionIds: number[]): Promise<void> {
  if (ctx.user.roleCode === 100 || ctx.user.access.get("admGradesMaster")?.write) return;
  const [parts, master] = await Promise.all([
    db.activityPart.count({ where: { activityId, sectionId: { in: sectionIds }, masterId: ctx.user.id } }),
    db.activityMaster.count({ where: { activityId, userId: ctx.user.id } }),
  ]);
  if (master === 0 && parts < sectionIds.length) throw new AppError(-403, "grades.notYourCourse", 403);
}

/** The students of a sheet: those of a section or the members of a student group (001 §3 "Group", staff=false). */
type Roster = { sectionId: number; groupId?: undefined } | { groupId: number; sectionId?: undefined };

/**
 * The section (or student group) and subject a sheet is about: from the course-section, from the subject and the
 * section given, or (reports 8 and 9) from the subject and a student group.
 */
async function courseOf(ctx: AuthedContext, query: z.infer<typeof ZSheetQuery>): Promise<{ activityId: number } & Roster> {
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
  const part = await ctx.db.activityPart.findFirst({ where: { activityId: query.activityId, sectionId: query.sectionId }, select: { activityId: true, sectionId: true } });
  if (!part) throw notFound();
  return part;
}

/** The active students of a section or of a student group, surname first (one query). */
export async function studentsOf(db: TenantDb, roster: Roster) {
  const students = await db.user.findMany({
    where: {
      type: 2,
      inactive: false,
      ...(roster.groupId ? { memberships: { some: { groupId: roster.groupId, group: { staff: false } } } } : { sections: { some: { sectionId: roster.sectionId } } }),
    },
    select: { id: true, name: true, last: true, last2: true, face: true },
  });
  return students.sort((a, b) => fullName(a).localeCompare(fullName(b), "es"));
}

/** What a sheet row needs of a concept. */
type SheetConcept = { id: number; type: number; parentId: number | null; locked: boolean; canEdit: boolean; calcAverage: boolean };

/** 000 §3: one row per student (name, photo) with a grade of every concept, in the concepts' order (one query). */
export async function studentRows(db: TenantDb, students: Awaited<ReturnType<typeof studentsOf>>, concepts: SheetConcept[]): Promise<StudentRow[]> {
  const grades = await db.grade.findMany({
    where: { conceptId: { in: concepts.map((c) => c.id) }, studentId: { in: students.map((s) => s.id) } },
    select: { conceptId: true, studentId: true, gradeNum: true, gradeTxt: true },
  });
  const byCell = new Map(grades.map((g) => [`${g.studentId}:${g.conceptId}`, g]));
  return students.map((s) => ({
    studentId: s.id,
    name: fullName(s),
    img: fileUrl(s.face),
    grades: concepts.map((c) => {
      const grade = byCell.get(`${s.id}:${c.id}`);
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
export async function getSheet(ctx: AuthedContext & { query: z.infer<typeof ZSheetQuery> }): Promise<Reply> {
  const { activityId, ...roster } = await courseOf(ctx, ctx.query);
  const sections = roster.sectionId ? [{ sectionId: null }, { sectionId: roster.sectionId }] : [{ sectionId: null }];
  const [tree, students] = await Promise.all([
    ctx.db.evalConcept.findMany({ where: { activityId, OR: sections }, orderBy: [{ level: "asc" }, { order: "asc" }], select: { ...CONCEPT_SELECT, hidden: true } }),
    studentsOf(ctx.db, roster),
  ]);
  // A hidden concept hides its whole branch, as the header does (levels come in order, so parents are decided first).
  const shown = new Set<number>();
  for (const c of tree) if (!c.hidden && (c.parentId === null || shown.has(c.parentId))) shown.add(c.id);
  const Results = await studentRows(ctx.db, students, tree.filter((c) => shown.has(c.id)));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** A typed value as stored: numbers 0-8 (integers), a qualification of the concept's list, or text up to 700. */
function storedValue(ctx: AuthedContext, concept: Concept, cell: { gradeNum?: unknown; gradeTxt?: unknown }): Value {
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  if (concept.type === CONCEPT_TYPE.numeric) {
    if (empty(cell.gradeNum)) return { gradeNum: null, gradeTxt: null };
    const n = Number(cell.gradeNum);
    if (!Number.isInteger(n) || n < GRADE_MIN || n > GRADE_MAX) throw validationRefusal({ gradeNum: ctx.t("grades.range") });
    return { gradeNum: n, gradeTxt: null };
  }
  if (empty(cell.gradeTxt)) return { gradeNum: null, gradeTxt: null };
  const text = String(cell.gradeTxt).trim();
  if (concept.type === CONCEPT_TYPE.qualification) {
    if (!splitList(concept.qualifications).includes(text)) throw validationRefusal({ gradeTxt: ctx.t("grades.qualification", { values: concept.qualifications }) });
    return { gradeNum: null, gradeTxt: text };
  }
  if (text.length > GRADE_TEXT_MAX) throw validationRefusal({ gradeTxt: ctx.t("validation.max", { attribute: ctx.t("grades.grade"), max: GRADE_TEXT_MAX }) });
  return { gradeNum: null, gradeTxt: text };
}

/** Each student's section in the concepts' periods; a student of none (or no student) is not found. */
async function sectionsOf(tx: Tx, studentIds: number[], concepts: Concept[]): Promise<Map<number, number>> {
  const memberships = await tx.sectionMember.findMany({
    where: { userId: { in: studentIds }, user: { type: 2 }, section: { superSection: { periodId: { in: [...new Set(concepts.map((c) => c.periodId))] } } } },
    select: { userId: true, sectionId: true },
  });
  const sectionOf = new Map(memberships.map((m) => [m.userId, m.sectionId]));
  if (studentIds.some((id) => !sectionOf.has(id))) throw notFound();
  return sectionOf;
}

/** A typed cell as POST admGrades takes it. */
export type GradeCell = z.infer<typeof ZGradeSave>["grades"][number];

/**
 * Writes typed cells inside the caller's transaction (the save, the grade import): only the cells that differ are
 * written; a locked or non-editable concept, an average, a student outside the course's sections or a course the user
 * does not teach refuse the whole write. Every average above a changed cell is recomputed bottom-up and every change
 * (typed or computed) goes into the grade trail. Writes touching the same students wait for each other, so two
 * teachers on one cell never leave a torn state or a stale average.
 */
export async function writeCells(tx: Tx, ctx: AuthedContext, cells: GradeCell[], behavior: boolean) {
  const concepts = await tx.evalConcept.findMany({ where: { id: { in: [...new Set(cells.map((c) => c.conceptId))] } }, select: CONCEPT_SELECT });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  for (const cell of cells) {
    const concept = byId.get(cell.conceptId);
    if (!concept || concept.isBehavior !== behavior) throw notFound();
    if (concept.locked || !concept.canEdit || concept.calcAverage) throw new AppError(-409, "grades.locked", 409);
  }
  const studentIds = [...new Set(cells.map((c) => c.studentId))];
  const sectionOf = await sectionsOf(tx, studentIds, concepts);
  for (const activityId of new Set(concepts.map((c) => c.activityId).filter((a): a is number => a !== null))) {
    const sections = [...new Set(cells.filter((c) => byId.get(c.conceptId)!.activityId === activityId).map((c) => sectionOf.get(c.studentId)!))];
    await assertTeaches(tx, ctx, activityId, sections);
  }
  await lockStudents(tx, cells.map((c) => studentKey(ctx.user.tenantId, c.studentId, byId.get(c.conceptId)!)));

  const stored = await tx.grade.findMany({ where: { conceptId: { in: concepts.map((c) => c.id) }, studentId: { in: studentIds } } });
  const current = new Map(stored.map((g) => [`${g.studentId}:${g.conceptId}`, g as Value]));
  // A cell named twice counts once, with its last value.
  const last = new Map(cells.map((cell) => [`${cell.studentId}:${cell.conceptId}`, cell]));
  const changed: { conceptId: number; studentId: number; value: Value }[] = [];
  for (const [key, cell] of last) {
    const value = storedValue(ctx, byId.get(cell.conceptId)!, cell);
    if (!sameValue(current.get(key), value)) changed.push({ conceptId: cell.conceptId, studentId: cell.studentId, value });
  }
  await writeGrades(tx, ctx, changed.map((c) => ({ ...c, old: current.get(`${c.studentId}:${c.conceptId}`) })), false);
  const averages = await recomputeAverages(tx, ctx, changed);
  return { saved: changed.length, averages };
}

/** The user the school lets 'Calcular CPROM' (000 §2.9, §6): the tenant's setting `cpromUserId`. */
export async function canRecalculate(ctx: AuthedContext): Promise<boolean> {
  const tenant = await ctx.db.tenant.findUnique({ where: { id: ctx.user.tenantId }, select: { settings: true } });
  const settings = tenant?.settings;
  return typeof settings === "object" && settings !== null && !Array.isArray(settings) && settings.cpromUserId === ctx.user.id;
}

/** Recomputes the named averages (and their ancestors) for students of their periods, in the caller's transaction. */
async function recalculate(tx: Tx, ctx: AuthedContext, asked: CellKey[]): Promise<Average[]> {
  const concepts = await tx.evalConcept.findMany({ where: { id: { in: [...new Set(asked.map((c) => c.conceptId))] } }, select: CONCEPT_SELECT });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  await sectionsOf(tx, [...new Set(asked.map((c) => c.studentId))], concepts);
  await lockStudents(tx, asked.map((c) => studentKey(ctx.user.tenantId, c.studentId, byId.get(c.conceptId)!)));
  return recompute(tx, ctx, asked);
}

/**
 * One body of cells in one transaction (POST admGrades/behavior, admGrades/master): a cell naming an averaging
 * concept asks for that student's average to be recomputed from its children (000 §7 "used to recalculate
 * averages"), which only `mayRecalculate` allows (403); the other cells are typed grades, written by writeCells,
 * behaviour and subject cells apart (`kinds`: the isBehavior values this call takes). A cell marked `averaged` must
 * name an averaging concept.
 */
export async function saveCells(
  ctx: AuthedContext,
  body: (GradeCell & { averaged?: boolean })[],
  kinds: readonly boolean[],
  mayRecalculate: boolean,
): Promise<Reply> {
  const concepts = await ctx.db.evalConcept.findMany({ where: { id: { in: [...new Set(body.map((c) => c.conceptId))] } }, select: { id: true, calcAverage: true, isBehavior: true } });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  for (const cell of body) {
    const concept = byId.get(cell.conceptId);
    if (!concept || !kinds.includes(concept.isBehavior)) throw notFound();
    if (cell.averaged && !concept.calcAverage) throw fieldRefusal("averaged", ctx.t("grades.notAverage"));
  }
  const asked = body.filter((c) => byId.get(c.conceptId)!.calcAverage).map(({ conceptId, studentId }) => ({ conceptId, studentId }));
  if (asked.length > 0 && !mayRecalculate) throw new AppError(-403, "grades.recalculateRefused", 403);
  const data = await ctx.db.$transaction(async (tx) => {
    let saved = 0;
    const averages: Average[] = [];
    for (const behavior of kinds) {
      const typed = body.filter((c) => !byId.get(c.conceptId)!.calcAverage && byId.get(c.conceptId)!.isBehavior === behavior);
      if (typed.length === 0) continue;
      const written = await writeCells(tx, ctx, typed, behavior);
      saved += written.saved;
      averages.push(...written.averages);
    }
    if (asked.length > 0) averages.push(...(await recalculate(tx, ctx, asked)));
    return { saved, averages };
  });
  return { data, msgKey: asked.length > 0 ? "grades.recalculated" : data.saved ? "grades.saved" : undefined };
}

/**
 * POST admGrades and admGrades/behavior (000 §7, §5 "Grade entry"): the changed cells, in one transaction; behaviour
 * cells may also ask, for the school's CPROM user only, for an average to be recalculated.
 */
export async function saveGrades(ctx: AuthedContext & { body: z.infer<typeof ZGradeSave> }, behavior: boolean): Promise<Reply> {
  if (behavior) return saveCells(ctx, ctx.body.grades, [true], await canRecalculate(ctx));
  const data = await ctx.db.$transaction((tx) => writeCells(tx, ctx, ctx.body.grades, false));
  return { data, msgKey: data.saved ? "grades.saved" : undefined };
}

/**
 * GET admGrades/defaultFilters (000 §7): the current period and, for someone who teaches, their first course-section
 * with the "by teacher" report (1); anyone else starts on "by grade/section/course" (2) with nothing chosen; and
 * whether the user may 'Calcular CPROM' (the school's setting).
 */
export async function defaultFilters(ctx: AuthedContext): Promise<Reply> {
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
