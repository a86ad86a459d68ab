import { describe, expect, it } from "vitest";
import { changeFilter, courseOf, forReport, fromDefaults, type DefaultFilters } from "./filter-model.ts";

describe("filters", () => {
  const defaults: DefaultFilters = { selectedReport: 1, periodId: 202601, superSectionId: 3, sectionId: 4, activityId: 5, masterId: 6, activityPartId: 7 };
  it("opens on the defaults' report and choices", () => {
    expect(fromDefaults(defaults)).toEqual({ report: 1, periodId: 202601, masterId: 6, activityPartId: 7, superSectionId: 3, sectionId: 4, activityId: 5 });
    expect(fromDefaults({ ...defaults, selectedReport: 2, periodId: 0 }).report).toBe(2);
    expect(fromDefaults({ ...defaults, periodId: 0 }).periodId).toBeNull();
  });
  it("clears every filter below the one changed", () => {
    const start = fromDefaults(defaults);
    expect(changeFilter(start, "periodId", 202501)).toEqual({ report: 1, periodId: 202501, masterId: null, activityPartId: null, superSectionId: null, sectionId: null, activityId: null });
    expect(changeFilter(start, "superSectionId", 9)).toEqual({ ...start, superSectionId: 9, sectionId: null, activityId: null });
    expect(changeFilter(start, "masterId", 8)).toEqual({ ...start, masterId: 8, activityPartId: null });
  });
  it("keeps only the period on a report change, report 1 starting on the teacher", () => {
    const start = fromDefaults(defaults);
    expect(forReport(start, 2, defaults)).toEqual({ report: 2, periodId: 202601, masterId: null, activityPartId: null, superSectionId: null, sectionId: null, activityId: null });
    expect(forReport(start, 1, defaults).masterId).toBe(6);
  });
  it("points at report 1's course-section, or report 2's subject in its section, once chosen", () => {
    const start = fromDefaults(defaults);
    expect(courseOf(start)).toEqual({ activityPartId: 7 });
    expect(courseOf({ ...start, activityPartId: null })).toBeNull();
    expect(courseOf({ ...start, report: 2 })).toEqual({ activityId: 5, sectionId: 4 });
    expect(courseOf({ ...start, report: 2, sectionId: null })).toBeNull();
  });
});
