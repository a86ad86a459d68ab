import { labelKeyOf, RESOURCES, ROLE, type TConceptMove, type TConceptMoveAnswer, type TConceptMoveParams, ZConceptMove } from "@pizarra/contracts";
import { fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { ownLabels } from "../../http/parse.ts";
import { audit } from "../../resource/audit.ts";
import { recomputeTree } from "./save-grades.ts";
import { RESOURCE, topAdminOnly } from "./concept-rules.ts";
import { lockTree, place, PLACED_SELECT, renumber, siblingsOf } from "./concept-tree.ts";

/** The direction is named as the concepts' form names it; the path's id and the body as a whole as on every route. */
export const MOVE_LABELS = ownLabels(Object.keys(ZConceptMove.shape), labelKeyOf(RESOURCES[RESOURCE]));

/** Why a move cannot happen, under `concepts.moveRefused`. */
type Reason = "first" | "last" | "noPrevious" | "topLevel" | "notLast";

/**
 * Moves a concept one step (001 §4): up and down swap it with the previous or next sibling; right (indent) makes it the
 * last child of its previous sibling; left (outdent) makes it the next sibling of its parent, and only the last child
 * may go left ("Left requires the last of each level to be moved first"). Left and right change the parent, which is
 * role 100's (001 §6). Levels of the moved subtree follow, and the averages of its old and new parents are
 * recomputed; all in one transaction. A move that cannot happen is
 * refused with the spec's "<name>: No se ha movido el concepto" (001 §8).
 */
export async function moveConcept(ctx: AuthedContext & { params: TConceptMoveParams; body: TConceptMove }): Promise<Reply<TConceptMoveAnswer>> {
  const { direction } = ctx.body;
  if ((direction === "left" || direction === "right") && ctx.user.roleCode !== ROLE.topAdmin) topAdminOnly(ctx, "parentId");
  const id = Number(ctx.params.id);
  const data = await ctx.db.$transaction(async (tx) => {
    const tree = await tx.evalConcept.findFirst({ where: { id }, select: PLACED_SELECT });
    if (!tree) throw notFound();
    await lockTree(tx, tree);
    // Read again once the tree is ours: someone may have moved it meanwhile.
    const concept = await tx.evalConcept.findFirst({ where: { id }, select: PLACED_SELECT });
    if (!concept) throw notFound();
    const refuse = (reason: Reason): never => {
      throw fieldRefusal("direction", ctx.t("concepts.notMoved", { name: concept.name, reason: ctx.t(`concepts.moveRefused.${reason}`) }));
    };
    const siblings = await siblingsOf(tx, concept, concept.parentId);
    const at = siblings.findIndex((s) => s.id === id);
    let placed = { parentId: concept.parentId, level: concept.level, order: at + 1 };
    if (direction === "up" || direction === "down") {
      const to = direction === "up" ? at - 1 : at + 1;
      if (to < 0) refuse("first");
      if (to >= siblings.length) refuse("last");
      [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
      await renumber(tx, siblings);
      placed = { ...placed, order: to + 1 };
    } else if (direction === "right") {
      if (at === 0) refuse("noPrevious");
      placed = await place(tx, concept, siblings[at - 1]!);
    } else {
      if (concept.parentId === null) refuse("topLevel");
      if (at !== siblings.length - 1) refuse("notLast");
      const parent = (await tx.evalConcept.findFirst({ where: { id: concept.parentId! }, select: PLACED_SELECT }))!;
      const grandparent = parent.parentId === null ? null : await tx.evalConcept.findFirst({ where: { id: parent.parentId }, select: PLACED_SELECT });
      const uncles = await siblingsOf(tx, parent, parent.parentId);
      placed = await place(tx, concept, grandparent, uncles.findIndex((u) => u.id === parent.id) + 1);
    }
    // A new parent: the averages of the old and the new one (and above) are recomputed.
    if (placed.parentId !== concept.parentId) await recomputeTree(tx, ctx, concept, [concept.parentId, placed.parentId]);
    await audit(tx, ctx, RESOURCE, "edit", id);
    return placed;
  });
  return { data: { ID: id, ...data }, msgKey: "concepts.moved" };
}
