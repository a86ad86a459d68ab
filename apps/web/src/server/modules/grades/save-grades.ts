import {
  cellKey,
  CONCEPT_TYPE,
  GRADE_TEXT_MAX,
  numericGrade,
  splitList,
  type TGradeCell,
  type TGradeSave,
  type TGradeSaveAnswer,
  ROLE,
  PERSON_TYPE,
} from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal, notFound, validationRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { averagesOf, readForAverages, recompute, type Tree } from "./averages.ts";
import {
  CONCEPT_SELECT,
  gradedStudents,
  lockStudents,
  sameValue,
  studentKey,
  writeGrades,
  type Average,
  type CellKey,
  type Concept,
  type Value,
  type WriteTx,
} from "./grade-store.ts";

/**
 * The grade save (000 §7, 001 §7): the cells checked (their values, the concepts they name, the user's right to grade
 * those students), the students locked, then the grades written and the averages above them recomputed, in one
 * transaction. The one way grades are written: the sheet's saves, the master's entry, 'Calcular CPROM', the grade
 * import and a concept's changes all come through here; below it, grade-store.ts keeps the grades and averages.ts
 * works out the averages.
 */

/**
 * 001 §6: role 100 may grade any course; anyone else only a course-section they teach (its teacher, or one of the
 * subject's). The sections of each subject the user may grade (null: all of them), in one statement; null for a user
 * who may grade any course.
 */
export async function gradableSections(db: TenantDb | TenantTx, ctx: AuthedContext, activityIds: number[]): Promise<Map<number, Set<number> | null> | null> {
  if (ctx.user.roleCode === ROLE.topAdmin || ctx.user.access.get("admGradesMaster")?.write) return null;
  const activities = await db.activity.findMany({
    where: { id: { in: activityIds } },
    select: {
      id: true,
      parts: { where: { masterId: ctx.user.id }, select: { sectionId: true } },
      masters: { where: { userId: ctx.user.id }, select: { id: true } },
    },
  });
  return new Map(activities.map((a) => [a.id, a.masters.length > 0 ? null : new Set(a.parts.map((p) => p.sectionId))]));
}

/** A typed value as stored: numbers 0-8 (integers), a qualification of the concept's list, or text up to 700. */
function storedValue(ctx: AuthedContext, concept: Concept, cell: { gradeNum?: unknown; gradeTxt?: unknown }): Value {
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  if (concept.type === CONCEPT_TYPE.numeric) {
    const read = numericGrade(cell.gradeNum);
    if ("error" in read) throw validationRefusal({ gradeNum: ctx.t("validation.grade") });
    return { gradeNum: read.value, gradeTxt: null };
  }
  if (empty(cell.gradeTxt)) return { gradeNum: null, gradeTxt: null };
  const text = String(cell.gradeTxt).trim();
  if (concept.type === CONCEPT_TYPE.qualification) {
    if (!splitList(concept.qualifications).includes(text))
      throw validationRefusal({ gradeTxt: ctx.t("grades.qualification", { values: concept.qualifications }) });
    return { gradeNum: null, gradeTxt: text };
  }
  if (text.length > GRADE_TEXT_MAX) throw validationRefusal({ gradeTxt: ctx.t("validation.max", { attribute: ctx.t("grades.grade"), max: GRADE_TEXT_MAX }) });
  return { gradeNum: null, gradeTxt: text };
}

/** The trees (a subject's, or a period's behaviour) the concepts belong to. */
const treesOf = (concepts: Concept[]): Tree[] => concepts.map((c) => ({ activityId: c.activityId, periodId: c.periodId }));

/** Each student's section in the concepts' periods; a student of none (or no student) is not found. */
async function sectionsOf(db: TenantDb | TenantTx, studentIds: number[], concepts: Concept[]): Promise<Map<number, number>> {
  const memberships = await db.sectionMember.findMany({
    where: {
      userId: { in: studentIds },
      user: { type: PERSON_TYPE.student },
      section: { superSection: { periodId: { in: [...new Set(concepts.map((c) => c.periodId))] } } },
    },
    select: { userId: true, sectionId: true },
  });
  const sectionOf = new Map(memberships.map((m) => [m.userId, m.sectionId]));
  if (studentIds.some((id) => !sectionOf.has(id))) throw notFound();
  return sectionOf;
}

/** Typed cells that passed checkCells, with their concepts. */
type Checked = { cells: TGradeCell[]; byId: Map<number, Concept> };

/**
 * What a write of typed cells must pass before it takes a lock: each cell names a concept of the kind asked (subject
 * or behaviour) that is editable and not an average, of a period not closed, a student of a section in the concept's
 * period, and a course the user teaches. None of it is what the students' locks guard (their grades are, and are read after them), so a
 * save makes these reads before its transaction, side by side.
 */
async function checkCells(db: TenantDb | TenantTx, ctx: AuthedContext, cells: TGradeCell[], behavior: boolean): Promise<Checked> {
  const concepts = await db.evalConcept.findMany({ where: { id: { in: [...new Set(cells.map((c) => c.conceptId))] } }, select: CONCEPT_SELECT });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  for (const cell of cells) {
    const concept = byId.get(cell.conceptId);
    if (!concept || concept.isBehavior !== behavior) throw notFound();
    if (concept.locked || !concept.canEdit || concept.calcAverage) throw new AppError(-409, "grades.locked", 409);
  }
  const activityIds = [...new Set(concepts.map((c) => c.activityId).filter((a): a is number => a !== null))];
  const [sectionOf, gradable, closed] = await Promise.all([
    sectionsOf(db, [...new Set(cells.map((c) => c.studentId))], concepts),
    activityIds.length ? gradableSections(db, ctx, activityIds) : null,
    db.period.count({ where: { id: { in: [...new Set(concepts.map((c) => c.periodId))] }, closed: true } }),
  ]);
  // A closed period's grades are final (the sheet shows them read-only, saying so).
  if (closed > 0) throw new AppError(-409, "grades.periodClosed", 409);
  for (const cell of cells) {
    const activityId = byId.get(cell.conceptId)!.activityId;
    if (activityId === null || !gradable) continue;
    const sections = gradable.get(activityId);
    if (sections === undefined || (sections !== null && !sections.has(sectionOf.get(cell.studentId)!))) throw new AppError(-403, "grades.notYourCourse", 403);
  }
  return { cells, byId };
}

/**
 * Writes checked cells in the caller's transaction: only the cells that differ are written. Every average above a
 * changed cell is recomputed bottom-up and every change (typed or computed) goes into the grade trail. Writes touching
 * the same students wait for each other, so two teachers on one cell never leave a torn state or a stale average.
 */
async function writeChecked(tx: WriteTx, ctx: AuthedContext, { cells, byId }: Checked): Promise<TGradeSaveAnswer> {
  const concepts = [...byId.values()];
  const studentIds = [...new Set(cells.map((c) => c.studentId))];
  await lockStudents(
    tx,
    cells.map((c) => studentKey(c.studentId, byId.get(c.conceptId)!)),
  );
  // The stored values of the cells and of everything their averages read, in one read: the parents of every cell
  // sent, of which those of the cells that change are recomputed.
  const parentsOf = (list: { conceptId: number; studentId: number }[]) =>
    list.flatMap((c) => {
      const parentId = byId.get(c.conceptId)!.parentId;
      return parentId === null ? [] : [{ conceptId: parentId, studentId: c.studentId }];
    });
  const inputs = await readForAverages(
    tx,
    treesOf(concepts),
    parentsOf(cells),
    studentIds,
    concepts.map((c) => c.id),
  );
  const current = inputs.stored;
  // A cell named twice counts once, with its last value.
  const last = new Map(cells.map((cell) => [cellKey(cell.conceptId, cell.studentId), cell]));
  const changed: { conceptId: number; studentId: number; value: Value }[] = [];
  for (const [key, cell] of last) {
    const value = storedValue(ctx, byId.get(cell.conceptId)!, cell);
    if (!sameValue(current.get(key), value)) changed.push({ conceptId: cell.conceptId, studentId: cell.studentId, value });
  }
  const typed = changed.map((c) => ({ ...c, old: current.get(cellKey(c.conceptId, c.studentId)) }));
  // Their averages are worked out from the typed values before anything is written, then everything is written at once.
  const averages = await writeGrades(tx, ctx, typed, averagesOf(inputs, parentsOf(typed), typed));
  return { saved: changed.length, averages };
}

/**
 * Writes typed cells inside the caller's transaction (the grade import, a body of several kinds): checkCells, then
 * writeChecked. A locked or non-editable concept, an average, a student outside the course's sections or a course the
 * user does not teach refuse the whole write.
 */
export async function writeCells(tx: WriteTx, ctx: AuthedContext, cells: TGradeCell[], behavior: boolean): Promise<TGradeSaveAnswer> {
  return writeChecked(tx, ctx, await checkCells(tx, ctx, cells, behavior));
}

/** The user the school lets 'Calcular CPROM' (000 §2.9, §6): the tenant's setting `cpromUserId`. */
export async function canRecalculate(ctx: AuthedContext): Promise<boolean> {
  const tenant = await ctx.db.tenant.findUnique({ where: { id: ctx.user.tenantId }, select: { settings: true } });
  const settings = tenant?.settings;
  return typeof settings === "object" && settings !== null && !Array.isArray(settings) && settings.cpromUserId === ctx.user.id;
}

/** Recomputes the named averages (and their ancestors) for students of their periods, in the caller's transaction. */
async function recalculate(tx: WriteTx, ctx: AuthedContext, asked: CellKey[]): Promise<Average[]> {
  const concepts = await tx.evalConcept.findMany({ where: { id: { in: [...new Set(asked.map((c) => c.conceptId))] } }, select: CONCEPT_SELECT });
  const byId = new Map(concepts.map((c) => [c.id, c]));
  await sectionsOf(tx, [...new Set(asked.map((c) => c.studentId))], concepts);
  await lockStudents(
    tx,
    asked.map((c) => studentKey(c.studentId, byId.get(c.conceptId)!)),
  );
  return writeGrades(tx, ctx, [], await recompute(tx, treesOf(concepts), asked));
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
  body: (TGradeCell & { averaged?: boolean })[],
  kinds: readonly boolean[],
  mayRecalculate: boolean,
): Promise<Reply<TGradeSaveAnswer>> {
  const concepts = await ctx.db.evalConcept.findMany({
    where: { id: { in: [...new Set(body.map((c) => c.conceptId))] } },
    select: { id: true, calcAverage: true, isBehavior: true },
  });
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
export async function saveGrades(ctx: AuthedContext & { body: TGradeSave }, behavior: boolean): Promise<Reply<TGradeSaveAnswer>> {
  if (behavior) return saveCells(ctx, ctx.body.grades, [true], await canRecalculate(ctx));
  const checked = await checkCells(ctx.db, ctx, ctx.body.grades, false);
  const data = await ctx.db.$transaction((tx) => writeChecked(tx, ctx, checked));
  return { data, msgKey: data.saved ? "grades.saved" : undefined };
}

/**
 * After a concept's weighting, type, averaging or place changed, or a concept was added or deleted (001 §3): the
 * named concepts (the concept itself, its old and new parent …; null is the top level, nothing) and their averaging
 * ancestors are recomputed for every student with a grade in that tree (the subject's, or the period's behaviour),
 * in the caller's transaction, under those students' locks.
 */
export async function recomputeTree(tx: WriteTx, ctx: AuthedContext, tree: Tree, conceptIds: (number | null)[]): Promise<Average[]> {
  const named = [...new Set(conceptIds.filter((id): id is number => id !== null))];
  if (named.length === 0) return [];
  const graded = await gradedStudents(tx, tree);
  await lockStudents(
    tx,
    graded.map((studentId) => studentKey(studentId, tree)),
  );
  return writeGrades(
    tx,
    ctx,
    [],
    await recompute(
      tx,
      [tree],
      named.flatMap((conceptId) => graded.map((studentId) => ({ conceptId, studentId }))),
    ),
  );
}
