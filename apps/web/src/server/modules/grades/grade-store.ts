import { cellKey, type TAverage, type TCellRef } from "@pizarra/contracts";
import { insertRows, type LockPart, lockKeys, type Prisma, selectRows, type TenantDb, type TenantTx } from "@pizarra/db";
import type { AuthedContext } from "../../http/context.ts";

/**
 * Where grades are kept (the bottom of the grade save: save-grades.ts → this and averages.ts → the database): the
 * locks that serialise writes per student, the reads of stored values by cell, and the writes of grades with their
 * lines of the trail. Nothing here decides whether a write is allowed: save-grades.ts does.
 */

/** Grades are written only in a tenant-scoped transaction (ctx.db's): insertRows takes its school from it. */
export type WriteTx = TenantTx;
export type Value = { gradeNum: number | null; gradeTxt: string | null };
/** One student's grade of one concept, as the saves, the recalculations and the trail name it. */
export type CellKey = TCellRef;
export type Average = TAverage;

/** What a grade write and an average need to know of a concept. */
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

export const sameValue = (a: Value | undefined, b: Value) => (a?.gradeNum ?? null) === b.gradeNum && (a?.gradeTxt ?? null) === b.gradeTxt;

/** The lock that serialises writes to one student's grades of a subject (or of a period's behaviour). */
export const studentKey = (studentId: number, concept: { activityId: number | null; periodId: number }): LockPart[] => [
  studentId,
  concept.activityId ?? `b${concept.periodId}`,
];

/**
 * Serialises saves that touch the same student's grades in one subject (or one period's behaviour): one statement
 * takes every lock, in a fixed order, so two saves never wait for each other crosswise.
 */
export const lockStudents = (tx: WriteTx, keys: LockPart[][]): Promise<void> => lockKeys(tx, "grades", keys);

/** A stored grade as readGradeRows answers it: conceptId, studentId, gradeNum, gradeTxt. */
type GradeRow = [number, number, number | null, string | null];

/** The stored grades of some concepts for some students (one query, a sheet's thousands of cells as one value). */
export const readGradeRows = (db: TenantDb | TenantTx, conceptIds: number[], studentIds: number[]) =>
  selectRows<GradeRow>(db, "Grade", ["conceptId", "studentId", "gradeNum", "gradeTxt"], { conceptId: conceptIds, studentId: studentIds });

/** readGradeRows by cell (`cellKey`); a cell never graded is absent. */
export async function readGrades(db: TenantDb | TenantTx, conceptIds: number[], studentIds: number[]): Promise<Map<string, Value>> {
  const grades = await readGradeRows(db, conceptIds, studentIds);
  return new Map(grades.map(([conceptId, studentId, gradeNum, gradeTxt]) => [cellKey(conceptId, studentId), { gradeNum, gradeTxt }]));
}

/** The students with a grade in a tree of concepts (a subject's, or a period's behaviour), once each. */
export async function gradedStudents(tx: TenantTx, tree: { activityId: number | null; periodId: number }): Promise<number[]> {
  const graded = await tx.grade.findMany({
    where: { concept: tree.activityId === null ? { isBehavior: true, periodId: tree.periodId } : { activityId: tree.activityId } },
    distinct: ["studentId"],
    select: { studentId: true },
  });
  return graded.map((g) => g.studentId);
}

/** A grade to store: its cell, the value it had (none for a first grade) and the new one. */
export type GradeWrite = CellKey & { old: Value | undefined; value: Value };

/**
 * Stores typed grades and the averages worked out from them (`levels`, as averages.ts answers them), with their lines
 * of the trail, in two statements whatever their number: each cell's row is written with its last value, then the
 * trail is appended, typed lines first and each level's computed ones after (a cell written twice has two lines).
 * Answers every average written, in that order.
 */
export async function writeGrades(tx: WriteTx, ctx: AuthedContext, typed: GradeWrite[], levels: GradeWrite[][] = []): Promise<Average[]> {
  const computed = levels.flat();
  const writes = [...typed.map((w) => ({ ...w, computed: false })), ...computed.map((w) => ({ ...w, computed: true }))];
  if (writes.length === 0) return [];
  const last = new Map(writes.map((w) => [`${w.conceptId}:${w.studentId}`, w]));
  const updatedAt = new Date();
  await insertRows(
    tx,
    "Grade",
    [...last.values()].map(({ conceptId, studentId, value }) => ({
      conceptId,
      studentId,
      gradeNum: value.gradeNum,
      gradeTxt: value.gradeTxt,
      updatedBy: ctx.user.id,
      updatedAt,
    })),
    { on: ["conceptId", "studentId"], update: ["gradeNum", "gradeTxt", "updatedBy", "updatedAt"], returning: ["id"] },
  );
  await insertRows(
    tx,
    "GradeChange",
    writes.map(({ conceptId, studentId, old, value, computed }) => ({
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
  return computed.map(({ conceptId, studentId, value }) => ({ conceptId, studentId, gradeNum: value.gradeNum, gradeTxt: null }));
}
