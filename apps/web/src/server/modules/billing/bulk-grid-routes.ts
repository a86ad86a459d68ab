import {
  bulkLabelKey,
  gridLabelKey,
  type TGridModule,
  ZBillingBulkBody,
  ZBillingGridQuery,
  ZBulkAnswer,
  ZGridAnswer,
  ZOrderBulkBody,
  ZOrderGridQuery,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { createBulk } from "./bulk-orders.ts";
import { boardOf } from "./grid.ts";

/** A bulk of this many orders, each with its lines, is a body of a few kilobytes; a large list of student ids fits. */
const BULK_MAX_BYTES = 256 * 1024;

const SCHEMAS = {
  admBilling: { body: ZBillingBulkBody, query: ZBillingGridQuery },
  admOrder: { body: ZOrderBulkBody, query: ZOrderGridQuery },
} as const;

/** 001 §7: the same bulk and board under both modules, each needing its own module's right (write, read). */
const routesOf = (module: TGridModule): Route[] => [
  authedRoute({
    method: "POST",
    path: `${module}/createbulk`,
    auth: "user",
    module,
    body: SCHEMAS[module].body,
    maxBytes: BULK_MAX_BYTES,
    labelKey: bulkLabelKey,
    answer: ZBulkAnswer,
    handler: createBulk(module),
  }),
  authedRoute({
    method: "GET",
    path: `${module}/getGrid`,
    auth: "user",
    module,
    query: SCHEMAS[module].query,
    labelKey: gridLabelKey,
    answer: ZGridAnswer,
    handler: boardOf(module),
  }),
];

export const BULK_GRID_ROUTES: Route[] = [...routesOf("admBilling"), ...routesOf("admOrder")];
