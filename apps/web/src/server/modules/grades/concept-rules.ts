import { CONCEPT_TYPE, DEFAULT_QUALIFICATIONS, ROLE } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import type { ResourceRules } from "../../resource/factory.ts";
import { fieldMessage, merged, refuse } from "../../resource/refuse.ts";
import { descendantsOf, lockTree, place, PLACED_SELECT, renumber, sameTree, siblingsOf, type Placed, type TreeKey } from "./concept-tree.ts";
import { recomputeTree } from "./save-grades.ts";

type Row = Record<string, unknown>;

export const RESOURCE = "admEvalConcept" as const;
/** 001 §6: what only role 100 sets on a concept (besides creating it). */
const TOP_ADMIN_FIELDS = ["parentId", "weightType", "weight", "locked", "canEdit", "hidden"] as const;
/** 001 §3: what the averages above a concept depend on; changing one recomputes them. */
const AVERAGED_FIELDS = ["weightType", "weight", "type", "calcAverage", "parentId"] as const;
/** The concepts whose averages a save must recompute once written (the old parent of a new place), by transaction. */
const toRecompute = new WeakMap<TenantTx, number | null>();

/** Switches that always hold a value: sent empty, they are refused as a missing required value. */
const FLAGS = ["locked", "canEdit", "hidden", "calcAverage", "isBehavior"] as const;

/** 001 §6: a field only role 100 may set, refused for anyone else by naming it. */
export function topAdminOnly(ctx: AuthedContext, field: string): never {
  const msg = fieldMessage(ctx, RESOURCE, field, "concepts.fieldRole");
  throw new AppError(-403, "", 403, {}, { errors: { [field]: msg }, msg });
}

/**
 * The tree a new concept goes into (001 §3): a subject of the period, or for behaviour (isBehavior) none; a section,
 * when given, of that period and one the subject is taught in.
 */
async function newTree(tx: TenantTx, ctx: AuthedContext, data: Row): Promise<TreeKey> {
  const key: TreeKey = {
    periodId: data.periodId as number,
    activityId: (data.activityId ?? null) as number | null,
    sectionId: (data.sectionId ?? null) as number | null,
    isBehavior: data.isBehavior === true,
  };
  if (key.isBehavior) {
    if (key.activityId !== null) refuse(ctx, RESOURCE, "activityId", "concepts.behaviorSubject");
    if (!(await tx.period.findFirst({ where: { id: key.periodId }, select: { id: true } }))) refuse(ctx, RESOURCE, "periodId", "validation.option");
  } else {
    if (key.activityId === null) refuse(ctx, RESOURCE, "activityId");
    const activity = await tx.activity.findFirst({ where: { id: key.activityId }, select: { periodId: true } });
    if (!activity) refuse(ctx, RESOURCE, "activityId", "validation.option");
    if (activity.periodId !== key.periodId) refuse(ctx, RESOURCE, "activityId", "concepts.subjectPeriod");
  }
  if (key.sectionId !== null) {
    const section = await tx.section.findFirst({ where: { id: key.sectionId }, select: { superSection: { select: { periodId: true } } } });
    if (section?.superSection.periodId !== key.periodId) refuse(ctx, RESOURCE, "sectionId", "validation.option");
    if (key.activityId !== null && (await tx.activityPart.count({ where: { activityId: key.activityId, sectionId: key.sectionId } })) === 0) {
      refuse(ctx, RESOURCE, "sectionId", "concepts.sectionSubject");
    }
  }
  return key;
}

/** A parent of the same school and tree, and never the concept itself nor one of its own sub-concepts. */
async function parentIn(tx: TenantTx, ctx: AuthedContext, tree: TreeKey, parentId: number, selfId: number | null): Promise<Placed> {
  const parent = await tx.evalConcept.findFirst({ where: { id: parentId }, select: PLACED_SELECT });
  if (!parent) refuse(ctx, RESOURCE, "parentId", "validation.option");
  if (!sameTree(parent, tree)) refuse(ctx, RESOURCE, "parentId", "concepts.parentTree");
  if (selfId !== null && (parent.id === selfId || (await descendantsOf(tx, selfId)).includes(parent.id)))
    refuse(ctx, RESOURCE, "parentId", "concepts.parentCycle");
  return parent;
}

/**
 * 001 §3 and §5: auto weighs -1 and none 0, while a manual weight is a percent from 1 to 100 and required; the list of
 * a qualification concept is required (and checked by the field's pattern), any other type keeps the default list.
 */
function weighting(ctx: AuthedContext, data: Row, current: Row | null): void {
  const weightType = merged<string>(data, current, "weightType");
  if (weightType === "manual") {
    const weight = merged<number | null>(data, current, "weight");
    if (weight === null || weight < 1) refuse(ctx, RESOURCE, "weight");
  } else data.weight = weightType === "auto" ? -1 : 0;
}

/**
 * admEvalConcept (001 §3, §5, §6): only role 100 creates concepts and sets the parent, the weighting, locked, canEdit and
 * hidden; the tree is fixed at creation; the server sets level and order (a new concept, or one given a new parent, goes
 * last among its siblings). 001 §5 "Level 0 only for the type choice": the type must be chosen for a top-level concept;
 * below, a concept sent without one takes its parent's.
 */
export const conceptRules: ResourceRules = {
  async beforeSave(tx, data, ctx, id) {
    const current = id === null ? null : await tx.evalConcept.findFirst({ where: { id: Number(id) } });
    if (id !== null && !current) throw notFound();
    const topAdmin = ctx.user.roleCode === ROLE.topAdmin;
    if (!current && !topAdmin) throw new AppError(-403, "concepts.createRole", 403);
    if (current && !topAdmin) {
      const changed = TOP_ADMIN_FIELDS.find((field) => data[field] !== undefined && data[field] !== current[field]);
      if (changed) topAdminOnly(ctx, changed);
    }
    for (const flag of FLAGS) if (data[flag] === null) refuse(ctx, RESOURCE, flag);
    weighting(ctx, data, current);

    const tree = current ?? (await newTree(tx, ctx, data));
    await lockTree(tx, tree);
    const parentId = merged<number | null>(data, current, "parentId");
    const parent = parentId === null ? null : await parentIn(tx, ctx, tree, parentId, current?.id ?? null);
    const type = merged<number | null>(data, current, "type");
    if (type === null) {
      if (!parent) refuse(ctx, RESOURCE, "type");
      data.type = parent.type;
    }
    if (merged(data, current, "qualifications") === null) {
      if ((data.type ?? type) === CONCEPT_TYPE.qualification) refuse(ctx, RESOURCE, "qualifications");
      data.qualifications = DEFAULT_QUALIFICATIONS;
    }

    if (!current || AVERAGED_FIELDS.some((field) => data[field] !== undefined && data[field] !== current[field]))
      toRecompute.set(tx, current?.parentId ?? null);
    if (!current) {
      data.level = parent ? parent.level + 1 : 0;
      data.order = (await siblingsOf(tx, tree, parentId)).reduce((last, s) => Math.max(last, s.order), 0) + 1;
    } else if (data.parentId !== undefined && data.parentId !== current.parentId) {
      Object.assign(data, await place(tx, current, parent));
    }
  },

  /**
   * A new concept, or one whose weighting, type, averaging or place changed: the averages of its old and new parents
   * (and its own, when it averages) are recomputed for every student graded in its tree, in the same transaction.
   */
  async afterSave(tx, id, _virtual, ctx) {
    if (!toRecompute.has(tx)) return;
    const oldParent = toRecompute.get(tx)!;
    toRecompute.delete(tx);
    const concept = (await tx.evalConcept.findFirst({ where: { id: Number(id) }, select: { id: true, parentId: true, activityId: true, periodId: true } }))!;
    await recomputeTree(tx, ctx, concept, [oldParent, concept.parentId, concept.id]);
  },

  /** Only role 100 deletes; a concept with sub-concepts, or with grades that hold a value, is kept (never lost silently). */
  async beforeDelete(tx, record, ctx) {
    if (ctx.user.roleCode !== ROLE.topAdmin) throw new AppError(-403, "concepts.deleteRole", 403);
    await lockTree(tx, record as unknown as TreeKey);
    if ((await tx.evalConcept.count({ where: { parentId: record.id as number } })) > 0) throw new AppError(-409, "concepts.hasChildren", 409);
    const graded = await tx.grade.count({ where: { conceptId: record.id as number, OR: [{ gradeNum: { not: null } }, { gradeTxt: { not: null } }] } });
    if (graded > 0) throw new AppError(-409, "concepts.hasGrades", 409, { count: graded });
  },

  /** The siblings it leaves close the gap, and the averages above it no longer count it. */
  async afterDelete(tx, record, ctx) {
    const concept = record as unknown as Placed;
    await renumber(tx, await siblingsOf(tx, concept, concept.parentId));
    await recomputeTree(tx, ctx, concept, [concept.parentId]);
  },
};
