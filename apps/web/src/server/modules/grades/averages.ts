import { CONCEPT_TYPE, isTextConcept, numberOf, weightedAverage } from "@pizarra/contracts";
import { insertRows, type Prisma } from "@pizarra/db";
import type { AuthedContext } from "../../http/context.ts";

type Tx = Prisma.TransactionClient;
export type Value = { gradeNum: number | null; gradeTxt: string | null };
/** One student's grade of one concept, as the saves, the recalculations and the trail name it. */
export type CellKey = { conceptId: number; studentId: number };
export type Average = CellKey & { gradeNum: number | null; gradeTxt: null };

export const CONCEPT_SELECT = {
  id: true,
  parentId: true,
  activityId: true,
  periodId: true,
  type: true,
  weightType: true,
  weight: true,
  qualifications: true,
  locked: true,
  canEdit: true,
  calcAverage: true,
  isBehavior: true,
} satisfies Prisma.EvalConceptSelect;
export type Concept = Prisma.EvalConceptGetPayload<{ select: typeof CONCEPT_SELECT }>;

/** The number a stored grade counts as in an average: its number, a qualification's on its list's scale, text none. */
function countedValue(concept: Concept, value: Value | undefined): number | null {
  if (!value) return null;
  if (concept.type === CONCEPT_TYPE.numeric || concept.calcAverage) return value.gradeNum;
  return concept.type === CONCEPT_TYPE.qualification ? numberOf(value.gradeTxt) : null;
}

export const sameValue = (a: Value | undefined, b: Value) => (a?.gradeNum ?? null) === b.gradeNum && (a?.gradeTxt ?? null) === b.gradeTxt;

/** The key that serialises writes to one student's grades of a subject (or of a period's behaviour). */
export const studentKey = (tenantId: number, studentId: number, concept: { activityId: number | null; periodId: number }) =>
  `${tenantId}:${studentId}:${concept.activityId ?? `b${concept.periodId}`}`;

/**
 * Serialises saves that touch the same student's grades in one subject (or one period's behaviour): one statement
 * takes every lock, in a fixed order (the sorted keys), so two saves never wait for each other crosswise.
 */
export async function lockStudents(tx: Tx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length) await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext(k)) FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS u(k, n) ORDER BY n) AS s", sorted);
}

/** A grade to store: its cell, the value it had (none for a first grade) and the new one. */
export type GradeWrite = CellKey & { old: Value | undefined; value: Value };

/**
 * Stores grades and their lines of the trail (computed: the server worked them out) in three statements, whatever
 * their number: the cells' rows are replaced, then the trail is appended.
 */
export async function writeGrades(tx: Tx, ctx: AuthedContext, writes: GradeWrite[], computed: boolean): Promise<void> {
  if (writes.length === 0) return;
  const studentsOf = new Map<number, number[]>();
  for (const { conceptId, studentId } of writes) (studentsOf.get(conceptId) ?? studentsOf.set(conceptId, []).get(conceptId)!).push(studentId);
  await tx.grade.deleteMany({ where: { OR: [...studentsOf].map(([conceptId, students]) => ({ conceptId, studentId: { in: students } })) } });
  const updatedAt = new Date();
  await insertRows(tx, "Grade", writes.map(({ conceptId, studentId, value }) => ({ conceptId, studentId, gradeNum: value.gradeNum, gradeTxt: value.gradeTxt, updatedBy: ctx.user.id, updatedAt })));
  await insertRows(
    tx,
    "GradeChange",
    writes.map(({ conceptId, studentId, old, value }) => ({
      conceptId,
      studentId,
      userId: ctx.user.id,
      oldNum: old?.gradeNum ?? null,
      oldTxt: old?.gradeTxt ?? null,
      newNum: value.gradeNum,
      newTxt: value.gradeTxt,
      computed,
    })),
  );
}

/**
 * Recomputes the named averaging concepts (001 §3) for the named students from their children, then, bottom-up, every
 * averaging ancestor of an average that changed. Only values that change are written, each with its line of the trail
 * (computed). A named concept that does not average is left alone. Answers every average written.
 */
export async function recompute(tx: Tx, ctx: AuthedContext, targets: CellKey[]): Promise<Average[]> {
  const out: Average[] = [];
  let pending = targets;
  while (pending.length) {
    const parents = await tx.evalConcept.findMany({
      where: { id: { in: [...new Set(pending.map((p) => p.conceptId))] }, calcAverage: true },
      select: { ...CONCEPT_SELECT, children: { select: CONCEPT_SELECT } },
    });
    // One read of every grade this level needs: the averages and their children, for the students concerned.
    const grades = await tx.grade.findMany({
      where: { conceptId: { in: parents.flatMap((p) => [p.id, ...p.children.map((c) => c.id)]) }, studentId: { in: [...new Set(pending.map((p) => p.studentId))] } },
      select: { conceptId: true, studentId: true, gradeNum: true, gradeTxt: true },
    });
    const cell = new Map(grades.map((g) => [`${g.studentId}:${g.conceptId}`, g as Value]));
    const writes: GradeWrite[] = [];
    const next: CellKey[] = [];
    for (const parent of parents) {
      const counted = parent.children.filter((c) => !isTextConcept(c.type) || c.calcAverage);
      for (const studentId of new Set(pending.filter((p) => p.conceptId === parent.id).map((p) => p.studentId))) {
        const value = { gradeNum: weightedAverage(counted.map((c) => ({ value: countedValue(c, cell.get(`${studentId}:${c.id}`)), weightType: c.weightType, weight: c.weight }))), gradeTxt: null };
        const old = cell.get(`${studentId}:${parent.id}`);
        if (sameValue(old, value)) continue;
        writes.push({ conceptId: parent.id, studentId, old, value });
        out.push({ conceptId: parent.id, studentId, ...value });
        if (parent.parentId !== null) next.push({ conceptId: parent.parentId, studentId });
      }
    }
    await writeGrades(tx, ctx, writes, true);
    pending = next;
  }
  return out;
}

/** After typed cells changed: every averaging ancestor of them, recomputed for those students. */
export async function recomputeAverages(tx: Tx, ctx: AuthedContext, changed: CellKey[]): Promise<Average[]> {
  const concepts = await tx.evalConcept.findMany({ where: { id: { in: [...new Set(changed.map((c) => c.conceptId))] } }, select: { id: true, parentId: true } });
  const parentOf = new Map(concepts.map((c) => [c.id, c.parentId]));
  return recompute(
    tx,
    ctx,
    changed.flatMap((c) => {
      const parentId = parentOf.get(c.conceptId);
      return parentId === null || parentId === undefined ? [] : [{ conceptId: parentId, studentId: c.studentId }];
    }),
  );
}

/**
 * After a concept's weighting, type, averaging or place changed, or a concept was added or deleted (001 §3): the
 * named concepts (the concept itself, its old and new parent …; null is the top level, nothing) and their averaging
 * ancestors are recomputed for every student with a grade in that tree (the subject's, or the period's behaviour),
 * in the caller's transaction.
 */
export async function recomputeTree(tx: Tx, ctx: AuthedContext, tree: { activityId: number | null; periodId: number }, conceptIds: (number | null)[]): Promise<Average[]> {
  const named = [...new Set(conceptIds.filter((id): id is number => id !== null))];
  if (named.length === 0) return [];
  const graded = await tx.grade.findMany({
    where: { concept: tree.activityId === null ? { isBehavior: true, periodId: tree.periodId } : { activityId: tree.activityId } },
    distinct: ["studentId"],
    select: { studentId: true },
  });
  await lockStudents(tx, graded.map((g) => studentKey(ctx.user.tenantId, g.studentId, tree)));
  return recompute(tx, ctx, named.flatMap((conceptId) => graded.map((g) => ({ conceptId, studentId: g.studentId }))));
}
