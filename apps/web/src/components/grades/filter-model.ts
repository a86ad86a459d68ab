/**
 * The grade screen's reports and filters (000 §2.9) as plain data: which filters each report shows, what a change
 * clears, and which calls load the sheet they point at.
 */
import type { TDefaultFiltersAnswer } from "@pizarra/contracts";

/** 000 §2.9's report numbers (7 is not shown). */
export type Report = 1 | 2 | 3 | 4 | 5 | 6 | 8 | 9;
/** The grade sheet (admGrades) or the behaviour sheet (admGradesBehavior, 000 §2.9 "behaviour mode"). */
export type Mode = "grades" | "behavior";

export interface SheetFilters {
  report: Report;
  periodId: number | null;
  masterId: number | null;
  activityPartId: number | null;
  superSectionId: number | null;
  sectionId: number | null;
  activityId: number | null;
  groupId: number | null;
}
export type FilterName = Exclude<keyof SheetFilters, "report">;

const SECTION: FilterName[] = ["periodId", "superSectionId", "sectionId"];
const GROUP_COURSE: FilterName[] = ["periodId", "groupId", "activityId"];

/**
 * The filters of each report, in the order they depend on each other: a filter's choices follow the one before it,
 * and changing one clears every filter after it (000 §2.9). Report 5 (the subject row's deep link) chooses the grade
 * and the course, then the section.
 */
const FILTERS: Record<Mode, Partial<Record<Report, FilterName[]>>> = {
  grades: {
    1: ["periodId", "masterId", "activityPartId"],
    2: [...SECTION, "activityId"],
    3: SECTION,
    4: SECTION,
    5: ["periodId", "superSectionId", "activityId", "sectionId"],
    6: SECTION,
    8: GROUP_COURSE,
    9: GROUP_COURSE,
  },
  behavior: { 4: SECTION, 6: SECTION, 8: ["periodId", "groupId"] },
};

export const filtersOf = (mode: Mode, report: Report): FilterName[] => FILTERS[mode][report] ?? [];
export const reportsOf = (mode: Mode) => Object.keys(FILTERS[mode]).map(Number) as Report[];

/** The filter a filter's choices depend on in a report: the one before it. */
export function parentOf(mode: Mode, report: Report, name: FilterName): FilterName | null {
  const list = filtersOf(mode, report);
  const at = list.indexOf(name);
  return at > 0 ? list[at - 1]! : null;
}

const EMPTY: Omit<SheetFilters, "report" | "periodId"> = {
  masterId: null,
  activityPartId: null,
  superSectionId: null,
  sectionId: null,
  activityId: null,
  groupId: null,
};

/** The filters with one changed and every filter after it in the report cleared. */
export function changeFilter(mode: Mode, filters: SheetFilters, name: FilterName, value: number | null): SheetFilters {
  const list = filtersOf(mode, filters.report);
  const next = { ...filters, [name]: value };
  for (const later of list.slice(list.indexOf(name) + 1)) next[later] = null;
  return next;
}

/**
 * Defaults as GET admGrades/defaultFilters answers them (000 §7), with whether 'Calcular CPROM' is offered; the
 * screen's own fallback (when the call failed) offers nothing and leaves it out.
 */
export type DefaultFilters = Omit<TDefaultFiltersAnswer, "canRecalculate"> & Partial<Pick<TDefaultFiltersAnswer, "canRecalculate">>;

/** 000 §2.9: behaviour mode opens on report 4; a report the mode lacks falls back to its first. */
export function openingReport(mode: Mode, selected: number, offered: readonly Report[]): Report {
  const wanted = mode === "behavior" ? 4 : selected;
  return offered.find((r) => r === wanted) ?? offered[0] ?? reportsOf(mode)[0]!;
}

/** The filters the screen opens with: the report, and the defaults' choices that report shows. */
export function fromDefaults(mode: Mode, report: Report, d: DefaultFilters): SheetFilters {
  const shown = new Set(filtersOf(mode, report));
  const pick = (name: FilterName, value: number | null) => (shown.has(name) ? value : null);
  return {
    report,
    periodId: d.periodId || null,
    masterId: pick("masterId", d.masterId),
    activityPartId: pick("activityPartId", d.activityPartId),
    superSectionId: pick("superSectionId", d.superSectionId),
    sectionId: pick("sectionId", d.sectionId),
    activityId: pick("activityId", d.activityId),
    groupId: null,
  };
}

/** A report change keeps the period and clears the rest (000 §2.9); report 1 starts on the teacher themselves. */
export const forReport = (filters: SheetFilters, report: Report, defaults: DefaultFilters): SheetFilters => ({
  ...EMPTY,
  report,
  periodId: filters.periodId,
  masterId: report === 1 ? defaults.masterId : null,
});

/** A subject row's deep link (001 §2): report 5 on its grade and course, the section still to choose. */
export const fromDeepLink = (link: { superSectionId?: number | null; activityId?: number; periodId?: number }, defaults: DefaultFilters): SheetFilters => ({
  ...EMPTY,
  report: 5,
  periodId: link.periodId || defaults.periodId || null,
  superSectionId: link.superSectionId ?? null,
  activityId: link.superSectionId ? (link.activityId ?? null) : null,
});

type Query = Record<string, string | number>;
/** The calls that load a sheet (000 §7): its concept header, its student rows, and where its cells are saved. */
export interface SheetSource {
  header: { path: string; query: Query };
  rows: { path: string; query: Query };
  /** GET that answers the sheet as calificaciones.xlsx, with the rows' query. */
  exportPath: string;
  savePath: "admGrades" | "admGrades/behavior";
}

/** 000 §2.9: report 6 (and 9, by group) keep the descriptive concepts of the top two levels. */
const SUMMARY = { levelCount: 1, type: 2 };

function course(header: Query, rows: Query): SheetSource {
  return {
    header: { path: "admEvalConcept/getHeader/", query: header },
    rows: { path: "admGrades/get", query: rows },
    exportPath: "admGrades/export",
    savePath: "admGrades",
  };
}

function final(behavior: boolean, query: Query): SheetSource {
  const withMode = behavior ? { ...query, isBehavior: "true" } : query;
  return {
    header: { path: behavior ? "admEvalConcept/getHeaderFinal/behavior" : "admEvalConcept/getHeaderFinal", query: withMode },
    rows: { path: "admGrades/getFinal", query: withMode },
    exportPath: "admGrades/exportFinal",
    savePath: behavior ? "admGrades/behavior" : "admGrades",
  };
}

/** What the filters point at, once they name it; null while a filter the report needs is still empty. */
export function sourceOf(mode: Mode, f: SheetFilters): SheetSource | null {
  const period = f.periodId ?? 0;
  if (mode === "behavior") {
    if (f.report === 8) return f.groupId === null ? null : final(true, { periodId: period, sectionId: -1, groupId: f.groupId, levelCount: -1 });
    if (f.sectionId === null) return null;
    return final(true, { periodId: period, sectionId: f.sectionId, ...(f.report === 6 ? SUMMARY : { levelCount: -1 }) });
  }
  switch (f.report) {
    case 1:
      return f.activityPartId === null ? null : course({ activityId: f.activityPartId, isPart: "true" }, { activityPartId: f.activityPartId });
    case 2:
    case 5:
      return f.activityId === null || f.sectionId === null
        ? null
        : course({ activityId: f.activityId, sectionId: f.sectionId }, { activityId: f.activityId, sectionId: f.sectionId });
    case 3:
    case 4:
    case 6:
      if (f.sectionId === null) return null;
      return final(false, { periodId: period, sectionId: f.sectionId, ...(f.report === 6 ? SUMMARY : { levelCount: f.report === 3 ? 0 : -1 }) });
    case 8:
    case 9: {
      if (f.activityId === null || f.groupId === null) return null;
      const query = { activityId: f.activityId, groupId: f.groupId };
      return course(f.report === 9 ? { ...query, ...SUMMARY } : query, query);
    }
  }
}
