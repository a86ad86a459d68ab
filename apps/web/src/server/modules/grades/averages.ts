import { cellKey, CONCEPT_TYPE, isTextConcept, numberOf, weightedAverage } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { CONCEPT_SELECT, readGrades, sameValue, type CellKey, type Concept, type GradeWrite, type Value } from "./grade-store.ts";

/**
 * The averages of the grade tree (001 §3), worked out: what they read and what they come to. Nothing here locks or
 * writes: the caller holds the students' locks, and grade-store.ts's writeGrades stores what these answer.
 */

type Tx = TenantTx;

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

/** A subject's concept tree (activityId), or a period's behaviour tree (activityId null). */
export type Tree = { activityId: number | null; periodId: number };

/** The concepts of some trees in one read, each with its children. */
async function readTrees(tx: Tx, trees: Tree[]): Promise<Map<number, Concept & { children: Concept[] }>> {
  const activities = [...new Set(trees.map((t) => t.activityId).filter((a): a is number => a !== null))];
  const periods = [...new Set(trees.filter((t) => t.activityId === null).map((t) => t.periodId))];
  const concepts = await tx.evalConcept.findMany({
    where: {
      OR: [
        ...(activities.length ? [{ activityId: { in: activities } }] : []),
        ...(periods.length ? [{ activityId: null, isBehavior: true, periodId: { in: periods } }] : []),
      ],
    },
    select: CONCEPT_SELECT,
  });
  const byId = new Map(concepts.map((c) => [c.id, { ...c, children: [] as Concept[] }]));
  for (const c of concepts) if (c.parentId !== null) byId.get(c.parentId)?.children.push(c);
  return byId;
}

/** What a recomputation reads: the trees' concepts, each with its children, and stored grades by cell (`cellKey`). */
export type AverageInputs = { tree: Map<number, Concept & { children: Concept[] }>; stored: Map<string, Value> };

/**
 * Reads, once, what recomputing the averages of `targets` needs: the trees, and in one statement the stored grades of
 * `students` for every concept a level may read (the targets, their ancestors and the children of each) and for the
 * concepts of `also` (a save's own cells, whose values it compares with what it was sent). The caller holds the
 * students' locks, so nothing else changes them meanwhile.
 */
export async function readForAverages(tx: Tx, trees: Tree[], targets: CellKey[], students: number[], also: number[] = []): Promise<AverageInputs> {
  const tree = await readTrees(tx, trees);
  const needed = new Set(also);
  const climbed = new Set<number>();
  for (const start of new Set(targets.map((t) => t.conceptId))) {
    for (let concept = tree.get(start); concept && !climbed.has(concept.id); concept = tree.get(concept.parentId ?? Number.NaN)) {
      climbed.add(concept.id);
      needed.add(concept.id);
      for (const child of concept.children) needed.add(child.id);
    }
  }
  return { tree, stored: await readGrades(tx, [...needed], students) };
}

/**
 * Recomputes the named averaging concepts (001 §3) for the named students from their children, then, bottom-up, every
 * averaging ancestor of an average that changed. Only values that change are answered, each as a write with the value
 * it replaces. A named concept that does not average is left alone. `typed`: values written in the same transaction
 * but not stored yet, which count as stored. Each level reads what the levels before it computed in place of what is
 * stored (as it will be once written).
 */
export async function recompute(tx: Tx, trees: Tree[], targets: CellKey[], typed: GradeWrite[] = []): Promise<AverageWrites> {
  if (targets.length === 0) return [];
  return averagesOf(await readForAverages(tx, trees, targets, [...new Set(targets.map((t) => t.studentId))]), targets, typed);
}

/** recompute's work on what readForAverages read (which must cover `targets`). */
export function averagesOf({ tree, stored }: AverageInputs, targets: CellKey[], typed: GradeWrite[] = []): AverageWrites {
  const computed = new Map<string, Value>(typed.map((w) => [cellKey(w.conceptId, w.studentId), w.value]));
  const levels: AverageWrites = [];
  let pending = targets;
  while (pending.length) {
    const parents = [...new Set(pending.map((p) => p.conceptId))].flatMap((id) => {
      const concept = tree.get(id);
      return concept?.calcAverage ? [concept] : [];
    });
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
