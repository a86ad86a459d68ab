import { ZSwapOrder, ZSwapOrderAnswer } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { SWAP_LABELS, swapOrder } from "./swap-order.ts";

/** The flow calls beyond the generic five: reordering a flow's inputs (002 §4, §7). */
export const FLOWS_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admFetchInput/swapOrder",
    auth: "user",
    module: "admFlowInput",
    body: ZSwapOrder,
    labelKey: SWAP_LABELS,
    answer: ZSwapOrderAnswer,
    handler: swapOrder,
  }),
];
