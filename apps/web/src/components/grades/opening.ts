import { api } from "@/client/api.ts";
import type { DefaultFilters, Mode } from "./filter-model.ts";
import type { ReportItem } from "./grade-filters.tsx";

/** How long answers asked ahead wait for the screen they were asked for. */
const FRESH_MS = 5_000;

const ask = (mode: Mode, signal?: AbortSignal) =>
  Promise.all([
    api.get<DefaultFilters>("admGrades/defaultFilters", { signal }),
    api.get<ReportItem[]>("admGrades/reports", { query: { isBehavior: String(mode === "behavior") }, signal }),
  ]);

let ahead: { mode: Mode; at: number; answers: ReturnType<typeof ask> } | null = null;
const fresh = (mode: Mode) => (ahead?.mode === mode && Date.now() - ahead.at < FRESH_MS ? ahead.answers : null);

/**
 * Asks the grade screen's first calls (the person's default filters and the reports they may open) as its module
 * opens, while the screen's code is still on its way: on a first visit that saves the time the code takes to arrive.
 */
export function askOpening(mode: Mode): void {
  if (!fresh(mode)) ahead = { mode, at: Date.now(), answers: ask(mode) };
}

/** The screen's first calls: those asked ahead for it when still fresh (taken once), else asked now. */
export function takeOpening(mode: Mode, signal: AbortSignal): ReturnType<typeof ask> {
  const early = fresh(mode);
  ahead = null;
  return early ?? ask(mode, signal);
}
