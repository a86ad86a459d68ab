import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/**
 * The body of POST admFetchInput/swapOrder (002 §4, §7; our design around the spec's four names): `item1Id` moves
 * to the place of its neighbour `item2Id`, or of the one above or below it by `direction` when the screen does not
 * know the neighbour (the generic row actions). `item1Order`/`item2Order`, when sent, are the orders the screen
 * shows before the move: if the list changed meanwhile the move is refused rather than made on stale data.
 */
export const ZSwapOrder = z
  .object({
    item1Id: ZRecordId,
    item2Id: ZRecordId.optional(),
    item1Order: z.coerce.number().int().optional(),
    item2Order: z.coerce.number().int().optional(),
    direction: z.enum(["up", "down"]).optional(),
  })
  .refine((b) => b.item2Id !== undefined || b.direction !== undefined, { path: ["item2Id"], params: { key: "required" } })
  .refine((b) => b.item2Id === undefined || b.direction === undefined, { path: ["direction"] });
export type TSwapOrder = z.infer<typeof ZSwapOrder>;

/** POST admFetchInput/swapOrder: the two inputs that swapped places, each with its new order. */
export const ZSwapOrderAnswer = z.object({
  item1Id: z.number().int(),
  item2Id: z.number().int(),
  item1Order: z.number().int(),
  item2Order: z.number().int(),
});
export type TSwapOrderAnswer = z.output<typeof ZSwapOrderAnswer>;
