import { labelKeyOf, RESOURCES, type TSwapOrder, type TSwapOrderAnswer, ZSwapOrder } from "@pizarra/contracts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { ownLabels } from "../../http/parse.ts";
import { audit } from "../../resource/audit.ts";
import { lockFlow } from "./input-rules.ts";

/** Its fields are named as the inputs' form names them; a body that is no object as on every route. */
export const SWAP_LABELS = ownLabels(Object.keys(ZSwapOrder.shape), labelKeyOf(RESOURCES.admFetchInput));

/** Swaps the order of an input with its neighbour's in the same flow; the first cannot go up nor the last down. */
export async function swapOrder(ctx: AuthedContext & { body: TSwapOrder }): Promise<Reply<TSwapOrderAnswer>> {
  const { body } = ctx;
  const data = await ctx.db.$transaction(async (tx) => {
    const item = await tx.flowInput.findFirst({ where: { id: body.item1Id }, select: { fectchId: true } });
    if (!item || !(await lockFlow(tx, item.fectchId))) throw notFound();
    const inputs = await tx.flowInput.findMany({
      where: { fectchId: item.fectchId },
      orderBy: [{ order: "asc" }, { id: "asc" }],
      select: { id: true, order: true },
    });
    const at = inputs.findIndex((i) => i.id === body.item1Id);
    const to = body.item2Id === undefined ? at + (body.direction === "up" ? -1 : 1) : inputs.findIndex((i) => i.id === body.item2Id);
    if (body.item2Id !== undefined && to === -1) throw notFound();
    if (to < 0) throw new AppError(-409, "api.cannotMoveUp", 409);
    if (to >= inputs.length) throw new AppError(-409, "api.cannotMoveDown", 409);
    if (Math.abs(to - at) !== 1) throw new AppError(-409, "api.notNeighbours", 409);
    const [first, second] = [inputs[at]!, inputs[to]!];
    const stale = (sent: number | undefined, stored: number) => sent !== undefined && sent !== stored;
    if (stale(body.item1Order, first.order) || stale(body.item2Order, second.order)) throw new AppError(-409, "api.staleOrder", 409);
    await tx.flowInput.updateMany({ where: { id: first.id }, data: { order: second.order } });
    await tx.flowInput.updateMany({ where: { id: second.id }, data: { order: first.order } });
    await audit(tx, ctx, "admFlowInput", "edit", first.id);
    await audit(tx, ctx, "admFlowInput", "edit", second.id);
    return { item1Id: first.id, item2Id: second.id, item1Order: second.order, item2Order: first.order };
  });
  return { data, msgKey: "api.saved" };
}
