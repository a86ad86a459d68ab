import { lockKey, type Prisma, type TenantTx } from "@pizarra/db";

/** The tree a concept belongs to (001 §3): a subject's concepts, or a section's own, or a period's behaviour concepts. */
export interface TreeKey {
  periodId: number;
  activityId: number | null;
  sectionId: number | null;
  isBehavior: boolean;
}

/** A concept with its place in its tree. */
export interface Placed extends TreeKey {
  id: number;
  parentId: number | null;
  level: number;
  order: number;
  name: string;
  type: number;
}

export const PLACED_SELECT = {
  id: true,
  periodId: true,
  activityId: true,
  sectionId: true,
  isBehavior: true,
  parentId: true,
  level: true,
  order: true,
  name: true,
  type: true,
} satisfies Prisma.EvalConceptSelect;

const treeWhere = (key: TreeKey) => ({ periodId: key.periodId, activityId: key.activityId, sectionId: key.sectionId, isBehavior: key.isBehavior });

export const sameTree = (a: TreeKey, b: TreeKey) =>
  a.periodId === b.periodId && a.activityId === b.activityId && a.sectionId === b.sectionId && a.isBehavior === b.isBehavior;

/**
 * Changes to one tree (a new concept, a move, a new parent, a deletion) take turns until the transaction ends, so the
 * orders of siblings stay distinct and contiguous when two people rearrange the same tree at once.
 */
export const lockTree = (tx: TenantTx, key: TreeKey): Promise<void> =>
  lockKey(tx, "admEvalConcept", key.periodId, key.activityId, key.sectionId, key.isBehavior);

/** The children of `parentId` (null: the top level) in a tree, in their order. */
export const siblingsOf = (tx: TenantTx, key: TreeKey, parentId: number | null): Promise<Placed[]> =>
  tx.evalConcept.findMany({ where: { ...treeWhere(key), parentId }, orderBy: [{ order: "asc" }, { id: "asc" }], select: PLACED_SELECT });

/** Gives the rows the orders 1, 2, 3 … in the sequence given, writing only those that change. */
export async function renumber(tx: TenantTx, rows: readonly { id: number; order: number }[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.order !== index + 1) await tx.evalConcept.updateMany({ where: { id: row.id }, data: { order: index + 1 } });
  }
}

/** Every concept below `id`, at any depth. */
export async function descendantsOf(tx: TenantTx, id: number): Promise<number[]> {
  const found: number[] = [];
  let frontier = [id];
  while (frontier.length > 0) {
    frontier = (await tx.evalConcept.findMany({ where: { parentId: { in: frontier } }, select: { id: true } })).map((c) => c.id);
    found.push(...frontier);
  }
  return found;
}

/**
 * Puts a concept under `parent` (null: the top level) at `index` among its new siblings (default last): the siblings it
 * leaves close the gap, the new ones make room, and the levels of its whole subtree follow.
 */
export async function place(
  tx: TenantTx,
  concept: Placed,
  parent: Placed | null,
  index?: number,
): Promise<{ parentId: number | null; level: number; order: number }> {
  const parentId = parent?.id ?? null;
  const level = parent ? parent.level + 1 : 0;
  await renumber(
    tx,
    (await siblingsOf(tx, concept, concept.parentId)).filter((s) => s.id !== concept.id),
  );
  const joined: { id: number; order: number }[] = (await siblingsOf(tx, concept, parentId)).filter((s) => s.id !== concept.id);
  const at = index ?? joined.length;
  joined.splice(at, 0, { id: concept.id, order: 0 });
  await tx.evalConcept.updateMany({ where: { id: concept.id }, data: { parentId, level } });
  await renumber(tx, joined);
  const below = level === concept.level ? [] : await descendantsOf(tx, concept.id);
  if (below.length > 0) await tx.evalConcept.updateMany({ where: { id: { in: below } }, data: { level: { increment: level - concept.level } } });
  return { parentId, level, order: at + 1 };
}
