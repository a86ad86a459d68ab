import { describe, expect, it } from "vitest";
import {
  changeFilter,
  filtersOf,
  forReport,
  fromDeepLink,
  fromDefaults,
  openingReport,
  parentOf,
  sourceOf,
  type DefaultFilters,
  type SheetFilters,
} from "./filter-model.ts";

const defaults: DefaultFilters = { selectedReport: 1, periodId: 202601, superSectionId: 3, sectionId: 4, activityId: 5, masterId: 6, activityPartId: 7 };
const none = { masterId: null, activityPartId: null, superSectionId: null, sectionId: null, activityId: null, groupId: null };

describe("filters", () => {
  it("opens on the defaults' report with the choices that report shows", () => {
    expect(fromDefaults("grades", 1, defaults)).toEqual({ ...none, report: 1, periodId: 202601, masterId: 6, activityPartId: 7 });
    expect(fromDefaults("grades", 2, defaults)).toEqual({ ...none, report: 2, periodId: 202601, superSectionId: 3, sectionId: 4, activityId: 5 });
    expect(fromDefaults("behavior", 4, { ...defaults, periodId: 0 })).toEqual({ ...none, report: 4, periodId: null, superSectionId: 3, sectionId: 4 });
  });

  it("opens behaviour mode on report 4, and a report not offered on the first that is", () => {
    expect(openingReport("behavior", 1, [8, 4, 6])).toBe(4);
    expect(openingReport("grades", 1, [2, 1])).toBe(1);
    expect(openingReport("grades", 3, [2, 1])).toBe(2);
    expect(openingReport("grades", 1, [])).toBe(1);
  });

  it("clears every filter after the one changed, in the report's order", () => {
    const report2 = fromDefaults("grades", 2, defaults);
    expect(changeFilter("grades", report2, "periodId", 202501)).toEqual({ ...none, report: 2, periodId: 202501 });
    expect(changeFilter("grades", report2, "superSectionId", 9)).toEqual({ ...report2, superSectionId: 9, sectionId: null, activityId: null });
    // Report 5 chooses the course before the section: a new course clears the section, not the other way round.
    const report5: SheetFilters = { ...report2, report: 5 };
    expect(changeFilter("grades", report5, "activityId", 8)).toEqual({ ...report5, activityId: 8, sectionId: null });
    expect(changeFilter("grades", report5, "sectionId", 2)).toEqual({ ...report5, sectionId: 2 });
  });

  it("makes each filter depend on the one before it", () => {
    expect(filtersOf("grades", 8)).toEqual(["periodId", "groupId", "activityId"]);
    expect(parentOf("grades", 8, "activityId")).toBe("groupId");
    expect(parentOf("grades", 5, "activityId")).toBe("superSectionId");
    expect(parentOf("grades", 2, "activityId")).toBe("sectionId");
    expect(parentOf("grades", 2, "periodId")).toBeNull();
    expect(filtersOf("behavior", 1)).toEqual([]);
  });

  it("keeps only the period on a report change, report 1 starting on the teacher", () => {
    const start = fromDefaults("grades", 1, defaults);
    expect(forReport(start, 2, defaults)).toEqual({ ...none, report: 2, periodId: 202601 });
    expect(forReport(start, 1, defaults).masterId).toBe(6);
  });

  it("opens a subject row's deep link on report 5 with its grade and course", () => {
    expect(fromDeepLink({ superSectionId: 3, activityId: 5 }, defaults)).toEqual({ ...none, report: 5, periodId: 202601, superSectionId: 3, activityId: 5 });
    expect(fromDeepLink({ superSectionId: null, activityId: 5, periodId: 202501 }, defaults)).toEqual({ ...none, report: 5, periodId: 202501 });
  });
});

describe("sourceOf", () => {
  const start = fromDefaults("grades", 1, defaults);
  it("loads report 1's course-section, and 2's and 5's subject in a section, once chosen", () => {
    expect(sourceOf("grades", start)).toEqual({
      header: { path: "admEvalConcept/getHeader/", query: { activityId: 7, isPart: "true" } },
      rows: { path: "admGrades/get", query: { activityPartId: 7 } },
      exportPath: "admGrades/export",
      savePath: "admGrades",
    });
    expect(sourceOf("grades", { ...start, activityPartId: null })).toBeNull();
    expect(sourceOf("grades", { ...start, report: 2, sectionId: 4, activityId: 5 })?.rows.query).toEqual({ activityId: 5, sectionId: 4 });
    expect(sourceOf("grades", { ...start, report: 5, activityId: 5, sectionId: null })).toBeNull();
  });

  it("loads the final sheets of a section at their depth, and the descriptive summary", () => {
    const section = { ...start, sectionId: 4 };
    expect(sourceOf("grades", { ...section, report: 3 })?.rows).toEqual({
      path: "admGrades/getFinal",
      query: { periodId: 202601, sectionId: 4, levelCount: 0 },
    });
    expect(sourceOf("grades", { ...section, report: 4 })?.header).toEqual({
      path: "admEvalConcept/getHeaderFinal",
      query: { periodId: 202601, sectionId: 4, levelCount: -1 },
    });
    expect(sourceOf("grades", { ...section, report: 6 })?.rows.query).toEqual({ periodId: 202601, sectionId: 4, levelCount: 1, type: 2 });
    expect(sourceOf("grades", { ...section, report: 4, periodId: null })?.rows.query.periodId).toBe(0);
  });

  it("loads a group's course, and the behaviour sheets through their own calls", () => {
    const group = { ...start, report: 9 as const, groupId: 11, activityId: 5 };
    expect(sourceOf("grades", group)?.header.query).toEqual({ activityId: 5, groupId: 11, levelCount: 1, type: 2 });
    expect(sourceOf("grades", group)?.rows.query).toEqual({ activityId: 5, groupId: 11 });
    const behaviour = sourceOf("behavior", { ...start, report: 4, sectionId: 4 });
    expect(behaviour?.header.path).toBe("admEvalConcept/getHeaderFinal/behavior");
    expect(behaviour?.rows.query).toEqual({ periodId: 202601, sectionId: 4, levelCount: -1, isBehavior: "true" });
    expect(behaviour?.savePath).toBe("admGrades/behavior");
    expect(sourceOf("behavior", { ...start, report: 8, groupId: 11 })?.rows.query).toEqual({
      periodId: 202601,
      sectionId: -1,
      groupId: 11,
      levelCount: -1,
      isBehavior: "true",
    });
  });
});
