import type { Translate } from "@pizarra/contracts";
import { fieldRefusal } from "../http/app-error.ts";

type Range = { from?: unknown; to?: unknown };

/**
 * A from/to pair must run forwards. On a partial edit the side that was not sent comes from the stored row.
 */
export function assertForwardRange(sent: Range, stored: Range | null, t: Translate): void {
  const from = sent.from ?? stored?.from;
  const to = sent.to ?? stored?.to;
  if (from instanceof Date && to instanceof Date && from > to) throw fieldRefusal("to", t("api.periodRange"));
}
