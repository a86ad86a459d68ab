import { cellKey, CONCEPT_TYPE, isTextConcept, numberOf, weightedAverage } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import { CONCEPT_SELECT, readGrades, sameValue, type CellKey, type Concept, type GradeWrite, type Value } from "./grade-store.ts";

/**
 * The averages of the grade tree (001 §3), worked out: what they read and what they come to. Nothing here locks or
 * writes: the caller holds the students' locks, and grade-store.ts's writeAverages stores what these answer.
 */

type Tx = Prisma.TransactionClient;

/**
 * Averages recomputed, as the writes that store them: one batch per level, in the order they were worked out. A later
 * level may recompute a cell of an earlier one again, from the value the earlier one gave it.
 */
export type AverageWrites = GradeWrite[][];

/** The number a stored grade counts as in an average: its number, a qualification's on its list's scale, text none. */
function countedValue(concept: Concept, value: Value | undefined): number | null {
  if (!value) return null;
  if (concept.type === CONCEPT_TYPE.numeric || concept.calcAverage) return value.gradeNum;
  return concept.type === CONCEPT_TYPE.qualification ? numberOf(value.gradeTxt) : null;
}

/**
 * Recomputes the named averaging concepts (001 §3) for the named students from their children, then, bottom-up, every
 * averaging ancestor of an average that changed. Only values that change are answered, each as a write with the value
 * it replaces. A named concept that does not average is left alone. Each level reads the stored grades it needs, with
 * what the levels before it computed in their place (as they will be once written before it).
 */
export async function recompute(tx: Tx, targets: CellKey[]): Promise<AverageWrites> {
  const levels: AverageWrites = [];
  const computed = new Map<string, Value>();
  let pending = targets;
  while (pending.length) {
    const parents = await tx.evalConcept.findMany({
      where: { id: { in: [...new Set(pending.map((p) => p.conceptId))] }, calcAverage: true },
      select: { ...CONCEPT_SELECT, children: { select: CONCEPT_SELECT } },
    });
    // One read of every grade this level needs: the averages and their children, for the students concerned.
    const stored = await readGrades(
      tx,
      parents.flatMap((p) => [p.id, ...p.children.map((c) => c.id)]),
      [...new Set(pending.map((p) => p.studentId))],
    );
    const cell = (conceptId: number, studentId: number) => computed.get(cellKey(conceptId, studentId)) ?? stored.get(cellKey(conceptId, studentId));
    const writes: GradeWrite[] = [];
    const next: CellKey[] = [];
    for (const parent of parents) {
      const counted = parent.children.filter((c) => !isTextConcept(c.type) || c.calcAverage);
      for (const studentId of new Set(pending.filter((p) => p.conceptId === parent.id).map((p) => p.studentId))) {
        const value = {
          gradeNum: weightedAverage(counted.map((c) => ({ value: countedValue(c, cell(c.id, studentId)), weightType: c.weightType, weight: c.weight }))),
          gradeTxt: null,
        };
        const old = cell(parent.id, studentId);
        if (sameValue(old, value)) continue;
        writes.push({ conceptId: parent.id, studentId, old, value });
        if (parent.parentId !== null) next.push({ conceptId: parent.parentId, studentId });
      }
    }
    // This level's values count for the next ones only: within a level every average reads what was there before it.
    for (const write of writes) computed.set(cellKey(write.conceptId, write.studentId), write.value);
    levels.push(writes);
    pending = next;
  }
  return levels;
}

/** After typed cells changed: every averaging ancestor of them, recomputed for those students. */
export async function recomputeAverages(tx: Tx, changed: CellKey[]): Promise<AverageWrites> {
  const concepts = await tx.evalConcept.findMany({
    where: { id: { in: [...new Set(changed.map((c) => c.conceptId))] } },
    select: { id: true, parentId: true },
  });
  const parentOf = new Map(concepts.map((c) => [c.id, c.parentId]));
  return recompute(
    tx,
    changed.flatMap((c) => {
      const parentId = parentOf.get(c.conceptId);
      return parentId === null || parentId === undefined ? [] : [{ conceptId: parentId, studentId: c.studentId }];
    }),
  );
}
