/** 000 §2.9: the reports this screen offers so far (1 by teacher, 2 by grade/section/course). */
export const REPORTS = [1, 2] as const;
export type Report = (typeof REPORTS)[number];

export interface SheetFilters {
  report: Report;
  periodId: number | null;
  masterId: number | null;
  activityPartId: number | null;
  superSectionId: number | null;
  sectionId: number | null;
  activityId: number | null;
}
export type FilterName = Exclude<keyof SheetFilters, "report">;

/** Which filter each one depends on: a change clears everything below it (000 §2.9). */
export const PARENT: Record<FilterName, FilterName | null> = {
  periodId: null,
  masterId: "periodId",
  activityPartId: "masterId",
  superSectionId: "periodId",
  sectionId: "superSectionId",
  activityId: "sectionId",
};
export const FILTERS_OF: Record<Report, FilterName[]> = {
  1: ["periodId", "masterId", "activityPartId"],
  2: ["periodId", "superSectionId", "sectionId", "activityId"],
};

/** The filters with one changed and every filter that depends on it cleared. */
export function changeFilter(filters: SheetFilters, name: FilterName, value: number | null): SheetFilters {
  const next = { ...filters, [name]: value };
  const cleared = new Set<FilterName>([name]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of Object.entries(PARENT) as [FilterName, FilterName | null][]) {
      if (parent && cleared.has(parent) && !cleared.has(child)) {
        cleared.add(child);
        next[child] = null;
        grew = true;
      }
    }
  }
  return next;
}

/** Defaults as GET admGrades/defaultFilters answers them (000 §7). */
export interface DefaultFilters {
  selectedReport: number;
  periodId: number;
  superSectionId: number | null;
  sectionId: number | null;
  activityId: number | null;
  masterId: number | null;
  activityPartId: number | null;
}

/** The filters the screen opens with: the report and choices of the defaults (report 2 unless it is 1). */
export const fromDefaults = (d: DefaultFilters): SheetFilters => ({
  report: d.selectedReport === 1 ? 1 : 2,
  periodId: d.periodId || null,
  masterId: d.masterId,
  activityPartId: d.activityPartId,
  superSectionId: d.superSectionId,
  sectionId: d.sectionId,
  activityId: d.activityId,
});

/** A report change keeps the period and clears the rest (000 §2.9); report 1 starts on the teacher themselves. */
export const forReport = (filters: SheetFilters, report: Report, defaults: DefaultFilters): SheetFilters => ({
  report,
  periodId: filters.periodId,
  masterId: report === 1 ? defaults.masterId : null,
  activityPartId: null,
  superSectionId: null,
  sectionId: null,
  activityId: null,
});

/**
 * The course the filters point at (what admGrades/get and admEvalConcept/getHeader/ take): report 1's course-section,
 * report 2's subject in the chosen section; null until the filters name one.
 */
export type Course = { activityPartId: number } | { activityId: number; sectionId: number };

export function courseOf(filters: SheetFilters): Course | null {
  if (filters.report === 1) return filters.activityPartId === null ? null : { activityPartId: filters.activityPartId };
  return filters.activityId === null || filters.sectionId === null ? null : { activityId: filters.activityId, sectionId: filters.sectionId };
}
