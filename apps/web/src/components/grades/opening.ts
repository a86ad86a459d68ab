import type { TDefaultFiltersAnswer, TReportsAnswer } from "@pizarra/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { apiGet } from "@/client/api-query.ts";
import type { Mode } from "./filter-model.ts";

/** How long answers asked ahead stay good for the screen they were asked for. */
const FRESH_MS = 5_000;

/** The grade screen's first calls: the person's default filters and the reports they may open. */
export const openingReads = (mode: Mode) =>
  [
    { ...apiGet<TDefaultFiltersAnswer>("admGrades/defaultFilters"), staleTime: FRESH_MS },
    { ...apiGet<TReportsAnswer>("admGrades/reports", { query: { isBehavior: String(mode === "behavior") } }), staleTime: FRESH_MS },
  ] as const;

/**
 * Asks the screen's first calls as its module opens, while the screen's code is still on its way: on a first visit
 * that saves the time the code takes to arrive. The screen then takes the answers from the cache.
 */
export function askOpening(client: QueryClient, mode: Mode): void {
  const [defaults, reports] = openingReads(mode);
  void client.prefetchQuery(defaults);
  void client.prefetchQuery(reports);
}
