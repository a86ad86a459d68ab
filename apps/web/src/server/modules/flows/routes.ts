import { z } from "zod";
import { authedRoute, type Route } from "../../http/route.ts";
import { swapOrder } from "./swap-order.ts";

/** The flow calls beyond the generic five: reordering a flow's inputs (002 §4, §7). */
export const FLOWS_ROUTES: Route[] = [
  // The body is checked inside, with the inputs' own field labels in the messages.
  authedRoute({ method: "POST", path: "admFetchInput/swapOrder", auth: "user", module: "admFlowInput", body: z.record(z.string(), z.unknown()), handler: swapOrder }),
];
